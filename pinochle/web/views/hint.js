// The Hint: a button beside your move's controls that asks the server for the move the Hard player would
// make in your seat (docs/protocol.md, "Hints"), and the answer: the card or choice highlighted and the
// reason in words. Shown in solo matches, and in a room's matches when its creator turned hints on.
// Pure view function: it draws from `ctx` (the view, the hint kept for this version) and marks the
// elements the other views drew.

import { $, cardsInWords, fill, h } from "../dom.js";
import { Phase } from "../protocol.js";

/**
 * The element(s) the hint's action names, among those the table's views drew. A card is looked for where it
 * is shown: in your hand, then (two-handed, which plays from hand or melds) among your melded cards on the felt.
 */
function targets(action) {
  const hand = $("hand");
  const controls = $("controls");
  const byTest = (id) => [...controls.querySelectorAll(`[data-testid="${id}"]`)];
  const cardsOf = (tokens) => {
    const used = new Set();
    const out = [];
    for (const token of tokens) {
      const sel = `button.card[data-card="${CSS.escape(token)}"]`;
      const shown = [...hand.querySelectorAll(sel), ...document.querySelectorAll(`.board.mine ${sel}[data-testid="table-card"]`)];
      const el = shown.find((b) => !used.has(b));
      if (el) { used.add(el); out.push(el); }
    }
    return out;
  };
  switch (action.type) {
    case "play": return cardsOf([action.card]);
    case "give": case "bury": return cardsOf(action.cards ?? []);
    case "bid": return byTest("bid-button");
    // two-handed's meld turn: the meld named by its cards, the dix, or no meld (a pass)
    case "meld": {
      const want = [...(action.cards ?? [])].sort().join(" ");
      return [...controls.querySelectorAll("button.meld-option[data-cards]")]
        .filter((b) => b.dataset.cards.split(" ").sort().join(" ") === want);
    }
    case "pass": return [...byTest("pass-button"), ...byTest("dix-keep"), ...byTest("meld-pass")];
    case "trump": return byTest(`trump-${action.suit}`);
    case "concede": return byTest("concede");
    case "play_on": return byTest("play-on");
    case "dix": return [...byTest("dix-exchange"), ...byTest("meld-dix")];
    default: return [];
  }
}

/**
 * Draw the Hint button and, when a hint for this version has come, its reason and highlight.
 * @param {object} ctx the table's context: `v` (the view), `hint` (the last `hint` answer or null),
 *   `hintsOn` (hints are allowed at this table), `hintPending`, and `act.hint`.
 */
export function renderHint(ctx) {
  const { v, hint, hintsOn, act } = ctx;
  const el = $("hint-box");
  for (const old of document.querySelectorAll(".hinted")) {
    old.classList.remove("hinted");
    describedBy(old, false);
  }
  const L = v.legal ?? {};
  const mine = hintsOn && v.turn === v.seat && Object.keys(L).length > 0
    && v.phase !== Phase.HAND_END && v.phase !== Phase.MATCH_END;
  if (!mine) {
    fill(el);
    el.hidden = true;
    return;
  }
  el.hidden = false;
  const answer = hint && hint.version === v.version ? hint : null;
  const button = h("button", {
    class: "btn ghost hint-btn", type: "button", "data-testid": "hint-button", "data-focus": "hint-button",
    "aria-label": "Hint: what would the Hard player do here?", "aria-describedby": answer ? "hint-reason" : null,
    // on its way: aria-disabled, not disabled, so that the focus stays on the button (controller.js guards it)
    "aria-disabled": ctx.hintPending ? "true" : null, onclick: act.hint,
  }, "Hint");
  // not a live region: it is drawn anew with each view; the announcer says the reason (messages.js onHint)
  // its cards as symbols on screen, in words for a screen reader (the description of the ringed move)
  // in the tab order when it says something: on a phone a long reason scrolls inside three lines (felt8.css),
  // and a tap (Enter or Space) opens it whole, a tap again closes it (openable below)
  const reason = h("p", {
    id: "hint-reason", class: "hint-reason", "data-testid": "hint-reason", tabindex: answer ? "0" : null,
    "data-focus": answer ? "hint-reason" : null,
  }, answer ? [h("span", { "aria-hidden": "true", class: "hint-shown" }, answer.reason),
    h("span", { class: "sr-only" }, cardsInWords(answer.reason))] : null);
  fill(el, button, reason);
  if (answer) openable(reason, answer);
  if (answer) {
    for (const t of targets(answer.action)) {
      t.classList.add("hinted");
      describedBy(t, true); // a screen reader on the ringed card or button hears why
    }
  }
}

// the answer whose reason is open whole (a phone): it stays open while the table is drawn again for the same
// answer (a bid's value raised), and is gone with the next view's version (the next move)
let opened = null;
// the reason drawn now, watched for a change of its size (a turned phone): whether it can be opened is measured again
let watched = null;
const resized = typeof ResizeObserver === "function" ? new ResizeObserver(() => { if (watched) openable(watched.el, watched.answer); }) : null;

/**
 * The reason as a control that opens it whole (hint.css): where it is cut to its three lines (a phone; a
 * long reason, a concession's reckoning or a bid's values), it is a button (role, Enter or Space, a tap;
 * aria-expanded says whether it is open), and open it shows whole, rising over the felt, never over your
 * cards or the controls under it. A reason that fits is no button (nothing to open).
 * @param {HTMLElement} el the reason's element (#hint-reason)
 * @param {object} answer the hint's answer it says
 */
function openable(el, answer) {
  if (watched?.el !== el) {
    if (watched) resized?.unobserve(watched.el);
    watched = { el, answer };
    resized?.observe(el);
  }
  if (opened !== null && opened !== answer) opened = null;
  const open = opened === answer;
  el.setAttribute("aria-expanded", String(open)); // measured closed: open, its box is the closed one's
  const cut = open || el.scrollHeight > el.clientHeight + 1;
  if (!cut) {
    for (const a of ["role", "aria-expanded"]) el.removeAttribute(a);
    el.onclick = null;
    el.onkeydown = null;
    return;
  }
  el.setAttribute("role", "button");
  const toggle = () => {
    opened = opened === answer ? null : answer;
    el.scrollTop = 0;
    openable(el, answer);
  };
  el.onclick = toggle;
  el.onkeydown = (e) => {
    if ((e.key === "Enter" || e.key === " ") && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      toggle();
    }
  };
}

/** Add (or take away) the hint's reason among the descriptions of `el`, keeping its others. */
function describedBy(el, on) {
  const ids = (el.getAttribute("aria-describedby") ?? "").split(/\s+/).filter((id) => id && id !== "hint-reason");
  if (on) ids.push("hint-reason");
  if (ids.length) el.setAttribute("aria-describedby", ids.join(" "));
  else el.removeAttribute("aria-describedby");
}
