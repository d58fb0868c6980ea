// Before the first paint: the theme (the saved choice, else the system's), flat mode and the
// card art (the back and the four-colour deck: dom.js draws the first cards with them).
// settings-ui.js then applies every setting in full through settings.js.
// A classic script in <head>, loaded from the app's own origin (the Content-Security-Policy
// allows no inline script: pinochle/server/edge.py).
(function () {
  var d = document.documentElement.dataset;
  var dark = false;
  try { dark = matchMedia("(prefers-color-scheme: dark)").matches; } catch (e) { /* no matchMedia */ }
  d.theme = dark ? "dark" : "light";
  try {
    var s = JSON.parse(localStorage.getItem("pinochle.settings") || "{}") || {};
    if (s.theme === "light" || s.theme === "dark") d.theme = s.theme;
    d.flat = String(s.flat === true);
    d.cardBack = s.cardBack === "blue" ? "blue" : "red";
    d.fourColour = String(s.fourColour === true);
  } catch (e) { /* unreadable or denied storage: the defaults */ }
})();
