// The controls under the table for your move: the bid (− value +step +jump Bid, Pass; above it the
// hand's calls and your meld per suit, views/bidding.js),
// naming trump, confirming the cards chosen to pass or bury, and the next hand.
// Pure view function: `ctx.act` holds the controller's actions.

import { $, cardName, cardShort, fill, h, SUIT, suitSym } from "../dom.js";
import { Phase } from "../protocol.js";
import { chooseOf, dealWord, DIX } from "../words.js";
import { auctionAid, bidStepAt, bigJump, bigJumpQuestion, JUMP_STEPS, jumpTarget } from "./bidding.js";
import { meldControls } from "./stock.js";
import { MATCH_RESULT } from "./dialogs.js";

/** The button that opens the summary again: "Hand summary", "Deal summary" in a match of deals (its title's word). */
const summaryLabel = (v) => `${dealWord(v) === "deal" ? "Deal" : "Hand"} summary`;

// the step from a bid to the next (legal.bid.step, or where legal.bid.ladder changes it): views/bidding.js
export { bidStepAt };

export function renderControls(ctx) {
  const { v, act } = ctx;
  const el = $("controls");
  const L = v.legal ?? {};
  fill(el);
  const meld = meldControls(ctx); // two-handed: the Meld choice after a trick won
  if (meld) {
    el.append(meld);
  } else if (v.phase === Phase.DIX_EXCHANGE) {
    // turned-trump's house rule dix_exchange: exchange your nine of trump for the turned card, or keep it
    // (a seat holding no nine passes without a choice: the server makes that move)
    if (!L.dix) return;
    const nine = `9${v.trump}`;
    el.append(h("div", { class: "dix-choice", role: "group", "aria-label": DIX.group(cardName(nine), cardName(v.turned)) },
      h("button", {
        class: "btn primary", type: "button", "data-testid": "dix-exchange", "data-focus": "dix-exchange",
        "aria-label": DIX.exchangeLabel(cardName(nine), cardName(v.turned)), onclick: act.dix,
      }, DIX.exchange(cardShort(nine), cardShort(v.turned))),
      h("button", {
        class: "btn", type: "button", "data-testid": "dix-keep", "data-focus": "dix-keep",
        "aria-label": DIX.keepLabel(cardName(nine)), onclick: act.pass,
      }, DIX.keep)));
  } else if (v.phase === Phase.AUCTION || L.bid || L.pass) {
    const aid = auctionAid(ctx); // the calls so far and your meld per suit, your turn or not
    if (aid) el.append(aid);
    if (L.bid || L.pass) el.append(bidControls(ctx));
  } else if (chooseOf(v)) {
    const { count, verb } = chooseOf(v);
    const n = ctx.chosen.size;
    // a widow game's declarer buries or concedes (legal.concede beside legal.bury)
    el.append(h("div", { class: "choose", role: "group", "aria-label": L.concede ? `${verb} ${count} cards, or concede` : `${verb} ${count} cards` },
      h("span", { class: "choose-count", "data-testid": "choose-count", "aria-live": "polite" }, `${n} of ${count} chosen`),
      h("button", {
        class: "btn primary", type: "button", "data-testid": "choose-confirm", "data-focus": "choose-confirm",
        disabled: n !== count, onclick: act.confirmChosen,
      }, `${verb} ${count} cards`),
      L.concede ? h("button", {
        class: "btn", type: "button", "data-testid": "concede", "data-focus": "concede", onclick: act.concede,
      }, "Concede") : null));
  } else if (L.concede && L.play_on) {
    el.append(h("div", { class: "concede", role: "group", "aria-label": "Concede or play on" },
      h("button", { class: "btn", type: "button", "data-testid": "concede", "data-focus": "concede", onclick: act.concede }, "Concede the hand"),
      h("button", { class: "btn primary", type: "button", "data-testid": "play-on", "data-focus": "play-on", onclick: act.playOn }, "Play it out")));
  } else if (L.trump) {
    el.append(h("div", { class: "trumps", role: "group", "aria-label": "Name trump" },
      h("span", { class: "label" }, "Trump:"),
      ...L.trump.map((suit) => {
        // what your hand melds with this suit as trump (the view's trump_meld, the engine's meld of your cards)
        const meld = typeof v.trump_meld?.[suit] === "number" ? v.trump_meld[suit] : null;
        const best = meld !== null && meld > 0 && meld === Math.max(...Object.values(v.trump_meld));
        return h("button", {
          class: `btn suit-btn ${SUIT[suit].color} suit-${suit}${meld !== null ? " with-meld" : ""}${best ? " best-meld" : ""}`,
          type: "button", "data-testid": `trump-${suit}`, "data-focus": `trump-${suit}`,
          "aria-label": meld !== null ? `${SUIT[suit].title} trump: your meld ${meld}` : `${SUIT[suit].title} trump`,
          onclick: () => act.trump(suit),
        }, h("span", { class: "sym", "aria-hidden": "true" }, suitSym(suit)), h("span", { class: "nm" }, SUIT[suit].title),
        meld !== null ? h("span", { class: "trump-meld", "data-testid": `trump-meld-${suit}`, "aria-hidden": "true" }, h("span", { class: "w" }, "meld "), String(meld)) : null);
      })));
  } else if (v.phase === Phase.MATCH_END) {
    // the match's last hand, its summary closed to see the table: the summary again, or on to the result
    el.append(h("div", { class: "hand-end" },
      h("button", { class: "btn", type: "button", "data-testid": "show-summary", onclick: act.showSummary }, summaryLabel(v)),
      h("button", { class: "btn primary", type: "button", "data-testid": "next-hand-inline", onclick: act.deal }, MATCH_RESULT)));
  } else if (v.phase === Phase.HAND_END) {
    // once you asked for the next hand, the status line says whom the table waits for
    el.append(h("div", { class: "hand-end" },
      h("button", { class: "btn", type: "button", "data-testid": "show-summary", onclick: act.showSummary }, summaryLabel(v)),
      L.deal ? h("button", { class: "btn primary", type: "button", "data-testid": "next-hand-inline", onclick: act.deal }, v.deals ? "Next deal" : "Next hand") : null));
  }
}

/**
 * Your call: − value +step +jump, the Bid button and Pass (the steps are the view's legal.bid: a jump
 * of JUMP_STEPS steps lands on a bid there is, views/bidding.js jumpTarget). A bid CONFIRM_STEPS steps
 * or more above the high bid asks first (ctx.confirmBid: the bid asked about): "Bid 350? That is 100
 * over the high bid of 250." with Bid 350 and Back.
 */
function bidControls(ctx) {
  const { v, act } = ctx;
  const L = v.legal ?? {};
  if (L.bid && ctx.confirmBid != null) {
    const value = ctx.confirmBid;
    const jump = bigJump(v, value);
    return h("div", { class: "auction bid-confirm", role: "group", "aria-label": "Confirm your bid", "data-testid": "bid-confirm-group" },
      h("span", { class: "bid-question", "data-testid": "bid-question", role: "status" }, bigJumpQuestion(value, jump ?? { over: 0, from: value })),
      h("button", {
        class: "btn primary", type: "button", "data-testid": "bid-confirm", "data-focus": "bid-confirm", onclick: () => act.bid(value),
      }, `Bid ${value}`),
      h("button", {
        // Escape does the same (app.js)
        class: "btn", type: "button", "data-testid": "bid-back", "data-focus": "bid-back", "aria-keyshortcuts": "Escape", onclick: act.cancelBid,
      }, "Back"));
  }
  const group = h("div", { class: "auction", role: "group", "aria-label": "Your bid" });
  if (L.bid) {
    const value = ctx.bid;
    const up = bidStepAt(L.bid, value);
    const down = bidStepAt(L.bid, value - 1);
    const to = jumpTarget(L.bid, value, JUMP_STEPS);
    group.append(
      h("button", {
        class: "btn step", type: "button", "data-testid": "bid-minus", "data-focus": "bid-minus", "aria-label": `Lower the bid by ${down}`,
        disabled: value <= L.bid.min, onclick: () => act.bidBy(-down),
      }, "−"),
      h("output", { class: "bid-value", "data-testid": "bid-value", "aria-live": "polite", "aria-label": "Bid" }, String(value)),
      h("button", {
        class: "btn step", type: "button", "data-testid": "bid-plus", "data-focus": "bid-plus", "aria-label": `Raise the bid by ${up}`,
        disabled: L.bid.max != null && value + up > L.bid.max, onclick: () => act.bidBy(up),
      }, `+${up}`),
      h("button", {
        class: "btn step jump", type: "button", "data-testid": "bid-jump", "data-focus": "bid-jump",
        "aria-label": `Raise the bid by ${to > value ? to - value : up * JUMP_STEPS}`,
        disabled: to <= value, onclick: () => act.bidBy(to - value),
      }, `+${to > value ? to - value : up * JUMP_STEPS}`),
      h("button", {
        class: "btn primary", type: "button", "data-testid": "bid-button", "data-focus": "bid-button", "aria-label": `Bid ${value}`,
        onclick: () => (bigJump(v, value) ? act.askBid(value) : act.bid(value)),
      }, "Bid", h("span", { class: "bid-number" }, ` ${value}`)),
    );
  }
  if (L.pass) {
    group.append(h("button", {
      class: "btn", type: "button", "data-testid": "pass-button", "data-focus": "pass-button", onclick: act.pass,
    }, "Pass"));
  }
  return group;
}
