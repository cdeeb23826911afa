/* global document, history, location, URL, Event */
// The one script of a prerendered static public page (shell/scripts/prerender.tsx): the phone
// menu, and the app, fetched when the visitor heads for a link (pointer, touch or keyboard focus)
// and started when they follow one, so the move into the app needs no page load while a first
// visit downloads no app code.
(function () {
  var root = document.getElementById('root');
  var appSrc = document.currentScript && document.currentScript.getAttribute('data-app');
  var loading = false;
  if (!root || root.getAttribute('data-page') !== 'static') return;

  // Until the app starts (bootstrap.tsx sets data-page to "app"), this page is static.
  function isStatic() {
    return root.getAttribute('data-page') === 'static';
  }

  function loadApp() {
    if (loading || !appSrc) return;
    loading = true;
    var script = document.createElement('script');
    script.src = appSrc;
    script.defer = true;
    // Should the app not arrive, a followed link is still followed, by a plain page load.
    script.onerror = function () {
      if (root.getAttribute('data-page') === 'leaving') location.assign(location.href);
    };
    document.head.appendChild(script);
  }

  function setMenu(open) {
    var button = document.querySelector('[aria-controls="public-menu"]');
    var menu = document.getElementById('public-menu');
    if (!button || !menu) return;
    button.setAttribute('aria-expanded', String(open));
    button.setAttribute('aria-label', open ? 'Close menu' : 'Open menu');
    menu.hidden = !open;
    var icons = button.querySelectorAll('[data-icon]');
    for (var i = 0; i < icons.length; i++)
      icons[i].hidden = (icons[i].getAttribute('data-icon') === 'close') !== open;
  }

  function sameOriginLink(target) {
    var link = target && target.closest ? target.closest('a[href]') : null;
    if (!link || link.target || link.hasAttribute('download')) return null;
    var url = new URL(link.href, location.href);
    return url.origin === location.origin ? url : null;
  }

  function intent(event) {
    if (isStatic() && sameOriginLink(event.target)) loadApp();
  }
  document.addEventListener('pointerover', intent, { passive: true });
  document.addEventListener('touchstart', intent, { passive: true });
  document.addEventListener('focusin', intent);

  document.addEventListener('click', function (event) {
    if (!isStatic() || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    var button = event.target.closest && event.target.closest('[aria-controls="public-menu"]');
    if (button) {
      setMenu(button.getAttribute('aria-expanded') !== 'true');
      return;
    }
    if (event.target.closest && event.target.closest('[data-action="back"]')) {
      history.back();
      return;
    }
    var url = sameOriginLink(event.target);
    if (!url || !appSrc) return;
    if (url.pathname === location.pathname && url.hash) return; // "Skip to content"
    // Into the app without a page load: the address changes now, and the app renders it as soon
    // as it runs (at once when it is already here).
    event.preventDefault();
    history.pushState(null, '', url.pathname + url.search + url.hash);
    root.setAttribute('data-page', 'leaving');
    root.setAttribute('aria-busy', 'true');
    root.dispatchEvent(new Event('dayframe:start'));
    loadApp();
  });
})();
