// The controls under the table for your move: the bid (− value + Bid, Pass),
// naming trump, confirming the cards chosen to pass or bury, and the next hand.
// Pure view function: `ctx.act` holds the controller's actions.

import { $, fill, h, SUIT, suitSym } from "../dom.js";
import { Phase } from "../protocol.js";
import { chooseOf } from "../words.js";
import { meldControls } from "./stock.js";

export function renderControls(ctx) {
  const { v, act } = ctx;
  const el = $("controls");
  const L = v.legal ?? {};
  fill(el);
  const meld = meldControls(ctx); // two-handed: the Meld choice after a trick won
  if (meld) {
    el.append(meld);
  } else if (L.bid || L.pass) {
    const group = h("div", { class: "auction", role: "group", "aria-label": "Your bid" });
    if (L.bid) {
      const value = ctx.bid;
      const step = L.bid.step;
      group.append(
        h("button", {
          class: "btn step", type: "button", "data-testid": "bid-minus", "data-focus": "bid-minus", "aria-label": `Lower the bid by ${step}`,
          disabled: value <= L.bid.min, onclick: () => act.bidBy(-step),
        }, "−"),
        h("output", { class: "bid-value", "data-testid": "bid-value", "aria-live": "polite", "aria-label": "Bid" }, String(value)),
        h("button", {
          class: "btn step", type: "button", "data-testid": "bid-plus", "data-focus": "bid-plus", "aria-label": `Raise the bid by ${step}`,
          disabled: L.bid.max != null && value + step > L.bid.max, onclick: () => act.bidBy(step),
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
      L.deal ? h("button", { class: "btn primary", type: "button", "data-testid": "next-hand-inline", onclick: act.deal }, v.deals ? "Next deal" : "Next hand") : null));
  }
}
