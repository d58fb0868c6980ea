// The middle of the felt: the meld laid face up in front of each seat, from the moment it is
// laid until the first card of the hand is played (then it is gathered up), with each meld's
// name and points and the seat's total. Everything shown is the view's (`view.melds`: the
// engine's meld function gives both the cards shown and the points scored); the browser
// counts nothing. A tap on a seat's meld opens the meld details (the meld dialog).
// Two-handed keeps its melds on the table through play instead (views/stock.js).
// Pure view functions of `ctx` (controller.js); felt.css places them.

import { cap, cardEl, cardShort, fill, h, num, SUIT } from "../dom.js";
import { Phase } from "../protocol.js";
import { hasStock } from "../words.js";
import { meldRows, rowName, rowSuit } from "./dialogs.js";
import { meldState } from "./sides.js";

/** The phases in which no meld is on the felt (the auction comes before it, the hand's end after it). */
const NO_MELD = new Set([Phase.AUCTION, Phase.HAND_END, Phase.MATCH_END]);

let resized = null; // the ResizeObserver of the felt, made with the first layer

/**
 * Whether the melds lie on the felt: some seat has laid its meld and no card of the hand has
 * been played yet (the first card played gathers them up). Never in a game with a stock, whose
 * melds stay on the table through play (views/stock.js).
 */
export function meldOnFelt(v) {
  if (!v || hasStock(v)) return false;
  if (NO_MELD.has(v.phase) && !meldEndedHand(v)) return false;
  if (!Object.values(v.melds ?? {}).some(Boolean)) return false;
  return (v.tricks ?? []).every((t) => !t.cards.length);
}

/**
 * Whether the hand ended at the meld, no card played (VARIANTS.md cutthroat: "If the meld alone reaches the
 * bid there is no play"; a concession is not: its meld lay on the felt while the declarer chose): its meld stays on the felt under the hand's summary, which waits the meld pause
 * (anim.js meldFirst). From the view's `last_hand` (`played` false, not conceded) of this very hand.
 */
export function meldEndedHand(v) {
  const last = v?.last_hand;
  return Boolean((v.phase === Phase.HAND_END || v.phase === Phase.MATCH_END) && last && last.played === false
    && last.made === true && last.number === v.hand_number && (v.tricks ?? []).every((t) => !t.cards.length));
}

/** The seats whose meld lies on the felt, in the order round the table from yours, with their meld. */
export function feltMelds(ctx) {
  const { v, s } = ctx;
  if (!meldOnFelt(v)) return [];
  return s.order.filter((seat) => v.melds[seat]).map((seat) => ({ seat, meld: v.melds[seat] }));
}

/** "run in spades 150", "two marriages in hearts 40", "dix twice 20": a row of a seat's meld in words. */
function rowWords(r) {
  if (r.suit) return `${rowName(r).toLowerCase()} in ${SUIT[r.suit].name} ${num(r.points * r.times)}`;
  return `${r.name.toLowerCase()}${r.times > 1 ? ` twice` : ""} ${num(r.points * r.times)}`;
}

/** What a seat's meld says to a screen reader: "Partner melds 160: royal marriage in spades 40, pinochle 40."
 * (`suits`: the view's `meld_suits` of the seat). */
export function meldWords(s, seat, m, suits = null) {
  const who = s.spoken(seat);
  if (!m.melds.length) return `${who} ${s.verb(seat, "have", "has")} no meld.`;
  return `${who} ${s.verb(seat, "meld", "melds")} ${num(m.total)}: ${meldRows(m, suits).map(rowWords).join(", ")}.`;
}

/**
 * The cards of a seat's meld, face up, laid out by `layFans` as a fanned hand would be: each scoring
 * card (`shown`: a card that serves two melds once; double-deck's two copies of a card both).
 */
function fan(m) {
  const cards = Array.isArray(m.shown) && m.shown.length ? m.shown : m.melds.flatMap((it) => it.cards);
  const el = h("span", { class: "fm-fan", "aria-hidden": "true", dataset: { n: String(cards.length) } },
    ...cards.map((c) => h("span", { class: "fm-card", dataset: { card: c } }, cardEl(c, { size: "felt-card" }))));
  el.style.setProperty("--n", String(Math.max(1, cards.length)));
  return el;
}

/**
 * How much of a card of the art shows its corner index whole (rank over suit): the index lies in
 * the card's left 21 % and top 43 % (pinochle/web/cards/*.svg). `across` and `down` keep a little
 * more for the eye; `tight` is the least a fan short of room shows.
 */
export const INDEX = Object.freeze({ across: 0.3, down: 0.5, tightAcross: 0.24, tightDown: 0.45 });
/** The narrowest card of a plate's fan, in px: narrower, its corner index is hard to read on a phone. */
const SMALLEST = 26;
/** Between two cards that need not overlap, in px. */
const GAP = 3;

/**
 * Where each card of a fan lies in a fan `width` px wide, for `n` cards of `fw` by `fh` px: side by
 * side when they fit; else overlapping as a fanned hand does, each card covering the one before it
 * but for its corner index (`peek` px), in as many rows as that needs, each row behind showing its
 * top (`band` px: the index) above the row in front.
 * Returns {rows, perRow, step, band, width, height}.
 */
export function fanLayout(n, width, fw, fh, peek = Math.ceil(fw * INDEX.across), band = Math.ceil(fh * INDEX.down)) {
  if (n <= 0) return { rows: 0, perRow: 0, step: 0, band, width: 0, height: 0 };
  let perRow = n;
  if (n * fw + (n - 1) * GAP > width) {
    const most = Math.max(1, Math.floor((width - fw) / peek) + 1);
    const rows = Math.ceil(n / most);
    perRow = Math.ceil(n / rows); // rows of even length (7 and 6, not 10 and 3)
  }
  const rows = Math.ceil(n / perRow);
  const step = perRow > 1 ? Math.max(peek, Math.min(fw + GAP, (width - fw) / (perRow - 1))) : 0;
  return { rows, perRow, step, band, width: fw + (perRow - 1) * step, height: fh + (rows - 1) * band };
}

/** Lay one fan out at a card size, in its width (fanLayout), its index shown `across` and `down`. */
function layFan(el, fw, fh, across, down) {
  const cards = [...el.querySelectorAll(":scope > .fm-card")];
  const peek = Math.ceil(fw * across);
  const band = Math.ceil(fh * down);
  const room = el.clientWidth;
  const lay = fanLayout(cards.length, room, fw, fh, peek, band);
  const x0 = Math.max(0, Math.floor((room - lay.width) / 2));
  cards.forEach((card, i) => {
    card.style.left = `${Math.round(x0 + (i % lay.perRow) * lay.step)}px`;
    card.style.top = `${Math.floor(i / lay.perRow) * lay.band}px`;
  });
  el.style.height = `${lay.height}px`;
  el.dataset.rows = String(lay.rows);
  el.dataset.peek = String(Math.round(lay.step));
}

/**
 * Lay out one plate's fan (`el`, in the plate `plate`) to its plate, trying `tries` in turn
 * ([the cards' scale, how much of a card shows across and down, how the plate is laid out]) until the
 * plate is whole in the layer (`room`: the layer's box); with none, the plate leaves its cards to the
 * meld details (data-fan="none").
 */
function layPlate(el, plate, room, tries) {
  // the plate whole: nothing of it scrolled away, and inside the layer's box
  const fits = () => !plate || (plate.scrollHeight <= plate.clientHeight + 1
    && plate.getBoundingClientRect().bottom <= room.bottom + 1 && plate.getBoundingClientRect().top >= room.top - 1);
  if (plate) {
    delete plate.dataset.fan;
    delete plate.dataset.rows;
    delete plate.dataset.lay;
  }
  el.style.removeProperty("--fw");
  el.style.removeProperty("--fh");
  const cs = getComputedStyle(el);
  const fw0 = parseFloat(cs.getPropertyValue("--fw")) || 34;
  const fh0 = parseFloat(cs.getPropertyValue("--fh")) || 48;
  let fit = false;
  for (const [k, a, d, lay] of tries) {
    const fw = Math.round(fw0 * k);
    const fh = Math.round(fh0 * k);
    if (fw < SMALLEST && !["names", "bare"].includes(lay)) continue; // its corner index too small to read
    if (k !== 1) {
      el.style.setProperty("--fw", `${fw}px`);
      el.style.setProperty("--fh", `${fh}px`);
    } else {
      el.style.removeProperty("--fw");
      el.style.removeProperty("--fh");
    }
    if (plate) {
      if (lay === "side") delete plate.dataset.lay;
      else plate.dataset.lay = lay;
      if (lay === "norows") plate.dataset.rows = "none";
      else delete plate.dataset.rows;
      if (lay === "names") plate.dataset.fan = "none";
      else delete plate.dataset.fan;
    }
    if (lay === "bare") plate.dataset.rows = "none";
    if (lay === "bare") plate.dataset.fan = "none";
    else if (lay !== "names") layFan(el, fw, fh, a, d);
    if (fits()) {
      fit = true;
      break;
    }
  }
  // no room for a card whose index can be read (a small phone with a long hand): the plate says
  // its total alone, and the cards are behind the tap (the meld details)
  if (plate) plate.dataset.fan = fit && !["names", "bare"].includes(plate.dataset.lay) ? "shown" : "none";
}

/** The places of the plates that leave their names out (data-rows="none"): "left", "top", "right", "bottom". */
const nameless = (layer) => [...layer.querySelectorAll(".felt-meld[data-rows='none']")]
  .map((p) => ["left", "top", "right", "bottom"].find((at) => p.classList.contains(`at-${at}`))).filter(Boolean);

/**
 * Lay out each fan of the melds' layer to its plate (run once the layer has its box): the cards at
 * felt.css's size, showing a little more than their index; a plate short of room shows the index
 * alone, then smaller cards (down to three quarters of the size and never under 26 px across, their index
 * still readable); a plate
 * whose fan lies beside its rows (yours, a long meld) then lays them one under the other, the fan across
 * the plate's whole width and the names in lines under it (data-lay="stack"); only when even those
 * leave no room for the meld's names does it leave its rows to the meld details (data-rows="none"), with
 * the cards again as large as then fit, so that no plate is cut; with no room even then, the plate
 * leaves its cards to the meld details too (data-fan="none"). Before it leaves its names, any plate
 * keeps the names before the cards: the names and points in lines, the cards behind the tap
 * (data-lay="names"; a phone's plate of several melds showed its cards without a name).
 *
 * The names come before any plate's cards: when one of the others' plates (a phone's row across the top)
 * has no room for its names under the row's height, that plate takes the layer's whole height beside
 * yours (the layer's data-tall names its place: felt.css), and everything is laid again; if a plate is still
 * without its names, yours lists its names without its cards (the cards are in your hand), which leaves the
 * row more height (double-deck's long melds at 320 to 390 px: the twelfth review saw the biggest plate's
 * cards without a name).
 */
function layFans(layer) {
  const { across, down, tightAcross, tightDown } = INDEX;
  const scales = [1, 0.9, 0.82, 0.75];
  // [the cards' scale, how much of a card shows across and down, how the plate is laid out]
  const side = [[1, across, down, "side"], ...scales.map((k) => [k, tightAcross, tightDown, "side"])];
  const stack = scales.map((k) => [k, tightAcross, tightDown, "stack"]);
  const noRows = scales.map((k) => [k, tightAcross, tightDown, "norows"]);
  const names = [[1, across, down, "names"]];
  // yours: as the others (""), or its names alone ("list"), or its total alone ("bare"); `plain`: the places of
  // the others' plates laid as their names alone (their cards behind the tap), which leaves room for yours
  const all = (yours = "", plain = []) => {
    // every pass from the plates as drawn, so that a way lays out the same whenever it is tried
    for (const plate of layer.querySelectorAll(".felt-meld")) {
      delete plate.dataset.fan;
      delete plate.dataset.rows;
      delete plate.dataset.lay;
    }
    for (const el of layer.querySelectorAll(".fm-fan")) {
      for (const prop of ["--fw", "--fh", "height"]) el.style.removeProperty(prop);
    }
    const room = layer.getBoundingClientRect();
    // the plates laid as their names alone first (yours when it lists its names, then the others' that give up
    // their cards): the others then have the room those leave
    const isPlain = (el) => plain.some((at) => el.closest(".felt-meld")?.classList.contains(`at-${at}`))
      || Boolean(yours && el.closest(".felt-meld")?.classList.contains("at-bottom"));
    const fans = [...layer.querySelectorAll(".fm-fan")].sort((a, b) => Number(b.closest(".at-bottom") !== null) - Number(a.closest(".at-bottom") !== null));
    for (const el of [...fans.filter(isPlain), ...fans.filter((el) => !isPlain(el))]) {
      const plate = el.closest(".felt-meld");
      // a fan beside its rows (a plate across the middle) may lay them one under the other
      const besides = plate ? getComputedStyle(plate).display === "grid" : false;
      // any plate may then lay its names in lines under a fan across its width (a plate beside the seats
      // at its cards' own size only: smaller, their index is hard to read); then the names and points before
      // cards without them: a plate that cannot show both lists its melds (the cards behind the tap), and
      // leaves its names only when even the list has no room
      const mine = yours && plate?.classList.contains("at-bottom");
      const bare = plain.some((at) => plate?.classList.contains(`at-${at}`));
      const tries = mine && yours === "bare" ? [[1, across, down, "bare"]]
        : mine || bare ? [...names, ...noRows]
          : [...side, ...(besides ? stack : stack.slice(0, 1)), ...names, ...noRows];
      layPlate(el, plate, room, tries);
    }
  };
  // how far a way falls short: each of the others' plates without its names twice, yours once (your cards are in
  // your hand); then the plates that keep their cards behind the tap, counted so too
  const short = () => nameless(layer).reduce((n, at) => n + (at === "bottom" ? 1 : 2), 0);
  const cardless = () => [...layer.querySelectorAll(".felt-meld:not(.none)[data-fan='none']")]
    .reduce((n, p) => n + (p.classList.contains("at-bottom") ? 1 : 2), 0);
  const score = () => [short(), cardless()];
  const better = (a, b) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
  const apply = (at, mine, plain = []) => {
    if (at) layer.dataset.tall = at;
    else delete layer.dataset.tall;
    // the others' plates that give up their cards (felt.css sets their names closer)
    if (plain.length) layer.dataset.plain = plain.join(" ");
    else delete layer.dataset.plain;
    all(mine, plain);
  };
  apply(null, "");
  if (layer.dataset.short === "true" || !layer.querySelector(".felt-meld.at-bottom")) return;
  let best = [null, "", score()];
  if (!best[2][0] && !best[2][1]) return;
  const places = (sel) => [...layer.querySelectorAll(sel)]
    .map((p) => ["left", "top", "right"].find((at) => p.classList.contains(`at-${at}`))).filter(Boolean);
  // the plates without their names, else those without their cards: beside yours, the layer's whole height (two
  // of the three at most; felt.css lays them so on a phone); then yours a list, then its total alone; the first
  // way that leaves every plate its names and cards, else the one that falls shortest
  let others = best[2][0] ? places(".felt-meld:not(.at-bottom)[data-rows='none']")
    : places(".felt-meld:not(.at-bottom):not(.none)[data-fan='none']");
  // yours alone without its names: the plate beside it with the most rows takes the whole height, so that yours
  // has the rest of the row beside it
  if (!others.length) {
    const most = [...layer.querySelectorAll(".felt-meld:not(.at-bottom)")]
      .sort((a, b) => b.querySelectorAll(".fm-row").length - a.querySelectorAll(".fm-row").length)[0];
    others = places(".felt-meld:not(.at-bottom)").filter((at) => most?.classList.contains(`at-${at}`));
  }
  const phone = typeof matchMedia === "function" && matchMedia("(max-width: 719px)").matches; // felt.css's data-tall
  const order = ["left", "top", "right"];
  // never the plate across: yours would leave the middle for a side column, under another seat's plate, away
  // from your seat (the fourteenth review saw yours under West's plate at the left, its total alone)
  const named = !best[2][0];
  const talls = (!phone ? [] : others.length === 3 ? ["left right"]
    : others.length ? [order.filter((at) => others.includes(at)).join(" ")] : [])
    .filter((t) => !t.includes("top"));
  const ways = [...talls.flatMap((t) => [[t, ""], [t, "list"]]), [null, "list"]];
  for (const [at, mine] of ways) {
    apply(at, mine);
    const got = score();
    if (!got[0] && !got[1]) return;
    if (better(got, best[2])) best = [at, mine, got];
  }
  if (!named && best[2][0]) {
    // a plate still without its names: some of the others' plates give up their cards (behind the tap) before
    // any plate (yours too) gives up its names: the fewest plates first, then the fewest cards among them;
    // yours across the foot, or beside the side plates in the middle, above your seat
    const seats = [...layer.querySelectorAll(".felt-meld:not(.at-bottom):not(.none)")]
      .map((p) => [["left", "top", "right"].find((at) => p.classList.contains(`at-${at}`)), p.querySelectorAll(".fm-card").length])
      .filter(([at]) => at);
    const subsets = [];
    for (let bits = 1; bits < 1 << seats.length; bits++) {
      const chosen = seats.filter((_, i) => bits & (1 << i));
      subsets.push([chosen.map(([at]) => at), chosen.length, chosen.reduce((n, [, c]) => n + c, 0)]);
    }
    subsets.sort((a, b) => a[1] - b[1] || a[2] - b[2]);
    for (const [plain] of subsets) {
      for (const at of [null, ...talls]) {
        for (const mine of ["", "list"]) {
          apply(at, mine, plain);
          const got = score();
          if (!got[0]) return;
          if (better(got, best[2])) best = [at, mine, got, plain];
        }
      }
    }
    // (a plate's total alone never wins a name back: yours keeps its names as the others keep theirs)
  }
  apply(best[0], best[1], best[3] ?? []);
}

/**
 * A meld row's name and suit for a plate: the name's last word and the suit kept on one line (a narrow plate wraps
 * "Royal marriage ♦" between its words, never with the suit on a line of its own).
 */
function nameAndSuit(r) {
  const name = rowName(r);
  const suit = rowSuit(r, "fm-suit");
  if (!suit) return [name];
  const cut = name.lastIndexOf(" ") + 1;
  return [name.slice(0, cut), h("span", { class: "fm-last" }, name.slice(cut), suit)];
}

/** One seat's meld on the felt: a button (the details behind it) with the seat's total, the fan and the rows. */
function plate(ctx, seat, m) {
  const { s } = ctx;
  const place = s.place(seat);
  const suits = ctx.v.meld_suits?.[seat] ?? null;
  const rows = meldRows(m, suits);
  const us = s.sideOf(seat) === s.mySide;
  // the rule that a side keeps its meld only with a trick (the view's meld_secured): before the first
  // card nobody has one, so a meld of such a game reads as pending
  const state = m.melds.length ? meldState(ctx.v, s.sideOf(seat)) : null;
  return h("button", {
    type: "button",
    class: `felt-meld at-${place} ${us ? "us" : "them"} ${m.melds.length ? "" : "none"}`.trim(),
    "data-testid": `felt-meld-${seat}`,
    dataset: { seat, total: String(m.total), focus: `felt-meld-${seat}` },
    "aria-label": `${meldWords(s, seat, m, suits)}${state ? ` ${cap(state.words)}.` : ""} Open the meld details.`,
    onclick: () => ctx.act.showMeld?.(),
  },
  h("span", { class: "fm-head" },
    h("span", { class: "fm-who" }, s.name(seat)),
    h("strong", { class: "fm-total", "data-testid": `felt-meld-total-${seat}` }, num(m.total)),
    state ? h("span", { class: `fm-state ${state.state}`, "data-testid": `felt-meld-state-${seat}`, dataset: { state: state.state } },
      state.words) : null),
  m.melds.length ? fan(m) : null,
  m.melds.length
    ? h("span", { class: "fm-rows" }, ...rows.map((r) => h("span", {
      class: "fm-row", "data-testid": "felt-meld-row", dataset: { points: String(r.points * r.times) },
      title: r.cards.map(cardShort).join(" "),
    }, h("span", { class: "fm-name" }, ...nameAndSuit(r)), " ", h("span", { class: "fm-pts" }, num(r.points * r.times)))))
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

/**
 * The sides of a seat where the card turned for trump may lie, the first with room first: beside the seat across
 * and yours (their sides are free felt), under a side seat (a phone's row across the top, a desktop's seat beside
 * the middle); above it when nothing else has room.
 */
const TURNED_AT = { top: ["right", "left", "below"], bottom: ["right", "left", "above"], left: ["below", "right", "above"],
  right: ["below", "left", "above"] };

/**
 * Lay the card turned for trump by the dealer's seat (VARIANTS.md turned-trump: the dealer's last card is turned
 * face up, and stays in the dealer's hand), whoever deals (it lay at the felt's foot, by your seat, when Partner dealt: the fourteenth review):
 * on the first side of the seat (TURNED_AT) where it lies inside the felt over no seat, else where felt.css puts it.
 * The melds' layer then keeps clear of it (placeFeltMelds). Run after each render and when the window changes size.
 */
export function placeTurned() {
  const felt = document.getElementById("felt");
  const piles = document.getElementById("piles");
  if (!felt || !piles) return;
  for (const prop of ["left", "top", "right", "bottom"]) piles.style.removeProperty(prop);
  const at = piles.dataset.dealer;
  const seat = at ? felt.querySelector(`:scope > .seat.pos-${at}`) : null;
  if (piles.hidden || !at || !seat || !piles.querySelector(".pile.turned")) return;
  const f = felt.getBoundingClientRect();
  const cs = getComputedStyle(felt);
  const inner = { left: f.left + (parseFloat(cs.borderLeftWidth) || 0), top: f.top + (parseFloat(cs.borderTopWidth) || 0) };
  inner.right = f.right - (parseFloat(cs.borderRightWidth) || 0);
  inner.bottom = f.bottom - (parseFloat(cs.borderBottomWidth) || 0);
  const p = piles.getBoundingClientRect();
  const s = seat.getBoundingClientRect();
  const gap = CLEAR;
  // beside the seat: level with its middle, kept inside the felt (the card may stand taller than a seat's line)
  const level = Math.max(inner.top + 2, Math.min(s.top + (s.height - p.height) / 2, inner.bottom - 2 - p.height));
  const spots = {
    right: { x: s.right + gap, y: level },
    left: { x: s.left - gap - p.width, y: level },
    below: { x: s.right - p.width, y: s.bottom + gap },
    above: { x: s.right - p.width, y: s.top - gap - p.height },
  };
  const seats = [...felt.querySelectorAll(":scope > .seat")].map((el) => el.getBoundingClientRect()).filter((r) => r.width && r.height);
  const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  for (const side of TURNED_AT[at] ?? []) {
    const { x, y } = spots[side];
    const box = { left: x, top: y, right: x + p.width, bottom: y + p.height };
    if (box.left < inner.left + 2 || box.right > inner.right - 2 || box.top < inner.top + 2 || box.bottom > inner.bottom - 2) continue;
    if (seats.some((r) => meets(box, r))) continue;
    piles.style.setProperty("left", `${Math.round(x - inner.left)}px`);
    piles.style.setProperty("top", `${Math.round(y - inner.top)}px`);
    piles.style.setProperty("right", "auto");
    piles.style.setProperty("bottom", "auto");
    return;
  }
}

/** Room kept between the melds and a seat, in px. */
const CLEAR = 6;
/** A middle of the felt at least this wide (px) has room for the plates side by side with the seats'. */
const WIDE = 520;
/** A middle of the felt less high than this (px) has room for each plate's line alone. */
const SHORT = 84;

/**
 * Lay the melds' layer over the free middle of the felt, clear of every seat and of the piles: from
 * the seats above (a phone's row of the others, the seat across) to yours below, and between the
 * side seats beside the middle (a wider window). The layer lies over the felt without taking room
 * in it, so that nothing moves when the meld is laid or gathered; felt.css fits the plates to the
 * room (a container query), and each fan is laid out to its plate (layFans). Run after each render
 * and when the window changes size.
 */
export function placeFeltMelds() {
  placeTurned();
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
  const top = box.top;
  const others = [...felt.querySelectorAll(":scope > .seat, :scope > .piles:not([hidden]), :scope > .bench:not([hidden])")];
  for (const el of others) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    // above the middle; or reaching past it from the top, or across it with its centre above it (a short
    // phone's row across the top, taller than half the felt): the melds lie under it, not in a sliver
    // beside it
    const upper = r.top + r.height / 2 < mid.y && (r.top <= top + CLEAR || (r.left < mid.x && r.right > mid.x));
    if (r.bottom <= mid.y || upper) box.top = Math.max(box.top, r.bottom + CLEAR);
    else if (r.top >= mid.y) {
      // below it: your seat, and the card turned for trump beside it when you deal (placeTurned); a pile in a
      // bottom corner is kept clear by felt.css
      if (el.classList.contains("seat") || el.dataset.dealer === "bottom") box.bottom = Math.min(box.bottom, r.top - CLEAR);
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
  // a sliver of felt (a small phone with a long hand): each plate a line, its total
  layer.dataset.short = box.bottom - box.top < SHORT ? "true" : "false";
  layFans(layer);
}

