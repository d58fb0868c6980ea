// The controls under the table for your move: the bid (− value + Bid, Pass),
// naming trump, confirming the cards chosen to pass or bury, and the next hand.
// Pure view function: `ctx.act` holds the controller's actions.

import { $, cardName, cardShort, fill, h, SUIT, suitSym } from "../dom.js";
import { Phase } from "../protocol.js";
import { chooseOf, DIX } from "../words.js";
import { meldControls } from "./stock.js";

/**
 * The step from `value` to the next bid: the view's legal.bid.step, or where the view's ladder changes
 * it (double-deck: by 1 up to 60, then by 5: legal.bid.ladder [[60, 5]]). The engine says which bids
 * there are; this only reads the steps it sent.
 */
export function bidStepAt(bid, value) {
  let step = bid.step;
  for (const [from, s] of bid.ladder ?? []) if (value >= from) step = s;
  return step;
}

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
  } else if (L.bid || L.pass) {
    const group = h("div", { class: "auction", role: "group", "aria-label": "Your bid" });
    if (L.bid) {
      const value = ctx.bid;
      const up = bidStepAt(L.bid, value);
      const down = bidStepAt(L.bid, value - 1);
      group.append(
        h("button", {
          class: "btn step", type: "button", "data-testid": "bid-minus", "data-focus": "bid-minus", "aria-label": `Lower the bid by ${down}`,
          disabled: value <= L.bid.min, onclick: () => act.bidBy(-down),
        }, "−"),
        h("output", { class: "bid-value", "data-testid": "bid-value", "aria-live": "polite", "aria-label": "Bid" }, String(value)),
        h("button", {
          class: "btn step", type: "button", "data-testid": "bid-plus", "data-focus": "bid-plus", "aria-label": `Raise the bid by ${up}`,
          disabled: L.bid.max != null && value + up > L.bid.max, onclick: () => act.bidBy(up),
        }, "+"),
        h("button", {
          class: "btn primary", type: "button", "data-testid": "bid-button", "data-focus": "bid-button", onclick: () => act.bid(value),
        }, `Bid ${value}`),
      );
    }
    if (L.pass) {
      group.append(h("button", {
        class: "btn", type: "button", "data-testid": "pass-button", "data-focus": "pass-button", onclick: act.pass,
      }, "Pass"));
    }
    el.append(group);
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
      ...L.trump.map((suit) => h("button", {
        class: `btn suit-btn ${SUIT[suit].color}`, type: "button", "data-testid": `trump-${suit}`, "data-focus": `trump-${suit}`,
        "aria-label": `${SUIT[suit].title} trump`, onclick: () => act.trump(suit),
      }, h("span", { class: "sym", "aria-hidden": "true" }, suitSym(suit)), h("span", { class: "nm" }, SUIT[suit].title)))));
  } else if (v.phase === Phase.HAND_END) {
    // once you asked for the next hand, the status line says whom the table waits for
    el.append(h("div", { class: "hand-end" },
      h("button", { class: "btn", type: "button", "data-testid": "show-summary", onclick: act.showSummary }, "Hand summary"),
      L.deal ? h("button", { class: "btn primary", type: "button", "data-testid": "next-hand-inline", onclick: act.deal }, "Next hand") : null));
  }
}
