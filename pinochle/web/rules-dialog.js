// The players' rules of a game, read in a dialog over the page: the table's "?" (Rules) and Home's
// "How to play" open it, so reading the rules never leaves the table. Leaving the page would close
// the socket, and in a room or Quick Match the others would see you away.
//
// The rules are the server's: GET /how-to-play/NAME/article answers {title, html}, the game's
// "How to play" page rendered from its Markdown with raw HTML escaped and its meld table made from
// the engine's values (pinochle/server/howto.py). Nothing about the rules lives here.
//
// Any link marked data-rules-dialog opens the dialog on its own href. The link keeps that href, so a
// middle click or "Open in new tab" still gives the whole page. In the dialog:
//   - the focus goes to its title, stays inside while it is open (Tab and Shift+Tab go round), and
//     goes back to the link that opened it when it closes;
//   - Escape, the ✕ button, the Close button or a click on the shade around it close it;
//   - a link to a section scrolls the dialog there; a link to another game's rules loads them in the
//     dialog; any other link opens in a new tab (the table stays where it is).
//
// The dialog opens at once: each game's article is fetched once and kept (a page's life long), and the
// rules that a link on show would open are fetched ahead, when the page is idle and when a pointer or
// the focus comes to the link, so that the title and the rules are there when the dialog opens rather
// than a round trip later (measured: the fetch was nearly all of the time it took to open).

const $ = (id) => document.getElementById(id);
const PAGE = /^\/how-to-play(?:\/([a-z][a-z0-9-]{0,39}))?\/?$/;

let opener = null;
let shown = null; // the path of the rules on show

/** The article's address for a "How to play" path ("/how-to-play" is the table game's), or null. */
export function articleUrl(path) {
  const m = PAGE.exec(path);
  if (!m) return null;
  return `/how-to-play/${m[1] ?? "table"}/article`;
}

function failed(path) {
  const p = document.createElement("p");
  p.append("The rules could not be loaded just now. ");
  const a = document.createElement("a");
  a.href = path;
  a.target = "_blank";
  a.rel = "noopener";
  a.textContent = "Open them in a new tab";
  p.append(a, ".");
  return p;
}

const articles = new Map(); // article address -> Promise of {title, html}
const arrived = new Set(); // the article addresses whose answer has come

/** The article at `url`: fetched once and kept; a failed fetch is forgotten, so that it is asked again. */
function fetched(url) {
  let got = articles.get(url);
  if (!got) {
    got = fetch(url, { headers: { Accept: "application/json" }, cache: "no-cache" }).then((res) => {
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return res.json();
    });
    articles.set(url, got);
    got.then(() => arrived.add(url), () => { if (articles.get(url) === got) articles.delete(url); });
  }
  return got;
}

/** Fetch ahead the rules a link (`a[data-rules-dialog]`) would open. */
export function prefetchRules(link) {
  const url = link instanceof HTMLAnchorElement ? articleUrl(new URL(link.href, location.href).pathname) : null;
  if (url) fetched(url).catch(() => {});
}

async function load(path) {
  const body = $("rules-body");
  const url = articleUrl(path);
  if (!url) return;
  shown = path;
  $("rules-page").setAttribute("href", path);
  body.setAttribute("aria-busy", "true");
  // rules not fetched ahead (a tap before they came): say so at once rather than show the last ones
  if (!arrived.has(url) && body.dataset.shown !== path) {
    const p = document.createElement("p");
    p.className = "muted";
    p.textContent = "Loading the rules\u2026";
    body.replaceChildren(p);
    $("rules-title").textContent = "Rules";
  }
  try {
    const article = await fetched(url);
    if (shown !== path) return; // another game's rules were asked for meanwhile
    $("rules-title").textContent = article.title;
    // the server's own HTML: rendered from the project's Markdown, raw HTML in it escaped (howto.py)
    body.innerHTML = article.html;
    body.dataset.shown = path;
  } catch {
    if (shown !== path) return;
    $("rules-title").textContent = "Rules";
    body.replaceChildren(failed(path));
    delete body.dataset.shown;
  } finally {
    if (shown === path) {
      body.removeAttribute("aria-busy");
      body.scrollTop = 0;
    }
  }
}

/** Open the rules at `path` ("/how-to-play" or "/how-to-play/NAME") over the page. */
export async function openRules(path, from = document.activeElement) {
  const dialog = $("rules-dialog");
  if (!dialog.open) {
    opener = from instanceof HTMLElement ? from : null;
    dialog.showModal();
  }
  $("rules-title").focus();
  await load(path);
}

/** Close the rules; the focus goes back to what opened them. */
export function closeRules() {
  const dialog = $("rules-dialog");
  if (dialog.open) dialog.close();
}

function focusables(root) {
  return [...root.querySelectorAll('a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])')]
    .filter((el) => el.getClientRects().length > 0);
}

function onKey(e) {
  if (e.key !== "Tab") return;
  const dialog = $("rules-dialog");
  const all = focusables(dialog);
  if (!all.length) return;
  const first = all[0];
  const last = all[all.length - 1];
  const at = document.activeElement;
  if (e.shiftKey && (at === first || at === $("rules-title") || !dialog.contains(at))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (at === last || !dialog.contains(at))) {
    e.preventDefault();
    first.focus();
  }
}

function onBodyClick(e) {
  const a = e.target instanceof Element ? e.target.closest("a[href]") : null;
  if (!a) return;
  const href = a.getAttribute("href");
  if (href.startsWith("#")) {
    e.preventDefault();
    const target = document.getElementById(decodeURIComponent(href.slice(1)));
    if (target) {
      target.scrollIntoView({ block: "start" });
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    }
    return;
  }
  const url = new URL(a.href, location.href);
  if (url.origin === location.origin && articleUrl(url.pathname) && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
    e.preventDefault();
    $("rules-title").focus();
    load(url.pathname);
    return;
  }
  // anything else opens beside the table, never in its place
  a.target = "_blank";
  a.rel = "noopener";
}

function wire() {
  const dialog = $("rules-dialog");
  if (!dialog) return;
  document.addEventListener("click", (e) => {
    const a = e.target instanceof Element ? e.target.closest("a[data-rules-dialog]") : null;
    if (!a || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    const path = new URL(a.href, location.href).pathname;
    if (!articleUrl(path)) return;
    e.preventDefault();
    openRules(path, a);
  });
  // the rules a link would open, fetched ahead: when a pointer or the focus comes to it, and when idle
  const ahead = (e) => {
    const a = e.target instanceof Element ? e.target.closest("a[data-rules-dialog]") : null;
    if (a) prefetchRules(a);
  };
  document.addEventListener("pointerover", ahead, { passive: true });
  document.addEventListener("focusin", ahead);
  const idle = window.requestIdleCallback ?? ((fn) => setTimeout(fn, 500));
  let pending = false;
  const visibleLinks = () => {
    if (pending) return;
    pending = true;
    idle(() => {
      pending = false;
      for (const a of document.querySelectorAll("a[data-rules-dialog]")) if (a.getClientRects().length) prefetchRules(a);
    });
  };
  // a link's game changes with the table's (views/table.js sets its href), and a screen shows other links
  new MutationObserver(visibleLinks).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["href", "hidden"] });
  visibleLinks();
  $("rules-close").addEventListener("click", closeRules);
  $("rules-x").addEventListener("click", closeRules);
  $("rules-body").addEventListener("click", onBodyClick);
  dialog.addEventListener("keydown", onKey);
  // a click on the shade around the dialog (the dialog element itself, outside its content) closes it
  dialog.addEventListener("click", (e) => {
    if (e.target !== dialog) return;
    const r = dialog.getBoundingClientRect();
    const inside = e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
    if (!inside) closeRules();
  });
  dialog.addEventListener("close", () => {
    const back = opener;
    opener = null;
    if (back && back.isConnected && back.getClientRects().length > 0) back.focus();
  });
}

wire();
