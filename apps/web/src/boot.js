// Decides when the app's scripts start (docs/decisions/060-the-app-starts-on-interaction.md). Every public page
// arrives as prerendered HTML whose main actions are links and forms that work without a script (decision 047),
// so a public page asks for the app only once the visitor interacts with it: a press, a key, a focus, or the
// pointer over something to use. A page the browser renders (the signed-in areas, the cart and checkout), and a
// prerendered page whose address carries a query it cannot have read (/domains?search=…, /cart?add=…) or the
// prerendered frame of the dashboard home (decision 065), starts the app once it has
// painted (decision 040). The entry and its first imports are named on this script's tag by the
// build (vite.config.ts), which also minifies this file.
/* global document, location, window, MutationObserver */
(() => {
  const doc = document;
  const html = doc.documentElement;
  const tag = doc.currentScript;
  let started = false;
  let ready = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of (tag.getAttribute('data-preload') || '').split(' ').filter(Boolean)) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      doc.head.append(link);
    }
    const script = doc.createElement('script');
    script.type = 'module';
    script.src = tag.getAttribute('data-entry');
    doc.head.append(script);
  };
  // Capturing, so that nothing on the page hides an event from it (document-level touch listeners are passive).
  const on = (type, listener) => doc.addEventListener(type, listener, true);
  const READY = 'data-app-ready';

  // Until the app has hydrated, what the visitor types is the page's, not React's: hydration may set a field back to
  // its first value (a form's defaults). It is written back, as if typed, once the app is ready.
  const typed = new Map();
  on('input', ({ target }) => {
    if (!ready) typed.set(target, /^(checkbox|radio)$/.test(target.type) ? target.checked : target.value);
  });
  // A form that only the app can send (it has no action of its own) is held until the app is ready, then sent: no
  // submit is lost, and none leaves as a GET of its fields.
  let held = null;
  on('submit', (event) => {
    if (ready || event.target.hasAttribute('action')) return;
    event.preventDefault();
    event.stopPropagation();
    held = event.target;
    start();
  });
  new MutationObserver((records, observer) => {
    if (!html.hasAttribute(READY)) return;
    observer.disconnect();
    ready = true;
    typed.forEach((value, field) => {
      if (!field.isConnected) return;
      if (typeof value === 'boolean') {
        if (field.checked !== value) field.click();
      } else {
        // React took the field's text at hydration for its own and may hold another (its state, a form's default).
        // Emptied, then the text again, each as typing would (the prototype's setter, behind React's back): whatever
        // React saw last, the text is a change it reports.
        for (const text of ['', value]) {
          Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value').set.call(field, text);
          field.dispatchEvent(new Event('input', { bubbles: true }));
        }
      }
    });
    if (held?.isConnected) held.requestSubmit();
  }).observe(html, { attributes: true, attributeFilter: [READY] });

  // The dashboard home's own figures are asked for now, with the stored token, not once the app's code has loaded
  // and run; the app adopts the answer (features/dashboard/api/early-data.ts, decision 047).
  const dashboardHome = /^\/dashboard\/?$/.test(location.pathname);
  if (dashboardHome) {
    try {
      const token = [sessionStorage, localStorage].map((storage) => storage.getItem('auth_token')).find(Boolean);
      // An expired token would only earn a 401: the app refreshes it first (lib/jwt.ts isTokenValid, same rule).
      const payload = token && JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
      if (payload && payload.exp * 1000 > Date.now()) {
        window.__hostpilotEarly = {
          path: '/dashboard/summary',
          token,
          response: fetch('/api/dashboard/summary', {
            headers: { Accept: 'application/json', Authorization: 'Bearer ' + token, 'Accept-Language': html.lang },
            credentials: 'same-origin',
          }).catch(() => null),
        };
      }
    } catch {
      // No storage: the app asks as usual.
    }
  }
  const root = doc.getElementById('root');
  // A page the browser renders (the signed-in areas, the cart, checkout): at once.
  if (!root?.firstElementChild) return start();
  const query = new URLSearchParams(location.search);
  query.delete('lng');
  // The dashboard home's prerendered frame (decision 065) is not the page: the app comes once the frame has painted.
  if (`${query}` === '' && !dashboardHome) {
    // A prerendered page whose address it fully reflects: its links and forms work as they are, and the app comes
    // with the visitor's first interaction. The pointer passing over the page's text is no reason to load anything;
    // over a link, a button or a field it is.
    for (const type of ['pointerdown', 'touchstart', 'keydown', 'focusin', 'mouseover'])
      on(type, (event) => {
        if (type !== 'mouseover' || event.target.closest?.('a,button,input,select,textarea,summary,label')) start();
      });
    return;
  }
  // The app has to read the address: once the page has painted, or at once where the browser cannot report paints.
  try {
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) start();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    return start();
  }
  // A tab opened in the background paints nothing until it is shown; its scripts still start.
  setTimeout(start, 1500);
})();
