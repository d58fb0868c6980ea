// The animations of the meld on the felt (views/felt.js), for anim.js: each seat's meld is laid
// down on its seat's side, one seat after another, and gathered up towards its seat when the first
// card of the hand is played, each inside its own place (never over a seat). Like anim.js's own, they animate the elements the render made and leave
// nothing behind; `run` and `ms` are anim.js's (pace, reduced motion, tap-to-hurry).
// Plain ES module.

import { meldOnFelt } from "./views/felt.js";

/** Durations at Normal pace, in ms. */
export const MELD_MS = Object.freeze({
  lay: 380, // a seat's meld from its seat to its place on the felt
  layStagger: 160, // between two seats' melds
  gather: 360, // a seat's meld back to its seat
  // the meld pause: the melds stay at least this long after the last plate has landed (or, drawn at once, after
  // they were first drawn) before another player's first card gathers them (Relaxed 6 s, Normal 4 s, Fast 2 s); the server's computer players wait as long for the
  // opening lead (pinochle/server/table.py MELD_PAUSE)
  read: 4000,
});

let shown = { key: null, at: -Infinity }; // the hand whose meld is on the felt, and performance.now() when it was first drawn

/**
 * After every render of a state (animated or not: a hurry, a table that caught up, reduced motion): note
 * when the meld of the hand drawn was first on the felt, so that it lies there the meld pause from that
 * moment however it came (laid with an animation or drawn at once). `table` is anim.js's
 * {shown, view, matchId}.
 */
export function noteMeldShown(table) {
  const v = table?.view;
  if (!table?.shown || !v || !meldOnFelt(v)) return;
  const key = `${table.matchId}/${v.hand_number}`;
  if (shown.key !== key) shown = { key, at: performance.now() };
}

function rectOf(el) {
  if (!el || !el.isConnected) return null;
  const r = el.getBoundingClientRect();
  return r.width || r.height ? r : null;
}

/**
 * The point of the plate `r` nearest the middle of its seat `seat` (its edge on the seat's side), as a
 * transform origin: a plate that grows from there (or shrinks to there) stays inside its own box at
 * every moment, so that it never passes over its seat's name and badges, nor over another seat.
 */
function towards(r, seat) {
  const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));
  const x = clamp(seat.left + seat.width / 2, r.left, r.right) - r.left;
  const y = clamp(seat.top + seat.height / 2, r.top, r.bottom) - r.top;
  return `${Math.round(x)}px ${Math.round(y)}px`;
}

function seatBox(seat) {
  return document.querySelector(`#felt > .seat[data-seat="${seat}"]`);
}

function plates() {
  return [...document.querySelectorAll("#felt-melds .felt-meld")];
}

/**
 * After a render that laid the meld on the felt (the view before had none there): each seat's meld
 * opens out from its side towards its seat, one after another, inside its own place (never over a
 * seat: labels never cover its cards, at any moment). Returns {anims, until}: `until` is when the
 * last one has landed, in ms from now (the status line waits for it).
 */
export function layMelds(run, ms, prev, next) {
  if (!prev || prev.hand_number !== next.hand_number || meldOnFelt(prev) || !meldOnFelt(next)) return { anims: [], until: 0 };
  const duration = ms(MELD_MS.lay);
  const stagger = ms(MELD_MS.layStagger);
  let until = 0;
  const anims = plates().map((el, i) => {
    const r = rectOf(el);
    const from = rectOf(seatBox(el.dataset.seat));
    if (!r || !from) return null;
    const origin = towards(r, from);
    const delay = i * stagger;
    until = Math.max(until, delay + duration);
    return run(el, [
      { transformOrigin: origin, scale: 0.4, opacity: 0 },
      { transformOrigin: origin, scale: 1, opacity: 1 },
    ], { duration, delay, fill: "backwards" }, "meld");
  });
  // the meld pause counts from when the last plate has landed: the whole meld lies still, readable, for
  // the pace's pause (at Fast the plates' arrival took a quarter of it)
  if (until > 0) shown.at = Math.max(shown.at, performance.now() + until);
  // and from when they have really landed (a busy machine starts an animation a few frames late)
  const held = shown;
  const landed = () => { if (shown === held) shown.at = Math.max(shown.at, performance.now()); };
  Promise.allSettled(anims.filter(Boolean).map((a) => a.finished)).then(landed, landed);
  holdMeldLines(next, anims);
  return { anims, until };
}

/**
 * The score line's "Meld N" of each side waits for that side's meld on the felt: it stays hidden
 * until the last plate of the side's seats has landed, and shows as it lands (the line never names a
 * meld the felt does not show yet). The plates' own animations (`lays`, layMelds) say when. The sides
 * held are written on `#sides` (data-meld-held), which a render of the line reads (views/sides.js), so
 * that a render during the lay holds them too.
 */
function holdMeldLines(next, lays) {
  const line = document.getElementById("sides");
  const bySeat = new Map(); // seat -> its plate's animation
  for (const a of lays) {
    const el = a?.effect?.target;
    if (el instanceof HTMLElement) bySeat.set(el.dataset.seat, a);
  }
  if (!line || !bySeat.size) return;
  const held = new Set();
  const mark = () => {
    if (held.size) line.dataset.meldHeld = [...held].join(" ");
    else delete line.dataset.meldHeld;
    for (const item of line.querySelectorAll(".side-meld")) item.classList.toggle("held", held.has(item.dataset.side));
  };
  for (const [side, seats] of Object.entries(next.sides ?? {})) {
    const mine = seats.map((seat) => bySeat.get(seat)).filter(Boolean);
    if (!mine.length) continue;
    held.add(side);
    const show = () => { held.delete(side); mark(); };
    Promise.allSettled(mine.map((a) => a.finished)).then(show, show);
  }
  mark();
}

/**
 * Before the render of the first card played: each seat's meld is gathered up towards its seat (it
 * folds to its side on the seat's side, inside its own place), once it has lain on the felt long
 * enough to be read (the meld pause, MELD_MS.read at the pace, from when it was first drawn: in every
 * game alike, however soon the first card comes; a tap on the felt hurries it). Your own first card
 * gathers it at once: you have read it.
 */
export function gatherMelds(run, ms, prev, next) {
  if (!prev || !meldOnFelt(prev) || meldOnFelt(next) || prev.hand_number !== next.hand_number) return [];
  const duration = ms(MELD_MS.gather);
  const first = (next.tricks ?? [])[0];
  const yours = Boolean(first && first.seats?.[0] === next.seat);
  const delay = yours ? 0 : Math.max(0, ms(MELD_MS.read) - (performance.now() - shown.at));
  return plates().map((el) => {
    const r = rectOf(el);
    const to = rectOf(seatBox(el.dataset.seat));
    if (!r || !to) return null;
    const origin = towards(r, to);
    return run(el, [
      { transformOrigin: origin, scale: 1, opacity: 1 },
      { transformOrigin: origin, scale: 0.3, opacity: 0 },
    ], { duration, delay, fill: "forwards" }, "meld-gather");
  });
}
