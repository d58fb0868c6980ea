// The move timer of a room or Quick Match table (the server's `table.timer`:
// whose move and how many seconds are left), counted down on the page.
// Plain ES module.

import { $ } from "./dom.js";
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
