// The table: the top bar, the seats round the felt (placed by seats.js from the
// view's list of seats, each drawn by views/seat.js), the centre (the trick, or the auction and trump), the
// stock and the widow, the status line and the sides' running totals.
// Pure view functions: they draw `ctx` (built by controller.js) and keep no state.

import { $, cardBack, cardEl, cardName, fill, h, num, suitChip } from "../dom.js";
import { Phase } from "../protocol.js";
import { contractText, dealLabel, DIX, handNumber, hasStock, midName, passLog, statusText, stuckVerb, takes, thrownInText } from "../words.js";
import { renderBoards, stockPile } from "./stock.js";
import { callsList } from "./bidding.js";
import { avatarFigure, renderSeat, seatHue } from "./seat.js";
import { meldOnFelt } from "./felt.js";
import { renderSidesLines } from "./sides.js";

// the phases whose centre shows the trick (two-handed: its tricks with the stock, the meld turn, the draw, the endgame)
const TRICKS = new Set([Phase.PLAY, Phase.STOCK_PLAY, Phase.STOCK_MELD, Phase.DRAW, Phase.ENDGAME]);
/** A hand that is over: its contract is told in the past tense ("West was stuck at 250"). */
const OVER = new Set([Phase.HAND_END, Phase.MATCH_END]);
// before the first card is led, the widow (once turned up) is shown large at the top of the felt; then small
const WIDOW_UP = new Set([Phase.WIDOW, Phase.TRUMP, Phase.MELD, Phase.BURY]);

export function completedTricks(v) {
  return v.tricks.filter((t) => t.winner).length;
}

// The games' "How to play" pages as GET /games lists them (`how_to_play`: a path, or null while a game
// has none); until the list arrives every game is taken to have its page.
const PAGES = new Map();

/** Remember which games have a "How to play" page (GET /games). */
export function knowHowToPlay(games) {
  PAGES.clear();
  for (const g of games ?? []) PAGES.set(g.name, typeof g.how_to_play === "string" ? g.how_to_play : null);
}

/**
 * The "How to play" page of a game: "/how-to-play" for the table game, "/how-to-play/NAME" for
 * another; null for a game the server lists without a page (the link is then left out).
 */
export function howToPlayHref(game) {
  if (game && PAGES.has(game) && PAGES.get(game) === null) return null;
  return !game || game === "table" ? "/how-to-play" : `/how-to-play/${encodeURIComponent(game)}`;
}

/** "Hand 3", or "Deal 3 of 9" in a match of a number of deals ("Deal 10 (extra)" past them). */
export function handLabel(v) {
  return dealLabel(v);
}

export function renderTopbar(ctx) {
  const { v, s } = ctx;
  const href = howToPlayHref(v.game ?? ctx.match?.game);
  const rules = $("rules-link");
  rules.hidden = !href;
  if (href) rules.setAttribute("href", href);
  $("hand-no").textContent = handLabel(v);
  $("hand-no").closest(".topbar").dataset.sides = String(s.sidesOrder.length);
  const c = $("contract");
  fill(c);
  if (v.declarer) {
    // a phone's bar has room for the declarer's initials only ("N 290 ♣"); the seat says "Declarer"
    c.append(
      h("span", { class: "contract-who" },
        // the hand over (its summary, the match's result behind it): "West was stuck at 250"
        h("span", { class: "wide-only" }, `${s.name(v.declarer)} `, v.stuck ? `${stuckVerb(s, v.declarer, OVER.has(v.phase))} stuck at ` : "bid "),
        h("span", { class: "narrow-only", "aria-hidden": "true" },
          h("span", { class: `avatar mini${v.declarer === v.seat ? " mine" : ""}`, dataset: { initials: s.initials(v.declarer), hue: seatHue(s, v.declarer) } }), " ")),
      h("strong", {}, String(v.bid)),
    );
    if (v.trump) c.append(" ", h("span", { class: "wide-only" }, "· Trump "), suitChip(v.trump));
  } else if (v.phase === Phase.AUCTION) {
    c.append("Auction");
  } else if (v.trump) {
    // no contract (two-handed, turned-trump): the turned card names trump, and the bar says it all hand
    c.append(h("span", { class: "contract-who" }, "Trump "), suitChip(v.trump));
  }
  const done = completedTricks(v);
  const tc = $("trick-count");
  tc.dataset.value = String(done);
  tc.textContent = TRICKS.has(v.phase) || v.phase === Phase.HAND_END || v.phase === Phase.MATCH_END
    ? `${done}/${v.tricks_in_hand} tricks` : "";
  const tag = $("room-tag");
  const kind = ctx.match?.kind;
  tag.hidden = !(kind === "room" || kind === "quick");
  tag.textContent = kind === "room" ? `Room ${ctx.roomCode ?? ""}`.trim() : kind === "quick" ? "Quick Match" : "";
  const ms = $("match-score");
  if (s.lineup) {
    // a table of chairs: every player's total, yours first (a phone shows initials)
    $("hand-no").closest(".topbar").dataset.sides = String(s.chairs.length);
    // a total per player leaves the bar room for initials only (the seats and the bench show the same ones)
    fill(ms, s.chairs.map((c) => h("span", { class: `side chair ${c === s.myChair ? "mine" : ""}`, "data-testid": `total-chair-${c}`, title: s.chairName(c) },
      h("span", { "aria-hidden": "true" }, c === s.myChair ? "You" : initialsOf(s.chairName(c))),
      " ", h("strong", {}, num(s.chairTotals[c])))));
    ms.setAttribute("aria-label", `Match score: ${s.chairs.map((c) => `${midName(s.chairName(c))} ${s.chairTotals[c]}`).join(", ")}; ${handLabel(v).toLowerCase()}`);
    return;
  }
  // a match to a target shows it; a match of a number of deals has none (the bar says "Deal k of n")
  fill(ms,
    s.sidesOrder.map((side) => h("span", { class: `side ${side}` }, sideLabel(s, side), " ", h("strong", {}, num(v.totals[side])))),
    v.target ? h("span", { class: "to" }, `to ${v.target}`) : null,
  );
  const said = s.sidesOrder.map((side) => `${midName(s.sideName(side))} ${v.totals[side]}`).join(", ");
  ms.setAttribute("aria-label", v.target ? `Match score: ${said}; first to ${v.target}`
    : `Match score: ${said}; ${handLabel(v).toLowerCase()}`);
}

/** "P3" for "Player 3", "AN" for "Ann Nash", "NW" for "North-west". */
function initialsOf(name) {
  const words = String(name).split(/[\s-]+/).filter(Boolean);
  const first = [...(words[0] ?? "?")][0];
  return (words.length > 1 ? first + [...words[1]][0] : first).toUpperCase();
}

/** A side's name in the bar: "Us", "Them"; with more than two sides, a phone shows the others' initials. */
function sideLabel(s, side) {
  const label = s.sideName(side);
  if (s.sidesOrder.length <= 2 || side === s.mySide) return label;
  const short = s.sideSeats(side).map(s.initials).join("");
  return h("span", {}, h("span", { class: "wide-only" }, label), h("span", { class: "narrow-only", "aria-hidden": "true" }, short));
}

/** The seat boxes round the felt: one per seat in play, at its place; the others are removed. */
export function renderSeats(ctx) {
  const { v, s } = ctx;
  const felt = $("felt");
  const keep = new Set();
  for (const seat of s.order) {
    const place = s.place(seat);
    let el = $(`pos-${place}`);
    if (!el) {
      el = h("section", { id: `pos-${place}`, class: `seat pos-${place}` });
      felt.append(el);
    }
    keep.add(el);
    renderSeat(ctx, el, seat);
  }
  for (const el of felt.querySelectorAll(":scope > .seat")) if (!keep.has(el)) el.remove();
  felt.dataset.seats = String(s.order.length); // style.css puts the bench and the piles where a seat is not
  renderBoards(ctx, felt); // two-handed: the melds on the table in front of each player, or the endgame marker
  const bench = $("bench");
  if (s.lineup) felt.dataset.chairs = String(s.chairTotals.length);
  else delete felt.dataset.chairs;
  if (s.lineup) {
    // a table of chairs: the one or two chairs sitting this hand out, with their totals; the dealer
    // (who sits out: the lineup's empty place N) wears the dealer's button on its avatar, as a seat
    // does, and says "Sits out" like the other (never a "Dealer" badge that reads as a player's)
    const out = s.chairs.filter((c) => s.chairsOut.includes(c));
    bench.hidden = !out.length;
    fill(bench, out.map((c) => {
      const deals = c === s.lineup.N;
      return h("div", { class: `benched ${c === s.myChair ? "mine" : ""} ${deals ? "dealer" : ""}`.trim(), "data-testid": `bench-chair-${c}` },
        h("span", { class: "seat-avatar", "aria-hidden": "true" },
          h("span", { class: "avatar", dataset: { initials: c === s.myChair ? "You" : initialsOf(s.chairName(c)), hue: String(c % 5),
            figure: c === s.myChair || s.chairFacts(c)?.computer === false ? "person" : "robot" } }),
          deals ? h("span", { class: "dealer-button", "data-testid": `dealer-chair-${c}`, title: "Dealer" }, "D") : null),
        h("span", { class: "seat-name" }, s.chairName(c)),
        // the chair's match total, said as one (a bare number beside a name read as nothing in particular)
        h("span", { class: "bench-total", title: "Match total" }, "Total ", h("strong", {}, num(s.chairTotals[c]))),
        h("span", { class: "badge out" }, "Sits out"));
    }));
    bench.setAttribute("aria-label", out.length ? `Sitting out this hand: ${out.map((c) => `${s.chairName(c)}${c === s.lineup.N ? " (dealer)" : ""}, total ${s.chairTotals[c]}`).join("; ")}` : "");
    return;
  }
  bench.hidden = !s.sittingOut.length;
  fill(bench, s.sittingOut.map((seat) => h("div", { class: "benched", "data-testid": `bench-${seat}` },
    h("span", { class: "avatar", "aria-hidden": "true", dataset: { initials: s.initials(seat), hue: seatHue(s, seat), figure: avatarFigure(s, seat) } }),
    h("span", { class: "seat-name" }, s.name(seat)), h("span", { class: "badge out" }, "Sits out"))));
  bench.setAttribute("aria-label", s.sittingOut.length ? `Sitting out this hand: ${s.sittingOut.map(s.name).join(", ")}` : "");
}

/** The centre of the felt: the trick in play (each card at its player's place), or what the phase is about. */
export function renderCentre(ctx) {
  const { v, s } = ctx;
  const el = $("centre");
  const trick = v.tricks.length ? v.tricks[v.tricks.length - 1] : null;
  const note = $("trick-note");
  if (note) fill(note);
  const key = `${ctx.match?.id}/${handNumber(v)}/${v.tricks.length}`;
  const prevCount = el.dataset.trickKey === key ? Number(el.dataset.count) : 0;
  el.dataset.trickKey = key;
  el.dataset.count = String(trick ? trick.cards.length : 0);
  el.dataset.seats = String(s.order.length);
  fill(el);
  el.classList.toggle("has-trick", Boolean(trick));
  if (!trick || v.phase === Phase.AUCTION || v.phase === Phase.TRUMP || v.phase === Phase.MELD || v.phase === Phase.BURY) {
    el.setAttribute("aria-label", "Table centre");
    el.append(centreInfo(ctx));
    return;
  }
  // the trick's leader: its first card carries a small "led" tag, and the words say who led
  const leader = trick.leader ?? trick.seats[0];
  const led = leader ? `${s.name(leader)} led` : "";
  el.setAttribute("aria-label", [trick.winner ? `Last trick, won by ${midName(s.name(trick.winner))}` : "Current trick", led].filter(Boolean).join(", "));
  trick.cards.forEach((card, i) => {
    const seat = trick.seats[i];
    const fresh = i >= prevCount;
    const won = trick.winner === seat;
    const first = i === 0 && seat === leader;
    el.append(h("div", { class: `slot slot-${s.place(seat)} ${fresh ? "fresh" : ""} ${won ? "won" : ""}`, "data-testid": `trick-${seat}` },
      cardEl(card, { size: "trick", label: `${first ? led : s.name(seat)}: ${cardName(card)}` }),
      first ? h("span", { class: "led-tag", "data-testid": "led-tag", "aria-hidden": "true" }, "led") : null,
      h("span", { class: "slot-who", "aria-hidden": "true" }, s.name(seat))));
  });
  if (trick.winner) {
    // a caption of its own under the trick, on the winner's side (table-fit.css), never over a card or a seat
    // (a name too long for the felt is cut short with an ellipsis; the words after it stay whole)
    const w = trick.winner;
    const pill = h("div", { class: `trick-winner at-${s.place(w)}`, "data-testid": "trick-winner", title: `${takes(s, w)} the trick` },
      s.isMe(w) ? h("span", { class: "tw-words" }, `${takes(s, w)} the trick`)
        : [h("span", { class: "tw-who" }, s.name(w)), h("span", { class: "tw-words" }, " takes the trick")]);
    // two-handed: under the trick, in a box of the felt's own (its trick is narrower than the caption)
    if (hasStock(v)) $("trick-note")?.append(pill);
    else el.append(pill);
  }
}

function centreInfo(ctx) {
  const { v, s } = ctx;
  const box = h("div", { class: "centre-info" });
  // the widow turned up for everyone, in the middle of the felt, until the first lead
  if (widowUp(v)) box.append(widowPile(ctx, true));
  if (v.phase === Phase.AUCTION) {
    // the widow face down in the middle while the auction lasts (the view counts it: widow_down)
    const down = widowPile(ctx);
    if (down) box.append(down);
    // the hand before was thrown in (nobody bid): say so, and who deals now
    if (v.thrown_in) box.append(h("div", { class: "thrown-in", "data-testid": "thrown-in" }, thrownInText(s, v)));
    box.append(h("div", { class: "ci-title" }, "Auction"));
    if (v.high_bid) {
      box.append(h("div", { class: "ci-big", "data-testid": "high-bid" }, String(v.high_bid)),
        h("div", { class: "ci-who" }, `high bid · ${s.name(v.high_bidder)}`));
    } else {
      box.append(h("div", { class: "ci-big", "data-testid": "high-bid" }, "—"), h("div", {}, "no bid yet"));
    }
    const calls = callsList(ctx); // every call of this hand in order (views/bidding.js)
    if (calls) box.append(calls);
  } else if (v.phase === Phase.TRUMP) {
    box.append(h("div", { class: "ci-title" }, contractText(s, v.declarer, v.stuck, v.bid)),
      h("div", { class: "ci-naming" }, s.isMe(v.declarer) ? "Name trump" : `${s.name(v.declarer)} is naming trump…`));
    // the auction just closed stays in sight while trump is named: who passed, who bid what (on the
    // smallest phones in place of the line above, which the status line says too: polish.css)
    const calls = callsList(ctx);
    if (calls) box.append(calls);
  } else if (v.phase === Phase.DIX_EXCHANGE) {
    // turned-trump's house rule dix_exchange: the players are asked in turn; your own choice is in the controls
    box.append(...[h("div", { class: "ci-title" }, DIX.centre),
      v.trump ? h("div", { class: "ci-trump" }, "Trump ", suitChip(v.trump)) : null,
      v.turn && !s.isMe(v.turn) ? h("div", {}, DIX.asked(s.name(v.turn))) : null].filter(Boolean));
  } else if (v.phase === Phase.EXCHANGE) {
    // the card pass between the partners: the pass made so far and who chooses now (words.js passLog)
    box.append(h("div", { class: "ci-title" }, "Passing cards"),
      ...passLog(s, v).map((line) => h("div", { class: "ci-pass", "data-testid": "pass-log" }, line)));
  } else if (v.phase === Phase.MELD || v.phase === Phase.WIDOW) {
    box.append(h("div", { class: "ci-title" }, v.phase === Phase.WIDOW ? "The widow" : "Meld"),
      h("div", {}, v.phase === Phase.WIDOW ? "turning up the widow…" : "laying down meld…"));
  } else if (v.phase === Phase.BURY) {
    // the declarer buries (or concedes); the buried cards are the declarer's alone to see
    const mine = s.isMe(v.declarer);
    box.append(...[h("div", { class: "ci-title" }, contractText(s, v.declarer, v.stuck, v.bid)),
      v.trump ? h("div", { class: "ci-trump" }, "Trump ", suitChip(v.trump)) : null,
      // your own choice is spelled out in the status line and the controls
      mine ? null : h("div", {}, `${s.name(v.declarer)} is burying…`)].filter(Boolean));
  } else if (TRICKS.has(v.phase) && v.turn) {
    box.append(h("div", { class: "ci-title" }, "Trump"), v.trump ? h("div", { class: "ci-big" }, suitChip(v.trump)) : null,
      h("div", { class: "ci-who" }, `${s.name(v.turn)} ${s.verb(v.turn, "lead", "leads")}`));
  }
  return box;
}

/** The widow's cards when the view shows them: `view.widow` as a list of cards (or `{count, cards}`). */
function widowCards(v) {
  if (Array.isArray(v.widow)) return v.widow;
  return Array.isArray(v.widow?.cards) ? v.widow.cards : [];
}

/**
 * Whether the widow is shown large in the middle of the felt: turned up, after the auction and
 * before the first lead, until the meld takes the middle of the felt (views/felt.js).
 */
function widowUp(v) {
  return widowCards(v).length > 0 && WIDOW_UP.has(v.phase) && !meldOnFelt(v) && !(v.buried_down > 0);
}

/**
 * Who took the widow, in words ("West took the widow", "You took the widow"), from the server's
 * `widow_taken_by` (the declarer, from the end of the auction); null while nobody has.
 */
export function widowTakenText(s, v) {
  const by = v.widow_taken_by;
  return by ? `${s.name(by)} took the widow` : null;
}

/**
 * The widow, or null when the view has none: face down while the view counts it (`view.widow_down`, the
 * auction: in the middle of the felt, above the calls), face up once it
 * lists its cards: large when `up` (the middle of the felt), else small, each card whole. Once a
 * seat has taken it (`view.widow_taken_by`) the cards are that seat's: the caption and the label
 * say who took them, never "Widow" as if they still lay on the felt.
 */
function widowPile(ctx, up = false) {
  const { v, s } = ctx;
  const cards = widowCards(v);
  const count = Array.isArray(v.widow) ? v.widow.length : v.widow?.count ?? v.widow_down ?? 0;
  if (!(count || cards.length)) return null;
  const taken = widowTakenText(s, v);
  const label = cards.length ? `${taken ?? "Widow"}: ${cards.map(cardName).join(", ")}` : `Widow: ${count} cards face down`;
  return h("figure", { class: `pile widow ${up ? "up" : ""} ${taken ? "taken" : ""}`.replace(/\s+/g, " ").trim(), "data-testid": "widow",
    "aria-label": label, dataset: { takenBy: v.widow_taken_by ?? "" } },
  h("div", { class: "pile-cards" }, cards.length ? cards.map((c) => cardEl(c, up ? { size: "trick", index: true } : { size: "mini" }))
    : Array.from({ length: count }, () => cardBack({ size: "mini" }))),
  h("figcaption", { "data-testid": "widow-caption" }, taken ?? "Widow"));
}

/**
 * The stock (face down, with its count and the turned-up card under it), the card turned for trump
 * (`view.turned`, turned-trump) and the widow (face down until the view shows its cards):
 * `view.stock = {count, up}`, `view.widow = {count, cards}`.
 */
export function renderPiles(ctx) {
  const { v } = ctx;
  const el = $("piles");
  const kids = [];
  delete el.dataset.dealer; // set below with a card turned for trump
  if (hasStock(v)) {
    // two-handed: the stock with the upcard across under it (views/stock.js); nothing once it is gone
    const pile = stockPile(v, ctx.stockNews ?? {});
    fill(el, pile);
    el.hidden = !pile;
    return;
  }
  if (v.stock && v.stock.count >= 0) {
    kids.push(h("figure", { class: "pile stock", "data-testid": "stock", "aria-label": `Stock: ${v.stock.count} cards${v.stock.up ? `, ${cardName(v.stock.up)} turned up` : ""}` },
      h("div", { class: "pile-cards" },
        v.stock.up ? cardEl(v.stock.up, { size: "mini", class: "turned", label: `Turned up: ${cardName(v.stock.up)}` }) : null,
        v.stock.count ? cardBack({ size: "mini" }) : null),
      h("figcaption", {}, `Stock ${v.stock.count}`)));
  }
  if (typeof v.turned === "string") {
    // turned-trump: the dealer's last card, turned for all to see, names trump; after a dix exchange
    // (its house rule) the player who took it for the nine of trump
    const to = typeof v.dix_exchange === "string" ? ctx.s.name(v.dix_exchange) : null;
    el.dataset.dealer = ctx.s.place(v.dealer); // the turned card lies by the dealer's seat (views/felt.js placeTurned)
    kids.push(h("figure", { class: "pile turned", "data-testid": "turned",
      "aria-label": to ? DIX.turnedLabel(cardName(v.turned), to) : `Turned for trump: ${cardName(v.turned)}` },
    h("div", { class: "pile-cards" }, cardEl(v.turned, { size: "mini" })),
    h("figcaption", { "data-testid": "turned-caption" }, "Turned",
      to ? h("span", { class: "turned-to", "data-testid": "turned-to", "aria-hidden": "true" }, DIX.to(to)) : null)));
  }
  // the widow: face down while the view counts it, turned up for everyone once it lists its cards
  // (in the middle of the felt until the first lead: renderCentre; then small, each card whole), gone from the
  // felt once the declarer has buried (the view's buried_down): its cards are in the declarer's hand or buried,
  // face down by its seat (views/seat.js buriedPile)
  if (!widowUp(v) && v.phase !== Phase.AUCTION && !(v.buried_down > 0)) {
    const pile = widowPile(ctx);
    if (pile) kids.push(pile);
  }
  fill(el, kids);
  el.hidden = !kids.length;
}

export function renderStatus(ctx) {
  const { v, s } = ctx;
  const el = $("status");
  const mine = Object.keys(v.legal ?? {}).length > 0 && v.phase !== Phase.HAND_END;
  el.textContent = statusText(s, v, ctx.waiting);
  el.classList.toggle("mine", mine);
  el.dataset.mine = mine ? "true" : "false";
}

/** The sides' lines: only what means something at this point of the hand (views/sides.js). */
export function renderSides(ctx) {
  renderSidesLines(ctx);
}
