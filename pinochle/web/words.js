// Sentences about the table, from the view and the seating (seats.js). They
// say what the view says; none of them works a rule out.
// Plain ES module.

import { Phase } from "./protocol.js";
import { cap, cardShort, cardWords, list, num, signed, SUIT } from "./dom.js";

/**
 * A name as the subject of a sentence with its verb in agreement: `agree("You", "win", "wins")` is "You win",
 * `agree("West", "win", "wins")` "West wins". `name` is as the table says it (seats.js name: "You" for your seat).
 */
export function agree(name, you, other) {
  return `${name} ${name === "You" ? you : other}`;
}

// ------------------------------------------------------------------ the card pass (partnership-pass, racehorse)

/**
 * A pass of cards between partners as the hand sizes show it (VARIANTS.md `partnership-pass`, `racehorse`:
 * the partner passes first, then the declarer passes back): `before` and `after` are the views' `hand_sizes`
 * of one hand; the seat whose hand shrank gave to the seat whose hand grew by as many cards. `back`: the taker
 * had fewer cards than the giver before (it had passed first). Null when no such pass lies between them.
 */
export function passBetween(before, after) {
  if (!before || !after) return null;
  const seats = Object.keys(after);
  const down = seats.filter((x) => (after[x] ?? 0) < (before[x] ?? 0));
  const up = seats.filter((x) => (after[x] ?? 0) > (before[x] ?? 0));
  if (down.length !== 1 || up.length !== 1) return null;
  const [from, to] = [down[0], up[0]];
  const n = before[from] - after[from];
  if (n !== after[to] - before[to] || n < 2) return null; // a pass moves several cards from one hand to one other
  return { from, to, n, back: before[to] < before[from] };
}

/**
 * The sentence of a pass (`passBetween`) for the status line and the centre: "Partner passed you 4 cards.",
 * "You passed 4 cards back to Partner.", "North passed 4 cards to South."
 */
export function passSentence(s, p) {
  const back = p.back ? " back" : "";
  if (s.isMe(p.to)) return `${s.name(p.from)} passed you ${p.n} cards${back}.`;
  return `${s.name(p.from)} passed ${p.n} cards${back} to ${s.name(p.to)}.`;
}

/**
 * The pass made since the view `prev` (the same hand, then in its `exchange` phase) in words, for the status line
 * (`text`) and a screen reader (`said`: the cards you were given named, from the view's `exchange`), or null.
 */
export function passNews(s, prev, v) {
  if (!prev || !v || prev.hand_number !== v.hand_number || prev.phase !== Phase.EXCHANGE) return null;
  const p = passBetween(prev.hand_sizes, v.hand_sizes);
  if (!p) return null;
  const text = passSentence(s, p);
  const given = Array.isArray(v.exchange) ? v.exchange[p.back ? 1 : 0] : null;
  const yours = s.isMe(p.to) && Array.isArray(given) && given.length === p.n;
  return {
    text: yours ? `${text.slice(0, -1)}, marked ⇄ in your hand.` : text,
    said: yours ? `${text.slice(0, -1)}: ${list(given.map(cardWords))}.` : text,
  };
}

/**
 * The card pass in the middle of the felt while it lasts (the `exchange` phase): the pass made so far, as the
 * view's hand sizes show it against the hand's size, and who chooses now. A list of lines.
 */
export function passLog(s, v) {
  if (v.phase !== Phase.EXCHANGE) return [];
  const full = Object.fromEntries(Object.keys(v.hand_sizes ?? {}).map((x) => [x, v.tricks_in_hand]));
  const made = passBetween(full, v.hand_sizes);
  const lines = made ? [passSentence(s, { ...made, back: false })] : [];
  if (v.turn) {
    lines.push(s.isMe(v.turn) ? `Your turn to pass${made ? " back" : ""}.`
      : `${s.name(v.turn)} ${s.verb(v.turn, "are", "is")} choosing cards to pass${made ? " back" : ""}…`);
  }
  return lines;
}

/** The kinds of move the view offers you ("bid", "pass", "play", ...), sorted. */
export const legalKinds = (v) => Object.keys(v?.legal ?? {}).sort();

/**
 * Choosing cards from your hand, as the view's legal moves offer it: `give` (pass cards to your
 * partner: partnership-pass, racehorse) or `bury` (a game with a widow). {kind, count, verb} or null.
 */
const CHOOSE_VERB = Object.freeze({ give: "Pass", bury: "Bury" });
export function chooseOf(v) {
  const L = v?.legal ?? {};
  const kind = Object.keys(CHOOSE_VERB).find((k) => L[k] && Number.isInteger(L[k].count));
  // `from`: the cards the view offers (legal.bury.cards: one entry per copy), or null for any card of the hand
  const from = kind && Array.isArray(L[kind].cards) ? L[kind].cards : null;
  // `whyNot`: why the other cards of the hand may not be chosen, in the view's words (legal.bury.why_not), or null
  const whyNot = kind && typeof L[kind].why_not === "string" && L[kind].why_not ? L[kind].why_not : null;
  return kind ? { kind, count: L[kind].count, verb: CHOOSE_VERB[kind], from, whyNot } : null;
}

const CHOSEN_WORD = Object.freeze({ give: "passed", bury: "buried" });

/** A card of the hand chosen (`choose`: chooseOf's), in words: its label's "chosen to bury" ("chosen to pass"). */
export const CHOSEN = Object.freeze({
  said: (choose) => `chosen to ${choose.verb.toLowerCase()}`,
});

/**
 * The words for a card of the hand that may not be chosen (`choose`: chooseOf's), with the view's reason when it
 * gives one: its label ("Queen of spades, cannot be buried: it is in your meld, …") and what a tap on it says.
 */
export const NOT_CHOSEN = Object.freeze({
  label: (card, choose) => (choose.whyNot ? `${card}, cannot be ${CHOSEN_WORD[choose.kind]}: ${choose.whyNot}`
    : `${card}, cannot be chosen`),
  title: (choose) => (choose.whyNot ? `Cannot be ${CHOSEN_WORD[choose.kind]}: ${choose.whyNot}` : null),
  toast: (card, choose) => (choose.whyNot ? `You cannot ${choose.verb.toLowerCase()} the ${card}: ${choose.whyNot}.`
    : `Choose among the cards you may ${choose.verb.toLowerCase()}: the others stay in your hand.`),
});

// ------------------------------------------------------------------ turned-trump's dix exchange

/** The words of turned-trump's house rule dix_exchange (docs/games/turned-trump.md): a player holding
 * a nine of trump (the dix) may exchange it for the turned card; the exchange is public. */
export const DIX = Object.freeze({
  group: (nine, up) => `Exchange your ${nine} for the turned ${up}, or keep it`,
  exchange: (nine, up) => `Exchange ${nine} ⇄ ${up}`,
  exchangeLabel: (nine, up) => `Exchange your ${nine}, the dix, for the turned ${up}`,
  keep: "Keep it",
  keepLabel: (nine) => `Keep your ${nine}`,
  status: (nine, up) => `Your turn: exchange your ${nine} (the dix) for the turned ${up}, or keep it — the dix scores for you either way.`,
  // spoken: the cards as cardWords says them ("the nine of clubs")
  exchanged: (who, verb, nine, up) => `${who} ${verb} the dix, ${nine}, for ${up}, the turned card.`,
  to: (who) => `→ ${who}`,
  centre: "The dix exchange",
  asked: (who) => `${who} is asked…`,
  turnedLabel: (up, who) => `Turned for trump: ${up}; ${midName(who)} exchanged the dix for it`,
});

// ------------------------------------------------------------------ two-handed (a stock)

/** A view with a stock to draw from (two-handed: `stock_left`, `upcard`, the melds on the `table`). */
export const hasStock = (v) => typeof v?.stock_left === "number";

/** The meld kinds a card on the table has served (`table[seat][i].melds`), in words. */
const MELD_KIND = Object.freeze({
  run: "Run", marriage: "Marriage", dix: "Dix", pinochle: "Pinochle",
  "around-A": "Aces around", "around-K": "Kings around", "around-Q": "Queens around", "around-J": "Jacks around",
});
export const meldKindName = (kind) => MELD_KIND[kind] ?? cap(String(kind).replace(/-/g, " "));

/** A meld's name as the view gives it ("royal marriage"), capitalised for a button or a row. */
export const meldLabel = (name) => cap(String(name));

/** The words of the two-handed table (views/stock.js): the stock, the melds on the table, the Meld choice, the news. */
export const STOCK = Object.freeze({
  toDraw: "to draw",
  stockLabel: (left, up, exchanged) => [`Stock: ${left} card${left === 1 ? "" : "s"} to draw`,
    up ? `${up} turned up under it${exchanged ? " (the dix, exchanged)" : ""}` : null].filter(Boolean).join(", "),
  upLabel: (up) => `Turned up: ${up}`,
  dixNote: (nine, up) => `Dix ${nine} ⇄ ${up}`,
  served: (card, kinds) => (kinds.length ? `${card}, served ${kinds.join(" and ")}` : card),
  onTable: (label, playable) => `${label}, on the table${playable ? ", playable" : ""}`,
  playFromTable: "Play it from the table",
  board: (who, n) => `${who}: ${n ? `${n} card${n === 1 ? "" : "s"}` : "none"}`,
  boardOf: (mine, name) => (mine ? "Your melds on the table" : `${name}'s melds on the table`),
  meld: "Meld",
  melded: (names) => `Melded ${names.join(" and ")}`,
  meldOption: (name, cards, points) => `Meld ${name}: ${cards.join(", ")}, ${points} points`,
  dix: "Dix",
  dixExchange: (up) => `Dix: exchange it for the ${up}`,
  dixShow: "Dix: show it",
  dixShowShort: "show",
  dixPoints: (what, points) => `${what}, ${points} points`,
  noMeld: "No meld",
  done: "Done",
  meldsBack: "The melds go back to the hands.",
  justDrawn: "just drawn",
  backFromTable: "back from the table",
  drew: (cards) => `You drew ${cards.join(" and ")}.`,
  exchanged: (who, nine, up) => `${who ?? "The dix was"} exchanged${who ? " the dix" : ""} (${nine}) for the ${up}, the trump card turned up.`,
  summary: { meld: "Meld", counters: "Counters", lastTrick: "Last trick", won: "✓ won", tricks: "Tricks", hand: "Hand score", total: "Match total",
    note: "Counters include the 10 for the last trick." },
});

/** The marker once the stock is gone (docs/games/two-handed.md, rule 9: the endgame). */
export const ENDGAME_TITLE = "Stock gone: the endgame";
export const ENDGAME_RULE = "Follow suit, beat a trump lead, trump when void.";

/** The status line of a two-handed table, or null when the view has no stock. */
function stockStatus(s, v) {
  if (!hasStock(v)) return null;
  const L = v.legal ?? {};
  const trick = v.tricks.at(-1);
  if (L.pass && v.phase === Phase.STOCK_MELD) return "Trick won: choose your meld.";
  if (L.draw) return "Drawing from the stock…";
  if (L.play) {
    const lead = !trick || trick.winner;
    if (v.endgame) return lead ? "Endgame: your lead." : "Endgame: your turn — follow suit.";
    // your melded cards are playable too (views/stock.js marks them on the table): a whole sentence that still
    // fits one line beside the Hint on a 320 px phone
    const table = (v.table?.[v.seat] ?? []).some((t) => L.play.includes(t.card));
    if (table) return `${lead ? "Lead" : "Play"} from your hand or melds.`;
    return `${lead ? "Your lead" : "Your turn"}: play a card.`;
  }
  if (v.phase === Phase.STOCK_MELD && v.turn) return `${s.name(v.turn)} took the trick and may meld…`;
  if (v.phase === Phase.DRAW) return "Both draw from the stock…";
  return null;
}

/** The number of the hand being played, from 1. */
export const handNumber = (v) => v.hand_number;

/**
 * What the game's players count a match in, from the view or the match summary (`deals`): "deal" in a match
 * of a number of deals (cutthroat, auction: "Deal 4 of 9"), else "hand"; the same word and the same count on
 * Home, in its question about an unfinished match, in the top bar and in the hand's summary.
 */
export const dealWord = (m) => (m?.deals ? "deal" : "hand");

/** "Hand 3", or "Deal 3 of 9" in a match of a number of deals ("Deal 10 (extra)" past them). */
export function dealLabel(m) {
  if (!m.deals) return `Hand ${m.hand_number}`;
  const k = m.deal_number ?? m.hand_number;
  return k > m.deals ? `Deal ${k} (extra)` : `Deal ${k} of ${m.deals}`;
}

/**
 * Where a match stands, in the words of what a player sees on going back to it: between two hands (`hand_end`:
 * the hand is over, its summary still open, the next not dealt) the hand just finished and the next one ("Hand 12
 * over · next: hand 13", "Deal 4 of 9 over · next: deal 5", after the last deal with the leaders tied "Deal 9 of 9
 * over · next: an extra deal"), else the hand in play (dealLabel: "Hand 12"). Home said "Hand 12" for a hand
 * already over.
 */
export function standsLabel(m) {
  if (m.phase !== Phase.HAND_END) return dealLabel(m);
  if (!m.deals) return `Hand ${m.hand_number} over · next: hand ${m.hand_number + 1}`;
  const k = m.deal_number ?? m.hand_number;
  return `${dealLabel({ ...m, deal_number: k })} over · next: ${k + 1 > m.deals ? "an extra deal" : `deal ${k + 1}`}`;
}

/** "Hand 3 over", "Deal 3 over": a hand just finished, in the words of its summary's title. */
export function dealOver(m) {
  return m.deals ? `Deal ${m.deal_number ?? m.hand_number} over` : `Hand ${m.hand_number} over`;
}

/** Who is to move, in words: "Your turn", "West is thinking…"; a person who dropped out (the table's
 * facts: not connected) is said to be away, and a computer playing for them is said so (not "Bob is
 * thinking…" for the minute before a computer takes over). */
export function thinking(s, seat) {
  if (s.isMe(seat)) return "Your turn";
  const f = s.facts?.(seat);
  if (f && !f.computer && f.stand_in) return `A computer plays for ${s.name(seat)}…`;
  if (f && !f.computer && !f.connected) return `${s.name(seat)} is away: a computer plays for them if they do not come back soon.`;
  return `${s.name(seat)} is thinking…`;
}

export function takes(s, seat) {
  return s.isMe(seat) ? "You take" : `${s.name(seat)} takes`;
}

/** "You are stuck at 250", "West bid 270": who holds the contract, in words; `past`, once the hand is over:
 * "West was stuck at 250" ("bid" reads the same in both). */
export function contractText(s, seat, stuck, bid, past = false) {
  if (!seat) return ""; // a game without an auction (two-handed)
  const who = s.name(seat);
  if (stuck) return `${who} ${stuckVerb(s, seat, past)} stuck at ${bid}`;
  return `${who} bid ${bid}`;
}

/** "are" / "is" while the hand is played, "were" / "was" once it is over (`past`): the verb of "stuck at". */
export function stuckVerb(s, seat, past = false) {
  return past ? s.verb(seat, "were", "was") : s.verb(seat, "are", "is");
}

/**
 * The status line while the cards of a new view are still moving (anim.js): what the table shows
 * happening, from the view drawn, never the view before it (whose turn, whose choice, are over) nor
 * the turn to come (it shows once the cards have landed). `moving`: {cards: [{card, seat}] flying to
 * the trick, deal: the hand is being dealt, meld: the meld is being laid on the felt}. The cards
 * played say who played what ("You play Q♠.", "North plays K♠."); else the deal says who deals; else
 * the meld is being laid. Null when nothing moves (the view's own status shows at once).
 */
export function movingText(s, v, moving) {
  const cards = moving?.cards ?? [];
  if (cards.length) return cards.map(({ card, seat }) => `${s.name(seat)} ${s.verb(seat, "play", "plays")} ${cardShort(card)}.`).join(" ");
  // the deal after a hand thrown in says why it is dealt again: "Hand 1 was thrown in: nobody bid. West deals hand 2."
  if (moving?.deal && v.thrown_in) return thrownInText(s, v);
  if (moving?.deal) return v.dealer ? `${s.name(v.dealer)} ${s.verb(v.dealer, "deal", "deals")}…` : "Dealing…";
  if (moving?.meld) return "The meld is laid on the table…";
  return null;
}

/** The line under the table: whose move it is and what it is. `waiting`: names the next hand waits for. */
export function statusText(s, v, waiting = []) {
  const L = v.legal ?? {};
  if (v.phase === Phase.HAND_END) {
    // a match of deals (cutthroat, auction) says "deal", as the summary's title and button do
    if (L.deal) return v.deals ? "Deal over — see the summary, then the next deal." : "Hand over — see the summary, then deal the next hand.";
    return waiting.length ? `Waiting for ${list(waiting)}…` : `Dealing the next ${dealWord(v)}…`;
  }
  if (v.phase === Phase.MATCH_END) return "Match over.";
  // a table of 4 or 5: you watch the hands you sit out (no cards, no move)
  if (s.watching) return `You sit this hand out${v.turn ? `: ${thinking(s, v.turn)}` : "."}`;
  const stock = stockStatus(s, v);
  if (stock) return stock;
  if (v.phase === Phase.DIX_EXCHANGE && L.dix) return DIX.status(cardShort(`9${v.trump}`), cardShort(v.turned));
  if (L.bid || L.pass) {
    // the seat left of the dealer must open in britannica (and double-deck's opening=first-forced): no pass is offered then
    const orPass = L.pass ? " or pass" : "";
    return v.high_bid ? `Your turn: bid at least ${L.bid ? L.bid.min : "—"}${orPass} (high bid ${v.high_bid}, ${midName(s.name(v.high_bidder))}).`
      : L.pass ? `Your turn: open the bidding at ${L.bid ? L.bid.min : "—"} or more, or pass.`
        : `Your turn: you must open the bidding, at ${L.bid ? L.bid.min : "—"} or more (the first to call may not pass).`;
  }
  const choose = chooseOf(v);
  if (choose) {
    const n = choose.count;
    const to = s.partners.length ? ` to ${s.isMe(v.declarer) ? "your partner" : s.name(v.declarer)}` : "";
    const what = choose.kind === "bury" ? "to bury" : `to pass${to}`;
    return `Your turn: choose ${n} card${n === 1 ? "" : "s"} ${what}${L.concede ? ", or concede the hand" : ""}.`;
  }
  if (L.concede && L.play_on) return "Your turn: concede the hand, or play it out.";
  if (L.trump) return v.stuck ? `You are stuck with the bid at ${v.bid}: name trump.` : `You won the bid at ${v.bid}. Name trump.`;
  if (L.play) {
    const trick = v.tricks.at(-1);
    return trick && !trick.winner ? "Your turn: play a card." : "Your lead: play a card.";
  }
  if (v.turn) return thinking(s, v.turn);
  return "";
}

/** A side's or player's name inside a sentence: "You", "Us" and "Them" in lower case, people's names as they are. */
export const midName = (name) => (["You", "Us", "Them"].includes(name) ? name.toLowerCase() : name);

export function resultTitle(s, winner) {
  if (s.lineup) {
    // a table of chairs: the view names the winning chair "chair 3" (the match summary "3")
    const c = winner === null || winner === undefined ? NaN : Number(String(winner).replace(/^chair\s*/, ""));
    if (winner === null || winner === undefined || !s.chairs.includes(c)) return "Match over";
    return c === s.myChair ? "You win!" : `${s.chairName(c)} wins`;
  }
  if (!winner || !s.sidesOrder.includes(winner)) return "Match over";
  if (winner === s.mySide) return `${s.sideWords(winner)} win!`;
  return `${s.sideWords(winner)} ${s.sideSeats(winner).length === 1 ? "wins" : "win"}`;
}

/**
 * A hand's settlement as sentences, yours first: "East pays you 30", "You pay West 60",
 * "East pays West 2" (`transfers` of the hand's summary: [{from, to, amount}]); null when the hand
 * was scored by sides. `mine`: "gain" or "loss" for a line that is about you. `past`: after the match
 * (its result), "East paid you 30".
 */
export function settlementLines(s, transfers, chairTransfers = null, past = false) {
  if (s.lineup && Array.isArray(chairTransfers) && chairTransfers.length) {
    // a table of chairs: every chair settles, the ones sitting out too ("Player 3 pays you 5")
    const mine = (c) => c === s.myChair;
    const lines = chairTransfers.map((t) => ({
      text: `${s.chairName(t.from)} ${past ? "paid" : mine(t.from) ? "pay" : "pays"} ${mine(t.to) ? "you" : s.chairName(t.to)} ${num(t.amount)}`,
      mine: mine(t.to) ? "gain" : mine(t.from) ? "loss" : "",
    }));
    return [...lines.filter((l) => l.mine), ...lines.filter((l) => !l.mine)];
  }
  if (!Array.isArray(transfers) || !transfers.length) return null;
  const lines = transfers.map((t) => {
    const payee = s.isMe(t.to) ? "you" : s.name(t.to);
    return {
      text: `${s.name(t.from)} ${past ? "paid" : s.verb(t.from, "pay", "pays")} ${payee} ${num(t.amount)}`,
      mine: s.isMe(t.to) ? "gain" : s.isMe(t.from) ? "loss" : "",
    };
  });
  return [...lines.filter((l) => l.mine), ...lines.filter((l) => !l.mine)];
}

/** A hand's result as it is spoken: "We made 250: +310 to us, +60 to them. Match: us 560, them 420." */
export function handResultWords(s, last) {
  if (s.sidesOrder.length > 2) {
    // players alone: who declared, who pays whom, every player's total
    const who = s.name(last.declarer);
    const what = last.made ? `${who} made ${last.bid}` : `${who} ${last.played === false ? "conceded" : "went set at"} ${last.bid}`;
    // mid-sentence after the colon: "You conceded 30: you pay East 1" (a line starts "You pay" on its own)
    const pays = (settlementLines(s, last.transfers, last.chair_transfers) ?? [])
      .map((l) => l.text.replace(/^(You|Us|Them)\b/, (w) => w.toLowerCase())).join(", ");
    const totals = s.lineup && Array.isArray(last.chair_totals)
      ? s.chairs.map((c) => `${midName(s.chairName(c))} ${num(last.chair_totals[c])}`).join(", ")
      : s.sidesOrder.map((side) => `${midName(s.sideName(side))} ${num(last.totals[side])}`).join(", ");
    return `${what}${pays ? `: ${pays}` : ""}. Match: ${totals}.`;
  }
  const [us, them] = s.sidesOrder;
  if (!last.declarer) {
    // no contract (two-handed): what each scored
    // no contract (two-handed, turned-trump): what each scored
    return `Hand over: ${midName(s.sideName(us))} ${signed(last.score[us])}, ${midName(s.sideName(them))} ${signed(last.score[them])}. `
      + `Match: ${midName(s.sideName(us))} ${num(last.totals[us])}, ${midName(s.sideName(them))} ${num(last.totals[them])}.`;
  }
  const who = s.sideOf(last.declarer) === us ? "We" : "They";
  const what = last.made ? `${who} made ${last.bid}` : `${who} ${last.played === false ? "conceded" : "went set at"} ${last.bid}`;
  return `${what}: ${signed(last.score[us])} to us, ${signed(last.score[them])} to them. `
    + `Match: us ${num(last.totals[us])}, them ${num(last.totals[them])}.`;
}

/**
 * What a side's figure against the bid adds up, as the summary's sum line names it: "meld and counters", and the
 * last trick when the side took it (its "Last trick" part; a hand settled by stakes: its `last_trick`).
 */
export function tookWords(last, side) {
  const took = (last.parts?.[side] ?? []).some((p) => p.label === "Last trick" && p.points > 0) || (last.last_trick?.[side] ?? 0) > 0;
  return took ? "meld, counters and last trick" : "meld and counters";
}

/** "You and your partner made the bid of 250." / "... went set at 250: meld and counters came to 180, ..." */
export function handResultSentence(s, last, earned) {
  const side = s.sideOf(last.declarer);
  const who = s.sideWords(side);
  if (Array.isArray(last.transfers)) {
    // a hand settled by stakes: nothing is "taken off"; the settlement says who pays whom
    if (last.played === false) {
      if (!last.made) return `${who} conceded the bid of ${last.bid}.`;
      // the meld alone reaches the bid: no card is played (VARIANTS.md cutthroat)
      const meld = last.meld?.[side];
      const whose = side === s.mySide ? "your" : `${s.name(last.declarer)}'s`;
      const covers = Number.isFinite(meld) ? `: ${whose} meld of ${meld} already covers the bid, so no card is played` : ": no card is played";
      return `${who} made the bid of ${last.bid} with meld alone${covers}.`;
    }
    if (last.made) return `${who} made the bid of ${last.bid}.`;
    const came = earned && Number.isFinite(earned[side]) ? `: ${tookWords(last, side)} came to ${earned[side]}` : "";
    return `${who} went set at ${last.bid}${came}.`;
  }
  if (last.made) return `${who} made the bid of ${last.bid}.`;
  const mine = side === s.mySide;
  // set: the bid was taken off (RULES.md), or the side scored nothing this hand (racehorse); the hand is over
  const then = last.score[side] < 0 ? `the bid was taken off ${mine ? "your" : "their"} total`
    : `${mine ? "you" : "they"} scored nothing this hand`;
  if (last.played === false) return `${who} conceded the bid of ${last.bid}, so ${then}.`;
  const came = earned && Number.isFinite(earned[side]) ? `: ${tookWords(last, side)} came to ${earned[side]}, so` : ", so";
  return `${who} went set at ${last.bid}${came} ${then}.`;
}

export const suitTitle = (suit) => SUIT[suit]?.title ?? suit;

/**
 * A hand thrown in because nobody bid (`view.thrown_in`), in words, with who deals now: "Hand 3 was
 * thrown in: nobody bid. West deals hand 4." (a match of a number of deals deals the same deal again).
 */
export function thrownInText(s, v) {
  const t = v.thrown_in;
  if (!t) return "";
  const who = (seat, chair) => (s.lineup && Number.isInteger(chair)
    ? (chair === s.myChair ? "you" : s.chairName(chair)) : s.isMe(seat) ? "you" : s.name(seat));
  const next = who(t.next_dealer, t.next_chair);
  const deals = next === "you" ? "deal" : "deals";
  if (v.deals) return `Deal ${v.deal_number} was thrown in: nobody bid. ${cap(next)} ${deals} it again.`;
  return `Hand ${t.number} was thrown in: nobody bid. ${cap(next)} ${deals} hand ${v.hand_number}.`;
}

/** The cards your partner passed you (`view.received`, the server's), each copy counted: token → copies. */
export function receivedCounts(v) {
  const out = new Map();
  for (const t of Array.isArray(v?.received) ? v.received : []) out.set(t, (out.get(t) ?? 0) + 1);
  return out;
}

/**
 * How a card your partner passed you is said and marked: the declarer got it, the partner got it back.
 * The count is of the passed cards still in your hand (the server's `received`), never of all that were
 * passed: the legend and the hand's label say "in your hand".
 */
export const RECEIVED = Object.freeze({
  mark: "from partner",
  said: (declarer) => (declarer ? "passed to you by your partner" : "passed back by your partner"),
  // the key on your seat, in plain words: "4 cards from Partner", "4 cards back from Partner" (a room: the partner's name)
  legend: (n, declarer, partner = "Partner") => `${n === 1 ? "1 card" : `${n} cards`} ${declarer ? "from" : "back from"} ${partner}`,
  // the hand's label: "2 cards passed to you by your partner still in your hand, marked"
  inHand: (n, declarer) => `${n === 1 ? "1 card" : `${n} cards`} ${declarer ? "passed to you by your partner" : "passed back by your partner"} still in your hand, marked`,
});

/**
 * The cards the declarer buried (VARIANTS.md cutthroat: "buries 3 cards not used in meld (they count as the
 * declarer's taken cards)"; auction buries so too), lying face down by its seat: how many, from the view's
 * `buried_down` (everyone's), and which, from its `buried` (the declarer's alone). The browser holds no rule: it
 * only says what the view sends.
 */
export const BURIED = Object.freeze({
  caption: (n) => `Buried ${n}`,
  // the declarer's own pile: a button that names the cards (its label, its title, and a tap)
  mine: (cards) => `You buried ${list(cards.map(cardWords))}, face down: only you see them, and their counters count for you.`,
  mineShort: (cards) => `Buried: ${list(cards.map(cardShort))} (only you see them)`,
  // another seat's pile: backs and the count only
  theirs: (name, n) => `${name} buried ${n === 1 ? "1 card" : `${n} cards`} face down`,
});

/**
 * Why another deal follows the match's last scheduled one, from the view's `tied` (docs/protocol.md; the
 * browser holds no rules): "West and you are tied at 14: one more deal decides." (the leaders by name,
 * you last); the server's own sentence when the leaders are not the table's sides (a table of chairs).
 * Null without a tie.
 */
export function tiedSentence(s, tied) {
  if (!tied || typeof tied !== "object") return null;
  const leaders = Array.isArray(tied.leaders) ? tied.leaders : [];
  const why = typeof tied.why === "string" && tied.why.trim() ? tied.why.trim() : null;
  if (s.lineup || leaders.length < 2 || typeof tied.total !== "number" || !leaders.every((l) => s.sidesOrder.includes(l))) return why;
  const others = leaders.filter((l) => l !== s.mySide).map((l) => s.sideWords(l));
  const names = leaders.includes(s.mySide) ? [...others, s.sideWords(s.mySide).toLowerCase()] : others;
  return `${cap(list(names))} are tied at ${num(tied.total)}: one more deal decides.`;
}

/**
 * The question before a concession: "Concede the hand?" and what it costs, from the view's `concede_cost` (the
 * engine's settlement of the concession): "You pay East 2 and West 2." where stakes are paid, else the hand's
 * score of each side ("The hand would score: You & Partner 0, West & East 360."). The risky choice is "Concede"; the safe one keeps the hand.
 */
export function concedeQuestion(s, v) {
  const cost = v.concede_cost ?? {};
  const out = { title: "Concede the hand?", ok: "Concede", cancel: "Keep the hand", text: "" };
  const lines = settlementLines(s, cost.transfers, cost.chair_transfers) ?? [];
  if (lines.length) {
    const mine = lines.filter((l) => l.mine === "loss");
    const pay = /^You pay (.*)$/;
    out.text = mine.length === lines.length && mine.every((l) => pay.test(l.text))
      ? `You pay ${list(mine.map((l) => pay.exec(l.text)[1]))}.`
      : `${lines.map((l) => l.text).join(", ")}.`;
  } else if (cost.score && typeof cost.score === "object") {
    const parts = s.sidesOrder.filter((side) => side in cost.score)
      .map((side) => `${s.sideLong(side)} ${num(cost.score[side])}`);
    out.text = `The hand would score: ${parts.join(", ")}.`;
  }
  return out;
}
