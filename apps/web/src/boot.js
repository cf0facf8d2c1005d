// Starts the app's scripts once the page has painted its content. Every public page arrives as prerendered HTML
// that shows its content without a script; asked for with the HTML, the scripts ran before the first paint and
// held it back. The entry and its first imports are named on this script's tag by the build (vite.config.ts).
/* global document, location, window */
(function () {
  var tag = document.currentScript;
  var entry = tag.getAttribute('data-entry');
  var preloads = (tag.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.src = entry;
    document.head.appendChild(script);
  }
  // The dashboard home's own figures are asked for now, with the stored token, not once the app's code has loaded
  // and run; the app adopts the answer (features/dashboard/api/early-data.ts, decision 047).
  if (/^\/dashboard\/?$/.test(location.pathname)) {
    try {
      var token = sessionStorage.getItem('auth_token') || localStorage.getItem('auth_token');
      var lang = document.documentElement.lang;
      // An expired token would only earn a 401: the app refreshes it first (lib/jwt.ts isTokenValid, same rule).
      var payload = token && JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
      if (payload && payload.exp * 1000 > Date.now()) {
        window.__hostpilotEarly = {
          path: '/dashboard/summary',
          token: token,
          response: fetch('/api/dashboard/summary', {
            headers: { Accept: 'application/json', Authorization: 'Bearer ' + token, 'Accept-Language': lang },
            credentials: 'same-origin',
          }).catch(function () {
            return null;
          }),
        };
      }
    } catch {
      // No storage: the app asks as usual.
    }
  }
  var root = document.getElementById('root');
  // A page the browser renders (the signed-in areas), or a browser that cannot tell when it painted: at once.
  if (!root || !root.firstElementChild || typeof PerformanceObserver !== 'function') return start();
  try {
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length > 0) start();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    return start();
  }
  // A tab opened in the background paints nothing until it is shown; its scripts still start.
  setTimeout(start, 1500);
})();
