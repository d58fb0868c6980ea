// Bidding for people: the jumps of the bid control, the confirmation before a big jump, the hand's calls
// in order, and what your hand melds with each suit as trump. Pure view functions: the game's steps
// come from the view's legal.bid (step, ladder, max, skip), the calls from its `auction` and the meld
// from its `meld_if_trump` (the engine's meld of your own hand); nothing here knows a game's rules.

import { cap, h, list, SUIT, suitSym } from "../dom.js";
import { midName } from "../words.js";

/** Bids jump by this many steps (+50 in tens, +5 in ones). */
export const JUMP_STEPS = 5;
/** A bid this many steps above the high bid (steps as they are there) asks first: 100 in tens, 10 in ones. */
export const CONFIRM_STEPS = 10;

/** The step from `value` to the next bid (legal.bid.step, or where its ladder changes it). */
export function bidStepAt(bid, value) {
  let step = bid.step;
  for (const [from, s] of bid.ladder ?? []) if (value >= from) step = s;
  return step;
}

/**
 * The bid a jump of `steps` steps from `value` lands on: up by the step at `value` times `steps`, but
 * only on bids there are. Walking the bids up from `value`, the last one not above that target (nor
 * above legal.bid.max, nor one legal.bid.skip leaves out): a jump across a change of step lands on the
 * ladder (double-deck, 57 + 5: 58, 59, 60; 65 would be over 62, so 60).
 */
export function jumpTarget(bid, value, steps = JUMP_STEPS) {
  const want = value + bidStepAt(bid, value) * steps;
  const top = bid.max ?? Infinity;
  const skip = new Set(bid.skip ?? []);
  let at = value;
  let landed = value;
  for (;;) {
    const next = at + bidStepAt(bid, at);
    if (next > want || next > top) break;
    at = next;
    if (!skip.has(at)) landed = at;
  }
  return landed;
}

/**
 * How far `value` jumps above the auction so far, when that is a big jump that asks first, else null:
 * `CONFIRM_STEPS` steps or more (the step at the high bid: 100 in tens, 10 in ones; on double-deck's
 * ladder 10 below 60 and 50 from 60 up) above the high bid, or before any bid above the lowest bid
 * there is (legal.bid.min).
 */
export function bigJump(v, value) {
  const bid = v.legal?.bid;
  if (!bid) return null;
  const from = v.high_bid ?? bid.min;
  const over = value - from;
  return over >= bidStepAt(bid, from) * CONFIRM_STEPS ? { from, over, opening: v.high_bid == null } : null;
}

/** The words that ask before a big jump: "Bid 350? That is 100 over the high bid of 250." */
export function bigJumpQuestion(value, jump) {
  return jump.opening ? `Bid ${value}? That is ${jump.over} over the lowest bid, ${jump.from}.`
    : `Bid ${value}? That is ${jump.over} over the high bid of ${jump.from}.`;
}

/**
 * The hand's calls in order, with who made each: a row of small chips (who's initials and the call),
 * each read out whole to a screen reader ("West bid 250"). Null before the first call. A call is shown as
 * it was made, a pass or a number, never with a name for why it was made (a "save" is one player's word
 * for a spot and another's for a different one: the hand summary says the spot in plain words).
 */
export function callsList(ctx) {
  const { v, s } = ctx;
  const calls = v.auction ?? [];
  if (!calls.length) return null;
  return h("ol", { class: "bid-calls", "data-testid": "bid-calls", "aria-label": "Calls this hand" },
    ...calls.map((c, i) => {
      const pass = c.call === "pass";
      const words = `${s.name(c.seat)} ${pass ? "passed" : `bid ${c.call}`}`;
      return h("li", {
        class: `bid-call ${pass ? "pass" : ""} ${s.isMe(c.seat) ? "mine" : ""} ${i === calls.length - 1 ? "latest" : ""}`,
        "data-testid": "bid-call", "data-seat": c.seat, "data-call": c.call, title: words,
      },
      h("span", { class: "who", "aria-hidden": "true" }, s.initials(c.seat)),
      h("span", { class: "what", "aria-hidden": "true" }, pass ? "Pass" : c.call),
      h("span", { class: "sr-only" }, words));
    }));
}

/**
 * The opening that stood alone at the lowest bid after the first seat passed, made by the dealer's partner in a
 * game where the dealer is stuck when all pass (the server marks it in `call_kinds`, docs/protocol.md;
 * `pinochle.auction.save_index`): its index in the auction and the call, or null. The browser holds no rule:
 * it only finds the server's mark.
 */
export function loneOpening(v) {
  const at = (v.call_kinds ?? []).indexOf("save");
  if (at < 0 || !v.auction?.[at]) return null;
  const bids = v.auction.filter((c) => c.call !== "pass");
  return bids.length === 1 ? { at, call: v.auction[at] } : null;
}

/**
 * That auction in plain words, call by call, the dealer named: "North passed, East opened at the lowest bid, 250,
 * and South and West, the dealer, passed." ("..., and East and you, the dealer, passed."), then why the opening
 * was made there as the rule gives it (stuckOtherwise), never with a name for it: kitchen-table players call the dealer's partner's opening here "a save" (angelfire.com "Pinochle
 * Basics", the powerpinochle.com forum's "save situation"), but others keep the word for a bid made once every
 * other player has passed, and while the seat after it and the dealer still had a call the opening saved nobody.
 */
export function loneOpeningSentence(s, v, lone) {
  const who = (seat, first) => {
    const name = first ? s.name(seat) : midName(s.name(seat));
    return seat === v.dealer ? `${name}, the dealer,` : name;
  };
  const before = v.auction.slice(0, lone.at).map((c) => who(c.seat, false));
  const after = v.auction.slice(lone.at + 1).map((c) => who(c.seat, false));
  const opened = `${who(lone.call.seat, !before.length)} opened at the lowest bid, ${lone.call.call}`;
  const head = before.length ? `${cap(list(before))} passed, ${opened}` : opened;
  return `${head}${after.length ? `, and ${list(after)} passed` : ""}.${stuckOtherwise(s, v, lone)}`;
}

/**
 * Why the dealer's partner opened there, as the rule gives it and not as a guess at the player's mind (a computer
 * at Normal or Hard opens there whatever its hand, pinochle.bots.partners.saves_the_dealer; Easy, or a person, may
 * open for the hand's own worth): " Had Partner and East passed too, you would have been stuck with 250." (RULES.md,
 * Deal and auction 3: the dealer plays the lowest bid when the three before it pass). The server marks the spot only
 * where it holds (`call_kinds`, pinochle.auction.save_index: the first seat passed, the dealer's partner opened at
 * the lowest bid and it stood, in a game where the dealer is stuck when all pass); "" when the seat between the
 * opening and the dealer is not in the auction.
 */
function stuckOtherwise(s, v, lone) {
  const between = v.auction[lone.at + 1];
  if (!between || between.seat === v.dealer) return "";
  const opener = midName(s.name(lone.call.seat));
  const dealer = s.name(v.dealer);
  return ` Had ${opener} and ${midName(s.name(between.seat))} passed too, ${midName(dealer)} would have been stuck with ${lone.call.call}.`;
}

/**
 * Any other auction in one sentence for the hand summary (the dealer's partner's lone opening has its own,
 * loneOpeningSentence; a stuck dealer's, nobody bid, is dialogs.js's stuckSentence): who won the bid and over whose
 * last bid, how many bids it took, and who never bid: "North won the bid at 300 over your 290, after 5 bids; East
 * and West never bid." One bid: "West opened at 250, and North, East and you passed." From the view's calls
 * (`auction`); null when the last bid is not the finished hand's contract (the calls are another hand's).
 */
export function auctionSentence(s, v, last) {
  const calls = v.auction ?? [];
  const bids = calls.filter((c) => c.call !== "pass");
  const win = bids[bids.length - 1];
  if (!win || win.seat !== last.declarer || String(win.call) !== String(last.bid)) return null;
  const bidders = new Set(bids.map((c) => c.seat));
  const quiet = [...new Set(calls.map((c) => c.seat))].filter((seat) => !bidders.has(seat)).map((seat) => midName(s.name(seat)));
  const name = s.name(win.seat);
  if (bids.length === 1) return `${name} opened at ${win.call}${quiet.length ? `, and ${list(quiet)} passed` : ""}.`;
  const rival = [...bids].reverse().find((c) => c.seat !== win.seat);
  const over = rival ? ` over ${s.isMe(rival.seat) ? "your" : `${midName(s.name(rival.seat))}'s`} ${rival.call}` : "";
  return `${name} won the bid at ${win.call}${over}, after ${bids.length} bids${quiet.length ? `; ${list(quiet)} never bid` : ""}.`;
}

/** What still changes the hand before the meld, in words (the view's meld_before). */
const BEFORE = Object.freeze({
  widow: "your hand alone, before the widow",
  pass: "your hand alone, before the partners pass cards",
});

/**
 * What your hand melds with each suit as trump (the view's meld_if_trump, the engine's meld of your
 * cards): "Meld if trump ♠ 190 ♥ 40 ♦ 40 ♣ 20", the best suit marked; in a game with a widow or a
 * card pass it says it is your hand's meld before them. Null when the view has none (not your hand).
 */
export function meldIfTrump(v) {
  const m = v.meld_if_trump;
  if (!m) return null;
  const suits = Object.keys(SUIT).filter((t) => t in m);
  const best = Math.max(...suits.map((t) => m[t]));
  const note = BEFORE[v.meld_before] ?? null;
  return h("div", { class: "meld-if", "data-testid": "meld-if-trump" },
    h("span", { class: "meld-if-title", id: "meld-if-title" }, "Your meld if trump"),
    h("ul", { class: "meld-if-suits", "aria-labelledby": "meld-if-title" },
      ...suits.map((t) => h("li", {
        class: `meld-if-suit ${SUIT[t].color} suit-${t} ${m[t] === best && best > 0 ? "best" : ""}`,
        "data-testid": `meld-if-${t}`, "data-points": m[t],
      },
      h("span", { class: "sym", "aria-hidden": "true" }, suitSym(t)),
      h("span", { class: "pts", "aria-hidden": "true" }, String(m[t])),
      h("span", { class: "sr-only" }, `If ${SUIT[t].name} were trump: ${m[t]} meld`)))),
    note ? h("span", { class: "meld-if-note", "data-testid": "meld-if-note" }, note) : null);
}

/** The auction's aid above the bid control: your meld per suit (the calls are in the felt's centre). */
export function auctionAid(ctx) {
  const meld = meldIfTrump(ctx.v);
  return meld ? h("div", { class: "bid-aid", "data-testid": "bid-aid" }, meld) : null;
}
