// The animations of the meld on the felt (views/felt.js), for anim.js: each seat's meld is laid
// down from its seat, one seat after another, and gathered back to its seat when the first card
// of the hand is played. Like anim.js's own, they animate the elements the render made and leave
// nothing behind; `run` and `ms` are anim.js's (pace, reduced motion, tap-to-hurry).
// Plain ES module.

import { meldOnFelt } from "./views/felt.js";

/** Durations at Normal pace, in ms. */
export const MELD_MS = Object.freeze({
  lay: 380, // a seat's meld from its seat to its place on the felt
  layStagger: 160, // between two seats' melds
  gather: 360, // a seat's meld back to its seat
  read: 2600, // the melds stay at least this long after they were laid before the first card gathers them
});

let laidAt = -Infinity; // performance.now() when the meld was last laid with an animation

function rectOf(el) {
  if (!el || !el.isConnected) return null;
  const r = el.getBoundingClientRect();
  return r.width || r.height ? r : null;
}

/** The offset, in px, from the middle of `to` to the middle of `from`. */
function offset(from, to) {
  return {
    x: Math.round(from.left + from.width / 2 - (to.left + to.width / 2)),
    y: Math.round(from.top + from.height / 2 - (to.top + to.height / 2)),
  };
}

function seatBox(seat) {
  return document.querySelector(`#felt > .seat[data-seat="${seat}"]`);
}

function plates() {
  return [...document.querySelectorAll("#felt-melds .felt-meld")];
}

/**
 * After a render that laid the meld on the felt (the view before had none there): each seat's meld
 * comes from its seat, one after another. Returns {anims, until}: `until` is when the last one has
 * landed, in ms from now (the status line waits for it).
 */
export function layMelds(run, ms, prev, next) {
  if (!prev || prev.hand_number !== next.hand_number || meldOnFelt(prev) || !meldOnFelt(next)) return { anims: [], until: 0 };
  const duration = ms(MELD_MS.lay);
  const stagger = ms(MELD_MS.layStagger);
  laidAt = performance.now();
  let until = 0;
  const anims = plates().map((el, i) => {
    const r = rectOf(el);
    const from = rectOf(seatBox(el.dataset.seat));
    if (!r || !from) return null;
    const d = offset(from, r);
    const delay = i * stagger;
    until = Math.max(until, delay + duration);
    return run(el, [
      { translate: `${d.x}px ${d.y}px`, scale: 0.4, opacity: 0 },
      { translate: "0px 0px", scale: 1, opacity: 1 },
    ], { duration, delay, fill: "backwards" }, "meld");
  });
  return { anims, until };
}

/**
 * Before the render of the first card played: each seat's meld goes back to its seat, once it has
 * lain on the felt long enough to be read (MELD_MS.read from its laying, at the pace; a tap on the
 * felt hurries it).
 */
export function gatherMelds(run, ms, prev, next) {
  if (!prev || !meldOnFelt(prev) || meldOnFelt(next) || prev.hand_number !== next.hand_number) return [];
  const duration = ms(MELD_MS.gather);
  const delay = Math.max(0, ms(MELD_MS.read) - (performance.now() - laidAt));
  return plates().map((el) => {
    const r = rectOf(el);
    const to = rectOf(seatBox(el.dataset.seat));
    if (!r || !to) return null;
    const d = offset(to, r);
    return run(el, [
      { translate: "0px 0px", scale: 1, opacity: 1 },
      { translate: `${d.x}px ${d.y}px`, scale: 0.3, opacity: 0 },
    ], { duration, delay, fill: "forwards" }, "meld-gather");
  });
}
