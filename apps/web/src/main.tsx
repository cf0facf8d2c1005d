import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter, routerReady } from '@/app/app';
import { fontsReady } from '@/lib/fonts';
import { prepareFormats } from '@/lib/format';
import { i18nReady, initI18n } from '@/lib/i18n';
import { browserLanguageSources, detectLanguage } from '@/lib/language-detector';
import { session } from '@/lib/session';

initI18n();
// With a stored token the session is checked before anything shows (SessionGate); with none, at once.
void session.start();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const router = createAppRouter();
const language = detectLanguage(browserLanguageSources());
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
