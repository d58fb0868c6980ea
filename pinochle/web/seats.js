// Seat geometry and seat names, worked out from the view's list of seats.
//
// The view lists the seats in play order (`view.seats`, clockwise) and the
// sides (`view.sides`: side name -> its seats). You always sit at the bottom;
// the others go round the table clockwise from you:
//
//   2 players   bottom, top
//   3 players   bottom, left, right
//   4 players   bottom, left, top, right
//
// At a table of more players than seats (auction at 4 or 5) the players are
// chairs (numbers); each hand the view's `lineup` says which chair plays at each
// place (N is the dealer's empty place) and `chairs_out` lists the chairs sitting
// out: the active ones go round the table, the others on the bench. When you sit
// the hand out (`view.sits_out`) you watch over South's shoulder (South at the
// bottom, no cards of your own, no move).
// Nothing here knows a rule: partners are whoever the view puts on your side.
// Plain ES module, no dependencies.

export const COMPASS = Object.freeze({ N: "North", E: "East", S: "South", W: "West" });
const DEFAULT_SEATS = ["N", "E", "S", "W"];
const PLACES = Object.freeze({
  1: ["bottom"],
  2: ["bottom", "top"],
  3: ["bottom", "left", "right"],
  4: ["bottom", "left", "top", "right"],
});

/** The places round the table for `n` seats in play, clockwise from yours. */
export function placesFor(n) {
  return PLACES[n] ?? PLACES[4];
}

// A computer guest's name ends with its description, e.g. "East (computer, Normal)": the seat shows
// "East" and a Computer badge. A person's name is never shortened.
const COMPUTER_NAME = /^(.+?)\s*\((computer\b[^)]*)\)$/i;

/**
 * Everything about the seats of one table for one viewer: where each sits, what
 * it is called, which side it is on. `view` may be null (a room's lobby: the
 * seats are N E S W); `table` is the server's table facts (names, connections)
 * or null in solo; `you` overrides the viewer's seat (the lobby).
 */
export function seating(view, table, you = null) {
  const all = Array.isArray(view?.seats) && view.seats.length ? view.seats : DEFAULT_SEATS;
  const out = new Set(Array.isArray(view?.sitting_out) ? view.sitting_out : []);
  const playing = all.filter((s) => !out.has(s));
  // a table of chairs: the lineup names the chair at each place this hand
  const lineup = view?.lineup && typeof view.lineup === "object" && Array.isArray(view?.chair_totals) ? view.lineup : null;
  const chairTotals = lineup ? view.chair_totals : [];
  const myChair = lineup && Number.isInteger(view?.chair) ? view.chair : null;
  const watching = Boolean(lineup && view?.sits_out);
  const me = you ?? (watching ? (view.seat ?? "N")
    : all.includes(table?.you) ? table.you : all.includes(view?.seat) ? view.seat : "S");
  const sides = view?.sides && typeof view.sides === "object" ? view.sides
    : { NS: ["N", "S"], EW: ["E", "W"] };
  const sideOf = (seat) => Object.keys(sides).find((k) => sides[k].includes(seat)) ?? null;
  const mySide = sideOf(me);
  const partners = mySide ? sides[mySide].filter((s) => s !== me) : [];
  const otherSides = Object.keys(sides).filter((k) => k !== mySide);

  // places: clockwise from yours, among the seats in play (your own seat sits at the bottom even when out)
  // watching a hand you sit out: the table as South's (S at the bottom, over their shoulder)
  const ring = playing.includes(me) || watching ? playing : [me, ...playing];
  const start = Math.max(0, ring.indexOf(watching ? "S" : me));
  const order = ring.map((_, i) => ring[(start + i) % ring.length]);
  const places = placesFor(order.length);
  const placeOf = new Map(order.map((s, i) => [s, places[i]]));

  const named = Boolean(table && table.seats && (table.kind !== "solo" || lineup));
  const chairFacts = (chair) => (table?.seats && chair !== null && chair !== undefined ? table.seats[String(chair)] ?? null : null);
  const facts = (seat) => (!named ? null : lineup ? chairFacts(lineup[seat]) : table.seats[seat] ?? null);
  const isMe = (seat) => seat === me;
  const fullName = (seat) => {
    const name = facts(seat)?.name;
    return typeof name === "string" && name ? name : COMPASS[seat] ?? seat;
  };
  /** "You", "Partner" (solo), else the person's (or computer guest's) name, else the compass name. */
  const name = (seat) => {
    if (!seat) return "";
    if (isMe(seat)) return "You";
    // a table of chairs: a player is its chair, whatever place it plays this hand (chairName)
    if (lineup && Number.isInteger(lineup[seat])) return chairName(lineup[seat]);
    if (!named) return partners.length === 1 && partners[0] === seat ? "Partner" : COMPASS[seat] ?? seat;
    const full = fullName(seat);
    const short = facts(seat)?.computer ? COMPUTER_NAME.exec(full) : null;
    return short ? short[1] : full;
  };
  /** How a seat is spoken of: "You", "Your partner" (solo), the person's name, "West". */
  const spoken = (seat) => {
    if (isMe(seat)) return "You";
    if (!named && partners.includes(seat)) return "Your partner";
    return name(seat);
  };
  /** Initials for the seat's round badge: "Y" for you, "AN" for Ann, "W" for West, "NW" for North-west. */
  const initials = (seat) => {
    if (isMe(seat)) return "You";
    const words = name(seat).split(/[\s-]+/).filter(Boolean);
    const first = [...(words[0] ?? "?")][0];
    return (words.length > 1 ? first + [...words[1]][0] : first).toUpperCase();
  };
  // a side's seats in the order they sit round the table from you (solo: "West & East")
  const rank = (s) => (order.includes(s) ? order.indexOf(s) : order.length);
  const sideSeats = (side) => [...(sides[side] ?? [])].sort((a, b) => rank(a) - rank(b));
  /** "You & Partner", "West & East" (solo), "You & Ann", "Bob & Cy". */
  const sideLong = (side) => {
    const seats = sideSeats(side);
    const ordered = side === mySide ? [me, ...seats.filter((s) => s !== me)] : seats;
    return ordered.map(name).join(" & ");
  };
  /** The subject of a sentence about a side: "You and your partner", "West and East". */
  const sideWords = (side) => {
    if (side === mySide) return partners.length ? "You and your partner" : "You";
    return sideSeats(side).map(name).join(" and ");
  };

  /** A chair's name: "You", else its person's (or computer guest's, without "(computer, …)") name, else "Player 3". */
  const chairName = (chair) => {
    if (chair === myChair) return "You";
    const n = chairFacts(chair)?.name;
    if (typeof n !== "string" || !n) return `Player ${chair + 1}`;
    const short = chairFacts(chair)?.computer ? COMPUTER_NAME.exec(n) : null;
    return short ? short[1] : n;
  };
  const chairs = chairTotals.map((_, c) => c);

  return {
    you: me,
    // a table of chairs (auction at 4 or 5): null elsewhere
    lineup,
    myChair,
    watching,
    chairs: myChair === null ? chairs : [myChair, ...chairs.filter((c) => c !== myChair)],
    chairTotals,
    chairName,
    chairFacts,
    chairOf: (seat) => (lineup ? lineup[seat] ?? null : null),
    chairsOut: lineup && Array.isArray(view?.chairs_out) ? view.chairs_out : [],
    seats: all,
    playing,
    order,
    sittingOut: all.filter((s) => out.has(s)),
    place: (seat) => placeOf.get(seat) ?? null,
    seatAt: (place) => order[places.indexOf(place)] ?? null,
    named,
    facts,
    isMe,
    fullName,
    name,
    spoken,
    initials,
    partners,
    sideOf,
    mySide,
    sidesOrder: [mySide, ...otherSides].filter(Boolean),
    // "Us" and "Them"; with more than two sides (each player for themselves) the others by name
    // (a player alone is "You")
    // (a player alone facing one other player alone, two-handed: that player by name)
    sideName: (side) => (side === mySide ? (partners.length ? "Us" : "You")
      : Object.keys(sides).length > 2 || (!partners.length && sideSeats(side).length === 1) ? sideSeats(side).map(name).join(" & ") : "Them"),
    sideSeats,
    sideLong,
    sideWords,
    verb: (seat, mine, other) => (isMe(seat) ? mine : other),
  };
}
