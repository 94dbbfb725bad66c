// The web game's service worker: once the page has loaded it over http(s), every file of the
// game is kept in the browser's cache, and the game opens and plays with no network.
// The export writes FILES (every file of the game) and VERSION (a digest of their bytes).
const FILES = __FILES__;
const CACHE = "studio-web-game-__VERSION__";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});
self.addEventListener("activate", (event) => {  // an older export's files go
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name.startsWith("studio-web-game-") && name !== CACHE)
      .map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});
self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") { return; }
  event.respondWith(caches.match(event.request, { ignoreSearch: true })
    .then((kept) => kept || fetch(event.request)));
});
