// The deal of a new hand, animated from the dealer's seat (anim.js calls it after the render of a
// new hand).
//
// A few cards face down go round the table from the dealer, clockwise from the dealer's left as
// the view lists the seats (`view.seats`, in play order), to each seat that holds cards this hand
// (`view.hand_sizes`): ROUNDS cards a seat, a picture of the deal rather than every card. Each
// seat's fan shows once its first card has landed; then your hand appears where it lies, card by
// card. Every card flies between two places on the felt (a seat to a seat, your own seat at the
// felt's foot), so that none crosses the status, the score line or the buttons under the felt;
// your hand rises into place below them without crossing anything.
//
// The flying cards are made here, laid on the felt (seats.css .deal-fly) and removed as soon as
// their animation ends, is finished (a hurry) or is cancelled: the page after the deal is exactly
// the render. Nothing is animated under reduced motion (anim.js `ms` gives 0, `run` makes nothing).
// Plain ES module, no dependencies but dom.js.

import { cardBack } from "./dom.js";

/** Cards dealt to each seat in the picture of the deal. */
export const ROUNDS = 3;

/** Durations at Normal pace, in ms (scaled by the pace through anim.js `ms`). */
export const DEAL_MS = Object.freeze({
  flight: 300, // one card from the dealer to a seat
  stagger: 45, // between two cards of the deal
  fan: 120, // a seat's fan showing as its first card lands
  reveal: 220, // a card of your hand rising into place
  revealStagger: 25, // between two cards of your hand
});

function middle(r) {
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/** Where the cards of a seat land: its fan, else its avatar, else its box. */
function landing(box, rectOf) {
  if (!box) return null;
  return rectOf(box.querySelector(".fan")) ?? rectOf(box.querySelector(".avatar")) ?? rectOf(box);
}

/**
 * Where the deal starts: the dealer's avatar (or seat); a dealer sitting the hand out, from the
 * bench; else the top of the felt.
 */
function dealerPlace(view, seatBox, rectOf, felt) {
  const box = seatBox(view.dealer);
  const r = box ? rectOf(box.querySelector(".avatar")) ?? rectOf(box) : null;
  if (r) return r;
  const benched = document.querySelector("#bench .benched.dealer");
  const b = rectOf(benched);
  if (b) return b;
  return { left: felt.left + felt.width / 2 - 1, top: felt.top + 8, width: 2, height: 2 };
}

/** The seats dealt to, in the order the cards go round: clockwise from the dealer's left. */
export function dealOrder(view) {
  const seats = Array.isArray(view.seats) ? view.seats : [];
  const holding = (s) => (view.hand_sizes?.[s] ?? 0) > 0;
  const at = seats.indexOf(view.dealer);
  const ring = at < 0 ? seats : [...seats.slice(at + 1), ...seats.slice(0, at + 1)];
  return ring.filter(holding);
}

/**
 * Animate the deal of `view`'s hand. `tools` are anim.js's own: {run, ms, rectOf, seatBox, handCards}.
 * Returns {anims, end}: the animations (for anim.js to wait on) and when the last one ends, in ms
 * from now (the status line waits that long).
 */
export function animateDeal(view, tools) {
  const { run, ms, rectOf, seatBox, handCards } = tools;
  const feltEl = document.getElementById("felt");
  const felt = rectOf(feltEl);
  const anims = [];
  let end = 0;
  if (!felt) return { anims, end };
  const from = middle(dealerPlace(view, seatBox, rectOf, felt));
  const flight = ms(DEAL_MS.flight);
  const stagger = ms(DEAL_MS.stagger);
  // the felt's padding box holds the flying cards (it is their containing block)
  const ox = felt.left + feltEl.clientLeft;
  const oy = felt.top + feltEl.clientTop;
  const seats = dealOrder(view).map((seat) => ({ seat, box: seatBox(seat) })).filter((t) => t.box);
  const firstLanding = new Map();
  let k = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const { seat, box } of seats) {
      const to = landing(box, rectOf);
      if (!to) continue;
      const at = middle(to);
      const card = cardBack({ size: "trick" });
      card.classList.add("deal-fly");
      card.dataset.to = seat;
      feltEl.append(card);
      const r = card.getBoundingClientRect();
      card.style.left = `${Math.round(at.x - ox - r.width / 2)}px`;
      card.style.top = `${Math.round(at.y - oy - r.height / 2)}px`;
      const dx = Math.round(from.x - at.x);
      const dy = Math.round(from.y - at.y);
      const delay = k * stagger;
      const turn = (k % 2 ? 1 : -1) * 8;
      const a = run(card, [
        { translate: `${dx}px ${dy}px`, scale: 0.5, rotate: "0deg", opacity: 1 },
        { translate: "0px 0px", scale: 0.4, rotate: `${turn}deg`, opacity: 1, offset: 0.9 },
        { translate: "0px 0px", scale: 0.4, rotate: `${turn}deg`, opacity: 0 },
      ], { duration: flight, delay, fill: "both" }, "deal");
      const drop = () => card.remove();
      if (!a) {
        drop();
        continue;
      }
      a.finished.then(drop, drop);
      anims.push(a);
      if (!firstLanding.has(seat)) firstLanding.set(seat, delay + flight * 0.9);
      end = Math.max(end, delay + flight);
      k += 1;
    }
  }
  // each seat's fan shows as its first card lands
  for (const { seat, box } of seats) {
    const fan = box.querySelector(".fan");
    if (!fan || !firstLanding.has(seat)) continue;
    anims.push(run(fan, [{ opacity: 0 }, { opacity: 1 }], { duration: ms(DEAL_MS.fan), delay: firstLanding.get(seat), fill: "backwards" }, "deal"));
  }
  // then your hand appears where it lies, card by card
  const reveal = ms(DEAL_MS.reveal);
  const step = ms(DEAL_MS.revealStagger);
  const landed = end;
  handCards().forEach((el, i) => {
    const delay = landed + i * step;
    const a = run(el, [
      { translate: "0px 14px", opacity: 0 },
      { translate: "0px 0px", opacity: 1 },
    ], { duration: reveal, delay, fill: "backwards" }, "deal");
    if (a) end = Math.max(end, delay + reveal);
    anims.push(a);
  });
  return { anims: anims.filter(Boolean), end };
}
