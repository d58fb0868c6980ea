"""Measurements the browser tests make on a page (JavaScript run with ``page.evaluate``).

- ``OVERFLOW``: text that does not fit its box, measured: every element on show
  whose content is wider than its box (``scrollWidth > clientWidth``) unless it
  is made to scroll (``overflow-x: auto`` or ``scroll``, which the page marks as a
  scrolling region), and every word split across two lines (a word's own
  characters on two line boxes; a break after a hyphen or a slash is a break
  between words), and every row of three or more choices (buttons, links,
  labels, badges) that wraps its last one alone onto a line ("Easy Normal" /
  "Hard").
- ``HAND_TARGETS``: the touch target of each card of the hand: the part of the
  card not covered by the cards in front of it, measured as the width from its
  left edge to the next card of its row (or its own right edge) and the height
  from its top to the row in front (or its own bottom); the middle of that part
  must hit the card itself (``elementFromPoint``), so the target is real.
"""

from __future__ import annotations

OVERFLOW = r"""() => {
  const out = [];
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const hiddenText = (el) => Boolean(el.closest('.sr-only, [aria-hidden="true"].badge-full, script, style, noscript'))
    || getComputedStyle(el).clipPath !== 'none';
  const label = (el) => {
    const id = el.id ? '#' + el.id : '';
    const cls = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\s+/).join('.') : '';
    const test = el.dataset && el.dataset.testid ? `[${el.dataset.testid}]` : '';
    return `${el.tagName.toLowerCase()}${id}${cls}${test}`;
  };
  for (const el of document.body.querySelectorAll('*')) {
    if (!shown(el) || hiddenText(el)) continue;
    const cs = getComputedStyle(el);
    if (cs.overflowX === 'auto' || cs.overflowX === 'scroll') continue;
    if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
      out.push({kind: 'overflow', el: label(el), by: el.scrollWidth - el.clientWidth, text: el.textContent.trim().slice(0, 40)});
    }
  }
  // a row of choices that wraps one of them alone onto a line of its own ("Easy Normal / Hard")
  for (const el of document.body.querySelectorAll('*')) {
    if (!shown(el) || hiddenText(el)) continue;
    const cs = getComputedStyle(el);
    if (!cs.display.includes('flex') || cs.flexWrap !== 'wrap' || cs.flexDirection.startsWith('column')) continue;
    const items = [...el.children].filter((c) => shown(c) && getComputedStyle(c).position !== 'absolute'
      && c.matches('button, a, label, select, input, .badge'));
    if (items.length < 3 || items.length !== [...el.children].filter(shown).length) continue;
    const lines = [];
    for (const c of items) {
      const top = Math.round(c.getBoundingClientRect().top);
      const line = lines.find((l) => Math.abs(l.top - top) < 4);
      if (line) line.n += 1; else lines.push({top, n: 1});
    }
    if (lines.length > 1 && lines[lines.length - 1].n === 1 && lines[0].n >= 2) {
      out.push({kind: 'alone', el: label(el), text: items[items.length - 1].textContent.trim().slice(0, 40)});
    }
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.data.trim() || !shown(parent) || hiddenText(parent)) continue;
    const re = /[^\s\-\u2010-\u2014\/]+/g;
    let m;
    while ((m = re.exec(node.data))) {
      if (m[0].length < 2) continue;
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0.5);
      if (rects.length > 1 && rects.some((r) => Math.abs(r.top - rects[0].top) > 2)) {
        out.push({kind: 'split word', el: label(parent), word: m[0]});
      }
    }
  }
  return out;
}"""

HAND_TARGETS = r"""() => {
  // a focused card comes to the front (keyboard play): measure the hand at rest
  if (document.activeElement && document.activeElement.closest('#hand')) document.activeElement.blur();
  const rows = [...document.querySelectorAll('#hand .hand-row')];
  const out = [];
  rows.forEach((row, r) => {
    const cards = [...row.querySelectorAll('button.card')];
    const front = rows[r + 1] ? rows[r + 1].getBoundingClientRect().top : Infinity;
    cards.forEach((card, i) => {
      const b = card.getBoundingClientRect();
      const right = cards[i + 1] ? cards[i + 1].getBoundingClientRect().left : b.right;
      const bottom = Math.min(b.bottom, front);
      const w = right - b.left;
      const h = bottom - b.top;
      // (under a modal dialog nothing on the page is hit: the layout is measured, not the hit)
      const modal = document.querySelector('dialog[open]');
      const hit = modal ? card : document.elementFromPoint(b.left + w / 2, b.top + h / 2);
      out.push({card: card.dataset.card, row: r, width: Math.round(w * 10) / 10, height: Math.round(h * 10) / 10,
                hit: Boolean(hit && card.contains(hit))});
    });
  });
  return {rows: rows.length, cards: out};
}"""
