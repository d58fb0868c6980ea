// The move timer of a room or Quick Match table (the server's `table.timer`:
// whose move and how many seconds are left), counted down on the page.
// Plain ES module.

import { $, cardWords, SUIT } from "./dom.js";
import { Phase } from "./protocol.js";

let timer = null; // {seat, deadline (ms), then (the server's move when it runs out, or null)} or null

/** Start counting from the table facts of a state message (or stop: no timer). */
export function setTimer(table) {
  const t = table?.timer;
  timer = t && Number.isFinite(t.seconds)
    ? { seat: typeof t.seat === "string" ? t.seat : null, deadline: Date.now() + t.seconds * 1000,
      then: t.then && typeof t.then === "object" ? t.then : null }
    : null;
}

/**
 * Your timer's line in words that fit the move (docs/protocol.md, "The move timer"): in the auction what the
 * server will call for you (the timer's `then`: "then you pass", or the lowest bid where you may not pass),
 * elsewhere the move the view offers you (its `legal`), which the computer then makes for you.
 */
export function yourTimerText(v, left, then = null) {
  const L = v?.legal ?? {};
  const n = (k) => (Number.isInteger(L[k]?.count) ? `${L[k].count} cards` : "cards");
  const s = `${left} s left`;
  if (then?.type === "pass" && L.melds) return `${s} to meld, then you meld nothing more`;
  if (then?.type === "pass" && L.dix) return `${s} to exchange the dix or keep it, then you keep it`;
  if (then?.type === "pass") return `${s} to bid, then you pass`;
  if (then?.type === "bid") return `${s} to bid, then you bid ${then.bid}, the lowest bid`;
  if (L.trump) return `${s} to name trump, then the computer names it for you`;
  if (L.give) return `${s} to pass ${n("give")}, then the computer chooses them for you`;
  if (L.bury) return `${s} to bury ${n("bury")}${L.concede ? " or concede" : ""}, then the computer decides for you`;
  if (L.concede && L.play_on) return `${s} to play on or concede, then the computer decides for you`;
  if (L.melds) return `${s} to meld, then the computer melds for you`;
  if (L.dix) return `${s} to exchange the dix or keep it, then the computer decides for you`;
  if (L.play) return `${s} to play a card, then the computer plays one for you`;
  return `${s} for your move, then the computer moves for you`;
}

/** Whole seconds left, or null without a timer. */
export function timerLeft() {
  return timer ? Math.max(0, Math.ceil((timer.deadline - Date.now()) / 1000)) : null;
}

/** Whose move the timer counts (null: the next hand), or undefined without a timer. */
export function timerSeat() {
  return timer ? timer.seat : undefined;
}

/** The timer line under the table and the pills on the seats. `s`: the seating (seats.js). */
export function renderTimer(v, s) {
  const el = $("move-timer");
  const left = timerLeft();
  if (left === null || !v || v.phase === Phase.MATCH_END) {
    el.hidden = true;
    for (const p of document.querySelectorAll(".timer-pill")) p.remove();
    return;
  }
  const seat = timer.seat;
  el.hidden = false;
  el.dataset.seconds = String(left);
  el.classList.toggle("urgent", left <= 10);
  if (seat === null) el.textContent = `Next hand in ${left} s`;
  else if (s.isMe(seat)) el.textContent = yourTimerText(v, left, timer.then);
  else el.textContent = `${s.name(seat)} has ${left} s to move`;
  for (const p of document.querySelectorAll(".timer-pill")) {
    p.textContent = `${left} s`;
    p.classList.toggle("urgent", left <= 10);
  }
}

/** What the computer did for a person out of time, as a verb phrase ("passed", "bid 250", "named clubs
 * trump", "played the ten of spades"): the action object of the table facts' `timed_out`, and the phase it was
 * made in (its `phase`: a pass at two-handed's meld turn declares nothing, at the dix exchange keeps the nine). */
function didWords(action, phase = null) {
  const a = action && typeof action === "object" ? action : {};
  switch (a.type) {
    case "pass": return phase === Phase.STOCK_MELD ? "melded nothing more" : phase === Phase.DIX_EXCHANGE ? "kept the dix" : "passed";
    case "bid": return `bid ${a.bid}`;
    case "trump": return SUIT[a.suit] ? `named ${SUIT[a.suit].name} trump` : "named trump";
    case "play": return typeof a.card === "string" && a.card.length === 2 ? `played ${cardWords(a.card)}` : "played a card";
    case "give": return "chose the cards to pass";
    case "bury": return "chose the cards to bury";
    case "meld": return "laid the meld";
    case "concede": return "conceded the hand";
    case "play_on": return "chose to play the hand out";
    case "dix": return "exchanged the dix";
    default: return "moved";
  }
}

/**
 * The move the computer made for a person whose move timer ran out (the server's `table.timed_out`,
 * docs/protocol.md "The move timer"), in words: "Time ran out: the computer bid 250 for you." or "Time ran
 * out for Bob: the computer passed for them."; null when there is none. `s`: the seating (seats.js).
 */
export function timedOutText(table, s) {
  const t = table?.timed_out;
  if (!t || typeof t !== "object" || typeof t.seat !== "string") return null;
  const did = didWords(t.action, t.phase);
  return s.isMe(t.seat) ? `Time ran out: the computer ${did} for you.`
    : `Time ran out for ${s.name(t.seat)}: the computer ${did} for them.`;
}

/**
 * The hand's moves made for people out of time (the server's `table.timed_out_hand`), for the hand's summary: a
 * sentence per person, yours first, with when it was (the auction, a trick's number: the entry's `phase` and
 * `trick`): "Time ran out: the computer passed in the auction for you.", "Time ran out 2 times for Bob: the
 * computer passed in the auction and played the ten of spades at trick 3 for them." An empty list when there were none.
 */
export function timedOutHandLines(table, s) {
  const all = Array.isArray(table?.timed_out_hand) ? table.timed_out_hand.filter((t) => t && typeof t.seat === "string") : [];
  const seats = [...new Set(all.map((t) => t.seat))].sort((a, b) => Number(s.isMe(b)) - Number(s.isMe(a)));
  return seats.map((seat) => {
    // when, where the move does not say it: "passed in the auction", "played the ten of spades at trick 3"
    const when = (t) => (t.phase === Phase.AUCTION ? " in the auction" : Number.isInteger(t.trick) ? ` at trick ${t.trick}` : "");
    const did = all.filter((t) => t.seat === seat).map((t) => `${didWords(t.action, t.phase)}${when(t)}`);
    const done = did.length > 1 ? `${did.slice(0, -1).join(", ")} and ${did.at(-1)}` : did[0];
    const times = did.length > 1 ? ` ${did.length} times` : "";
    return s.isMe(seat) ? `Time ran out${times}: the computer ${done} for you.`
      : `Time ran out${times} for ${s.name(seat)}: the computer ${done} for them.`;
  });
}

/** Each move made on a time-out is said once (to a screen reader): its key, "seat/version". */
export function timedOutKey(table) {
  const t = table?.timed_out;
  return t && typeof t === "object" ? `${t.seat}/${t.version}` : null;
}

/** The line on the table that says it, until that person moves again (hidden at a match's end). */
export function renderTimedOut(v, s, table) {
  const el = $("timed-out");
  if (!el) return;
  const text = v && v.phase !== Phase.MATCH_END ? timedOutText(table, s) : null;
  el.hidden = text === null;
  el.textContent = text ?? "";
}
