// The table protocol's enums (docs/protocol.md); the server's copy is
// pinochle/server/protocol.py. Keep the two in step.

/** Types of the messages the browser sends. */
export const ClientType = Object.freeze({
  HELLO: "hello",
  NEW_MATCH: "new_match",
  RESUME: "resume",
  ACTION: "action",
  CREATE_ROOM: "create_room",
  JOIN_ROOM: "join_room",
  READY: "ready",
  ROOM_LEVEL: "room_level",
  ROOM_TIMER: "room_timer",
  ROOM_GAME: "room_game",
  ARRANGE: "arrange",
  START: "start",
  LEAVE: "leave",
  BACK_TO_LOBBY: "back_to_lobby",
  QUICK_MATCH: "quick_match",
  CANCEL_SEARCH: "cancel_search",
  PACE: "pace",
  UNDO: "undo",
  HISTORY: "history",
  HINT: "hint",
  ROOM_HINTS: "room_hints",
  REVIEW: "review",
  STATS: "stats",
});

/** Types of the messages the server sends. */
export const ServerType = Object.freeze({
  WELCOME: "welcome",
  STATE: "state",
  ROOM: "room",
  JOINED: "joined",
  LEFT: "left",
  SEARCHING: "searching",
  MATCHED: "matched",
  ERROR: "error",
  HISTORY: "history",
  HINT: "hint",
  REVIEW: "review",
  STATS: "stats",
});

/** The `type` of an action object inside an `action` message. */
export const ActionType = Object.freeze({
  BID: "bid",
  PASS: "pass",
  TRUMP: "trump",
  GIVE: "give",
  BURY: "bury",
  CONCEDE: "concede",
  PLAY_ON: "play_on",
  PLAY: "play",
  DEAL: "deal",
  // two-handed: one meld after a trick won (its cards), the dix, and the draw (a move without a choice);
  // the dix also exchanges a nine of trump for the turned card (turned-trump's house rule dix_exchange)
  MELD: "meld",
  DIX: "dix",
  DRAW: "draw",
});

/** The `code` of an `error` message. */
export const ErrorCode = Object.freeze({
  BAD_MESSAGE: "bad_message",
  UNKNOWN_TYPE: "unknown_type",
  NO_HELLO: "no_hello",
  NO_MATCH: "no_match",
  STALE: "stale",
  NOT_YOUR_TURN: "not_your_turn",
  ILLEGAL: "illegal",
  NO_ROOM: "no_room",
  NOT_IN_ROOM: "not_in_room",
  ROOM: "room",
  RATE_LIMITED: "rate_limited",
  TOO_MANY_ROOMS: "too_many_rooms",
  SERVER: "server",
  STORAGE: "storage",
  NO_UNDO: "no_undo",
  NO_HINTS: "no_hints",
});

/** WebSocket close codes the server uses. */
export const CloseCode = Object.freeze({
  NORMAL: 1000,
  GOING_AWAY: 1001,
  RATE_LIMITED: 1008,
  TOO_BIG: 1009,
  SERVICE_RESTART: 1012,
  BAD_HELLO: 4000,
  BAD_ORIGIN: 4003,
});

/** The `event` of a `state` message. */
export const StateEvent = Object.freeze({
  START: "start",
  RESUME: "resume",
  MOVE: "move",
  PRESENCE: "presence",
  NEXT_READY: "next_ready",
  UNDO: "undo",
});

/** Computer player levels for `new_match`. */
export const Level = Object.freeze({
  EASY: "easy",
  NORMAL: "normal",
  HARD: "hard",
});

/** The phases of `view.phase` and of a match summary's `phase`. */
export const Phase = Object.freeze({
  AUCTION: "auction",
  WIDOW: "widow",
  TRUMP: "trump",
  EXCHANGE: "exchange",
  MELD: "meld",
  CONCEDE: "concede",
  BURY: "bury",
  PLAY: "play",
  // turned-trump with the house rule dix_exchange: a nine of trump may be exchanged for the turned card
  DIX_EXCHANGE: "dix_exchange",
  // two-handed: the stock's tricks, the winner's meld turn, the draw, the 12 tricks after the stock
  TURN_UP: "turn_up",
  STOCK_PLAY: "stock_play",
  STOCK_MELD: "stock_meld",
  DRAW: "draw",
  ENDGAME: "endgame",
  HAND_END: "hand_end",
  MATCH_END: "match_end",
});

/** Largest frame the server accepts, in bytes. */
export const MAX_MESSAGE_BYTES = 16 * 1024;

/** The localStorage key of the device token. */
export const DEVICE_KEY = "pinochle.device";

/** The localStorage key of the seat token (a room or Quick Match seat). */
export const SEAT_KEY = "pinochle.seat";
