import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter, routerReady } from '@/app/app';
import { fontsReady } from '@/lib/fonts';
import { prepareFormats } from '@/lib/format';
import { currentLanguage, i18nReady, initI18n } from '@/lib/i18n';
import { session } from '@/lib/session';

initI18n();
// With a stored token the session is checked before anything shows (SessionGate); with none, at once.
void session.start();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const router = createAppRouter();
// i18n has detected the language on init; its texts are still loading.
const language = currentLanguage();
// In a task of its own, while the page's code and texts download.
setTimeout(() => prepareFormats(language), 0);
// The first paint waits for the texts, the page's code and the font: it is then the final layout,
// and nothing shifts when they arrive (CLS). The three load in parallel.
void Promise.all([i18nReady(), routerReady(router), fontsReady(language)]).then(() => {
  createRoot(container).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
});
