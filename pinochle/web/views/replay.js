// The replay viewer (docs/protocol.md, "Hand history"): a finished hand, trick by trick, with every
// hand face up, the auction and the meld. A pure view of the server's `history` message: the seats of
// the calls and of the cards, and the cards each seat holds before a trick (`held`), come from the
// server (`replays`).

import { cardEl, cardName, cardShort, h, SUIT, VS } from "../dom.js";
import { agree, midName } from "../words.js";
import { meldRows, rowName, rowSuit } from "./dialogs.js";

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
 * How many steps there are after the deal (step 0) in a hand's replay: one per trick, and one more for the
 * card pass between partners where the hand had one (the server's `pass`: partnership-pass, racehorse) or
 * for the widow the declarer took (the server's `widow`: cutthroat, auction).
 * @param {object} rp the hand's entry of the server's `replays`
 * @returns {number}
 */
export function replaySteps(rp) {
  return (rp?.tricks ?? []).length + (rp?.pass || rp?.widow ? 1 : 0);
}

/**
 * Which cards of a seat's row came to it in the card pass: their indexes in `cards` (one copy per card
 * passed, so a card held twice is marked once when one copy came over).
 * @param {string[]} cards the row
 * @param {string[]} got the cards passed to this seat
 * @returns {Set<number>}
 */
export function passedIndexes(cards, got) {
  const left = [...got];
  const out = new Set();
  cards.forEach((c, i) => {
    const k = left.indexOf(c);
    if (k >= 0) { out.add(i); left.splice(k, 1); }
  });
  return out;
}

/**
 * The seats of a hand from the dealer's left round to the dealer (RULES.md, Deal and auction 2: "The auction starts
 * left of the dealer"; "left of the dealer" is the next seat clockwise, N E S W), the order of the auction's line above
 * the hands, so that the two agree (the fifteenth review saw the deal listed N E S W under calls from the dealer's
 * left). A seat absent from the hand (an empty place, a table of three) is skipped; without a dealer, as given.
 * @param {string[]} seats the hand's seats ("N", "E", "S", "W")
 * @param {string | undefined} dealer the dealer's seat
 * @returns {string[]}
 */
export function fromDealersLeft(seats, dealer) {
  const round = ["N", "E", "S", "W"];
  const d = round.indexOf(dealer);
  if (d < 0) return seats;
  const after = (s) => (round.indexOf(s) - d + 3) % 4; // the dealer's left 0, ..., the dealer 3
  return [...seats].sort((a, b) => after(a) - after(b));
}

/**
 * The viewer's body for hand `hand` (index into `history.hands`) at step `step`: 0 shows the deal and the
 * auction (and the meld, in a hand without a card pass); in a hand with a card pass (the server's `pass`)
 * step 1 is the pass: every hand after it, the cards each partner received marked, and the meld made from
 * those hands; in a hand whose declarer took a widow (the server's `widow`) step 1 is the widow: the
 * declarer's hand with it, its cards marked, the cards buried named, and the meld. The next steps show each
 * trick with the hands held before it.
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
  const pass = rp.pass ?? null;
  const widow = pass ? null : rp.widow ?? null;
  const swap = pass ?? widow; // the cards that change hands before the meld: a step of its own
  const steps = replaySteps(rp);
  const seats = fromDealersLeft(Object.keys(rec.hands ?? {}), rp.dealer ?? rec.dealer);
  const title = `Hand ${rp.number ?? hand + 1}`;
  const contract = rp.thrown_in ? "Thrown in: nobody bid"
    : rp.declarer ? `${name(rp.declarer)} ${rp.bid ?? ""} · trump ${suitWord(rp.trump)}` : `Trump ${suitWord(rp.trump)}`;
  const auction = h("ol", { class: "replay-auction", "aria-label": "Auction" },
    (rp.auction ?? []).map((c) => h("li", {}, h("strong", {}, name(c.seat)), " ", callWord(c.call))));
  const atPass = swap !== null && step === 1;
  const showMeld = swap === null ? step === 0 : atPass; // the meld is made from the hands after the pass
  const trickNo = step - (swap ? 1 : 0);
  const trick = trickNo > 0 ? tricks[trickNo - 1] : null;
  const where = trick ? `Trick ${trickNo} of ${tricks.length}`
    : atPass ? (pass ? "The pass and the meld" : "The widow and the meld")
      : swap ? "The deal and the auction" : "The deal, the auction and the meld";
  // the cards that came to each seat in the pass: the partner's to the declarer, the declarer's back
  const got = !atPass ? {} : pass ? { [pass.to]: pass.to_declarer, [pass.from]: pass.to_partner } : { [widow.to]: widow.cards };
  const hands = h("div", { class: "replay-hands" }, seats.map((seat) => {
    const cards = trick ? trick.held?.[seat] ?? [] : atPass ? swap.held?.[seat] ?? [] : rec.hands[seat];
    const meld = rp.melds?.[seat];
    const played = trick ? trick.cards[trick.seats.indexOf(seat)] : null;
    const marked = got[seat] ? passedIndexes(cards, got[seat]) : new Set();
    const from = pass ? (seat === pass.to ? pass.from : pass.to) : null;
    const markWord = (c) => (pass ? `${cardName(c)}, passed by ${midName(name(from))}` : `${cardName(c)}, from the widow`);
    return h("section", { class: "replay-seat", "aria-label": `${name(seat)}'s cards`, dataset: { seat } },
      h("h3", {}, name(seat), seat === rp.dealer ? " · dealer" : "",
        showMeld && meld ? ` · meld ${meld.total}` : "",
        // what the row holds: the cards held before this trick, the one played ringed ("8 before trick 5, played Q♦")
        trick ? h("span", { class: "replay-held", "data-testid": "replay-held" }, heldWords(cards.length, trickNo, played)) : null),
      h("div", { class: "replay-cards" }, cards.map((c, i) => cardEl(c, {
        size: "mini",
        class: i === cards.indexOf(played) ? "replay-played" : marked.has(i) ? "replay-passed" : "", // one copy of a card held twice
        ...(marked.has(i) ? { label: markWord(c), dataset: { passed: "true" } } : {}),
      }))),
      got[seat] ? h("p", { class: "replay-got", "data-testid": "replay-got" }, pass
        ? `Got from ${midName(name(from))}: ${got[seat].map(cardShort).join(" ")}`
        : `Took the widow: ${got[seat].map(cardShort).join(" ")}${widow.buried.length
          ? ` · buried ${widow.buried.map(cardShort).join(" ")}` : ""}`) : null,
      // each meld named as the felt names it, with its suit ("Two marriages ♦ 4", the server's `meld_suits`)
      showMeld && meld && meld.melds?.length
        ? h("p", { class: "replay-meld", "data-testid": "replay-meld" }, ...meldRows(meld, rp.meld_suits?.[seat] ?? null)
          .flatMap((r, i) => [i ? ", " : "", rowName(r), ...(rowSuit(r) ?? []), ` ${r.points * r.times}`])) : null);
  }));
  // drawn anew at each step: not a live region itself (the dialog's #replay-said says the step, `said`)
  const trickLine = trick ? h("p", { class: "replay-trick" },
    trick.seats.map((s, i) => `${name(s)}: ${cardShort(trick.cards[i])}`).join(" · "),
    trick.winner ? ` — ${agree(name(trick.winner), "win", "wins")}` : "") : h("p", { class: "replay-trick" }, where);
  const shorts = (cards) => cards.map(cardShort).join(" ");
  const passLine = !atPass ? null : pass ? h("p", { class: "replay-pass", "data-testid": "replay-pass" },
    `${name(pass.from)} passed ${shorts(pass.to_declarer)} to ${midName(name(pass.to))}; `,
    // the second half of one sentence: "…to you; you passed back…", never "; You"
    `${midName(name(pass.to))} passed back ${shorts(pass.to_partner)}. The cards passed are marked.`)
    : h("p", { class: "replay-pass", "data-testid": "replay-pass" },
      `${name(widow.to)} took the widow, ${shorts(widow.cards)}, and melded`,
      widow.buried.length ? `, then buried ${shorts(widow.buried)}.` : ".", " The widow's cards are marked.");
  const body = h("div", { class: "replay-body" },
    h("p", { class: "replay-contract" }, contract),
    step === 0 ? auction : null,
    trickLine,
    passLine,
    hands);
  return { body, title, steps, where, said: saidAt(rp, trick, where, name, atPass ? pass : null, atPass ? widow : null) };
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
 * named in full and who won the trick ("Trick 1 of 12. You: Ace of spades, West: Ten of spades, … You win."),
 * or, at the card pass (`pass`, the server's), the cards each way; at the widow (`widow`), its cards and those buried.
 */
export function saidAt(rp, trick, where, name, pass = null, widow = null) {
  if (widow) {
    const names = (cards) => cards.map(cardName).join(", ");
    return `${where}. ${name(widow.to)} took the widow: ${names(widow.cards)}.`
      + `${widow.buried.length ? ` Buried: ${names(widow.buried)}.` : ""}`;
  }
  if (pass) {
    const names = (cards) => cards.map(cardName).join(", ");
    return `${where}. ${name(pass.from)} passed ${names(pass.to_declarer)} to ${midName(name(pass.to))}. `
      + `${name(pass.to)} passed back ${names(pass.to_partner)}.`;
  }
  if (trick) {
    // a list inside one sentence: "West: Ace of spades, you: Ten of spades", never ", You"
    const cards = trick.seats.map((s, i) => `${i ? midName(name(s)) : name(s)}: ${cardName(trick.cards[i])}`).join(", ");
    return `${where}. ${cards}.${trick.winner ? ` ${name(trick.winner)} won the trick.` : ""}`;
  }
  const trump = SUIT[rp.trump] ? `${SUIT[rp.trump].name} trump` : "";
  const contract = rp.thrown_in ? "Thrown in: nobody bid."
    : rp.declarer ? `${name(rp.declarer)} took the bid at ${rp.bid ?? ""}${trump ? `, ${trump}` : ""}.`
      : trump ? `${trump[0].toUpperCase()}${trump.slice(1)}.` : "";
  return `${where} of hand ${rp.number ?? ""}. ${contract}`.replace(/ +/g, " ").trim();
}
