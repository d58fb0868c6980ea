// Soft sounds made with the Web Audio API (no files): a card played, a trick
// won, your turn. Off until setEnabled(true). The AudioContext is created on
// the first sound played while enabled (browsers let it start only after a
// user gesture; a suspended context is resumed then). Where there is no Web
// Audio at all, or it fails, every call is a silent no-op.
// Plain ES module, no dependencies.

export const MAX_GAIN = 0.08;

// Each sound is a few notes: [start s, frequency Hz, end frequency Hz, length s, peak gain, wave].
export const SOUNDS = Object.freeze({
  // a soft tap, falling slightly
  card: Object.freeze([[0, 520, 340, 0.07, 0.05, "triangle"]]),
  // two rising notes
  trick: Object.freeze([
    [0, 587.33, 587.33, 0.14, 0.05, "sine"],
    [0.09, 880, 880, 0.2, 0.045, "sine"],
  ]),
  // one gentle chime
  turn: Object.freeze([[0, 784, 784, 0.28, 0.04, "sine"]]),
});

const ATTACK = 0.008; // seconds to the peak
const FLOOR = 0.0001; // exponential ramps cannot reach 0

let enabled = false;
let ctx = null;
let broken = false;

function contextClass() {
  return globalThis.AudioContext || globalThis.webkitAudioContext || null;
}

function context() {
  if (ctx || broken) return ctx;
  const Ctx = contextClass();
  if (!Ctx) {
    broken = true;
    return null;
  }
  try {
    ctx = new Ctx();
  } catch {
    broken = true;
    ctx = null;
  }
  return ctx;
}

/** Turn the sounds on or off (off by default). Turning on creates nothing yet. */
export function setEnabled(on) {
  enabled = Boolean(on);
}

export function isEnabled() {
  return enabled;
}

/** Whether this browser can make the sounds at all. */
export function available() {
  return !broken && contextClass() !== null;
}

/**
 * Play "card", "trick" or "turn". Returns true when a sound was scheduled;
 * false (and nothing happens) when sounds are off, the kind is unknown or
 * Web Audio is missing. Never throws.
 */
export function play(kind) {
  if (!enabled || !Object.prototype.hasOwnProperty.call(SOUNDS, kind)) return false;
  const ac = context();
  if (!ac) return false;
  try {
    if (ac.state === "suspended" && typeof ac.resume === "function") {
      const p = ac.resume();
      if (p && typeof p.catch === "function") p.catch(() => {});
    }
    const now = ac.currentTime;
    for (const [start, f0, f1, length, peak, wave] of SOUNDS[kind]) {
      const t = now + start;
      const osc = ac.createOscillator();
      const gain = ac.createGain();
      osc.type = wave;
      osc.frequency.setValueAtTime(f0, t);
      if (f1 !== f0) osc.frequency.exponentialRampToValueAtTime(f1, t + length);
      const top = Math.min(peak, MAX_GAIN);
      gain.gain.setValueAtTime(FLOOR, t);
      gain.gain.linearRampToValueAtTime(top, t + ATTACK);
      gain.gain.exponentialRampToValueAtTime(FLOOR, t + length);
      osc.connect(gain);
      gain.connect(ac.destination);
      osc.start(t);
      osc.stop(t + length + 0.02);
      osc.onended = () => {
        try {
          osc.disconnect();
          gain.disconnect();
        } catch {
          // already disconnected
        }
      };
    }
    return true;
  } catch {
    return false;
  }
}
