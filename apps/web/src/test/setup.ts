import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Pages now wait for their (stand-in) API and a debounced search: on a busy machine that takes more than the
// default second. A longer wait slows only a failing test.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // A test's stand-in API (test/api/http.ts) never leaks into the next test.
  vi.unstubAllGlobals();
  if (typeof localStorage !== 'undefined') localStorage.clear();
});

// jsdom has no <dialog> behaviour: give it the parts the components use (Chromium has the real thing).
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.show = HTMLDialogElement.prototype.showModal;
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const dialog = document.querySelector('dialog[open]');
    if (dialog) dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
  });
}
