/* global self, URL */
// The service worker for reminders by Web Push (issue 27), registered at scope '/' by the
// reminder settings. It only shows what the server pushed and opens the screen a click asks
// for: it has no fetch handler, so it never stands between the app and the network.
// Served unhashed with `Cache-Control: no-cache` (gateway/static-site.ts, deploy/nginx), so a
// new version reaches the browser at its next update check.

// A new version takes over the open pages at once: the click handler below navigates the
// windows it controls, and a waiting worker controls none.
self.addEventListener('install', function () {
  self.skipWaiting();
});
self.addEventListener('activate', function (event) {
  event.waitUntil(self.clients.claim());
});

// A screen of this app, or its home: a pushed `url` naming another site (`https://…`,
// `//host`, `/\host`) is never opened, whoever managed to send it.
function appPath(url) {
  if (typeof url !== 'string' || url.charAt(0) !== '/') return '/';
  try {
    var resolved = new URL(url, self.location.origin);
    if (resolved.origin !== self.location.origin) return '/';
    return resolved.pathname + resolved.search + resolved.hash;
  } catch {
    return '/';
  }
}

self.addEventListener('push', function (event) {
  var data = {};
  try {
    data = (event.data && event.data.json()) || {};
  } catch {
    // Not JSON: still a notification, since a push that shows none counts against the site.
  }
  var title = typeof data.title === 'string' && data.title ? data.title : 'Dayframe';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/favicon.svg',
      // One reminder of a kind on screen at a time: a newer one replaces it.
      tag: typeof data.tag === 'string' && data.tag ? data.tag : 'dayframe-reminder',
      data: { url: appPath(data.url) },
    }),
  );
});

self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var target = new URL(
    appPath(event.notification.data && event.notification.data.url),
    self.location.origin,
  ).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
      var open = windows.filter(function (client) {
        return new URL(client.url).origin === self.location.origin;
      });
      var already = open.find(function (client) {
        return client.url === target;
      });
      if (already) return already.focus();
      if (!open.length) return self.clients.openWindow(target);
      // Focus first: a window is allowed to take focus only while the click is fresh.
      return open[0].focus().then(function (focused) {
        return (focused || open[0]).navigate(target).catch(function () {
          return self.clients.openWindow(target); // a window this worker does not control yet
        });
      });
    }),
  );
});
