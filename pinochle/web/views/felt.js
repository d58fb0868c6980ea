// The middle of the felt: the meld laid face up in front of each seat, from the moment it is
// laid until the first card of the hand is played (then it is gathered up), with each meld's
// name and points and the seat's total. Everything shown is the view's (`view.melds`: the
// engine's meld function gives both the cards shown and the points scored); the browser
// counts nothing. A tap on a seat's meld opens the meld details (the meld dialog).
// Two-handed keeps its melds on the table through play instead (views/stock.js).
// Pure view functions of `ctx` (controller.js); felt.css places them.

import { cardEl, cardShort, fill, h, num } from "../dom.js";
import { Phase } from "../protocol.js";
import { hasStock } from "../words.js";
import { meldRows } from "./dialogs.js";

/** The phases in which no meld is on the felt (the auction comes before it, the hand's end after it). */
const NO_MELD = new Set([Phase.AUCTION, Phase.HAND_END, Phase.MATCH_END]);

/** More cards than this in a seat's meld: the felt shows each different card once, its copies counted. */
const FAN_MAX = 12;

/**
 * Whether the melds lie on the felt: some seat has laid its meld and no card of the hand has
 * been played yet (the first card played gathers them up). Never in a game with a stock, whose
 * melds stay on the table through play (views/stock.js).
 */
export function meldOnFelt(v) {
  if (!v || hasStock(v) || NO_MELD.has(v.phase)) return false;
  if (!Object.values(v.melds ?? {}).some(Boolean)) return false;
  return (v.tricks ?? []).every((t) => !t.cards.length);
}

/** The seats whose meld lies on the felt, in the order round the table from yours, with their meld. */
export function feltMelds(ctx) {
  const { v, s } = ctx;
  if (!meldOnFelt(v)) return [];
  return s.order.filter((seat) => v.melds[seat]).map((seat) => ({ seat, meld: v.melds[seat] }));
}

/** "Run 150", "Dix ×2 20": a row of a seat's meld in words. */
function rowWords(r) {
  return `${r.name.toLowerCase()}${r.times > 1 ? ` twice` : ""} ${num(r.points * r.times)}`;
}

/** What a seat's meld says to a screen reader: "Partner melds 160: royal marriage 40, pinochle 40." */
export function meldWords(s, seat, m) {
  const who = s.spoken(seat);
  if (!m.melds.length) return `${who} ${s.verb(seat, "have", "has")} no meld.`;
  return `${who} ${s.verb(seat, "meld", "melds")} ${num(m.total)}: ${meldRows(m).map(rowWords).join(", ")}.`;
}

/**
 * The cards of a seat's meld, face up and overlapping as a fan that fits its plate (felt.css):
 * each scoring card once (`shown`), or, past FAN_MAX cards, each different card once with its
 * number of copies.
 */
function fan(m) {
  const cards = Array.isArray(m.shown) && m.shown.length ? m.shown : m.melds.flatMap((it) => it.cards);
  const counted = new Map();
  for (const c of cards) counted.set(c, (counted.get(c) ?? 0) + 1);
  const many = cards.length > FAN_MAX;
  const items = many ? [...counted] : cards.map((c) => [c, 1]);
  const el = h("span", { class: "fm-fan", "aria-hidden": "true", dataset: { n: String(items.length) } },
    ...items.map(([c, n]) => h("span", { class: "fm-card", dataset: { card: c } },
      cardEl(c, { size: "felt-card" }),
      n > 1 ? h("span", { class: "fm-copies" }, `×${n}`) : null)));
  el.style.setProperty("--n", String(Math.max(1, items.length)));
  return el;
}

/** One seat's meld on the felt: a button (the details behind it) with the seat's total, the fan and the rows. */
function plate(ctx, seat, m) {
  const { s } = ctx;
  const place = s.place(seat);
  const rows = meldRows(m);
  const us = s.sideOf(seat) === s.mySide;
  return h("button", {
    type: "button",
    class: `felt-meld at-${place} ${us ? "us" : "them"} ${m.melds.length ? "" : "none"}`.trim(),
    "data-testid": `felt-meld-${seat}`,
    dataset: { seat, total: String(m.total), focus: `felt-meld-${seat}` },
    "aria-label": `${meldWords(s, seat, m)} Open the meld details.`,
    onclick: () => ctx.act.showMeld?.(),
  },
  h("span", { class: "fm-head" },
    h("span", { class: "fm-who" }, s.name(seat)),
    h("strong", { class: "fm-total", "data-testid": `felt-meld-total-${seat}` }, num(m.total))),
  m.melds.length ? fan(m) : null,
  m.melds.length
    ? h("span", { class: "fm-rows" }, ...rows.map((r) => h("span", {
      class: "fm-row", "data-testid": "felt-meld-row", dataset: { points: String(r.points * r.times) },
      title: r.cards.map(cardShort).join(" "),
    }, h("span", { class: "fm-name" }, r.name, r.times > 1 ? ` ×${r.times}` : ""), " ", h("span", { class: "fm-pts" }, num(r.points * r.times)))))
    : h("span", { class: "fm-rows none" }, "No meld"));
}

/**
 * The melds on the felt: one plate in front of each seat that laid one (felt.css places them by
 * the seat's place), or nothing. The layer is the felt's `#felt-melds`, made here on first use.
 */
export function renderFeltMelds(ctx, felt) {
  const { v } = ctx;
  let layer = felt.querySelector(":scope > #felt-melds");
  const shown = feltMelds(ctx);
  if (!shown.length) {
    if (layer) layer.remove();
    delete felt.dataset.melds;
    return;
  }
  if (!layer) {
    layer = h("section", { id: "felt-melds", class: "felt-melds", "data-testid": "felt-melds" });
    felt.append(layer);
  }
  felt.dataset.melds = String(shown.length);
  layer.dataset.seats = String(ctx.s.order.length);
  layer.dataset.key = `${ctx.match?.id}/${v.hand_number}`;
  layer.setAttribute("aria-label", "The meld on the table");
  fill(layer, ...shown.map(({ seat, meld }) => plate(ctx, seat, meld)));
}
