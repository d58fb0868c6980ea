// Your hand: one button per card, laid out in rows so that every card keeps a
// touch target at least 44 px wide.
//
// Layout, measured (tests/test_browser_layout.py): cards overlap in a row,
// each showing a strip of at least MIN_STRIP px; when the row would need
// narrower strips, the hand takes another row (rows as even as possible), and
// each row behind shows its top --band px (style.css) above the row in front (the corner
// index sits there). On a 360 px phone: 12 cards in 2 rows of 6, 15 in 3 of 5,
// 18 in 3 of 6, 20 in 3 of 7 (double-deck) — strips of 47 px and more, where one row of 12
// gave 28 px strips; with three rows or more a phone shows 48 px of each row behind
// (style.css), so that the felt keeps room for the trick. Rows, not a fan: a fan spreads 20 cards over the same
// 344 px, so its strips are no wider than one row's (about 15 px) unless the
// cards shrink below readable size, and its turned cards make slanted targets
// that cannot be measured as simply; upright rows keep every card readable and
// every target a plain rectangle (a fan was reasoned about, not built).
// Pure view functions; the clicks go to the controller through the hand's own listener.

import { $, cardEl, cardName, fill, h } from "../dom.js";
import { CHOSEN, chooseOf, NOT_CHOSEN, RECEIVED, receivedCounts, STOCK } from "../words.js";

export const MIN_STRIP = 46; // px of each card left uncovered in a row (44 px targets, with room for rounding)

function px(el, name, fallback) {
  const n = parseFloat(getComputedStyle(el).getPropertyValue(name));
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** How many cards go in each row for `n` cards in a hand `width` px wide with cards `cardW` px wide. */
export function rowSizes(n, width, cardW) {
  if (n <= 0) return [];
  const perRow = Math.max(1, Math.floor((width - cardW) / MIN_STRIP) + 1);
  const rows = Math.ceil(n / perRow);
  const base = Math.floor(n / rows);
  const extra = n % rows;
  return Array.from({ length: rows }, (_, i) => base + (i < extra ? 1 : 0));
}

/** Put the hand's cards into rows for the hand's width now (after a render, and when the window changes size). */
export function layoutHand() {
  const el = $("hand");
  const cards = [...el.querySelectorAll("button.card")];
  if (!cards.length && el.querySelector(".sits-out-note")) return; // a hand you sit out: the note stays
  const width = el.clientWidth - px(el, "padding-left", 8) - px(el, "padding-right", 8);
  const sizes = rowSizes(cards.length, width, px(el, "--cw", 58));
  const now = [...el.querySelectorAll(".hand-row")].map((r) => r.querySelectorAll(":scope > .card").length);
  if (now.length && now.join() === sizes.join() && el.querySelectorAll(":scope > .hand-row").length === now.length) return;
  const focused = cards.includes(document.activeElement) ? document.activeElement : null;
  // every row laid on the longest row's columns: a shorter row's cards stand over the longest's, from its left, the
  // rest of the row kept by gaps as wide as a card (16 cards at 390 px lay 6, 5 and 5, each row of 5 centred on its
  // own: the rows stood staggered, each card half over two: the fourteenth review)
  const most = sizes[0] ?? 0;
  let i = 0;
  const rows = sizes.map((k, r) => {
    const row = h("div", { class: "hand-row", role: "presentation", dataset: { row: String(r) } });
    row.style.setProperty("--n", String(most));
    row.append(...cards.slice(i, i + k), ...Array.from({ length: most - k }, () => h("span", { class: "hand-gap", "aria-hidden": "true" })));
    i += k;
    return row;
  });
  fill(el, rows);
  el.dataset.rows = String(rows.length);
  el.style.setProperty("--rows", String(rows.length));
  if (focused) focused.focus({ preventScroll: true });
}

/**
 * Draw the hand. Your cards are buttons; with a play to make, the playable ones are marked (the
 * view's `legal.play`); choosing cards to pass or bury (`legal.give`, `legal.bury`), the chosen ones are pressed.
 */
export function renderHand(ctx) {
  const { v } = ctx;
  const el = $("hand");
  if (ctx.s?.watching) {
    // a table of 4 or 5: you sit this hand out and watch it (no cards, no move)
    el.classList.remove("my-play", "choosing");
    el.setAttribute("aria-label", "You sit this hand out");
    fill(el, h("p", { class: "sits-out-note", "data-testid": "sits-out-note" }, "You sit this hand out: watch the others play."));
    return;
  }
  const L = v.legal ?? {};
  const playable = new Set(L.play ?? []);
  const myPlay = playable.size > 0;
  const choose = chooseOf(v);
  const choosing = Boolean(choose);
  el.classList.toggle("my-play", myPlay);
  el.classList.toggle("choosing", choosing);
  let label = "Your hand";
  if (myPlay) {
    const n = v.hand.filter((t) => playable.has(t)).length;
    label = `Your hand: ${n === 1 ? "1 card" : `${n} cards`} can be played`;
  } else if (choosing) {
    label = `Your hand: choose ${choose.count} cards, ${ctx.chosen.size} chosen`;
  }
  const passed = Array.isArray(v.received) ? v.received.length : 0;
  if (passed) label += `; ${RECEIVED.inHand(passed, v.declarer === v.seat)}`;
  el.setAttribute("aria-label", label);
  // choosing from the cards the view offers (legal.bury.cards, one entry per copy that may go): the others are
  // shown as not to be chosen, and so is a further copy of a card once as many copies as the view offers are
  // chosen (two K♦, one of them in your meld: pick one, and the other is dimmed)
  const offered = choosing && choose.from ? new Map() : null;
  for (const c of (offered ? choose.from : [])) offered.set(c, (offered.get(c) ?? 0) + 1);
  const taken = new Map();
  for (const j of (offered ? ctx.chosen : [])) taken.set(v.hand[j], (taken.get(v.hand[j]) ?? 0) + 1);
  // two-handed: the cards just drawn from the stock, or back from the table, are marked (the last copies of each)
  const marks = ctx.marks ?? null;
  const left = new Map(v.hand.map((t) => [t, v.hand.filter((x) => x === t).length]));
  const markOf = (token) => {
    if (!marks) return null;
    const k = left.get(token);
    left.set(token, k - 1);
    if (k <= (marks.drawn.get(token) ?? 0)) return "drawn";
    if (k <= (marks.drawn.get(token) ?? 0) + (marks.returned.get(token) ?? 0)) return "returned";
    return null;
  };
  // the cards your partner passed you (the server's `received`), marked for the rest of the hand
  const got = receivedCounts(v);
  const gotLeft = new Map(got);
  const receivedOf = (token) => {
    const k = gotLeft.get(token) ?? 0;
    if (!k) return false;
    gotLeft.set(token, k - 1);
    return true;
  };
  const iDeclare = v.declarer === v.seat;
  const buttons = v.hand.map((token, i) => {
    const mark = markOf(token);
    const fromPartner = !mark && receivedOf(token);
    const chosen = choosing && ctx.chosen.has(i);
    const ok = myPlay ? playable.has(token) : offered ? chosen || (offered.get(token) ?? 0) > (taken.get(token) ?? 0) : choosing;
    const cls = myPlay ? (ok ? "legal" : "illegal") : chosen ? "chosen" : offered && !ok ? "illegal" : "";
    const marked = mark ? `, ${mark === "drawn" ? STOCK.justDrawn : STOCK.backFromTable}`
      : fromPartner ? `, ${RECEIVED.said(iDeclare)}` : "";
    const card = cardEl(token, {
      button: true,
      class: [cls, mark ?? "", fromPartner ? "received" : ""].join(" ").trim(),
      dataset: { legal: ok ? "true" : "false", focus: `card-${i}-${token}`, index: String(i), ...(mark ? { mark } : {}),
        ...(fromPartner ? { received: "true" } : {}) },
      props: {
        "data-testid": "card",
        title: myPlay && !ok ? "Not playable now — click to see why" : offered && !ok ? NOT_CHOSEN.title(choose) : null,
        "aria-pressed": choosing ? (chosen ? "true" : "false") : null,
      },
      label: (myPlay ? `${cardName(token)}${ok ? ", playable" : ""}`
        : offered && !ok ? NOT_CHOSEN.label(cardName(token), choose) : cardName(token)) + marked
        + (chosen ? `, ${CHOSEN.said(choose)}` : ""),
    });
    // a card chosen to bury or pass wears a tag in its top band ("Bury", "Pass": burial.css), its label says it
    if (chosen) card.append(h("span", { class: "chosen-mark", "data-testid": "chosen-mark", "aria-hidden": "true" }, choose.verb));
    // a card passed between partners carries a ⇄ badge in its top corner, beside its index (review6.css);
    // the card's label says it in words
    if (fromPartner) card.append(h("span", { class: "pass-mark", "data-testid": "pass-mark", "aria-hidden": "true" }, "⇄"));
    return card;
  });
  fill(el, buttons);
  layoutHand();
}
