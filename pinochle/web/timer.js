// The move timer of a room or Quick Match table (the server's `table.timer`:
// whose move and how many seconds are left), counted down on the page.
// Plain ES module.

import { $, cardWords, SUIT } from "./dom.js";
import { Phase } from "./protocol.js";

let timer = null; // {seat, deadline (ms)} or null

/** Start counting from the table facts of a state message (or stop: no timer). */
export function setTimer(table) {
  const t = table?.timer;
  timer = t && Number.isFinite(t.seconds)
    ? { seat: typeof t.seat === "string" ? t.seat : null, deadline: Date.now() + t.seconds * 1000 }
    : null;
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
  else if (s.isMe(seat)) el.textContent = `${left} s left for your move, then the computer plays it`;
  else el.textContent = `${s.name(seat)} has ${left} s to move`;
  for (const p of document.querySelectorAll(".timer-pill")) {
    p.textContent = `${left} s`;
    p.classList.toggle("urgent", left <= 10);
  }
}

/** What the computer did for a person out of time, as a verb phrase ("passed", "bid 250", "named clubs
 * trump", "played the ten of spades"): the action object of the table facts' `timed_out`. */
function didWords(action) {
  const a = action && typeof action === "object" ? action : {};
  switch (a.type) {
    case "pass": return "passed";
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
  const did = didWords(t.action);
  return s.isMe(t.seat) ? `Time ran out: the computer ${did} for you.`
    : `Time ran out for ${s.name(t.seat)}: the computer ${did} for them.`;
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
