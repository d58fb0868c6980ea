// The sides' lines under the felt: for each side (each player, at a table of players alone) only
// what means something at this point of the hand. While the auction is on and until the first
// card, each seat's call ("Bid 36", "Pass"); once a side has laid its meld, its meld; once play
// has begun, its tricks and counters (two-handed: every side's meld too, its melds being declared one
// by one through play). Nothing is a count of 0 that nothing could have changed yet.
// Pure view functions: they draw `ctx` (built by controller.js) and keep no state.

import { $, fill, h } from "../dom.js";
import { Phase } from "../protocol.js";
import { hasStock } from "../words.js";

// the phases in which tricks are played (two-handed: its tricks with the stock, the meld turn, the draw, the endgame)
const PLAY = new Set([Phase.PLAY, Phase.STOCK_PLAY, Phase.STOCK_MELD, Phase.DRAW, Phase.ENDGAME]);

/** Whether the hand's tricks have begun: a trick phase, a card played, or a hand played out. */
export function playBegun(v) {
  return PLAY.has(v.phase) || (v.tricks ?? []).length > 0;
}

/** A seat's last call this hand ("pass", "36"), or null. */
function lastCall(v, seat) {
  const calls = v.auction ?? [];
  for (let i = calls.length - 1; i >= 0; i--) if (calls[i].seat === seat) return calls[i].call;
  return null;
}

/**
 * At the hand's end, a side's counters as the hand's result gives them in its parts (`last_hand.parts`:
 * "Counters" and "Last trick", the last trick's bonus apart; a hand settled by stakes: its `last_trick`, and its
 * `buried`, the counters of the cards the declarer buried, which play never showed), or null (the hand not over, or its parts
 * not splitting the counters: then the view's counters, as the summary shows them).
 */
function endSplit(v, side) {
  if (v.phase !== Phase.HAND_END && v.phase !== Phase.MATCH_END) return null;
  const last = v.last_hand;
  if (!last || last.number !== v.hand_number) return null;
  const parts = last.parts?.[side];
  const counters = parts?.find((p) => p.label === "Counters");
  if (!counters) {
    // a hand settled by stakes: its parts are payments, and its `last_trick` says who took the last trick's bonus
    // and its `buried` the counters of the cards the declarer buried (VARIANTS.md cutthroat: the declarer's)
    const took = last.last_trick?.[side];
    if (typeof took !== "number" || typeof last.counters?.[side] !== "number") return null;
    const buried = last.buried?.[side] ?? 0;
    return { counters: last.counters[side] - took - buried, last: took, buried };
  }
  return { counters: counters.points, last: parts.find((p) => p.label === "Last trick")?.points ?? 0 };
}

/**
 * What a side's line says now, as items `{key, label, value}` (`label` may be empty): its seats'
 * calls before play, its meld once laid, its tricks and counters once play has begun. An empty
 * list: nothing means anything yet for this side.
 */
export function sideItems(ctx, side) {
  const { v, s } = ctx;
  const seats = s.sideSeats(side);
  const items = [];
  const begun = playBegun(v);
  if (!begun) {
    for (const seat of seats) {
      const call = lastCall(v, seat);
      if (call === null) continue;
      const who = seats.length > 1 ? s.name(seat) : "";
      if (call === "pass") items.push({ key: `call-${seat}`, label: who, value: "Pass" });
      else items.push({ key: `call-${seat}`, label: who ? `${who} bid` : "Bid", value: String(call) });
    }
  }
  // a meld laid down (two-handed: melds declared one by one, counted in `meld_shown`, and any trick won
  // may bring one: once play has begun every side's meld shows, yours too while it is still 0, so that
  // the line never shows the other player's meld alone as if it were yours)
  const melded = seats.some((seat) => v.melds?.[seat]) || (v.meld_shown?.[side] ?? 0) > 0 || (hasStock(v) && begun);
  if (begun) {
    items.push({ key: "tricks", label: "Tricks", value: String(v.tricks_won?.[side] ?? 0) });
    // the hand over: its counters as the hand's summary splits them (the counters, the last trick apart),
    // so that the table and the summary never show two numbers for one thing
    const split = endSplit(v, side);
    if (split) {
      items.push({ key: "counters", label: "Counters", value: String(split.counters) });
      if (split.buried) items.push({ key: "buried", label: "Buried", value: String(split.buried) });
      if (split.last) items.push({ key: "last-trick", label: "Last trick", value: String(split.last) });
    } else items.push({ key: "counters", label: "Counters", value: String(v.counters?.[side] ?? 0) });
  }
  if (melded) items.push({ key: "meld", label: "Meld", value: String(v.meld_shown?.[side] ?? 0), note: meldState(v, side) });
  return items;
}

/** The words beside a side's meld for the view's `meld_secured` (the engine's, from the game's rule). */
const MELD_STATE = { pending: "needs a trick", secured: "kept", lost: "lost: no trick" };

/**
 * What the rule that a side keeps its meld only with a trick says of `side`'s meld now (the view's
 * `meld_secured`, RULES.md, Meld): `{state, words}` — "needs a trick" until the side takes one, then "kept",
 * or "lost: no trick" when the hand ended without one; null in a game whose meld needs no trick, for a side
 * with no meld, and for a meld secured once the hand is over (then the summary says what it kept: a set
 * side keeps none, trick or not).
 */
export function meldState(v, side) {
  const state = v.meld_secured?.[side] ?? null;
  if (!state || !MELD_STATE[state]) return null;
  if (state === "secured" && (v.phase === Phase.HAND_END || v.phase === Phase.MATCH_END)) return null;
  return { state, words: MELD_STATE[state] };
}

/** The sides' lines (`#sides`); hidden when no side has anything to say (a seat's line with none says so in the auction). */
export function renderSidesLines(ctx) {
  const { v, s } = ctx;
  const el = $("sides");
  const per = s.sidesOrder.map((side) => [side, sideItems(ctx, side)]);
  const any = per.some(([, items]) => items.length);
  const auction = v.phase === Phase.AUCTION;
  // a side's meld waits while its plates are still being laid on the felt (felt-anim.js)
  const held = new Set((el.dataset.meldHeld ?? "").split(" ").filter(Boolean));
  fill(el, ...per.filter(([, items]) => items.length || auction).map(([side, items]) =>
    h("div", { class: `side-box ${side}`, "data-testid": `side-${side}` },
      h("span", { class: "side-name" }, s.sideName(side)),
      ...(items.length ? items : [{ key: "none", label: "", value: "" }]).map((it) => (it.key === "none"
        ? h("span", { class: "side-none", "data-testid": `side-${side}-none` }, "no call yet")
        : h("span", {
          "data-testid": `side-${side}-${it.key}`,
          ...(it.key === "meld" ? { class: `side-meld${held.has(side) ? " held" : ""}`, dataset: { side } } : {}),
        }, it.label ? `${it.label} ` : "", h("strong", {}, it.value),
        it.note ? h("span", { class: `meld-state ${it.note.state}`, "data-testid": `side-${side}-meld-state`, dataset: { state: it.note.state } },
          `, ${it.note.words}`) : null))))));
  el.hidden = !any && !auction;
}
