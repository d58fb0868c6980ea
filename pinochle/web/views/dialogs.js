// The table's dialogs: the meld review, the last trick, the hand summary and
// the score sheet; and the two result screens (solo result, room review).
// Pure view functions of `ctx` (controller.js); the dialogs are opened by the controller.

import { $, cap, cardEl, cardName, cardShort, fill, h, list, num, signed, SUIT, suitChip, suitSym } from "../dom.js";
import { Phase } from "../protocol.js";
import { agree, contractText, dealWord, handResultSentence, hasStock, resultTitle, settlementLines, STOCK, stuckVerb, tiedSentence } from "../words.js";
import { stockSummaryTable } from "./stock.js";
import { seating } from "../seats.js";
import { timedOutHandLines } from "../timer.js";
import { auctionSentence, loneOpening, loneOpeningSentence } from "./bidding.js";

/** The last completed trick of the hand and its index, or null. */
export function lastCompleted(v) {
  for (let i = v.tricks.length - 1; i >= 0; i--) if (v.tricks[i].winner) return { trick: v.tricks[i], index: i };
  return null;
}

export function renderLastTrick(ctx) {
  const { v, s } = ctx;
  const body = $("trick-body");
  const last = lastCompleted(v);
  if (!last) {
    fill(body, h("p", {}, "No trick has been completed yet."));
    return;
  }
  const { trick, index } = last;
  fill(body,
    h("p", {}, `Trick ${index + 1}: `, h("strong", {}, s.isMe(trick.winner) ? "you took it" : `${s.name(trick.winner)} took it`), "."),
    h("div", { class: "trick-spread" }, ...trick.cards.map((card, i) => {
      const seat = trick.seats[i];
      return h("figure", { class: `played ${seat === trick.winner ? "won" : ""}` },
        cardEl(card, { size: "trick", label: `${s.name(seat)}: ${cardName(card)}` }),
        h("figcaption", {}, s.name(seat), i === 0 ? " (led)" : ""));
    })));
}

/** How many runs a meld holds ("run" one, "double run" two; double-deck: "triple run" three, "quadruple run" four). */
const RUNS = { run: 1, "double run": 2, "triple run": 3, "quadruple run": 4 };
const ORDINAL = ["first", "second", "third", "fourth", "fifth"];

/**
 * A seat's melds as rows: the same meld twice reads as one row ("Dix ×2", its points added up),
 * and a royal marriage laid beside the runs says which of its cards is the spare one (a card the
 * seat showed more often than it has runs: "second K♠" beside one run, "fourth Q♠" beside three).
 * `suits` (the view's `meld_suits` of the seat, in the order of `m.melds`) gives each row its suit, the one a
 * player names a run or a marriage by ("Marriage ♥"); two of one suit read "Two marriages ♥" (rowName).
 */
export function meldRows(m, suits = null) {
  const rows = [];
  const byKey = new Map();
  const runs = m.melds.reduce((n, it) => n + (RUNS[it.name] ?? 0), 0);
  const shown = (c) => (m.shown ?? []).filter((x) => x === c).length;
  for (const [i, it] of m.melds.entries()) {
    const suit = (Array.isArray(suits) && SUIT[suits[i]]) ? suits[i] : null;
    const key = `${it.name}/${it.points}/${[...it.cards].sort().join(",")}`;
    const same = byKey.get(key);
    if (same) {
      same.times += 1;
      same.cards = [...same.cards, ...it.cards]; // both dix are shown
      continue;
    }
    const row = { name: cap(it.name), points: it.points, cards: [...it.cards], times: 1, note: "", suit };
    if (runs && it.name === "royal marriage") {
      const spare = it.cards.filter((c) => shown(c) > runs);
      const nth = ORDINAL[runs] ?? `${runs + 1}th`;
      if (spare.length) row.note = `${nth} ${spare.map(cardShort).join(" and ")}, beside the ${runs > 1 ? "runs" : "run"}`;
    }
    byKey.set(key, row);
    rows.push(row);
  }
  return rows;
}

const COUNT_WORD = ["", "", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight"];

/**
 * A meld row's name as written beside its suit: "Marriage" (its suit after it), the same meld of one suit twice
 * "Two marriages" (never "Marriage ×2" beside single marriages of other suits), and a meld of no one suit held
 * twice "Dix ×2".
 */
export function rowName(r) {
  if (r.times <= 1) return r.name;
  if (r.suit && COUNT_WORD[r.times]) return `${COUNT_WORD[r.times]} ${r.name.toLowerCase()}s`;
  return `${r.name} ×${r.times}`;
}

/** A meld row's suit as shown after its name (a coloured symbol, its name for a screen reader), or null. */
export function rowSuit(r, cls = "row-suit") {
  return r.suit ? [" ", h("span", { class: `${cls} ${SUIT[r.suit].color} suit-${r.suit}`, role: "img", "aria-label": `in ${SUIT[r.suit].name}` },
    suitSym(r.suit))] : null;
}

/** More cards in one row than this (double-deck's triple aces, double aces twice): copies of a card stack. */
export const STACK_OVER = 10;

/**
 * A meld row's cards: each card, in order; a row of more than STACK_OVER cards shows each different
 * card once, its copies stacked behind it and counted ("×4"), so that it stays one short line.
 */
function meldCards(cards) {
  if (cards.length <= STACK_OVER) return cards.map((c) => cardEl(c, { size: "mini" }));
  const groups = new Map();
  for (const c of cards) groups.set(c, (groups.get(c) ?? 0) + 1);
  return [...groups].map(([c, n]) => h("span", { class: "meld-stack", "data-testid": "meld-stack", dataset: { count: String(n) } },
    ...Array.from({ length: n }, () => cardEl(c, { size: "mini" })),
    n > 1 ? h("span", { class: "stack-n", "aria-hidden": "true" }, `×${n}`) : null));
}

/** The phases before every meld is laid down: a seat without one has yet to lay it. */
const MELD_TO_COME = new Set([Phase.AUCTION, Phase.WIDOW, Phase.TRUMP, Phase.EXCHANGE, Phase.MELD]);

export function renderMeld(ctx) {
  const { v, s } = ctx;
  const blocks = s.order.map((seat) => {
    const m = v.melds[seat];
    const suits = v.meld_suits?.[seat] ?? null;
    // a seat with no meld once the meld is over did not lay one down (a widow game: the declarer melds alone)
    const items = !m ? [h("p", { class: "muted" }, MELD_TO_COME.has(v.phase) ? "not laid down yet" : "no meld laid down")]
      : m.melds.length === 0 ? [h("p", { class: "muted" }, "no meld")]
        : [h("ul", { class: "meld-list" }, ...meldRows(m, suits).map((r) => h("li", { "data-testid": "meld-row" },
          h("span", { class: "meld-name" }, rowName(r), rowSuit(r),
            r.note ? h("span", { class: "meld-note" }, ` (${r.note})`) : null),
          h("span", { class: "meld-pts" }, String(r.points * r.times)),
          h("span", { class: "meld-cards" }, ...meldCards(r.cards)))))];
    return h("section", { class: `meld-seat ${s.sideOf(seat) === s.mySide ? "us" : "them"}`, "data-testid": `meld-${seat}` },
      h("h3", {}, h("span", { class: "meld-who" }, s.name(seat)), h("span", { class: "meld-total" }, m ? String(m.total) : "–")),
      ...items);
  });
  fill($("meld-body"),
    v.trump ? h("p", {}, "Trump: ", suitChip(v.trump), v.declarer ? ` · ${contractText(s, v.declarer, v.stuck, v.bid)}` : "") : null,
    h("div", { class: "meld-grid" }, ...blocks),
    h("p", { class: "meld-sides", "data-testid": "meld-sides" }, ...s.sidesOrder.map((side) =>
      h("span", {}, `${s.sideLong(side)}: `, h("strong", {}, String(v.meld_shown[side]))))),
    v.meld_note ? h("p", { class: "muted small" }, v.meld_note) : null,
  );
}

/** "P3" for "Player 3", "AN" for "Ann Nash", "NW" for "North-west"; "You" stays "You". */
function initialsOf(name) {
  if (name === "You") return name;
  const words = String(name).split(/[\s-]+/).filter(Boolean);
  const first = [...(words[0] ?? "?")][0];
  return (words.length > 1 ? first + [...words[1]][0] : first).toUpperCase();
}

/** Whether `key`'s meld counted toward the bid but is not kept (the server's figures: what was measured
 * against the bid is more than the kept meld and the counters): its "Meld kept" cell gets a mark and the
 * table a note, so that the rows still add up for the reader. */
function countedNotKept(last, earned, key) {
  const e = earned?.[key];
  return typeof e === "number" && e !== last.kept_meld[key] + last.counters[key];
}
const NOT_KEPT = "The meld counted toward the bid, but a declarer who does not make the bid keeps none of it.";
/** The note under a summary whose set declarer's meld counted but is not kept ("*" marks its cell when the rows are the old ones). */
const notKeptNote = (last) => (last.parts || last.chair_parts ? NOT_KEPT : `* ${NOT_KEPT}`);

/** The hand's rows a player sitting it out has no figure in (tricks, meld, counters, the last trick, toward the bid),
 * in the order every game's summary gives them; the last trick's row only when the server gives it apart (`last_trick`). */
function handRows(last) {
  const withLast = Boolean(lastTrickOf(last));
  return ["Tricks", "Meld shown", "Counters", ...(buriedOf(last) ? [BURIED_ROW] : []), ...(withLast ? ["Last trick"] : []),
    sumLabel(withLast)];
}

/** The row of the counters in the cards the declarer buried (the server's `buried`): they count as the declarer's
 * (VARIANTS.md cutthroat, "buries 3 cards not used in meld"; auction), so the declarer's counters are the ones it
 * took in tricks and these, each a row, and the rows still add up to the sum line. */
export const BURIED_ROW = "Counters buried";
/** What that row's label says to a pointer and a screen reader. */
const BURIED_TITLE = "The counters in the cards the declarer buried: they count as the declarer's.";

/** The counters buried per side or seat (the server's `buried`), or null when the declarer buried none. */
const buriedOf = (last) => (last.buried && typeof last.buried === "object" && Object.values(last.buried).some((n) => n > 0)
  ? last.buried : null);

/** Whether the hand's parts leave out the counters (a hand settled by stakes: the payments): then a row of
 * their own says each side's counters (the hand result's `counters`), as a hand scored by sides does. */
const countersOwnRow = (last, parts) => Boolean(last.counters) && !parts.some((p) => p.label === "Counters");

/**
 * A part's label in words (the server's `parts`: `{label, points, rule, who}`): "{who}" is the other
 * party of a payment, a seat ("Paid by West") or, at a table of 4 or 5, a chair.
 */
export function partLabel(s, p, chairs = false) {
  if (!hasWho(p)) return p.label;
  return p.label.replace("{who}", partyName(s, p.who, chairs).toLowerCase() === "you" ? "you" : partyName(s, p.who, chairs));
}

/** Whether a part names another party (a payment of a hand settled by stakes). */
const hasWho = (p) => p.who !== undefined && p.who !== null && p.who !== "";

/** A party of a payment as the summary names it: "You", a seat's name, or a chair's (the names the view gives). */
function partyName(s, who, chairs) {
  if (chairs) return Number(who) === s.myChair ? "You" : s.chairName(Number(who));
  return s.isMe(who) ? "You" : s.name(who);
}

/**
 * A payment's row label, one row per payment with both its parties in it: "You pay East", "East pays
 * you", "West pays East" (a part of column `c` with `who`: paid to `c` when it is a gain, else by it).
 * Each column of the row holds what that party gained or paid, so the row reads the same from every column.
 */
function paymentOf(s, c, p, chairs, past = false) {
  const [payer, payee] = p.points >= 0 ? [String(p.who), String(c)] : [String(c), String(p.who)];
  const payerName = partyName(s, payer, chairs);
  const payeeName = partyName(s, payee, chairs);
  // after the match (its result) the payment is past: "You paid East"
  const label = `${past ? `${payerName} paid` : agree(payerName, "pay", "pays")} ${payeeName === "You" ? "you" : payeeName}`;
  return { key: `${payer}>${payee}`, label, payer, payee };
}

/**
 * The rows that add up to the hand score: one per labelled part the server gave any column
 * (`partsOf(col)`), in the order they first appear; a column without that part has an empty cell.
 * Each column's cells sum to its hand score (the server's parts add up: tests/test_score_parts.py).
 * A payment (a part with another party, `who`) is one row per payment, "East pays you", with the
 * payer's loss and the payee's gain in their two columns (the two parts the server gives it). A meld
 * part of a side that showed no meld (`p.none`) reads "—".
 */
function partRows(s, cols, partsOf, chairs = false, skip = () => false, howPaid = "", past = false) {
  const labels = [];
  const rules = new Map();
  const keyOf = (c, p) => (hasWho(p) ? paymentOf(s, c, p, chairs, past).key : `part:${partLabel(s, p, chairs)}`);
  const shown = new Map(); // a row's key -> its label
  const pay = new Map(); // a payment's key -> its parties
  for (const c of cols) {
    for (const p of partsOf(c) ?? []) {
      const k = keyOf(c, p);
      if (!labels.includes(k)) {
        labels.push(k);
        rules.set(k, p.rule);
        if (hasWho(p)) {
          const pm = paymentOf(s, c, p, chairs, past);
          shown.set(k, pm.label);
          pay.set(k, pm);
        } else shown.set(k, partLabel(s, p, chairs));
      }
    }
  }
  // a hand of stakes: the payments in the columns' order of the party other than the one in every
  // payment (the declarer), so that the rows keep their places from deal to deal whoever declared
  if (pay.size) {
    const times = new Map();
    for (const pm of pay.values()) for (const x of [pm.payer, pm.payee]) times.set(x, (times.get(x) ?? 0) + 1);
    const common = [...times].sort((a, b) => b[1] - a[1])[0][0];
    const at = (k) => {
      const pm = pay.get(k);
      if (!pm) return Infinity; // a part with no other party ("Sat this hand out") last
      const other = pm.payer === common ? pm.payee : pm.payer;
      return cols.findIndex((x) => String(x) === other);
    };
    const first = new Map(labels.map((l, i) => [l, i]));
    labels.sort((a, b) => at(a) - at(b) || first.get(a) - first.get(b));
  } else {
    // what a side took comes first, whichever column gave it first; then what takes it off (a set, a
    // concession, a side not scored), so that a set side's rows read: its meld, counters, last trick, the set
    const off = (k) => (TAKES_OFF.test(shown.get(k)) ? 1 : 0);
    const first = new Map(labels.map((l, i) => [l, i]));
    labels.sort((a, b) => off(a) - off(b) || first.get(a) - first.get(b));
  }
  // a set side's parts: what it took, struck through ("not scored"), then the part that takes it off, which
  // shows no number of its own: only the bid taken off is a number, so that the cells read as a sum
  const cancelled = new Map(); // a column -> {struck: the keys of what it took, off: the key taking it off}
  for (const c of cols) {
    const ps = partsOf(c) ?? [];
    let before = 0;
    for (let i = 0; i < ps.length; i++) {
      const p = ps[i];
      if (i > 0 && !hasWho(p) && p.points <= 0 && p.points === -before && TAKES_OFF.test(partLabel(s, p, chairs))) {
        cancelled.set(String(c), { struck: new Set(ps.slice(0, i).map((q) => keyOf(c, q))), off: keyOf(c, p) });
        break;
      }
      before += p.points;
    }
  }
  const struckOf = (c, k) => cancelled.get(String(c))?.struck.has(k) ?? false;
  const offOf = (c, k) => cancelled.get(String(c))?.off === k;
  // a part taking off what a side took, followed in its column by the bid taken off (a set in the table
  // game): the struck cells already say that none of it scored, so the bid's row is the one statement
  const said = (k) => cols.some((c) => offOf(c, k)) && cols.every((c) => !offOf(c, k) || (partsOf(c) ?? []).some((p, i, ps) =>
    i > ps.findIndex((q) => keyOf(c, q) === k) && !hasWho(p) && p.points < 0 && TAKES_OFF.test(partLabel(s, p, chairs))));
  return labels.filter((k) => !said(k)).map((k) => h("tr", { class: `part-row${pay.has(k) ? " payment-row" : ""}`, "data-testid": "part-row",
    dataset: { label: shown.get(k), ...(pay.has(k) ? { payer: pay.get(k).payer, payee: pay.get(k).payee } : {}),
      ...(TAKEN.test(shown.get(k)) ? { taken: "true" } : {}) } },
    h("th", { scope: "row", title: rules.get(k) ?? null }, shown.get(k),
      pay.has(k) && howPaid ? h("span", { class: "paid-how", "data-testid": "paid-how" }, howPaid) : null),
    ...cols.flatMap((c) => {
      if (skip(c)) return [];
      const mine = (partsOf(c) ?? []).filter((p) => keyOf(c, p) === k);
      const sum = mine.reduce((n, p) => n + p.points, 0);
      const why = mine.map((p) => p.why).find(Boolean);
      const none = mine.length > 0 && mine.every((p) => p.none);
      if (mine.length && offOf(c, k)) {
        // in words, never a bare dash: with the other side's "—" the row read "Set: meld and counters lost — —"
        // (the fourteenth review); no figure either, which read as a sum ("lost −190")
        return [h("td", { class: "part off", "data-testid": "part-cell", dataset: { col: String(c), points: "0", off: String(sum) } },
          h("span", { class: "none-scored" }, OFF_CELL))];
      }
      if (mine.length && struckOf(c, k)) {
        return [h("td", { class: "part struck", "data-testid": "part-cell", dataset: { col: String(c), points: "", struck: String(sum) } },
          none ? [h("span", { "aria-hidden": "true" }, "—"), h("span", { class: "sr-only" }, "no meld shown")]
            : [h("s", {}, num(sum)), h("span", { class: "not-scored", "data-testid": "not-scored" }, " not scored")])];
      }
      return [h("td", { class: "part", "data-testid": "part-cell", dataset: { col: String(c), points: mine.length ? String(sum) : "" } },
        none ? [h("span", { "aria-hidden": "true" }, "—"), h("span", { class: "sr-only" }, "no meld shown")]
          : mine.length ? (pay.has(k) ? signed(sum) : num(sum)) : notApplicable(),
        why ? h("span", { class: "why", "data-testid": "meld-why" }, ` (${why})`) : null)];
    })));
}

/** The cell of a part that takes off all a side took (a set, a concession, a side not scored): what its struck
 * figures above it came to, in words. */
export const OFF_CELL = "none scored";

/** A cell of a part a column does not have (the last trick another side took, a bonus or a set of the other side, a
 * payment between two others): "—" in every game, never an empty cell; a screen reader hears "none". */
function notApplicable() {
  return [h("span", { "aria-hidden": "true" }, "—"), h("span", { class: "sr-only" }, "none")];
}

/**
 * The sum line's label, naming what it adds up: the meld and the counters, and the last trick's bonus when a side
 * took it (the summary's "Last trick" row: a part, or `last_trick` of a hand settled by stakes). `hasLast`: that row is shown.
 */
export function sumLabel(hasLast) {
  return hasLast ? "Meld + counters + last trick" : "Meld + counters";
}

/** Whether a hand settled by stakes shows its last trick as a row of its own (the server's `last_trick`, per side or seat). */
const lastTrickOf = (last) => (last.last_trick && typeof last.last_trick === "object" && Object.values(last.last_trick).some((n) => n > 0)
  ? last.last_trick : null);

/** A part that takes off what a side took: a set, a concession, a side not scored (scoring.py, games/scorers.py). */
const TAKES_OFF = /^(Set\b|Conceded\b|Not scored\b)/;

/** A part that is what a side took in the hand (scoring.py earned_parts: its meld, counters and last trick):
 * the parts the "Meld + counters" line sums, laid above it; a bonus or a set comes below it. */
const TAKEN = /^(Meld( kept| shown)?$|Meld \d+ not kept|Counters$|Last trick$)/;

/** How a payment's amount arises, in the words of the stake's last step ("Set after play: paid double"). */
function howPaid(last) {
  const steps = Array.isArray(last.stake_steps) ? last.stake_steps : [];
  return steps.length ? steps[steps.length - 1].label : "";
}

/** A meld figure of a side that showed none: "—" (a screen reader hears "no meld shown"), never a bare 0. */
function meldShownCell(points) {
  return points ? String(points) : [h("span", { "aria-hidden": "true" }, "—"), h("span", { class: "sr-only" }, "no meld shown")];
}

/** A part that is a side's meld kept or not kept (scoring.py earned_parts: "Meld kept", "Meld 60 not kept: no trick taken"). */
const MELD_PART = /^Meld (kept$|\d+ not kept)/;

/**
 * The meld of a hand in one row or two. When every column kept all the meld it showed, one row
 * ("Meld") says it: the part row, so that the rows still add up. Otherwise "Meld shown" above
 * and "Meld kept" under it, each column that kept less than it showed saying why: "0 (no trick)",
 * "0 (set)", "0 (conceded)". Returns {merged, partsOf}: `partsOf` the columns' parts with the meld
 * parts under one label (and a part of 0 with its why where a set side's meld was lost).
 */
function meldParts(last, cols, partsOf, declaring) {
  const kept = (c) => (partsOf(c) ?? []).filter((p) => MELD_PART.test(p.label)).reduce((n, p) => n + p.points, 0);
  const hasMeldPart = cols.some((c) => (partsOf(c) ?? []).some((p) => MELD_PART.test(p.label)));
  if (!hasMeldPart) return { merged: false, partsOf, meldRow: false }; // a hand settled by stakes: no meld is kept or lost
  const merged = cols.every((c) => kept(c) === last.meld[c]);
  const label = merged ? "Meld" : "Meld kept";
  const lostWhy = (c) => (c === declaring && !last.made ? verdictWord(last) : "no trick");
  const out = (c) => {
    const ps = partsOf(c) ?? [];
    const meld = ps.filter((p) => MELD_PART.test(p.label)).map((p) => ({ ...p, label,
      why: p.label === "Meld kept" ? "" : lostWhy(c), none: !last.meld[c] && !p.points }));
    if (!meld.length && last.meld[c] > 0) meld.push({ label, points: 0, rule: SCORING_RULE, why: lostWhy(c) });
    return [...meld, ...ps.filter((p) => !MELD_PART.test(p.label))];
  };
  return { merged, partsOf: out, meldRow: true };
}

/** Where a side's meld is kept with a trick (RULES.md, Meld), for a row of 0 that says why it was not. */
const SCORING_RULE = "RULES.md, Scoring a hand";

/** How the stake of a hand settled by stakes arises (the server's `stake_steps`), each step the sentence the server
 * writes (`says`: "The meld alone made the bid, so the hand was not played: each opponent pays the declarer 1."),
 * else its label and the stake after it. */
function stakeSteps(last) {
  const steps = Array.isArray(last.stake_steps) ? last.stake_steps : [];
  if (!steps.length) return null;
  return h("div", { class: "stake-steps", "data-testid": "stake-steps" },
    h("h3", {}, "The stake"),
    h("ol", {}, ...steps.map((p) => h("li", { title: p.rule, "data-testid": "stake-step" },
      ...(p.says ? [h("span", { class: "step-label step-says" }, p.says)]
        : [h("span", { class: "step-label" }, p.label), " ", h("strong", { class: "step-points" }, num(p.points))])))));
}

/**
 * A table of chairs (auction at 4 or 5): one column per player, yours first, the ones who sat the
 * hand out too, marked "Sits out", with what they won or paid (`last.chairs`, the server's settlement
 * per chair) and their match total (`last.chair_totals`); the hand's own figures for the three who played.
 */
function chairSummaryTable(s, last, earned, past = false) {
  const cols = s.chairs;
  const seatOf = (c) => ["E", "S", "W"].find((p) => last.lineup[p] === c) ?? null;
  const declarerChair = last.lineup[last.declarer];
  // the declarer's meld and counters against the bid, the bid on a line of its own (a phone's column is narrow)
  const toward = (seat) => (seat === last.declarer
    ? [String(earned?.[seat] ?? "—"), h("span", { class: "bid-of" }, ` (bid ${last.bid})`)] : String(earned?.[seat] ?? "—"));
  // the counters without the last trick's bonus, which has a row of its own (the server's `last_trick`)
  const lt = lastTrickOf(last);
  // and the counters of the cards the declarer buried, a row of their own (the server's `buried`)
  const bu = buriedOf(last);
  const rowsOf = handRows(last);
  const counters = (p) => (typeof last.counters?.[p] === "number" ? String(last.counters[p] - (lt?.[p] ?? 0) - (bu?.[p] ?? 0)) : "—");
  const figures = [(p) => last.tricks[p], (p) => meldShownCell(last.meld[p]), counters,
    ...(bu ? [(p) => (bu[p] ? String(bu[p]) : notApplicable())] : []),
    ...(lt ? [(p) => (lt[p] ? String(lt[p]) : notApplicable())] : []), toward];
  const head = (c) => {
    const seat = seatOf(c);
    const tag = seat === null ? h("span", { class: "col-tag out" }, "Sits out")
      : c === declarerChair ? h("span", { class: "col-tag declarer" }, h("span", { class: "wide-only" }, "Declarer"),
        h("abbr", { class: "narrow-only", title: "Declarer" }, "Decl.")) : null;
    return h("th", { scope: "col", class: seat === null ? "sat-out" : null, title: s.chairName(c),
      "data-testid": `summary-col-chair-${c}`, dataset: { sitsOut: seat === null ? "true" : "false" } },
    h("span", { class: "wide-only" }, s.chairName(c)), h("span", { class: "narrow-only" }, initialsOf(s.chairName(c))), tag);
  };
  // the parts, then their sum: "Meld + counters" a sum line under the meld and counters it adds up
  const rowProps = (label) => (label === "Counters" ? { "data-testid": "counters-row" }
    : label === BURIED_ROW ? { "data-testid": "buried-row" }
    : label === "Last trick" ? { "data-testid": "last-trick-row" }
      : label === rowsOf.at(-1) ? { class: "subtotal-row", "data-testid": "subtotal-row" } : {});
  const handRow = (label, i) => h("tr", rowProps(label), h("th", { scope: "row", title: label === BURIED_ROW ? BURIED_TITLE : null }, label), ...cols.flatMap((c) => {
    const seat = seatOf(c);
    if (seat !== null) return [h("td", {}, figures[i](seat))];
    // one hatched cell down the hand's rows: the player sat it out
    return i === 0 ? [h("td", { class: "sat-out-cell", rowspan: String(rowsOf.length) },
      h("span", { "aria-hidden": "true" }, "—"), h("span", { class: "sr-only" }, `${s.chairName(c)} sat this hand out`))] : [];
  }));
  const set = (c) => c === declarerChair && !last.made;
  const note = ["E", "S", "W"].some((p) => last.lineup[p] != null && countedNotKept(last, earned, p));
  // five players on a phone fit the dialog's width; a narrower screen scrolls the table, never the page
  return h("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": "The hand, one column per player" }, h("table", { class: "summary-table per-player per-chair", "data-testid": "summary-table" },
    note ? h("caption", { class: "summary-note", "data-testid": "summary-note" }, notKeptNote(last)) : null,
    h("thead", {}, h("tr", {}, h("td", {}), ...cols.map(head))),
    h("tbody", {},
      ...rowsOf.map(handRow),
      ...(Array.isArray(last.chair_parts) ? partRows(s, cols, (c) => last.chair_parts[c], true, () => false, howPaid(last), past) : []),
      h("tr", { class: "score-row" }, h("th", { scope: "row" }, STAKES_ROW),
        ...cols.map((c) => h("td", { "data-testid": `hand-score-chair-${c}`, class: set(c) ? "set" : null },
          Array.isArray(last.chairs) ? signed(last.chairs[c]) : "—"))),
      h("tr", { class: "total-row" }, h("th", { scope: "row" }, "Match total"),
        ...cols.map((c) => h("td", { "data-testid": `summary-total-chair-${c}` },
          Array.isArray(last.chair_totals) ? num(last.chair_totals[c]) : "—"))))));
}

/**
 * One column per side (two for partnerships; one per player at a table of three), yours first, in
 * the seats' order every hand: the columns keep their places and widths from deal to deal (a fixed
 * layout, the label column and the players' columns each of one width; summary.css).
 */
function summaryTable(s, last, earned, past = false) {
  if (s.lineup && last.lineup) return chairSummaryTable(s, last, earned, past);
  const cols = s.sidesOrder;
  const declaring = s.sideOf(last.declarer);
  const row = (label, key, props = {}) => h("tr", props, h("th", { scope: "row", title: label === BURIED_ROW ? BURIED_TITLE : null }, label),
    ...cols.map((side) => h("td", {}, key(side))));
  // the declaring side's meld and counters count toward its bid: shown against the bid (on a line of its
  // own, so that a column keeps its width), so that a set side's kept meld never reads as points scored
  const toward = (side) => (side === declaring ? [String(earned?.[side] ?? "—"), h("span", { class: "bid-of" }, ` (bid ${last.bid})`)]
    : String(earned?.[side] ?? "—"));
  // a set side's score is the verdict and the bid taken off ("Set  −320"), laid out as a label and its figure
  // (felt7.css), not "= N" as a sum (an "=" against "Set" read as a typo)
  const score = (side) => (side === declaring && !last.made
    ? [h("span", { class: "set-word" }, cap(verdictWord(last))), " ", h("span", { class: "set-pts" }, num(last.score[side]))]
    : signed(last.score[side]));
  const stakes = Array.isArray(last.transfers);
  // a table of chairs: a player's settlement counts the players sitting out too (last.chairs)
  const won = (side) => (s.lineup && Array.isArray(last.chairs) && last.lineup ? last.chairs[last.lineup[side]] : last.score[side]);
  const note = cols.some((side) => countedNotKept(last, earned, side));
  // the meld: one row when every side kept what it showed, else shown and kept, with why (meldParts)
  const meld = last.parts ? meldParts(last, cols, (side) => last.parts[side], declaring) : null;
  const oldMerged = !last.parts && cols.every((side) => last.kept_meld[side] === last.meld[side] && !countedNotKept(last, earned, side));
  const merged = meld ? meld.merged : oldMerged;
  const lostWhy = (side) => (side === declaring && !last.made ? verdictWord(last) : "no trick");
  const keptCell = (side) => [`${last.kept_meld[side]}${countedNotKept(last, earned, side) ? "*" : ""}`,
    last.kept_meld[side] < last.meld[side] ? h("span", { class: "why", "data-testid": "meld-why" }, ` (${lostWhy(side)})`) : null];
  const n = cols.length;
  // a hand settled by stakes: its counters without the last trick's bonus, then the last trick (the server's `last_trick`)
  const lt = last.parts && countersOwnRow(last, cols.flatMap((side) => last.parts[side] ?? [])) ? lastTrickOf(last) : null;
  // and the counters of the cards the declarer buried, a row of their own (the server's `buried`)
  const bu = last.parts && countersOwnRow(last, cols.flatMap((side) => last.parts[side] ?? [])) ? buriedOf(last) : null;
  const taken = last.parts ? cols.some((side) => (last.parts[side] ?? []).some((p) => p.label === "Last trick")) : false;
  // the declaring side's meld and counters against the bid: a sum line under the parts it adds up, named for them
  const subtotal = last.declarer ? row(sumLabel(Boolean(lt) || taken), toward, { class: "subtotal-row", "data-testid": "subtotal-row" }) : null;
  return h("table", { class: `summary-table fixed-cols ${n > 2 ? "per-player" : ""}`, "data-testid": "summary-table",
    dataset: { cols: String(n) } },
    note ? h("caption", { class: "summary-note", "data-testid": "summary-note" }, notKeptNote(last)) : null,
    h("colgroup", {}, h("col", { class: "label-col" }), ...cols.map(() => h("col", { class: "side-col" }))),
    h("thead", {}, h("tr", {}, h("td", {}), ...cols.map((side) => h("th", { scope: "col", "data-testid": `summary-col-${side}` }, s.sideLong(side))))),
    h("tbody", {},
      row("Tricks", (side) => String(last.tricks[side])),
      merged ? null : row("Meld shown", (side) => meldShownCell(last.meld[side]), { "data-testid": "meld-shown-row" }),
      ...(last.parts ? [] : [
        row(merged ? "Meld" : "Meld kept", (side) => (merged ? String(last.meld[side]) : keptCell(side)), { "data-testid": "meld-kept-row" }),
        row("Counters", (side) => String(last.counters[side]))]),
      ...(last.parts && countersOwnRow(last, cols.flatMap((side) => last.parts[side] ?? []))
        ? [row("Counters", (side) => String(last.counters[side] - (lt?.[side] ?? 0) - (bu?.[side] ?? 0)), { "data-testid": "counters-row" }),
          ...(bu ? [row(BURIED_ROW, (side) => (bu[side] ? String(bu[side]) : notApplicable()), { "data-testid": "buried-row" })] : []),
          ...(lt ? [row("Last trick", (side) => (lt[side] ? String(lt[side]) : notApplicable()), { "data-testid": "last-trick-row" })] : [])] : []),
      ...sumBelowParts(subtotal, last.parts ? partRows(s, cols, meld.partsOf, false, () => false, howPaid(last), past) : []),
      h("tr", { class: "score-row" }, h("th", { scope: "row" }, stakes ? STAKES_ROW : "Hand score"),
        ...cols.map((side) => h("td", { "data-testid": `hand-score-${side}`, class: side === declaring && !last.made ? "set" : null },
          stakes ? signed(won(side)) : score(side)))),
      h("tr", { class: "total-row" }, h("th", { scope: "row" }, "Match total"),
        ...cols.map((side) => h("td", {}, num(last.totals[side]))))));
}

/**
 * The hand's part rows with the sum line (`subtotal`, or null) laid under the parts it adds up (what the
 * sides took: meld, counters, last trick) and above a bonus, a set or a payment, so that a player reads
 * the parts, then their sum, then what the contract makes of it. Rows without parts (a hand settled by
 * stakes, an old summary) have the sum line first, under the meld and counters rows above them.
 */
function sumBelowParts(subtotal, rows) {
  if (!subtotal) return rows;
  let at = 0;
  rows.forEach((tr, i) => { if (tr.dataset.taken === "true") at = i + 1; });
  return [...rows.slice(0, at), subtotal, ...rows.slice(at)];
}

/**
 * The score row of a hand settled by stakes: what each player won or paid, in chips, not points (VARIANTS.md
 * cutthroat, auction: stakes paid to or by the declarer; seed 001: "one chip or point for a bid of 30"), so that the
 * stake is never read as meld or counter points, the rows above it.
 */
export const STAKES_ROW = "Chips won or paid";

/** Who pays whom in a hand settled by stakes ("East pays you 30"), or null for a hand scored by sides. */
function settlement(s, last, past = false) {
  const lines = settlementLines(s, last.transfers, last.chair_transfers, past);
  if (!lines) return null;
  return h("div", { class: "settlement", "data-testid": "settlement" },
    h("h3", {}, "Settlement"),
    h("ul", {}, ...lines.map((l) => h("li", { class: l.mine ? l.mine : null, "data-testid": "settlement-line" }, l.text))));
}

/**
 * What each side scored in a hand without a contract, each side named as the table names it ("You scored 250,
 * North 160."; with partners: "You & Partner scored 250, West & East 220.").
 */
function noContractSentence(s, last) {
  const [me, them] = s.sidesOrder;
  const mine = last.score[me];
  const theirs = last.score[them];
  const us = s.sideLong(me);
  const other = s.sideLong(them);
  if (mine === theirs) return s.partners.length ? `Both sides scored ${num(mine)}.` : `You each scored ${num(mine)}.`;
  return mine > theirs ? `${us} scored ${num(mine)}, ${other} ${num(theirs)}.`
    : `${other} scored ${num(theirs)}, ${us === "You" ? "you" : us} ${num(mine)}.`;
}

/** The sentence of a hand without a contract, green only when you scored more (no other colour: nobody went set). */
function noContractVerdict(s, last) {
  const [me, them] = s.sidesOrder;
  const ahead = last.score[me] > last.score[them];
  return h("p", { class: `verdict ${ahead ? "made" : ""}`.trim(), "data-testid": "verdict" }, noContractSentence(s, last));
}

/** A hand without a contract (two-handed): each player scores what they melded and took. */
function stockSummary(s, v, last) {
  return [
    h("p", { class: "contract-line" }, "Trump ", suitChip(last.trump)),
    noContractVerdict(s, last),
    stockSummaryTable(s, v, last),
    last.parts ? null : h("p", { class: "muted small" }, STOCK.summary.note),
  ];
}

/** A hand without a contract or a stock (turned-trump): both sides score meld and counters. */
function openSummary(s, last, earned) {
  return [
    h("p", { class: "contract-line" }, "Trump ", suitChip(last.trump)),
    noContractVerdict(s, last),
    summaryTable(s, last, earned),
  ];
}

/** A declaring side's result in a word: made, set or conceded. */
const verdictWord = (last) => (last.made ? "made" : last.played === false ? "conceded" : "set");

/**
 * The hand summary: the hand just finished (`view.last_hand`), or, opened from the score sheet, an
 * earlier hand of the match (`hand`: a `history` entry, with its `measured`).
 */
export function renderSummary(ctx, hand = null) {
  const { v } = ctx;
  const past = hand !== null;
  const last = past ? hand : v.last_hand;
  if (!last) return;
  const s = handSeating(ctx, last);
  const earned = past ? last.measured ?? null : v.last_earned ?? last.measured ?? null;
  $("summary-dialog").dataset.past = past ? "true" : "false";
  $("summary-dialog").dataset.hand = String(last.number); // the hand the review button asks about (views/review.js)
  $("summary-dialog").dataset.label = ""; // and how it names it: "deal 3" in a match of deals (below), else "hand 3"
  const deal = !past && Boolean(v.legal?.deal);
  // the match's last hand: its summary first, then the button to the match's result
  const ending = !past && v.phase === Phase.MATCH_END;
  const next = $("next-hand");
  next.hidden = !deal && !ending;
  // the button says what the title says: "Deal 3 over" is followed by the next deal (cutthroat, auction)
  next.textContent = ending ? MATCH_RESULT : v.deals ? "Next deal" : "Next hand";
  // an earlier hand opened from the score sheet deals nothing: its way out is back to the sheet
  const sheet = $("summary-scores");
  sheet.textContent = past ? BACK_TO_SHEET : "Score sheet";
  sheet.classList.toggle("primary", past);
  const note = $("summary-waiting");
  note.hidden = past || !(v.phase === Phase.HAND_END && !deal);
  note.textContent = ctx.waiting.length ? `Waiting for ${list(ctx.waiting)}…` : `Dealing the next ${dealWord(v)}…`;
  if (!last.declarer && hasStock(v)) {
    $("summary-title").textContent = `Hand ${last.number} over`;
    fill($("summary-body"), scoreBox(s, last), stockSummary(s, v, last), timedOutNote(ctx, past));
    pinScore($("summary-body"));
    return;
  }
  // a match of a number of deals counts its scored deals (an annulled deal is dealt again under its number)
  const dealNo = past ? (v.history ?? []).indexOf(hand) + 1 : v.deal_number;
  $("summary-title").textContent = v.deals ? `Deal ${dealNo} over` : `Hand ${last.number} over`;
  // the decision review of this hand names it as this title does ("Your decisions in deal 3": app.js)
  $("summary-dialog").dataset.label = v.deals ? `deal ${dealNo}` : "";
  const calls = auctionView(v, last, past);
  const opening = last.declarer && calls ? openingLine(s, calls, last) : null;
  if (!last.declarer) fill($("summary-body"), scoreBox(s, last, dealWord(v)), ...openSummary(s, last, earned), timedOutNote(ctx, past));
  else fill($("summary-body"),
    scoreBox(s, last, dealWord(v)),
    h("p", { class: "contract-line" },
      last.stuck ? h("span", { class: "stuck-tag", "data-testid": "stuck-tag" }, "Stuck") : null,
      // the hand is over: "West was stuck at 250"
      `${s.name(last.declarer)} ${last.stuck ? `${stuckVerb(s, last.declarer, true)} stuck at` : "bid"} `, h("strong", {}, String(last.bid)),
      " · Trump ", suitChip(last.trump)),
    last.stuck ? h("p", { class: "stuck-line", "data-testid": "stuck-line" }, stuckSentence(s, last)) : null,
    // green or red for the declaring side's own result: another side's contract reads in the text's own colour,
    // never green as if it were your good news (the thirteenth review), nor red as if it were your loss
    h("p", { class: `verdict ${last.made ? "made" : "set"}${s.sideOf(last.declarer) === s.mySide ? "" : " theirs"}`,
      "data-testid": "verdict" },
      cap(verdictWord(last)), " — ", handResultSentence(s, last, earned)),
    // the score a player came for first, then the cards passed, who pays whom and how the stake arose (the score in
    // view on a 360x740 phone)
    summaryTable(s, last, earned),
    // the auction in a sentence, in one place whatever it was: the lone opening's (with why it was made) or any other's
    opening ?? (last.stuck || !calls ? null : auctionLine(s, calls, last)),
    passLine(s, v, last, past),
    settlement(s, last),
    stakeSteps(last),
    timedOutNote(ctx, past),
    past ? null : tiedNote(s, v),
  );
  pinScore($("summary-body"));
}

let pinned = null; // the ResizeObserver of the summary's match total rows (pinScore)

/**
 * On a phone, the summary's hand score and match total rows stay in view at the foot of its body, above the pinned
 * buttons, while the rows above them scroll (summary.css pins them; the fourteenth review had to scroll to see
 * them at 360x740). The hand score row sits on the match total row: each table of `body` gets the total row's
 * height as `--total-h`, kept as the row changes size.
 */
function pinScore(body) {
  if (typeof ResizeObserver !== "function") return;
  pinned?.disconnect();
  pinned = new ResizeObserver((entries) => {
    for (const e of entries) {
      const table = e.target.closest("table");
      if (table) table.style.setProperty("--total-h", `${e.target.getBoundingClientRect().height}px`);
    }
  });
  for (const tr of body.querySelectorAll(".summary-table tr.total-row")) pinned.observe(tr);
}

/**
 * The moves the computer made in the hand just finished for people whose move timer ran out (the table facts'
 * `timed_out_hand`; docs/protocol.md, "The move timer"): "Time ran out: the computer passed for you." Null for an
 * earlier hand (opened from the score sheet: the table keeps only the current hand's) or a hand without any.
 */
function timedOutNote(ctx, past) {
  const lines = past ? [] : timedOutHandLines(ctx.table, ctx.s);
  return lines.length ? h("div", { class: "summary-timed-out", "data-testid": "summary-timed-out" },
    ...lines.map((t) => h("p", {}, t))) : null;
}

/** A card of the pass, as a short face for the eye and its name for a screen reader ("10♦", "Ten of diamonds"). */
const passCard = (token) => h("span", { class: `rv-card pass-card ${SUIT[token[1]]?.color ?? ""}`.trim(), role: "img",
  "aria-label": cardName(token) }, cardShort(token));

/**
 * The card pass between the declarer and its partner (the server's `passed`: how many cards went each way;
 * partnership pass, racehorse), as the table showed it: to the two partners, which cards went to the declarer and
 * which came back (the view's `exchange`, shown only to them, of the hand just finished); to the others, that the
 * pass was made ("East passed West 4 cards, and 4 came back."). Null in a hand without a pass.
 */
export function passLine(s, v, last, past = false) {
  const n = last.passed;
  if (!n || !last.declarer) return null;
  const side = s.sideOf?.(last.declarer);
  const partner = (s.sideSeats?.(side) ?? []).find((x) => x !== last.declarer) ?? null;
  if (!partner) return null;
  const cards = !past && Array.isArray(v.exchange) && v.exchange.length === 2 ? v.exchange : null;
  const who = (seat) => (s.isMe(seat) ? "you" : s.name(seat));
  const gave = (from, to) => `${cap(who(from))} passed ${who(to)}`;
  const parts = cards
    ? [`${gave(partner, last.declarer)} `, ...joinCards(cards[0], ";"), ` ${who(last.declarer)} passed back `, ...joinCards(cards[1], ".")]
    : [`${gave(partner, last.declarer)} ${n} cards, and ${n} came back.`];
  return h("p", { class: "pass-line", "data-testid": "pass-line" }, h("span", { class: "pass-tag" }, "The pass "), ...parts);
}

/**
 * Cards as faces, "10♦, J♦, A♥ and A♣", and `end` (the sentence's ";" or ".") after the last. Each comma, and
 * `end`, is kept on the line of the card before it (a card is an inline block, after which a line may break: at
 * some widths a line began ", J♦"), so that no line starts with a comma.
 */
function joinCards(tokens, end = "") {
  const out = [];
  tokens.forEach((t, i) => {
    if (i) out.push(i === tokens.length - 1 ? " and " : " ");
    const mark = i === tokens.length - 1 ? end : i === tokens.length - 2 ? "" : ",";
    out.push(mark ? h("span", { class: "pass-keep" }, passCard(t), mark) : passCard(t));
  });
  return out;
}

/** The button that takes an earlier hand's summary, opened from the score sheet, back to the sheet. */
export const BACK_TO_SHEET = "Back to score sheet";

/**
 * The view's auction fields as they were when the hand `last` ended: the summary's own calls (its `auction` and
 * `call_kinds`, docs/protocol.md) with its dealer; without them, the view's for the hand just finished, or null for
 * an earlier hand (its calls are not known).
 */
function auctionView(v, last, past) {
  if (Array.isArray(last.auction)) {
    return { ...v, auction: last.auction, call_kinds: Array.isArray(last.call_kinds) ? last.call_kinds : [], dealer: last.dealer ?? v.dealer };
  }
  return past ? null : v;
}

/**
 * The hand was played at the dealer's partner's lone opening at the lowest bid (the server's mark,
 * views/bidding.js): its auction in plain words ("North passed, East opened at the lowest bid, 250, and South and
 * West, the dealer, passed."). `v`: the view's auction fields as they were at the hand's end (auctionView).
 */
function openingLine(s, v, last) {
  const lone = loneOpening(v);
  if (!lone || lone.call.seat !== last.declarer || String(last.bid) !== lone.call.call) return null;
  return h("p", { class: "opening-line", "data-testid": "opening-line" }, loneOpeningSentence(s, v, lone));
}

/**
 * Any other hand's auction in a sentence, under the score table (the score a player came for first): who won the
 * bid over whom ("North won the bid at 300 over your 290, after 5 bids; East and West never bid."), views/bidding.js.
 */
function auctionLine(s, v, last) {
  const text = auctionSentence(s, v, last);
  return text ? h("p", { class: "auction-line", "data-testid": "auction-line" }, text) : null;
}

/**
 * Why the declarer holds a contract nobody bid (the view's `stuck`: the dealer took the lowest bid without a
 * call, RULES.md, Bidding): "Nobody bid, so West, the dealer, was stuck with the lowest bid, 250."
 */
export function stuckSentence(s, last) {
  const who = s.isMe(last.declarer) ? "you, the dealer, were" : `${s.name(last.declarer)}, the dealer, was`;
  return `Nobody bid, so ${who} stuck with the lowest bid, ${num(last.bid)}.`;
}

/**
 * The hand's score and the match total per side (per player at a table of three, per chair at a table of 4
 * or 5), yours first: the summary's first lines, in view without scrolling on a phone. The figures are the
 * view's (`score`, `totals`; `chairs`, `chair_totals`), as the table under it gives them.
 */
function scoreBox(s, last, word = "hand") {
  const chairs = Boolean(s.lineup && last.lineup && Array.isArray(last.chairs));
  const cols = chairs ? s.chairs : s.sidesOrder;
  const nameOf = (c) => (chairs ? (c === s.myChair ? "You" : s.chairName(c)) : s.sideLong(c));
  const hand = (c) => (chairs ? last.chairs[c] : last.score?.[c]);
  const total = (c) => (chairs ? last.chair_totals?.[c] : last.totals?.[c]);
  const mine = (c) => (chairs ? c === s.myChair : c === s.mySide);
  // a chair's name, and its initials for the narrowest phone ("P1", as the table under it heads its column):
  // five boxes side by side at 320 px leave no room for "Player 1" (it broke inside the word, "Playe / r 1")
  const name = (c) => (chairs && !mine(c)
    ? [h("span", { class: "sb-full" }, nameOf(c)), h("span", { class: "sb-short", "aria-hidden": "true" }, initialsOf(nameOf(c)))]
    : nameOf(c));
  return h("div", { class: `score-box${cols.length > 2 ? " many" : ""}`, "data-testid": "score-box", role: "group",
    "aria-label": `This ${word} and the match` },
  ...cols.map((c) => h("div", { class: `score-box-side${mine(c) ? " us" : ""}`, "data-testid": `score-box-${c}` },
    h("span", { class: "sb-name" }, name(c)),
    h("span", { class: "sb-hand", "data-testid": "score-box-hand" }, h("span", { class: "sb-label" }, `This ${word} `),
      h("strong", {}, typeof hand(c) === "number" ? signed(hand(c)) : "—")),
    h("span", { class: "sb-total", "data-testid": "score-box-total" }, h("span", { class: "sb-label" }, "Match "),
      h("strong", {}, typeof total(c) === "number" ? num(total(c)) : "—")))));
}

/** After a match's last scheduled deal with the leaders tied, why another deal follows (the view's `tied`). */
function tiedNote(s, v) {
  const text = tiedSentence(s, v.tied);
  return text ? h("p", { class: "summary-tied", "data-testid": "summary-tied" }, text) : null;
}

/**
 * The seats of the hand `last` for the summary: at a table of chairs (auction at 4 or 5) the players sit at
 * other places from hand to hand, so an earlier hand's seats are named by that hand's lineup (who declared,
 * who paid), never by whoever sits there now; elsewhere the table's seats (`ctx.s`).
 */
function handSeating(ctx, last) {
  const { v, s } = ctx;
  if (!s.lineup || !last.lineup || typeof last.lineup !== "object") return s;
  const mine = Object.keys(last.lineup).find((p) => p !== "N" && last.lineup[p] === s.myChair) ?? null;
  return seating({ ...v, lineup: last.lineup, sits_out: mine === null, seat: mine ?? "N" }, ctx.table, mine);
}

/** The button from the last hand's summary to the match's result. */
export const MATCH_RESULT = "Match result";

/** A score sheet row's number, a button that opens that hand's full summary (app.js: a click on the row). */
function handOpener(n, deals, open = true) {
  if (!open) return String(n);
  return h("button", { type: "button", class: "hand-open", "data-testid": "hand-open",
    "aria-label": `${deals ? "Deal" : "Hand"} ${n}: open its summary` }, String(n));
}

/**
 * The hands of a match, one row each, "Us" first. With players alone (more than two sides), one
 * column per player: the hand's score with the running total under it.
 */
function scoresTable(s, hist, deals = null, open = true) {
  if (s.sidesOrder.length > 2) return perPlayerScores(s, hist, deals, open);
  const [us, them] = s.sidesOrder;
  const [usName, themName] = [s.sideName(us), s.sideName(them)];
  return h("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": `Score sheet, one row per ${deals ? "deal" : "hand"}` }, h("table", { class: "scores-table", "data-testid": "scores-table" },
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, hist.some((hd) => hd.declarer) ? "Contract" : "Trump"),
      h("th", { scope: "col" }, usName), h("th", { scope: "col" }, themName),
      h("th", { scope: "col" }, `${usName} total`), h("th", { scope: "col" }, `${themName} total`))),
    h("tbody", {}, ...hist.flatMap((hd, i) => [...(deals ? [] : thrownInRows(hist[i - 1], hd, us, them)),
      h("tr", { class: open ? "sheet-hand" : null, dataset: { hand: String(i) } },
      h("td", {}, handOpener(deals ? i + 1 : hd.number, deals, open)),
      hd.declarer ? h("td", {}, `${s.name(hd.declarer)} ${hd.bid} `, suitChip(hd.trump), " ", stuckWord(hd),
        h("span", { class: hd.made ? "made" : "set" }, verdictWord(hd)))
        : h("td", {}, "Trump ", suitChip(hd.trump)), // no contract (two-handed)
      h("td", {}, signed(hd.score[us])), h("td", {}, signed(hd.score[them])),
      h("td", {}, h("strong", {}, num(hd.totals[us]))), h("td", {}, h("strong", {}, num(hd.totals[them]))))]))));
}

/**
 * The hands thrown in between two scored hands of the sheet (racehorse: nobody bid, docs/protocol.md), one row
 * each: its number (the hands are numbered as dealt, the thrown-in ones too), "Thrown in: nobody bid", 0 to each
 * side and the totals unchanged, so that the sheet never skips a number (the thirteenth review: 1, 2, 3, 5).
 */
function thrownInRows(prev, hd, us, them) {
  const rows = [];
  const totals = prev?.totals ?? { [us]: 0, [them]: 0 };
  for (let n = (prev?.number ?? 0) + 1; n < hd.number; n++) {
    rows.push(h("tr", { class: "sheet-thrown", "data-testid": "sheet-thrown" },
      h("td", {}, String(n)), h("td", {}, "Thrown in: nobody bid"), h("td", {}, "0"), h("td", {}, "0"),
      h("td", {}, h("strong", {}, num(totals[us] ?? 0))), h("td", {}, h("strong", {}, num(totals[them] ?? 0)))));
  }
  return rows;
}

/** A score sheet's word for a contract nobody bid (the hand's `stuck`): "stuck", before made or set. */
function stuckWord(hd) {
  return hd.stuck ? h("span", { class: "stuck-word", "data-testid": "sheet-stuck" }, "stuck ") : null;
}

/** A table of chairs (auction at 4 or 5): one column per player, yours first; "out" for a deal sat out. */
function perChairScores(s, hist, deals, open = true) {
  const cols = s.chairs;
  const declarerName = (hd) => (hd.lineup ? s.chairName(hd.lineup[hd.declarer]) : s.name(hd.declarer));
  const active = (hd, c) => ["E", "S", "W"].some((p) => hd.lineup?.[p] === c);
  return h("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": `Score sheet, one row per ${deals ? "deal" : "hand"}` }, h("table", { class: "scores-table per-player", "data-testid": "scores-table" },
    h("caption", {}, "Each player: won or paid in the deal (\u201cout\u201d: sat it out), the match total under it"),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, "Contract"),
      // a phone's sheet has room for initials ("P3"), as the bar shows them
      ...cols.map((c) => h("th", { scope: "col", "data-testid": `scores-col-chair-${c}`, title: s.chairName(c) },
        h("span", { class: "wide-only" }, s.chairName(c)), h("span", { class: "narrow-only" }, initialsOf(s.chairName(c))))))),
    h("tbody", {}, ...hist.map((hd, i) => h("tr", { class: open ? "sheet-hand" : null, dataset: { hand: String(i) } },
      h("td", {}, handOpener(deals ? i + 1 : hd.number, deals, open)),
      h("td", {}, `${declarerName(hd)} ${hd.bid} `, suitChip(hd.trump), " ", stuckWord(hd),
        h("span", { class: hd.made ? "made" : "set" }, hd.made ? "made" : hd.played === false ? "conceded" : "set")),
      ...cols.map((c) => h("td", { class: `pp ${active(hd, c) ? "" : "out"}` },
        h("span", { class: "pp-score" }, Array.isArray(hd.chairs) ? signed(hd.chairs[c]) : "—",
          active(hd, c) ? null : h("span", { class: "pp-out" }, " out")),
        h("strong", { class: "pp-total" }, h("span", { class: "sr-only" }, "total "),
          Array.isArray(hd.chair_totals) ? num(hd.chair_totals[c]) : "—"))))))));
}

function perPlayerScores(s, hist, deals, open = true) {
  if (s.lineup) return perChairScores(s, hist, deals, open);
  const cols = s.sidesOrder;
  return h("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": `Score sheet, one row per ${deals ? "deal" : "hand"}` }, h("table", { class: "scores-table per-player", "data-testid": "scores-table" },
    h("caption", {}, "Each player: won or paid in the deal, the match total under it"),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, "Contract"),
      ...cols.map((side) => h("th", { scope: "col", "data-testid": `scores-col-${side}` }, s.sideName(side))))),
    h("tbody", {}, ...hist.map((hd, i) => h("tr", { class: open ? "sheet-hand" : null, dataset: { hand: String(i) } },
      h("td", {}, handOpener(deals ? i + 1 : hd.number, deals, open)), // the deals: every finished hand is a scored deal
      h("td", {}, `${s.name(hd.declarer)} ${hd.bid} `, suitChip(hd.trump), " ", stuckWord(hd),
        h("span", { class: hd.made ? "made" : "set" }, hd.made ? "made" : hd.played === false ? "conceded" : "set")),
      ...cols.map((side) => h("td", { class: "pp" },
        h("span", { class: "pp-score" }, signed(hd.score[side])),
        h("strong", { class: "pp-total" }, h("span", { class: "sr-only" }, "total "), num(hd.totals[side])))))))));
}

export function renderScores(ctx) {
  const { v, s } = ctx;
  const hist = v.history ?? [];
  fill($("scores-body"), hist.length ? scoresTable(s, hist, v.deals) : h("p", {}, `No ${dealWord(v)} has been finished yet.`),
    sealLine(ctx.match, sealOpen($("scores-body"))));
}

/**
 * The sealed shuffle, under the score sheet and the result, in a player's words: "Deal sealed · check it after
 * the match" (once the match has ended: "check it now"), then the link to how anyone checks it ("How it works"
 * during the match, "Verify" once it has ended)
 * (the players' page /how-to-play/fair-deal, opened in a new tab so that reading it never marks anyone away; a screen reader hears
 * "Verify the shuffle (opens in a new tab)"). The figures are there on
 * demand: the summary's `commitment` (SHA-256 of the seed and a secret salt, shown from the first deal) in the
 * line's tooltip and under it when opened (a disclosure a screen reader opens as well), and once the match has
 * ended the `seed` and `salt` themselves. `open`: the disclosure was open before this render. Nothing for a
 * match stored before the seal.
 */
export function sealLine(match, open = false) {
  const sealed = match?.commitment;
  if (typeof sealed !== "string" || !sealed) return null;
  const shown = typeof match.seed === "string" && typeof match.salt === "string";
  return h("div", { class: "seal", "data-testid": "seal" },
    h("details", { class: "seal-more", open },
      h("summary", { title: `Seal ${sealed}`, "data-testid": "seal-words" },
        shown ? "Deal sealed \u00b7 check it now" : "Deal sealed \u00b7 check it after the match"),
      h("span", { class: "seal-figures", "data-testid": "seal-figures" },
        "Sealed before the first deal: ", h("code", { title: sealed }, sealed),
        shown ? h("span", {}, ". Seed ", h("code", {}, match.seed), ", salt ", h("code", {}, match.salt), ".")
          : " (the seed and salt that open it come when the match ends).")),
    shown ? sealCheck(sealed, match.seed, match.salt) : null,
    // before the match ends nothing can be verified yet: the link tells how it works (the twelfth review: a
    // "Verify" that could not verify)
    h("a", { href: "/how-to-play/fair-deal", target: "_blank", rel: "noopener", "data-testid": "seal-link" },
      shown ? "Verify" : "How it works",
      h("span", { class: "sr-only" }, shown ? " the shuffle (opens in a new tab)" : " (the sealed shuffle, opens in a new tab)")));
}

/** The browser's SHA-256 of each "seed:salt" text it was asked about (a promise of 64 hex digits, or null
 * where the page has no WebCrypto: a page served over plain http to another machine). */
const sealDigests = new Map();

function sha256Hex(text) {
  if (!sealDigests.has(text)) {
    const subtle = globalThis.crypto?.subtle;
    sealDigests.set(text, subtle
      ? subtle.digest("SHA-256", new TextEncoder().encode(text)).then((buf) =>
        [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("")).catch(() => null)
      : Promise.resolve(null));
  }
  return sealDigests.get(text);
}

/**
 * The seal checked in the browser once the match has ended (docs/records.md, "A verifiable shuffle"): the
 * SHA-256 of the text `seed:salt`, worked out with WebCrypto, compared with the seal shown from the first
 * deal: "✓ Seal matches" or "✗ Seal does not match". This is arithmetic a player can redo with any SHA-256
 * tool, not a rule of the game. Where the browser cannot compute it (no WebCrypto) it says to use the Verify page.
 */
function sealCheck(sealed, seed, salt) {
  const el = h("span", { class: "seal-check", "data-testid": "seal-check" }, "Checking the seal\u2026");
  sha256Hex(`${seed}:${salt}`).then((got) => {
    if (got === null) {
      el.textContent = "This browser cannot check the seal here: see Verify";
      el.dataset.result = "unknown";
    } else if (got === sealed.toLowerCase()) {
      el.textContent = "\u2713 Seal matches";
      el.title = `SHA-256 of seed:salt, worked out by this browser: ${got}`;
      el.dataset.result = "match";
    } else {
      el.textContent = "\u2717 Seal does not match";
      el.title = `SHA-256 of seed:salt, worked out by this browser: ${got}, not the seal ${sealed}`;
      el.dataset.result = "differs";
    }
  });
  return el;
}

/** Whether the sealed shuffle's figures under `box` are open now (kept open across a render). */
export function sealOpen(box) {
  return Boolean(box?.querySelector(".seal details")?.open);
}

/**
 * The match's final totals, the winner's in a gold box with a star (a screen reader hears "(winner)"): the
 * view's `winner` (a side, or "chair 3" at a table of 4 or 5), as the title names it.
 */
function finalScore(s, v) {
  const won = (key) => v.winner !== null && v.winner !== undefined && String(v.winner).replace(/^chair\s*/, "") === String(key);
  const star = (key) => (won(key) ? [h("span", { class: "win-star", "aria-hidden": "true" }, "\u2605"),
    h("span", { class: "sr-only" }, " (winner)")] : []);
  const mark = (key, cls) => `${cls}${won(key) ? " final-winner" : ""}`;
  if (s.lineup) {
    // a table of chairs: every player's total, highest first
    const ranked = [...s.chairs].sort((a, b) => s.chairTotals[b] - s.chairTotals[a]);
    return [h("span", { class: "final-players" }, ...ranked.map((c) =>
      h("span", { class: mark(c, "final-player"), "data-testid": `final-chair-${c}` }, `${s.chairName(c)} `, h("strong", {}, num(s.chairTotals[c])), ...star(c))))];
  }
  if (s.sidesOrder.length > 2) {
    // players alone: each total, highest first
    const ranked = [...s.sidesOrder].sort((a, b) => v.totals[b] - v.totals[a]);
    return [h("span", { class: "final-players" }, ...ranked.map((side) =>
      h("span", { class: mark(side, "final-player"), "data-testid": `final-${side}` }, `${s.sideName(side)} `, h("strong", {}, num(v.totals[side])), ...star(side))))];
  }
  const [us, them] = s.sidesOrder;
  return [
    h("span", { class: mark(us, "final-side"), "data-testid": `final-${us}` }, `${s.sideLong(us)} `, h("strong", {}, num(v.totals[us])), ...star(us)),
    h("span", { class: "dash" }, " – "),
    h("span", { class: mark(them, "final-side"), "data-testid": `final-${them}` }, ...star(them), h("strong", {}, num(v.totals[them])), ` ${s.sideLong(them)}`),
  ];
}

/**
 * The match's last hand, every part of every number (the server's `last_hand`, as the hand's summary shows
 * it): on the solo result and on a room's or Quick Match's review. Nothing when there is none.
 */
function lastHandBlock(s, v) {
  const last = v.last_hand;
  if (!last) return [];
  if (!last.declarer && hasStock(v)) return [h("h2", {}, `Last hand (${last.number})`), stockSummaryTable(s, v, last)];
  return [
    h("h2", {}, v.deals ? `Last deal (${v.deal_number})` : `Last hand (${last.number})`),
    // the match is over: its last hand in the past tense ("West was stuck at 250", "You paid East 10")
    last.declarer ? h("p", {}, `${contractText(s, last.declarer, last.stuck, last.bid, true)} · Trump `, suitChip(last.trump), ` · ${verdictWord(last)}`)
      : h("p", {}, "Trump ", suitChip(last.trump), ` · ${noContractSentence(s, last)}`),
    settlement(s, last, true),
    summaryTable(s, last, v.last_earned, true),
  ];
}

/**
 * Why the match was won, under the final score: the view's `why_won` as it is (the engine's scorer
 * decides it with the winner; the browser holds no rules), hidden when the view has none.
 */
function showWhyWon(el, v) {
  const why = typeof v.why_won === "string" ? v.why_won.trim() : "";
  el.textContent = why;
  el.hidden = !why;
}

/** The solo match's result screen. */
export function renderResult(ctx) {
  const { v, s } = ctx;
  $("result-title").textContent = resultTitle(s, v.winner);
  fill($("result-score"), finalScore(s, v));
  showWhyWon($("result-why"), v);
  fill($("result-last"), ...lastHandBlock(s, v));
  // a match of a number of deals says "deal", as its table and summary do (cutthroat, auction: "Deal 9 of 9")
  if ($("result-review")) $("result-review").textContent = `Review your decisions in the last ${dealWord(v)}`;
  // the sealed shuffle on the card itself (not on the last hand's paper): its Verify link in the theme's accent
  fill($("result-seal"), sealLine(ctx.match, sealOpen($("result-seal"))));
}

/** A room or Quick Match result: final scores, the winner, the last hand in its parts and every hand. */
export function renderReview(ctx) {
  const { v, s } = ctx;
  const room = ctx.match?.kind === "room";
  $("review-title").textContent = resultTitle(s, v.winner);
  fill($("review-score"), finalScore(s, v));
  showWhyWon($("review-why"), v);
  const hist = v.history ?? [];
  const last = lastHandBlock(s, v);
  fill($("review-hands"),
    // the last hand whole, each number in its parts, as the solo result shows it (a room never saw its summary)
    last.length ? h("section", { class: "review-last", "data-testid": "review-last" }, ...last) : null,
    h("h2", {}, `The hands (${hist.length})`),
    // the review lists the hands; the score sheet at the table opens each one (a phone's review has no room for the buttons)
    hist.length ? scoresTable(s, hist, v.deals, false) : h("p", {}, `No ${dealWord(v)} was finished.`),
    sealLine(ctx.match, sealOpen($("review-hands"))));
  $("review-note").textContent = room
    ? "Return to the lobby to ready up for another match with the same people."
    : "Thanks for playing Quick Match.";
  $("back-to-lobby").hidden = !room;
  $("review-leave").hidden = !room;
  $("review-home").hidden = room;
}
