// The customer's figures on the dashboard home's prerendered frame before the app's code has arrived
// (docs/decisions/065-the-dashboard-paints-with-its-html.md, addendum "The figures with the HTML"). The boot script
// (src/boot.js) asked for the summary with the HTML; this script, named only by the frame, waits for that answer,
// fills a copy of the frame's tiles (`<template id="dashboard-figures">`, the page's own StatTiles with an empty slot
// per count) and puts it in place of the skeleton's row of tiles. Only the counts, whole numbers written as the page
// writes them, so there is no second renderer of anything else; the app then renders the page over the frame from
// the same answer (features/dashboard/api/first-data.ts), with the same tiles in the same place. Built like
// boot.js (vite.config.ts).
/* global document, window */
(() => {
  const early = window.__hostpilotEarly;
  const template = document.getElementById('dashboard-figures');
  if (!early || early.path !== '/dashboard/summary' || !template) return;
  early.response
    // A copy: the app reads the answer itself (features/dashboard/api/early-data.ts).
    .then((response) => (response && response.ok ? response.clone().json() : null))
    .then((answer) => {
      const row = document.querySelector('#root[data-shell] [data-figures]');
      const counts = answer && answer.counts;
      if (!row || !counts) return;
      const tiles = template.content.firstElementChild.cloneNode(true);
      for (const slot of tiles.querySelectorAll('[data-figure]')) {
        const count = counts[slot.getAttribute('data-figure')];
        if (!Number.isInteger(count)) return;
        slot.textContent = String(count);
      }
      row.replaceWith(tiles);
      // The app renders from this answer first, even with figures kept from a last visit (first-data.ts).
      early.shown = true;
    })
    .catch(() => undefined);
})();
