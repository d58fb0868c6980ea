// The rules and "How to play" pages: the saved theme and flat mode, following a live change
// of the system theme. Loaded as a module from the app's own origin (no inline script:
// pinochle/server/edge.py).
import { loadSettings, applySettings, onSystemChange } from "/static/settings.js";

applySettings(loadSettings());
onSystemChange(() => applySettings(loadSettings()));
