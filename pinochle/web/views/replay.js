// The replay viewer (docs/protocol.md, "Hand history"): a finished hand, trick by trick, with every
// hand face up, the auction and the meld. A pure view of the server's `history` message: the seats of
// the calls and of the cards, and the cards each seat holds before a trick (`held`), come from the
// server (`replays`).

import { cardEl, cardName, cardShort, h, SUIT, VS } from "../dom.js";
import { agree } from "../words.js";

/** The record to download: the history without `type`, `match` and `replays` (a `pinochle-match/1` record). */
export function recordOf(history) {
  const out = {};
  for (const [k, v] of Object.entries(history)) if (!["type", "match", "replays"].includes(k)) out[k] = v;
  return out;
}

function suitWord(suit) {
  return SUIT[suit] ? `${SUIT[suit].sym}${VS} ${SUIT[suit].name}` : "";
}

function callWord(call) {
  return call === "pass" ? "Pass" : String(call);
}

/**
 * The viewer's body for hand `hand` (index into `history.hands`) at step `step`: 0 shows the deal, the
 * auction and the meld; step k (1 .. tricks) shows trick k with the hands held before it.
 * @param {object} history the server's `history` message
 * @param {number} hand the hand's index
 * @param {number} step the step
 * @param {(seat: string, lineup?: object) => string} nameAt a seat's name at this table ("You", "Partner", ...),
 *   given the hand's `lineup` at a table of 4 or 5 (the chair at each seat that hand)
 * @returns {{body: HTMLElement, title: string, steps: number, where: string, said: string}} (`said`: the step in words)
 */
export function renderReplay(history, hand, step, nameAt) {
  const rec = history.hands[hand];
  const name = (seat) => nameAt(seat, rec.lineup);
  const rp = (history.replays ?? [])[hand] ?? {};
  const tricks = rp.tricks ?? [];
  const steps = tricks.length;
  const seats = Object.keys(rec.hands ?? {});
  const title = `Hand ${rp.number ?? hand + 1}`;
  const contract = rp.thrown_in ? "Thrown in: nobody bid"
    : rp.declarer ? `${name(rp.declarer)} ${rp.bid ?? ""} · trump ${suitWord(rp.trump)}` : `Trump ${suitWord(rp.trump)}`;
  const auction = h("ol", { class: "replay-auction", "aria-label": "Auction" },
    (rp.auction ?? []).map((c) => h("li", {}, h("strong", {}, name(c.seat)), " ", callWord(c.call))));
  const trick = step > 0 ? tricks[step - 1] : null;
  const where = step === 0 ? "The deal, the auction and the meld" : `Trick ${step} of ${steps}`;
  const hands = h("div", { class: "replay-hands" }, seats.map((seat) => {
    const cards = step === 0 ? rec.hands[seat] : trick.held?.[seat] ?? [];
    const meld = rp.melds?.[seat];
    const played = trick ? trick.cards[trick.seats.indexOf(seat)] : null;
    return h("section", { class: "replay-seat", "aria-label": `${name(seat)}'s cards`, dataset: { seat } },
      h("h3", {}, name(seat), seat === rp.dealer ? " · dealer" : "",
        step === 0 && meld ? ` · meld ${meld.total}` : "",
        // what the row holds: the cards held before this trick, the one played ringed ("8 before trick 5, played Q♦")
        trick ? h("span", { class: "replay-held", "data-testid": "replay-held" }, heldWords(cards.length, step, played)) : null),
      h("div", { class: "replay-cards" }, cards.map((c, i) => cardEl(c, {
        size: "mini", class: i === cards.indexOf(played) ? "replay-played" : "", // one copy of a card held twice
      }))),
      step === 0 && meld && meld.melds?.length
        ? h("p", { class: "replay-meld" }, meld.melds.map((m) => `${m.name} ${m.points}`).join(", ")) : null);
  }));
  // drawn anew at each step: not a live region itself (the dialog's #replay-said says the step, `said`)
  const trickLine = trick ? h("p", { class: "replay-trick" },
    trick.seats.map((s, i) => `${name(s)}: ${cardShort(trick.cards[i])}`).join(" · "),
    trick.winner ? ` — ${agree(name(trick.winner), "win", "wins")}` : "") : h("p", { class: "replay-trick" }, where);
  const body = h("div", { class: "replay-body" },
    h("p", { class: "replay-contract" }, contract),
    step === 0 ? auction : null,
    trickLine,
    hands);
  return { body, title, steps, where, said: saidAt(rp, trick, where, name) };
}

/**
 * What a seat's row shows at a trick, in words: the cards it held before the trick (the server's `held`), and
 * the one it played there, which is ringed among them: " · 8 cards before trick 5, played Q♦".
 */
export function heldWords(n, step, played) {
  return ` · ${n === 1 ? "1 card" : `${n} cards`} before trick ${step}${played ? `, played ${cardShort(played)}` : ""}`;
}

/**
 * The step in words, for a screen reader: where it is, then the contract (at the deal) or each seat's card
 * named in full and who won the trick ("Trick 1 of 12. You: Ace of spades, West: Ten of spades, … You win.").
 */
export function saidAt(rp, trick, where, name) {
  if (trick) {
    const cards = trick.seats.map((s, i) => `${name(s)}: ${cardName(trick.cards[i])}`).join(", ");
    return `${where}. ${cards}.${trick.winner ? ` ${name(trick.winner)} won the trick.` : ""}`;
  }
  const trump = SUIT[rp.trump] ? `${SUIT[rp.trump].name} trump` : "";
  const contract = rp.thrown_in ? "Thrown in: nobody bid."
    : rp.declarer ? `${name(rp.declarer)} took the bid at ${rp.bid ?? ""}${trump ? `, ${trump}` : ""}.`
      : trump ? `${trump[0].toUpperCase()}${trump.slice(1)}.` : "";
  return `${where} of hand ${rp.number ?? ""}. ${contract}`.replace(/ +/g, " ").trim();
}
