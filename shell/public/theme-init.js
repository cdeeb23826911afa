/* global localStorage, document, window */
// The page's first script, run synchronously in <head>: what must hold before the app runs.
// 1. The saved theme is on <html> before the first paint. Same key and themes as
//    packages/web-kit/theme.ts.
(function () {
  try {
    var theme = localStorage.getItem('theme');
    if (['light', 'dark', 'cupcake', 'business', 'lofi'].indexOf(theme) !== -1) {
      document.documentElement.setAttribute('data-theme', theme);
    }
  } catch {
    // Storage unavailable: the system preference decides.
  }
})();

// 2. A prerendered form page (/login, /signup, /forgot) shows its fields before the app has
//    taken them over. A submit in that window would post the page to itself and lose what was
//    typed, so it is held here and replayed by the app once React owns the form
//    (shell/src/features/auth/early-input.ts).
(function () {
  document.addEventListener(
    'submit',
    function (event) {
      var root = document.getElementById('root');
      if (!root || root.getAttribute('data-page') !== 'hydrate') return;
      event.preventDefault();
      window.dayframeHeldSubmit = { form: event.target, submitter: event.submitter || null };
    },
    true,
  );
})();
