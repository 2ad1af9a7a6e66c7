// The scoresheet's service worker (issue 18; tournament/views/offline.py serves it at /sw.js). Built on Workbox,
// loaded from this site's own static files (static/vendor/workbox/), never from a CDN.
//
// What it keeps:
// - the app's files (CSS, scripts, the logo), on install and as they are fetched;
// - a page the server marked for its user (header X-Offline-Cache: the scoresheet, my tables), refreshed at
//   every visit and shown only when the network fails. Keeping one user's page drops every other user's.
// Nothing else: no API answer, no htmx partial, no POST, no page without the header.
"use strict";
const CONFIG = {{ config|safe }};
importScripts(...CONFIG.workbox);

const APP = "app-files";
const PAGES = "pages";
const PAGE_PATHS = CONFIG.pages.map((p) => new RegExp(p));

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(APP)
      .then((cache) => cache.addAll(CONFIG.appFiles))
      .then(() => self.skipWaiting()),
  );
});
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// A page is kept only when the server says whose it is; keeping it drops the pages of anyone else.
const onlyMarkedPages = {
  cacheWillUpdate: async ({ response }) => {
    const user = response && response.status === 200 ? response.headers.get(CONFIG.header) : null;
    if (!user) return null;
    const cache = await caches.open(PAGES);
    for (const request of await cache.keys()) {
      const kept = await cache.match(request, { ignoreVary: true });
      if (!kept || kept.headers.get(CONFIG.header) !== user) await cache.delete(request, { ignoreVary: true });
    }
    return response;
  },
};
const pages = new workbox.strategies.NetworkFirst({
  cacheName: PAGES,
  networkTimeoutSeconds: 6,
  plugins: [onlyMarkedPages],
  matchOptions: { ignoreVary: true },
});

const sameSite = (url) => url.origin === self.location.origin;
workbox.routing.registerRoute(
  ({ request, url }) => request.mode === "navigate" && sameSite(url) && PAGE_PATHS.some((p) => p.test(url.pathname)),
  pages,
  "GET",
);
workbox.routing.registerRoute(
  ({ url }) => sameSite(url) && url.pathname.startsWith(CONFIG.staticPrefix),
  new workbox.strategies.StaleWhileRevalidate({ cacheName: APP }),
  "GET",
);

// The page asks for a fresh copy of itself after a hand changed it (static/js/offline.js).
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep" || typeof data.url !== "string") return;
  const url = new URL(data.url, self.location.origin);
  if (!sameSite(url) || !PAGE_PATHS.some((p) => p.test(url.pathname))) return;
  const request = new Request(url.href, { credentials: "same-origin", headers: { Accept: "text/html" } });
  event.waitUntil(pages.handle({ event, request }).catch(() => undefined));
});

// A message told by web push (issue 34, tournament/notifications/channels.py): its title, body and link.
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (e) {
    data = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || "", {
      body: data.body || "",
      icon: CONFIG.staticPrefix + "img/logo.svg",
      data: { url: typeof data.url === "string" ? data.url : "/" },
    }),
  );
});
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data.url || "/", self.location.origin);
  event.waitUntil(self.clients.openWindow(url.href));
});
