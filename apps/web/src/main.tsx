import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createAppRouter, keepScrollPosition, routerReady } from '@/app/app';
import { fontsReady } from '@/lib/fonts';
import { prepareFormats } from '@/lib/format';
import { currentLanguage, i18nReady, initI18n } from '@/lib/i18n';
import { session } from '@/lib/session';

/** The language of the prerendered HTML, if any, read before i18n sets `<html lang>` to its own. */
const htmlLanguage = document.documentElement.lang;
initI18n();
// With a stored token the session is checked before anything shows (SessionGate); with none, at once.
const sessionChecked = session.start();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const router = createAppRouter();
// i18n has detected the language on init; its texts are still loading.
const language = currentLanguage();
// In a task of its own, while the page's code and texts download.
setTimeout(() => prepareFormats(language), 0);

/**
 * A public page arrives prerendered (docs/decisions/018-prerendered-public-pages.md): it is already painted, in
 * its final layout, so React hydrates it once its texts and route code are here, in a transition, so that the
 * work is sliced and the page stays responsive. It does so only when the client would render the same thing:
 * the HTML is in the visitor's language and no stored session is being checked (the server cannot know either).
 */
const prerendered =
  !container.hasAttribute('data-shell') &&
  container.firstElementChild !== null &&
  htmlLanguage === language &&
  session.getState().status === 'unauthenticated';
/**
 * The prerendered frame of a signed-in page (`data-shell`, the dashboard home: docs/decisions/065-the-dashboard-paints-with-its-html.md)
 * stays on screen until the session is checked too, so that the app's first render is the page, not the spinner
 * of the check, over a frame that already showed the page's outline; and, when no figures are kept from a last visit,
 * until the summary the boot script asked for is read (features/dashboard/api/first-data.ts).
 */
const shown = container.hasAttribute('data-shell')
  ? sessionChecked
      .catch(() => undefined)
      // The only frame is the dashboard home's: its summary is read before the first render when nothing is kept.
      .then(() => import('@/features/dashboard/api/first-data'))
      .then((module) => module.prepareDashboardHome())
      .catch(() => undefined)
  : undefined;

const app = (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);

if (prerendered) {
  void Promise.all([i18nReady(), routerReady(router).then(() => keepScrollPosition(router))]).then(() => {
    startTransition(() => {
      hydrateRoot(container, app);
    });
  });
} else {
  // Nothing usable is on screen: the first paint waits for the texts, the page's code and the font, so that it
  // is the final layout and nothing shifts when they arrive (CLS). The three load in parallel.
  void Promise.all([i18nReady(), routerReady(router), fontsReady(language), shown]).then(() => {
    if (shown) {
      // Over the frame, in a transition: React renders the page in slices, so the phone's main thread is not held
      // for the whole of it, and the frame stays on screen until the page replaces it at the commit (React empties
      // a root's container when it first commits).
      // The frame's title, description and links go: the app renders its own (React adds them to the head), and
      // two of each would be left otherwise.
      for (const tag of document.head.querySelectorAll('[data-shell-head]')) tag.remove();
      startTransition(() => createRoot(container).render(app));
      return;
    }
    container.replaceChildren();
    createRoot(container).render(app);
  });
}
