// The decision review of a finished hand (docs/protocol.md, "The decision review"): your decisions, the
// costliest first, each with what you did, what the Hard player would have done with the same information,
// the points it reckons you gave up, and why, the cards named as cards. Pure view function: it draws the
// server's `review` answer (or the wait for it) into the review dialog.

import { $, cardName, cardShort, cardsInWords, fill, h, SUIT } from "../dom.js";

/** A card as a small face: its rank and suit, red or black, named in full for a screen reader. */
function card(token) {
  // role img: a screen reader reads its name ("King of diamonds"), never the symbols
  return h("span", { class: `rv-card ${SUIT[token[1]]?.color ?? ""}`.trim(), role: "img", "aria-label": cardName(token) },
    cardShort(token));
}

/** An action object in a few words, its cards shown as cards (e.g. "K♦", "Bid 260", "Pass"). */
function said(action) {
  switch (action.type) {
    case "play": return card(action.card);
    case "give": case "bury":
      return h("span", {}, `${action.type === "give" ? "Pass" : "Bury"} `, ...action.cards.map(card));
    case "bid": return `Bid ${action.bid}`;
    case "pass": return "Pass";
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

function lossText(d) {
  if (d.loss === null || d.loss === undefined) return sameMove(d) ? "Hard agrees" : "not measured";
  // another move that Hard rates as good as its own: not "agrees", beside a different "Hard:" move
  if (d.loss === 0) return sameMove(d) ? "Hard agrees" : "as good as Hard's choice";
  return pointsGivenUp(d.loss);
}

/** A decision that gave points up (the server's `loss` above 0): listed on its own; the others are folded. */
export const costly = (d) => typeof d.loss === "number" && d.loss > 0;

/**
 * The decisions that gave nothing up, in one line: "5 decisions matched Hard's choice", and, of a move other
 * than Hard's that Hard has no fair value for, "1 Hard could not measure" (the server's `loss` null).
 */
export function foldedLine(ds) {
  const matched = ds.filter((d) => sameMove(d) || d.loss === 0).length;
  const unmeasured = ds.length - matched;
  const parts = [];
  if (matched) parts.push(`${matched} ${matched === 1 ? "decision" : "decisions"} matched Hard's choice`);
  if (unmeasured) parts.push(`${unmeasured} ${matched ? "" : unmeasured === 1 ? "decision " : "decisions "}Hard could not measure`);
  return `${parts.join("; ")}.`;
}

/** One decision's row: your move, Hard's when it differs, the points given up and the reason. */
function item(d, testid) {
  return h("li", { class: `rv-item${costly(d) ? " costly" : ""}`, "data-testid": testid },
    h("div", { class: "rv-moves" },
      h("span", { class: "rv-you" }, "You: ", said(d.action)),
      sameMove(d) ? null : h("span", { class: "rv-best" }, "Hard: ", said(d.best)),
      h("span", { class: "rv-loss" }, lossText(d))),
    // the reason's cards in words for a screen reader, as symbols on screen
    h("p", { class: "rv-reason" }, h("span", { "aria-hidden": "true" }, d.reason),
      h("span", { class: "sr-only" }, cardsInWords(d.reason))));
}

/**
 * Draw the review of hand `hand`: `answer` is the server's `review` message, or null while it is worked out.
 * @param {number} hand the hand's number
 * @param {object|null} answer {match, hand, decisions: [{index, seat, phase, action, best, loss, reason}]}
 */
export function renderDecisionReview(hand, answer) {
  $("decision-title").textContent = `Your decisions in hand ${hand}`;
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
    fill(body, h("p", {}, "You had no decisions to make in this hand."));
    status("You had no decisions to make in this hand.");
    return;
  }
  const total = ds.reduce((t, d) => t + (d.loss ?? 0), 0);
  const listed = ds.filter(costly);
  const folded = ds.filter((d) => !costly(d));
  const head = total > 0 ? `In all ${Math.round(total) >= 1 ? "about " : ""}${pointsGivenUp(total)}, the costliest first.`
    : "Hard agrees with every decision it measured.";
  const rest = folded.length ? foldedLine(folded) : "";
  status(`${head} ${listed.length === 1 ? "One decision" : `${listed.length} decisions`} listed.${rest ? ` ${rest}` : ""}`);
  fill(body,
    h("p", { class: "rv-total", "data-testid": "review-total" }, head),
    // only the decisions that cost points, each a row; the others in one line, opened on demand
    h("ol", { class: "rv-list", "data-testid": "review-list" }, listed.map((d) => item(d, "review-item"))),
    folded.length ? h("details", { class: "rv-folded", "data-testid": "review-folded" },
      h("summary", { "data-testid": "review-folded-line" }, rest),
      h("ol", { class: "rv-list" }, folded.map((d) => item(d, "review-folded-item")))) : null);
}
