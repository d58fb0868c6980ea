// Two-handed Pinochle on the felt (docs/games/two-handed.md): the stock with the upcard fanned out
// from under it, each player's melds lying on the table in front of them (face up, a group for each meld
// declared, a card that served two melds echoed in the second; yours are buttons, playable from there
// while the view lists them in `legal.play`), the Meld choice after a trick won (only `legal.melds`, `legal.dix` and "No meld"),
// the endgame marker once the stock is gone, and the news of a new view (the cards you drew, the
// dix exchanged, the melds back in the hands).
//
// The view's facts: `stock_left` (cards left to draw, the upcard included), `upcard`, `table`
// ({N: [{card, melds: [kinds]}], S: [...]}), `declared` (every meld scored this hand), `endgame`,
// `dix_exchanged`. Nothing here knows a rule: the cards, the melds and their points are the view's.
// Pure view functions, but `stockNews` (which compares two views of one hand).

import { cardBack, cardEl, cardName, cardShort, h, num, SUIT } from "../dom.js";
import { Phase } from "../protocol.js";
import { ENDGAME_RULE, ENDGAME_TITLE, hasStock, meldKindName, meldLabel, STOCK } from "../words.js";

export { hasStock };

/** A seat's melded cards on the table, as the view lists them. */
export function tableCards(v, seat) {
  const t = v?.table?.[seat];
  return Array.isArray(t) ? t : [];
}

/**
 * A seat's table cards grouped by the melds it declared (the view's `declared` of that seat, in order;
 * each meld's `kind` picks, of two identical cards, the one that served it):
 * each group is one meld, its name and those of its cards still on the table, so that a player can
 * check every meld's points from the table. A card that served two melds shows in both groups: the
 * first showing is the card, the next ones an echo of it (`echo: true`). Table cards no declared meld
 * accounts for are grouped by the kind they served. Groups with no card left are dropped.
 * Each meld has a group of its own, named as a player says it, with its one suit and its points (two
 * marriages are "Marriage ♦ 20" and "Marriage ♣ 20", never one "Marriage ♦ ♣ 40" mixing suits).
 * Returns [{name, points, parts: [{suit, cards: [{card, melds, index, echo}]}]}] (one part a group); a part's
 * `suit` is the one suit of all its meld's cards ("S"), else null; `points` are what the meld scored when
 * declared (the view's `declared`), null for cards no declared meld accounts for.
 */
export function meldGroups(cards, declared = []) {
  const groups = [];
  const shown = new Set();
  const usedBy = new Map(); // a meld's name -> the table indexes that already stand for one meld of that name
  for (const d of declared) {
    if (d.after === 0) continue; // the deal's turned card (a nine: "dix turned") lies under the stock, never on the table
    const used = usedBy.get(d.name) ?? new Set();
    usedBy.set(d.name, used);
    const group = { name: d.name, suit: null, cards: [], points: Number(d.points) || 0 };
    const tokens = Array.isArray(d.cards) ? d.cards : [];
    const suits = new Set(tokens.map((t) => t[1]));
    if (tokens.length > 1 && suits.size === 1) group.suit = tokens[0][1];
    const inGroup = new Set();
    // the table card that stands for this meld's card: one that served the meld's kind (of two
    // Q♠ on the table, the one in the royal marriage, not the one in the run), not yet taken
    const serves = (t) => !d.kind || (Array.isArray(t.melds) && t.melds.includes(d.kind));
    for (const token of tokens) {
      const index = cards.findIndex((t, i) => t.card === token && serves(t) && !used.has(i) && !inGroup.has(i));
      if (index < 0) continue; // played since
      inGroup.add(index);
      group.cards.push({ ...cards[index], index, echo: shown.has(index) });
    }
    for (const i of inGroup) { used.add(i); shown.add(i); }
    if (group.cards.length) groups.push(group);
  }
  const merged = groups.map((g) => ({ name: g.name, parts: [{ suit: g.suit, cards: g.cards }], points: g.points }));
  const byKind = new Map();
  cards.forEach((t, index) => {
    if (shown.has(index)) return;
    const kind = Array.isArray(t.melds) && t.melds.length ? t.melds[0] : "meld";
    let g = byKind.get(kind);
    if (!g) {
      g = { name: meldKindName(kind).toLowerCase(), parts: [{ suit: null, cards: [] }], points: null };
      byKind.set(kind, g);
      merged.push(g);
    }
    g.parts[0].cards.push({ ...t, index, echo: false });
  });
  return merged;
}

/** "Queen of spades, served queens around and pinochle". */
function servedLabel(t) {
  return STOCK.served(cardName(t.card), (t.melds ?? []).map((k) => meldKindName(k).toLowerCase()));
}

/**
 * One player's melds on the table. Yours (`mine`) are buttons: playable (`legal.play`) during your
 * trick, the same 44 px targets as the hand's; the opponent's are faces only.
 */
function board(ctx, seat, mine) {
  const { v, s } = ctx;
  const cards = tableCards(v, seat);
  const playable = new Set(v.legal?.play ?? []);
  const myPlay = mine && playable.size > 0;
  const news = ctx.stockNews ?? {};
  const declared = (v.declared ?? []).filter((d) => d.seat === seat);
  const groups = meldGroups(cards, declared).map((g) => h("div", { class: "meld-group", "data-testid": `meld-group-${seat}`,
    dataset: { name: g.name, points: g.points === null ? "" : String(g.points) } },
    h("span", { class: "group-name" }, meldLabel(g.name),
      ...g.parts.filter((p) => p.suit).map((p) => h("span", { class: `group-suit ${SUIT[p.suit].color} suit-${p.suit}` }, SUIT[p.suit].sym)),
      // what the meld scored, as on the other games' plates
      g.points === null ? null : h("span", { class: "group-pts", "data-testid": "group-points" }, num(g.points))),
    h("span", { class: "group-cards" }, ...g.parts.flatMap((p, k) => [k ? h("span", { class: "part-gap", "aria-hidden": "true" }) : null, ...p.cards.map((t) => {
      if (t.echo) {
        // the same card again, in the second meld it served: a picture, not a second button
        return cardEl(t.card, { size: "oboard", class: "echo", props: { "aria-hidden": "true", "data-testid": "table-echo" } });
      }
      const label = servedLabel(t);
      if (!mine) {
        return cardEl(t.card, { size: "oboard", class: news.laid?.has(`${seat}/${t.index}`) ? "laid" : "", label: `${s.name(seat)}: ${label}` });
      }
      const ok = playable.has(t.card);
      return cardEl(t.card, {
        button: true,
        size: "board",
        class: [myPlay ? (ok ? "legal" : "illegal") : "", news.laid?.has(`${seat}/${t.index}`) ? "laid" : ""].join(" ").trim(),
        dataset: { legal: myPlay && ok ? "true" : "false", focus: `table-${t.index}-${t.card}` },
        props: { "data-testid": "table-card", onclick: () => ctx.act.play(t.card), title: myPlay && ok ? STOCK.playFromTable : null },
        label: STOCK.onTable(label, myPlay && ok),
      });
    })]))));
  const who = STOCK.boardOf(s.isMe(seat), s.name(seat));
  return h("section", {
    id: `board-${s.place(seat)}`, class: `board board-${s.place(seat)} ${mine ? "mine" : ""} ${myPlay ? "my-play" : ""}`,
    "data-testid": `board-${seat}`, dataset: { seat, cards: String(cards.length) }, "aria-label": STOCK.board(who, cards.length),
  }, ...groups);
}

/**
 * The melds on the table in front of each player (the felt's rows above your seat and under the
 * opponent's), or, once the stock is gone, the endgame marker in the opponent's row.
 */
export function renderBoards(ctx, felt) {
  const { v, s } = ctx;
  const keep = new Set();
  if (hasStock(v) && !v.endgame) {
    for (const seat of s.order) {
      const el = board(ctx, seat, s.isMe(seat));
      keep.add(el.id);
      const old = felt.querySelector(`:scope > #${el.id}`);
      if (old) old.replaceWith(el);
      else felt.append(el);
    }
  }
  const marker = hasStock(v) && v.endgame && v.phase !== Phase.HAND_END && v.phase !== Phase.MATCH_END;
  if (marker) {
    const el = h("div", { id: "endgame-marker", class: `endgame-marker ${ctx.stockNews?.endgameStarted ? "fresh" : ""}`, "data-testid": "endgame-marker", role: "note" },
      h("strong", { class: "em-title" }, ENDGAME_TITLE),
      h("span", { class: "em-rule" }, ENDGAME_RULE),
      ctx.stockNews?.endgameStarted ? h("span", { class: "em-back", "data-testid": "melds-back" }, STOCK.meldsBack) : null);
    keep.add(el.id);
    const old = felt.querySelector(":scope > #endgame-marker");
    if (old) old.replaceWith(el);
    else felt.append(el);
  }
  if (hasStock(v)) {
    // who takes the trick, under it (views/table.js renderCentre fills it; table-fit.css places it)
    let note = felt.querySelector(":scope > #trick-note");
    if (!note) {
      note = h("div", { id: "trick-note", class: "trick-note" });
      felt.append(note);
    }
    keep.add(note.id);
  }
  for (const el of felt.querySelectorAll(":scope > .board, :scope > .endgame-marker, :scope > .trick-note")) if (!keep.has(el.id)) el.remove();
  felt.dataset.stock = hasStock(v) ? (v.endgame ? "endgame" : "stock") : "";
  if (!hasStock(v)) delete felt.dataset.stock;
}

/**
 * The stock: a face-down pile with the number left and the upcard fanned out from under it, upright; the dix once
 * exchanged lies there in the upcard's place. Nothing once the stock is gone. Null for other games.
 */
export function stockPile(v, news = {}) {
  if (!hasStock(v) || v.endgame || !(v.stock_left > 0)) return null;
  const left = v.stock_left;
  const down = v.upcard ? left - 1 : left; // stock_left counts the upcard
  const label = STOCK.stockLabel(left, v.upcard ? cardName(v.upcard) : null, v.dix_exchanged);
  return h("figure", { class: `pile stock two ${news.dix ? "swapped" : ""}`, "data-testid": "stock", "aria-label": label },
    h("div", { class: "pile-cards" },
      v.upcard ? cardEl(v.upcard, { size: "trick", class: "upcard", label: STOCK.upLabel(cardName(v.upcard)), props: { "data-testid": "upcard" } }) : null,
      down > 0 ? h("span", { class: "stack" }, cardBack({ size: "trick" }), down > 1 ? cardBack({ size: "trick" }) : null) : null),
    h("figcaption", {}, h("span", { class: "stock-n", "data-testid": "stock-left" }, num(left)), " ", h("span", { class: "stock-word" }, STOCK.toDraw)),
    news.dix ? h("span", { class: "dix-note", "data-testid": "dix-note" }, STOCK.dixNote(cardShort(news.dix.nine), cardShort(news.dix.up))) : null);
}

/** Whether the meld choice is yours now: the view offers melds, the dix (with its points, legal.dix_points), or passing after a trick won. */
export function meldChoice(v) {
  const L = v?.legal ?? {};
  if (!hasStock(v) || L.play || L.bid) return null;
  const melds = Array.isArray(L.melds) ? L.melds : [];
  if (!melds.length && !L.dix && !L.pass) return null;
  const dixPoints = Number.isFinite(L.dix_points) && L.dix_points > 0 ? L.dix_points : null;
  return { melds, dix: Boolean(L.dix), dixPoints, pass: Boolean(L.pass) };
}

/** The melds you declared this turn (the view's `declared`, after the last trick won). */
function declaredNow(v) {
  const done = v.tricks.filter((t) => t.winner).length;
  return (v.declared ?? []).filter((d) => d.seat === v.seat && d.after === done);
}

/** The Meld choice after a trick won: one button per meld the view allows (its points), the dix, and "No meld". */
export function meldControls(ctx) {
  const { v, act } = ctx;
  const c = meldChoice(v);
  if (!c) return null;
  const already = declaredNow(v);
  const buttons = c.melds.map((m, i) => h("button", {
    class: "btn meld-option", type: "button", "data-testid": `meld-option-${i}`, "data-focus": `meld-option-${i}`,
    dataset: { cards: m.cards.join(" ") }, // the meld's cards, for the hint to ring the meld it names
    "aria-label": STOCK.meldOption(meldLabel(m.name), m.cards.map(cardName), m.points),
    onclick: () => act.meld(m.cards),
  }, h("span", { class: "mo-name" }, meldLabel(m.name)),
  h("span", { class: "mo-cards", "aria-hidden": "true" }, m.cards.map(cardShort).join(" ")),
  h("span", { class: "mo-pts" }, `+${m.points}`)));
  if (c.dix) {
    // what the dix scores, as the view says it (legal.dix_points), beside its name as a meld's points are
    const pts = c.dixPoints;
    const what = v.upcard && !v.dix_exchanged ? STOCK.dixExchange(cardName(v.upcard)) : STOCK.dixShow;
    buttons.push(h("button", {
      class: `btn meld-option dix ${pts ? "with-pts" : ""}`.trim(), type: "button", "data-testid": "meld-dix", "data-focus": "meld-dix",
      "aria-label": pts ? STOCK.dixPoints(what, pts) : what,
      onclick: act.dix,
    }, h("span", { class: "mo-name" }, STOCK.dix),
    pts ? h("span", { class: "mo-pts", "data-testid": "dix-points" }, `+${pts}`) : null,
    h("span", { class: "mo-cards", "aria-hidden": "true" }, v.upcard && !v.dix_exchanged ? `⇄ ${cardShort(v.upcard)}` : STOCK.dixShowShort)));
  }
  if (c.pass) {
    buttons.push(h("button", {
      class: "btn meld-pass", type: "button", "data-testid": "meld-pass", "data-focus": "meld-pass", onclick: act.passMeld,
    }, already.length ? STOCK.done : STOCK.noMeld));
  }
  const title = already.length ? STOCK.melded(already.map((d) => meldLabel(d.name))) : STOCK.meld;
  return h("div", { class: "meld-choice", role: "group", "aria-labelledby": "meld-choice-title", "data-testid": "meld-choice" },
    h("span", { id: "meld-choice-title", class: "mc-title" }, title),
    h("div", { class: "mc-options" }, ...buttons));
}

/** The multiset of cards in a list of tokens. */
function counts(tokens) {
  const m = new Map();
  for (const t of tokens) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
}

/**
 * What changed between two views of one two-handed hand, for the page to show:
 * - `drawn`: the cards new in your hand from the stock (the upcard too, drawn at the stock's end), by token and
 *   count; never the turned card you took for your dix;
 * - `returned`: the cards back in your hand from the table (the endgame starts);
 * - `dix`: {nine, up, mine} when the upcard turned into the dix (an exchange; `mine`: you exchanged yours);
 * - `laid`: the table cards just laid down ("N/3": seat and index);
 * - `endgameStarted`: the stock ran out with this view.
 */
export function stockNews(prev, v) {
  const out = { drawn: new Map(), returned: new Map(), dix: null, laid: new Set(), endgameStarted: false };
  if (!hasStock(v) || !prev || !hasStock(prev) || prev.hand_number !== v.hand_number || prev.version === v.version) return out;
  const me = v.seat;
  const had = counts([...(prev.hand ?? []), ...tableCards(prev, me).map((t) => t.card)]);
  const onTable = counts(tableCards(prev, me).map((t) => t.card));
  const now = counts(v.hand ?? []);
  for (const [card, n] of now) {
    const before = counts(prev.hand ?? []).get(card) ?? 0;
    const fromTable = Math.min(Math.max(0, n - before), onTable.get(card) ?? 0);
    const fresh = n - (had.get(card) ?? 0);
    if (v.endgame && !prev.endgame && fromTable > 0) out.returned.set(card, fromTable);
    if (fresh > 0) out.drawn.set(card, fresh);
  }
  if (v.dix_exchanged && !prev.dix_exchanged && prev.upcard && v.upcard) {
    out.dix = { nine: v.upcard, up: prev.upcard };
    // the turned card taken for the dix came from the exchange, not the stock: never "You drew" it
    const got = out.drawn.get(out.dix.up) ?? 0;
    const mineNow = counts([...(v.hand ?? []), ...tableCards(v, me).map((t) => t.card)]);
    const gave = (had.get(out.dix.nine) ?? 0) > (mineNow.get(out.dix.nine) ?? 0); // your nine went under the stock
    if (got && gave) {
      if (got > 1) out.drawn.set(out.dix.up, got - 1);
      else out.drawn.delete(out.dix.up);
      out.dix.mine = true;
    }
  }
  out.endgameStarted = Boolean(v.endgame && !prev.endgame);
  for (const seat of Object.keys(v.table ?? {})) {
    const before = tableCards(prev, seat);
    tableCards(v, seat).forEach((t, i) => {
      const old = before.find((b) => b.card === t.card);
      if (!old || (t.melds ?? []).length > (old.melds ?? []).length) out.laid.add(`${seat}/${i}`);
    });
  }
  return out;
}

/**
 * The news in words, for the status line's second sentence and the screen reader. `name` names a card:
 * the short "K♦" on the status line, the screen reader's "the king of diamonds" (the announcer passes it).
 */
export function newsWords(s, prev, v, news, name = cardShort) {
  const say = [];
  if (!news || !prev) return say;
  if (news.dix) {
    const d = (v.declared ?? []).filter((x) => x.name === "dix").at(-1);
    const who = news.dix.mine ? v.seat : d ? d.seat : null;
    say.push(STOCK.exchanged(who ? s.spoken(who) : null, name(news.dix.nine), name(news.dix.up)));
  }
  if (news.endgameStarted) say.push(`${ENDGAME_TITLE}. ${ENDGAME_RULE} ${STOCK.meldsBack}`);
  else if (news.drawn.size) {
    const cards = [...news.drawn].flatMap(([c, n]) => Array(n).fill(c));
    say.push(STOCK.drew(cards.map(name)));
  }
  return say;
}

/** The hand's summary of a two-handed hand: per player, the meld, the counters (with the last trick), the tricks, the hand and the match. */
export function stockSummaryTable(s, v, last) {
  const cols = s.sidesOrder;
  const lastTrick = v.tricks?.length === v.tricks_in_hand ? v.tricks.at(-1)?.winner ?? null : null;
  const W = STOCK.summary;
  const row = (label, key, cls = null) => h("tr", { class: cls }, h("th", { scope: "row" }, label), ...cols.map((side) => h("td", {}, key(side))));
  // the server's parts of each score (meld, counters, the last trick's 10, and any other it gives): one row per
  // label in the order they come, each cell the part's points, the rule on the row's head, as the other games'
  // summaries show them; the rows add up to the hand
  const words = { "Meld kept": W.meld, Counters: W.counters, "Last trick": W.lastTrick };
  const labels = [];
  const rules = new Map();
  for (const side of cols) {
    for (const p of last.parts?.[side] ?? []) {
      if (!labels.includes(p.label)) { labels.push(p.label); rules.set(p.label, p.rule); }
    }
  }
  const partRow = (label) => h("tr", { class: "part-row", "data-testid": "part-row" },
    h("th", { scope: "row", title: rules.get(label) ?? null }, words[label] ?? label), ...cols.map((side) => {
      const mine = (last.parts?.[side] ?? []).filter((p) => p.label === label);
      const sum = mine.reduce((n, p) => n + p.points, 0);
      // a part the player does not have reads "—", as in every game's summary; the last trick's bonus a plain figure
      const shown = !mine.length ? "—" : num(sum);
      return h("td", { class: "part", "data-testid": "part-cell", dataset: { col: side, points: mine.length ? String(sum) : "" } }, shown);
    }));
  // the last trick's row even when nobody's parts name it (a hand of the old summaries, without parts, too)
  if (last.parts && !labels.includes("Last trick")) labels.push("Last trick");
  const parts = last.parts ? labels.map(partRow) : [
    row(W.meld, (side) => num(last.meld[side])),
    row(W.counters, (side) => num(last.counters[side])),
    row(W.lastTrick, (side) => (lastTrick === null ? "—" : s.sideSeats(side).includes(lastTrick) ? W.won : "—")),
  ];
  return h("table", { class: "summary-table stock-summary", "data-testid": "summary-table" },
    h("thead", {}, h("tr", {}, h("td", {}), ...cols.map((side) => h("th", { scope: "col" }, s.sideLong(side))))),
    // the rows in every game's order: the tricks, then the parts (meld, counters, the last trick), then the hand's score
    h("tbody", {},
      row(W.tricks, (side) => String(last.tricks[side])),
      ...parts,
      h("tr", { class: "score-row" }, h("th", { scope: "row" }, W.hand),
        ...cols.map((side) => h("td", { "data-testid": `hand-score-${side}` }, `+${num(last.score[side])}`))),
      h("tr", { class: "total-row" }, h("th", { scope: "row" }, W.total),
        ...cols.map((side) => h("td", {}, num(last.totals[side]))))));
}

/** The news kept for the hand: the cards to mark in your hand (drawn, returned). */
export function handMarks(news) {
  return { drawn: new Map(news?.drawn ?? []), returned: new Map(news?.returned ?? []) };
}
