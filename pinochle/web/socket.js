// The connection to the server: connect, reconnect with backoff, a heartbeat,
// and a handler map keyed by message type.
//
// Heartbeat: when the server's welcome says `heartbeat: SECONDS`, the page
// sends `ping` when it has heard nothing for that long (a pong comes back),
// and at least every `heartbeat_timeout` less 2 seconds whatever it hears, so
// that the server, which closes a connection silent for `heartbeat_timeout`,
// keeps it (docs/protocol.md, "Heartbeat"). It expects some message at least
// every SILENT_MS; a connection that goes quiet longer (a dropped Wi-Fi, a
// phone that slept) is closed here and the page shows "Reconnecting…" at
// once, instead of waiting for the browser to notice.
// Plain ES module.

import { CloseCode, ServerType } from "./protocol.js";

const SILENT_MS = 3500; // no message for this long while the heartbeat runs: the connection is dead
const CHECK_MS = 500; // how often the heartbeat looks
const TIMEOUT_S = 7; // the server's silence limit when the welcome does not say (older servers)
const MAX_BACKOFF_MS = 10000;

/**
 * createSocket({handlers, onOpen, onClose, push}):
 * - `handlers`: message type -> function(msg), called in order (through `push`, if given, so that
 *   the table's animations can pace them: anim.js createFlow);
 * - `onOpen()`: the socket is open (say hello);
 * - `onClose(code)`: it closed; a reconnect is already scheduled.
 * Returns {connect, send, connected, reconnectNow, stop, welcomed}.
 */
export function createSocket({ handlers, onOpen, onClose, onDown, push = null }) {
  const conn = { ws: null, attempt: 0, timer: null, welcomed: false, beat: null, lastHeard: 0, lastSent: 0, silentMs: 0 };

  function url() {
    return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
  }

  function dispatch(msg) {
    const fn = handlers[msg.type];
    if (fn) fn(msg);
  }

  function stopBeat() {
    clearInterval(conn.beat);
    conn.beat = null;
  }

  /**
   * After a welcome: ping when nothing was heard for `seconds` (and not more often), or when nothing was
   * sent for `timeout` less 2 seconds; give up on a connection silent for SILENT_MS.
   */
  function startBeat(seconds, timeout) {
    stopBeat();
    if (!(seconds > 0)) return;
    conn.lastHeard = Date.now();
    conn.silentMs = Math.max(SILENT_MS, seconds * 1750);
    const keepMs = Math.max(seconds, (timeout > 0 ? timeout : TIMEOUT_S) - 2) * 1000;
    let lastPing = 0;
    conn.beat = setInterval(() => {
      const ws = conn.ws;
      if (!ws) return;
      const now = Date.now();
      if (now - conn.lastHeard > conn.silentMs) {
        drop(ws); // dead: reconnect now
        return;
      }
      const quiet = now - conn.lastHeard >= seconds * 1000 && now - lastPing >= seconds * 1000;
      if (quiet || now - conn.lastSent >= keepMs) {
        lastPing = now;
        raw({ type: "ping" }); // answered by "pong" (a server that offers a heartbeat)
      }
    }, CHECK_MS);
  }

  function drop(ws) {
    if (conn.ws !== ws) return;
    conn.ws = null;
    conn.welcomed = false;
    stopBeat();
    try { ws.close(); } catch { /* ignore */ }
    if (onDown) onDown();
    schedule();
  }

  function connect() {
    clearTimeout(conn.timer);
    conn.timer = null;
    let ws;
    try {
      ws = new WebSocket(url());
    } catch {
      schedule();
      return;
    }
    conn.ws = ws;
    ws.addEventListener("open", () => {
      if (conn.ws !== ws) return;
      conn.lastHeard = Date.now();
      onOpen();
    });
    ws.addEventListener("message", (e) => {
      if (conn.ws !== ws) return;
      conn.lastHeard = Date.now();
      let msg;
      try { msg = JSON.parse(e.data); } catch { return; }
      if (!msg || typeof msg !== "object" || msg.type === "pong") return;
      if (msg.type === ServerType.WELCOME) {
        conn.welcomed = true;
        conn.attempt = 0;
        startBeat(Number(msg.heartbeat), Number(msg.heartbeat_timeout));
      }
      if (push) push(msg); else dispatch(msg);
    });
    ws.addEventListener("close", (e) => {
      if (conn.ws !== ws) return;
      conn.ws = null;
      conn.welcomed = false;
      stopBeat();
      onClose(e.code);
      schedule();
    });
  }

  function schedule() {
    if (conn.timer) return;
    const base = Math.min(MAX_BACKOFF_MS, 250 * 2 ** conn.attempt);
    const delay = Math.round(base * (0.75 + Math.random() * 0.5));
    conn.attempt += 1;
    conn.timer = setTimeout(() => { conn.timer = null; connect(); }, delay);
  }

  function raw(msg) {
    if (!conn.ws || conn.ws.readyState !== WebSocket.OPEN) return false;
    conn.ws.send(JSON.stringify(msg));
    conn.lastSent = Date.now();
    return true;
  }

  return {
    connect,
    dispatch,
    /** Send now if the socket is open (hello, pace, resume); false if it is not. */
    raw,
    /** Send a request that needs a welcomed connection; false if there is none. */
    send: (msg) => conn.welcomed && raw(msg),
    welcomed: () => conn.welcomed,
    reconnectNow() {
      if (conn.ws || !conn.timer) return;
      clearTimeout(conn.timer);
      conn.timer = null;
      connect();
    },
    restart() {
      if (conn.ws) return;
      conn.attempt = 0;
      connect();
    },
    stop() {
      const ws = conn.ws;
      conn.ws = null;
      stopBeat();
      if (ws) try { ws.close(CloseCode.NORMAL); } catch { /* ignore */ }
    },
  };
}
