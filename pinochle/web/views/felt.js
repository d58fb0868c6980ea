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

let resized = null; // the ResizeObserver of the felt, made with the first layer

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
  if (!resized && typeof ResizeObserver === "function") {
    // the felt changes size with the window and the hand's rows: the layer follows it
    resized = new ResizeObserver(() => placeFeltMelds());
    resized.observe(felt);
  }
  felt.dataset.melds = String(shown.length);
  layer.dataset.seats = String(ctx.s.order.length);
  layer.dataset.key = `${ctx.match?.id}/${v.hand_number}`;
  layer.setAttribute("aria-label", "The meld on the table");
  fill(layer, ...shown.map(({ seat, meld }) => plate(ctx, seat, meld)));
}

/** Room kept between the melds and a seat, in px. */
const CLEAR = 6;
/** A middle of the felt at least this wide (px) has room for the plates side by side with the seats'. */
const WIDE = 520;

/**
 * Lay the melds' layer over the free middle of the felt, clear of every seat and of the piles: from
 * the seats above (a phone's row of the others, the seat across) to yours below, and between the
 * side seats beside the middle (a wider window). The layer lies over the felt without taking room
 * in it, so that nothing moves when the meld is laid or gathered; felt.css fits the plates to the
 * room (a container query). Run after each render and when the window changes size.
 */
export function placeFeltMelds() {
  const felt = document.getElementById("felt");
  const layer = felt?.querySelector(":scope > #felt-melds");
  if (!layer) return;
  const f = felt.getBoundingClientRect();
  const cs = getComputedStyle(felt);
  const inset = (side) => parseFloat(cs[`border${side}Width`]) || 0;
  const pad = (side) => parseFloat(cs[`padding${side}`]) || 0;
  const box = {
    left: f.left + inset("Left") + pad("Left"), right: f.right - inset("Right") - pad("Right"),
    top: f.top + inset("Top") + pad("Top"), bottom: f.bottom - inset("Bottom") - pad("Bottom"),
  };
  const mid = { x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 };
  const others = [...felt.querySelectorAll(":scope > .seat, :scope > .piles:not([hidden]), :scope > .bench:not([hidden])")];
  for (const el of others) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    if (r.bottom <= mid.y) box.top = Math.max(box.top, r.bottom + CLEAR); // above the middle
    else if (r.top >= mid.y) {
      // below it: your seat; a pile in a bottom corner (turned-trump) is kept clear by felt.css
      if (el.classList.contains("seat")) box.bottom = Math.min(box.bottom, r.top - CLEAR);
    } else if (r.left + r.width / 2 < mid.x) box.left = Math.max(box.left, r.right + CLEAR); // beside it
    else box.right = Math.min(box.right, r.left - CLEAR);
  }
  const origin = { x: f.left + inset("Left"), y: f.top + inset("Top") };
  const put = (name, px) => layer.style.setProperty(name, `${Math.round(px)}px`);
  put("left", box.left - origin.x);
  put("top", box.top - origin.y);
  put("width", Math.max(0, box.right - box.left));
  put("height", Math.max(0, box.bottom - box.top));
  // room for the side seats' plates beside the middle, and for fans beside their rows (felt.css)
  layer.dataset.room = box.right - box.left >= WIDE ? "wide" : "narrow";
}

