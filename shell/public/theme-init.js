/* global localStorage, document */
// Runs synchronously in <head> so the saved theme is on <html> before the first paint.
// Same key and themes as packages/web-kit/theme.ts.
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
