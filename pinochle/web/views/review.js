// The decision review of a finished hand (docs/protocol.md, "The decision review"): your decisions, the
// costliest first, each with what you did, what the Hard player would have done with the same information,
// the points it reckons you gave up, and why, the cards named as cards. Pure view function: it draws the
// server's `review` answer (or the wait for it) into the review dialog.

import { $, cardName, cardShort, cardsInWords, fill, h, SUIT } from "../dom.js";
import { COMPASS } from "../seats.js";
import { midName } from "../words.js";

/** A card as a small face: its rank and suit, red or black, named in full for a screen reader. */
function card(token) {
  // role img: a screen reader reads its name ("King of diamonds"), never the symbols
  return h("span", { class: `rv-card ${SUIT[token[1]]?.color ?? ""}`.trim(), role: "img", "aria-label": cardName(token) },
    cardShort(token));
}

/**
 * An action object in a few words, its cards shown as cards (e.g. "K♦", "Bid 260", "Pass"); at two-handed's
 * meld turn (`phase` "stock_meld") a meld with its cards ("Meld K♣ Q♣") and the pass as the button says it
 * ("No meld").
 */
function said(action, phase) {
  switch (action.type) {
    case "play": return card(action.card);
    case "give": case "bury":
      return h("span", {}, `${action.type === "give" ? "Pass" : "Bury"} `, ...action.cards.map(card));
    case "meld": return h("span", {}, "Meld ", ...(action.cards ?? []).map(card));
    case "bid": return `Bid ${action.bid}`;
    case "pass": return phase === "stock_meld" ? "No meld" : "Pass";
    case "trump": return `${SUIT[action.suit]?.title ?? action.suit} trump`;
    case "concede": return "Concede";
    case "play_on": return "Play on";
    case "dix": return "Dix";
    default: return action.type;
  }
}

/**
 * Points given up in whole points, as a player reads them in a game scored in tens or ones: rounded half up
 * (the server's `loss` has one decimal: docs/protocol.md), a loss above 0 but under half a point "under 1 point".
 */
export function pointsGivenUp(loss) {
  const whole = Math.round(loss);
  if (whole < 1) return "under 1 point given up";
  return `${whole} point${whole === 1 ? "" : "s"} given up`;
}

/** Whether the decision was Hard's own move. */
const sameMove = (d) => JSON.stringify(d.action) === JSON.stringify(d.best);

/** Whether your move was the better valued one by Hard's own values, Hard itself making another by a rule (the
 * server's `rule`: `best` is then your move, with a loss of 0). */
const aheadOfRule = (d) => Boolean(d.rule) && sameMove(d);

function lossText(d) {
  // Hard's values put your move ahead of the one Hard makes by a rule: never "Hard agrees", never "Hard: <its move>"
  if (aheadOfRule(d)) return "better by Hard's own values";
  if (d.loss === null || d.loss === undefined) return sameMove(d) ? "Hard agrees" : "not measured";
  // another move that Hard rates as good as its own, or within a point of it (not a mistake: the server gives
  // such a loss as 0): not "agrees", beside a different "Hard:" move
  if (d.loss === 0) return sameMove(d) ? "Hard agrees" : "about as good as Hard's choice";
  return pointsGivenUp(d.loss);
}

/** A decision that gave points up (the server's `loss` above 0): listed on its own; the others are folded. */
export const costly = (d) => typeof d.loss === "number" && d.loss > 0;

/** A move other than Hard's that Hard has no value for (the server's `loss` null): listed on its own too, after the
 * costly ones, "not measured" with the server's why in its reason (never counted away in the folded line). */
export const unmeasured = (d) => (d.loss === null || d.loss === undefined) && !sameMove(d);

/** A decision listed on its own: it cost points, or it is not measured. */
const listedOnItsOwn = (d) => costly(d) || unmeasured(d);

/**
 * The decisions that gave nothing up, in one line: "5 decisions matched Hard's choice", of another move that
 * gave up under a point (the server's `loss` 0: not a mistake) "2 about as good as Hard's", of a move Hard's own values
 * put ahead of the one Hard makes by a rule (the server's `rule`) "1 better by Hard's own values than its rule", and, of a move other
 * than Hard's that Hard has no fair value for, "1 Hard could not measure" (the server's `loss` null).
 */
export function foldedLine(ds) {
  const ahead = ds.filter(aheadOfRule).length;
  const matched = ds.filter((d) => sameMove(d) && !aheadOfRule(d)).length;
  const close = ds.filter((d) => !sameMove(d) && d.loss === 0).length;
  const notMeasured = ds.length - matched - close - ahead;
  const parts = [];
  const noun = (n) => (parts.length ? "" : n === 1 ? "decision " : "decisions ");
  if (matched) parts.push(`${matched} ${matched === 1 ? "decision" : "decisions"} matched Hard's choice`);
  if (ahead) parts.push(`${ahead} ${noun(ahead)}better by Hard's own values than its rule`);
  if (close) parts.push(`${close} ${noun(close)}about as good as Hard's`);
  if (notMeasured) parts.push(`${notMeasured} ${noun(notMeasured)}not measured`);
  return `${parts.join("; ")}.`;
}

/**
 * Every decision of the hand was Hard's own move, in one sentence (the review's whole verdict then: the twelfth
 * review read "Hard agrees with every decision it measured." above "10 decisions matched Hard's choice."):
 * "All 10 of your decisions matched Hard's choice.", "Both of your decisions…", "Your one decision…".
 */
export function allMatched(n) {
  if (n === 1) return "Your one decision matched Hard's choice.";
  return `${n === 2 ? "Both" : `All ${n}`} of your decisions matched Hard's choice.`;
}

/** Where a move was made, as "Hard chose differently once, …" ends: "on the trump", "on a card". */
const ON_WHAT = { trump: "on the trump", bid: "on a bid", pass: "on a call", play: "on a card", give: "on the card pass",
  bury: "on the burial", meld: "on a meld", dix: "on the dix", concede: "on conceding", play_on: "on playing on" };

/**
 * The headline of a review where no decision gave up a point but Hard chose another move that it has no figure for
 * (the server's `loss` null): never "Hard agrees with every decision" above a row where Hard chose otherwise (the
 * fifteenth review). "Hard chose differently once, on the trump: no figure for it.", "Hard chose differently 2 times:
 * no figure for them."
 */
export function differsHead(ds) {
  const n = ds.length;
  if (n === 1) {
    const on = ON_WHAT[ds[0].action?.type];
    return `Hard chose differently once${on ? `, ${on}` : ""}: no figure for it.`;
  }
  return `Hard chose differently ${n} times: no figure for them.`;
}

const TRICK_PHASES = new Set(["play", "stock_play", "endgame"]);

/**
 * Where the decision was made, in a player's words, from the server's `context` (docs/protocol.md, "The decision
 * review"): "Trick 5: East led K♠, Partner played A♠." (the cards as cards), "Trick 3: your lead, Clubs trump.",
 * "Bidding: high bid 300, West.", "Naming trump: you won the bid at 300." A list of text and card elements, or
 * null for a review kept before it had a context. `name(seat)`: the seat as the table calls it ("You" for yours).
 */
export function wherePieces(d, name) {
  const c = d.context;
  if (!c || typeof c !== "object") return null;
  const trump = SUIT[c.trump]?.title ? `${SUIT[c.trump].title} trump` : "";
  const contract = (who) => (c.bid === null || c.bid === undefined ? ""
    : who === d.seat ? `you won the bid at ${c.bid}` : `${name(who)} won the bid at ${c.bid}`);
  const join = (...parts) => parts.filter(Boolean).join(", ");
  if (TRICK_PHASES.has(d.phase) && Number.isInteger(c.trick)) {
    const table = Array.isArray(c.table) ? c.table : [];
    if (!table.length) return [`Trick ${c.trick}: ${join("your lead", trump)}.`];
    const out = [`Trick ${c.trick}: `];
    table.forEach((t, i) => {
      out.push(`${i ? `, ${midName(name(t.seat))}` : name(t.seat)} ${i ? "played" : "led"} `, card(t.card));
    });
    out.push(trump ? `; ${trump}.` : ".");
    return out;
  }
  switch (d.phase) {
    case "auction":
      return [c.high_bid ? `Bidding: high bid ${c.high_bid}, ${midName(name(c.high_bidder))}.` : "Bidding: no bid yet."];
    case "trump": return [`Naming trump: ${contract(c.declarer) || "the auction is over"}.`];
    case "exchange":
      return [c.declarer === d.seat ? `Passing cards back to your partner: ${join(contract(c.declarer), trump)}.`
        : `Passing cards to ${name(c.declarer)}: ${join(contract(c.declarer), trump)}.`];
    case "bury": return [`Burying: ${join(contract(c.declarer), trump)}.`];
    case "concede": return [`Conceding or playing on: ${join(contract(c.declarer), trump)}.`];
    case "dix_exchange": return [`The dix exchange: ${trump || "trump turned"}.`];
    // two-handed: a meld turn comes after a trick won
    case "stock_meld": return [Number.isInteger(c.trick) && c.trick > 1
      ? `Melding after trick ${c.trick - 1}${trump ? `; ${trump}` : ""}.` : `Melding${trump ? `; ${trump}` : ""}.`];
    default: return null;
  }
}

/** One decision's row: where it was, your move, Hard's when it differs, the points given up and the reason. */
function item(d, testid, name) {
  const where = wherePieces(d, (seat) => (seat === d.seat ? "You" : name(seat)));
  return h("li", { class: `rv-item${costly(d) ? " costly" : ""}`, "data-testid": testid },
    where ? h("p", { class: "rv-where", "data-testid": "review-where" }, ...where) : null,
    h("div", { class: "rv-moves" },
      h("span", { class: "rv-you" }, "You: ", said(d.action, d.phase)),
      sameMove(d) ? null : h("span", { class: "rv-best" }, "Hard: ", said(d.best, d.phase)),
      h("span", { class: "rv-loss" }, lossText(d))),
    // the reason's cards in words for a screen reader, as symbols on screen
    h("p", { class: "rv-reason" }, h("span", { "aria-hidden": "true" }, d.reason),
      h("span", { class: "sr-only" }, cardsInWords(d.reason))));
}

/**
 * Draw the review of hand `hand`: `answer` is the server's `review` message, or null while it is worked out.
 * @param {number} hand the hand's number
 * @param {string|null} label how the table names that hand: "hand 3", or "deal 3" in a match of a number of deals
 *   (cutthroat, auction: the summary's "Deal 3 over", views/dialogs.js); null: "hand N"
 * @param {object|null} answer {match, hand, decisions: [{index, seat, phase, action, best, loss, reason, context}]}
 * @param {object|null} s the table's seating (seats.js), to name the other seats as the table does; at a table of
 *   4 or 5 (whose chairs change places each hand) and without one, the compass names
 */
export function renderDecisionReview(hand, answer, s = null, label = null) {
  const name = (seat) => (s && !s.lineup ? s.name(seat) : COMPASS[seat] ?? seat);
  const called = label ?? `hand ${hand}`;
  const noun = called.split(" ")[0];
  $("decision-title").textContent = `Your decisions in ${called}`;
  const body = $("review-body");
  // the dialog's status (#review-said, there from the start) says each step once; the body is drawn anew
  const status = (text) => { $("review-said").textContent = text; };
  if (!answer) {
    const wait = "The Hard player is looking at each of your decisions…";
    fill(body, h("p", { class: "rv-wait" }, wait));
    status(wait);
    return;
  }
  const ds = answer.decisions ?? [];
  if (!ds.length) {
    fill(body, h("p", {}, `You had no decisions to make in this ${noun}.`));
    status(`You had no decisions to make in this ${noun}.`);
    return;
  }
  // the total is the sum of the whole points the rows show (each rounded half up), so that it adds up as read
  // (the thirteenth review: "about 62" over rows of 63); a loss under half a point shows "under 1" and adds 0
  const total = ds.reduce((t, d) => t + (costly(d) ? Math.round(d.loss) : 0), 0);
  const under = total === 0 && ds.some(costly);
  // the costly decisions, then those not measured (each named with why), the others folded
  const listed = [...ds.filter(costly), ...ds.filter((d) => !costly(d) && unmeasured(d))];
  const folded = ds.filter((d) => !listedOnItsOwn(d));
  // no decision gave up a point: a move other than Hard's that Hard has no figure for is said as such, never under
  // "Hard agrees" (every move Hard's own is `whole` below)
  const differs = ds.filter(unmeasured);
  // every decision Hard's own move: the folded line says it all, once ("All 10 of your decisions matched…")
  const whole = ds.every((d) => sameMove(d) && !costly(d) && !aheadOfRule(d));
  const head = whole ? null
    : total > 0 || under ? `In all ${pointsGivenUp(under ? 0.4 : total)}, the costliest first.`
    : differs.length ? differsHead(differs) : "No decision gave up a point or more.";
  const rest = whole ? allMatched(ds.length) : folded.length ? foldedLine(folded) : "";
  status(head === null ? rest
    : `${head} ${listed.length === 1 ? "One decision" : `${listed.length} decisions`} listed.${rest ? ` ${rest}` : ""}`);
  fill(body,
    head === null ? null : h("p", { class: "rv-total", "data-testid": "review-total" }, head),
    // the decisions that cost points and those not measured, each a row; the others in one line, opened on demand
    h("ol", { class: "rv-list", "data-testid": "review-list" }, listed.map((d) => item(d, "review-item", name))),
    folded.length ? h("details", { class: "rv-folded", "data-testid": "review-folded" },
      h("summary", { "data-testid": "review-folded-line" }, rest),
      h("ol", { class: "rv-list" }, folded.map((d) => item(d, "review-folded-item", name)))) : null);
}
