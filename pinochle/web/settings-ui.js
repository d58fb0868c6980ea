// The Settings dialog and everything the settings change on the page.
//
// The settings themselves (their values, storage and how they show on <html>)
// are settings.js; the sounds are sounds.js. This module:
//   - applies the saved settings at once (index.html's <head> has already set
//     the theme and flat mode before the first paint) and again whenever the
//     system's colour scheme or reduced-motion preference changes;
//   - redraws the cards on the page when the card back or the four-colour deck changes;
//   - fills the Settings dialog (#settings-dialog) from them, saves every
//     change as it is made and applies it live;
//   - sends the pace of the computer players to the server when the pace
//     changes, and tells app.js what to send after each `welcome`;
//   - announces a change on `document` as a "pinochle:settings" event
//     (detail: the settings) for the modules that animate the table.
// Plain ES module; the buttons that open the dialog carry data-open-settings.

import {
  STORAGE_KEY, applySettings, botDelaySeconds, loadSettings, normalizeSettings, onSystemChange,
  resolvedReducedMotion, resolvedTheme, saveSettings,
} from "./settings.js";
import { play, setEnabled } from "./sounds.js";
import { ClientType } from "./protocol.js";
import { refreshCardArt } from "./dom.js";

// the colour of the browser's own bar, by theme (the page's background)
const THEME_COLOR = Object.freeze({ light: "#c9e4d0", dark: "#0d3a21" });

let current = loadSettings();
let sendMessage = () => false;

/** The settings in force (a copy). */
export function currentSettings() {
  return { ...current };
}

/** The `pace` message for the server: how long each computer move stays on show. */
export function paceMessage(s = current) {
  return { type: ClientType.PACE, bot_delay: botDelaySeconds(s) };
}

/**
 * What to send right after a `welcome` (the server keeps the pace per
 * connection): the `pace` message once the player has saved settings on this
 * device, else null (the server's own pace, `--bot-delay`, applies).
 */
export function welcomePace() {
  let saved = null;
  try {
    saved = globalThis.localStorage ? globalThis.localStorage.getItem(STORAGE_KEY) : null;
  } catch {
    saved = null;
  }
  return saved === null ? null : paceMessage();
}

function apply(s) {
  const attrs = applySettings(s);
  setEnabled(s.sounds);
  refreshCardArt(); // the cards already drawn take the chosen back and deck
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute("content", THEME_COLOR[attrs.theme] ?? THEME_COLOR.light);
  renderSystemNotes();
  document.dispatchEvent(new CustomEvent("pinochle:settings", { detail: { ...s } }));
  return attrs;
}

const $ = (id) => document.getElementById(id);

/** The hints that say what "System" / "Follow system" mean right now. */
function renderSystemNotes() {
  const theme = $("theme-system-note");
  if (theme) theme.textContent = `System is ${resolvedTheme({ theme: "system" })} now.`;
  const motion = $("motion-system-note");
  if (motion) {
    motion.textContent = resolvedReducedMotion({ reducedMotion: "system" })
      ? "Your system asks for reduced motion."
      : "Your system does not ask for reduced motion.";
  }
}

function form() {
  return $("settings-form");
}

/** Show the settings in force in the dialog's controls. */
function fillForm(s) {
  const f = form();
  if (!f) return;
  const radios = [["pace", s.pace], ["reducedMotion", s.reducedMotion], ["theme", s.theme], ["cardBack", s.cardBack]];
  for (const [name, value] of radios) {
    for (const input of f.querySelectorAll(`input[name="${name}"]`)) input.checked = input.value === value;
  }
  f.elements.sounds.checked = s.sounds;
  f.elements.flat.checked = s.flat;
  f.elements.fourColour.checked = s.fourColour;
  f.elements.tapToHurry.checked = s.tapToHurry;
}

/** The settings as the dialog's controls show them. */
function readForm() {
  const f = form();
  const radio = (name) => f.querySelector(`input[name="${name}"]:checked`)?.value;
  return normalizeSettings({
    pace: radio("pace"),
    reducedMotion: radio("reducedMotion"),
    theme: radio("theme"),
    sounds: f.elements.sounds.checked,
    flat: f.elements.flat.checked,
    cardBack: radio("cardBack"),
    fourColour: f.elements.fourColour.checked,
    tapToHurry: f.elements.tapToHurry.checked,
  });
}

function onChange(e) {
  const before = current;
  current = saveSettings(readForm());
  apply(current);
  if (current.pace !== before.pace) sendMessage(paceMessage());
  // turning the sounds on plays one at once: the player hears the volume (and the browser lets audio start)
  if (e.target?.name === "sounds" && current.sounds) play("turn");
}

/** Open the Settings dialog. */
export function openSettings() {
  const dialog = $("settings-dialog");
  if (!dialog || dialog.open) return;
  current = loadSettings(); // another tab may have changed them
  fillForm(current);
  renderSystemNotes();
  dialog.showModal();
}

/**
 * Apply the saved settings and wire the Settings dialog. `send(message)`
 * sends a message to the server (returns false when it could not; the pace
 * then goes with the next `welcome`).
 */
export function initSettings({ send } = {}) {
  if (typeof send === "function") sendMessage = send;
  current = loadSettings();
  apply(current);
  onSystemChange(() => apply(current));
  // a change saved in another tab of this device
  window.addEventListener("storage", (e) => {
    if (e.key !== STORAGE_KEY) return;
    const before = current;
    current = loadSettings();
    apply(current);
    if ($("settings-dialog")?.open) fillForm(current);
    if (current.pace !== before.pace) sendMessage(paceMessage());
  });
  form()?.addEventListener("change", onChange);
  form()?.addEventListener("submit", (e) => e.preventDefault());
  for (const b of document.querySelectorAll("[data-open-settings]")) b.addEventListener("click", openSettings);
  return currentSettings();
}
