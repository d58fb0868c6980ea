// The player's settings, kept on the device (localStorage "pinochle.settings").
//
//   pace           "relaxed" | "normal" | "fast"   animations and the computer players' moves
//   sounds         boolean                         soft sounds (off by default)
//   theme          "system" | "light" | "dark"     "system" follows prefers-color-scheme
//   flat           boolean                         no shadows, gradients or textures
//   reducedMotion  "system" | "on" | "off"         "system" follows prefers-reduced-motion
//   cardBack       "red" | "blue"                  the back of the cards (dom.js cardBack)
//   fourColour     boolean                         the four-colour deck: blue diamonds, green clubs
//   tapToHurry     boolean                         a tap on the table finishes the cards' moves at once (on)
//
// Reading never throws: stored JSON that cannot be parsed, or a field with a
// wrong type or an unknown value, falls back to the default for that field
// only. applySettings() shows the resolved choices as attributes of <html>
// (data-theme, data-flat, data-reduced-motion, data-pace, data-card-back,
// data-four-colour, data-tap-to-hurry) for the CSS, the card art (dom.js) and the animations (anim.js).
// Plain ES module, no dependencies.

export const STORAGE_KEY = "pinochle.settings";

export const DEFAULTS = Object.freeze({
  pace: "normal",
  sounds: false,
  theme: "system",
  flat: false,
  reducedMotion: "system",
  cardBack: "red",
  fourColour: false,
  tapToHurry: true,
});

export const CHOICES = Object.freeze({
  pace: Object.freeze(["relaxed", "normal", "fast"]),
  theme: Object.freeze(["system", "light", "dark"]),
  reducedMotion: Object.freeze(["system", "on", "off"]),
  cardBack: Object.freeze(["red", "blue"]),
});

// Animation duration scale by pace; 0 under reduced motion.
export const PACE_SCALE = Object.freeze({ relaxed: 1.5, normal: 1, fast: 0.5 });
// How long a computer player's move is shown, in seconds, by pace.
export const BOT_DELAY_SECONDS = Object.freeze({ relaxed: 1.1, normal: 0.7, fast: 0.35 });

const DARK_QUERY = "(prefers-color-scheme: dark)";
const REDUCE_QUERY = "(prefers-reduced-motion: reduce)";

function storage() {
  try {
    return globalThis.localStorage || null;
  } catch {
    return null; // storage denied (privacy settings, sandboxed frame)
  }
}

function media(query) {
  try {
    return typeof globalThis.matchMedia === "function" ? globalThis.matchMedia(query) : null;
  } catch {
    return null;
  }
}

function systemMatches(query) {
  const mql = media(query);
  return Boolean(mql && mql.matches);
}

/** A complete, valid settings object from anything: each bad or missing field takes its default. */
export function normalizeSettings(raw) {
  const src = raw !== null && typeof raw === "object" && !Array.isArray(raw) ? raw : {};
  const out = { ...DEFAULTS };
  for (const [field, allowed] of Object.entries(CHOICES)) {
    if (allowed.includes(src[field])) out[field] = src[field];
  }
  for (const field of ["sounds", "flat", "fourColour", "tapToHurry"]) {
    if (typeof src[field] === "boolean") out[field] = src[field];
  }
  return out;
}

/** The saved settings, or the defaults (field by field) where nothing valid is saved. Never throws. */
export function loadSettings() {
  const store = storage();
  let text = null;
  try {
    text = store ? store.getItem(STORAGE_KEY) : null;
  } catch {
    text = null;
  }
  if (text === null) return normalizeSettings({});
  let parsed = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  return normalizeSettings(parsed);
}

/** Save the settings (normalized first) and return what was saved. A full or denied storage is ignored. */
export function saveSettings(s) {
  const clean = normalizeSettings(s);
  const store = storage();
  try {
    if (store) store.setItem(STORAGE_KEY, JSON.stringify(clean));
  } catch {
    // quota exceeded or storage denied: the settings still apply for this page
  }
  return clean;
}

/** "light" or "dark": the chosen theme, or the system's when the choice is "system". */
export function resolvedTheme(s) {
  const { theme } = normalizeSettings(s);
  if (theme === "system") return systemMatches(DARK_QUERY) ? "dark" : "light";
  return theme;
}

/** Whether movement is to be left out: the in-app switch, or the system's setting when it is "system". */
export function resolvedReducedMotion(s) {
  const { reducedMotion } = normalizeSettings(s);
  if (reducedMotion === "system") return systemMatches(REDUCE_QUERY);
  return reducedMotion === "on";
}

/**
 * Show the settings as attributes of the root element (default <html>):
 * data-theme "light"|"dark", data-flat "true"|"false",
 * data-reduced-motion "true"|"false", data-pace "relaxed"|"normal"|"fast",
 * data-card-back "red"|"blue", data-four-colour "true"|"false".
 * Returns the attribute values set.
 */
export function applySettings(s, root = globalThis.document && globalThis.document.documentElement) {
  const clean = normalizeSettings(s);
  const attrs = {
    theme: resolvedTheme(clean),
    flat: String(clean.flat),
    reducedMotion: String(resolvedReducedMotion(clean)),
    pace: clean.pace,
    cardBack: clean.cardBack,
    fourColour: String(clean.fourColour),
    tapToHurry: String(clean.tapToHurry),
  };
  if (root && root.dataset) {
    root.dataset.theme = attrs.theme;
    root.dataset.flat = attrs.flat;
    root.dataset.reducedMotion = attrs.reducedMotion;
    root.dataset.pace = attrs.pace;
    root.dataset.cardBack = attrs.cardBack;
    root.dataset.fourColour = attrs.fourColour;
    root.dataset.tapToHurry = attrs.tapToHurry;
  }
  return attrs;
}

/**
 * The animation duration scale: relaxed 1.5, normal 1, fast 0.5, and 0 under
 * reduced motion. With baseMs, the duration itself: paceMs(s, 300) is 450 when relaxed.
 */
export function paceMs(s, baseMs = 1) {
  const clean = normalizeSettings(s);
  if (resolvedReducedMotion(clean)) return 0;
  return baseMs * PACE_SCALE[clean.pace];
}

/** How long a computer player's move stays on show, in seconds: relaxed 1.1, normal 0.7, fast 0.35. */
export function botDelaySeconds(s) {
  return BOT_DELAY_SECONDS[normalizeSettings(s).pace];
}

/**
 * Call callback({ dark, reducedMotion }) whenever the system's colour scheme
 * or reduced-motion preference changes. Returns a function that stops listening.
 */
export function onSystemChange(callback) {
  const lists = [media(DARK_QUERY), media(REDUCE_QUERY)].filter(Boolean);
  const handler = () => {
    callback({ dark: systemMatches(DARK_QUERY), reducedMotion: systemMatches(REDUCE_QUERY) });
  };
  for (const mql of lists) {
    if (typeof mql.addEventListener === "function") mql.addEventListener("change", handler);
    else if (typeof mql.addListener === "function") mql.addListener(handler);
  }
  return () => {
    for (const mql of lists) {
      if (typeof mql.removeEventListener === "function") mql.removeEventListener("change", handler);
      else if (typeof mql.removeListener === "function") mql.removeListener(handler);
    }
  };
}
