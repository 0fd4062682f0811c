// The service worker (served as /sw.js: tutor/web/offline.py). The lessons a learner has read stay
// readable without a network; the games need the server, and say so.
//   - A page the server marks "X-Offline: keep" (the pages the same for everyone: lessons, course
//     maps, diagrams, slides) is kept as it is read, the newest KEEP_PAGES of them; the network
//     comes first, so a page is always the latest when there is one.
//   - Static files (content-hashed names, never changed) come from the cache once fetched.
//   - Without a network, a page not kept is answered with the offline page of its language
//     (the page tells the worker its address: tutor.js), which says so.
"use strict";
const VERSION = "1";
const PAGES = "tutor-pages-" + VERSION;
const FILES = "tutor-files-" + VERSION;
const KEEP_PAGES = 80;
const KEEP_FILES = 24;

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n !== PAGES && n !== FILES; })
      .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

// a page tells the worker its offline page, and, when it was loaded before the worker took
// over, its own address and files: keep them, for the day the network is gone
function local(urls) {
  return (urls || []).filter(function (u) { return typeof u === "string" && u.charAt(0) === "/" && u.charAt(1) !== "/"; });
}
self.addEventListener("message", function (event) {
  const data = event.data || {};
  if (data.list !== undefined && event.ports[0]) {  // the offline page asks which pages of its language are kept
    event.waitUntil(kept(String(data.list)).then(function (pages) { event.ports[0].postMessage(pages); }));
    return;
  }
  event.waitUntil(Promise.all([
    caches.open(PAGES).then(function (cache) {
      return Promise.all(local(data.offline ? [data.offline] : []).map(function (url) {
        return cache.match(url).then(function (found) { return found || cache.add(url).catch(function () {}); });
      }));
    }),
    Promise.all(local(data.pages).map(function (url) {
      const waiting = [];
      return page(new Request(url), waiting).then(function () { return Promise.all(waiting); }).catch(function () {});
    })),
    caches.open(FILES).then(function (cache) {
      return Promise.all(local(data.files).map(function (url) {
        return cache.match(url).then(function (found) { return found || cache.add(url).catch(function () {}); });
      }));
    }),
  ]));
});

// the pages kept in one language, newest first: their addresses and titles
function kept(lang) {
  return caches.open(PAGES).then(function (cache) {
    return cache.keys().then(function (keys) {
      const mine = keys.filter(function (r) {
        const path = new URL(r.url).pathname;
        return path.indexOf("/" + lang + "/") === 0 && !/\/offline$/.test(path) && !/\.(svg|webmanifest)$/.test(path);
      }).reverse();
      return Promise.all(mine.map(function (r) {
        return cache.match(r).then(function (response) { return response.text(); }).then(function (text) {
          const found = /<title>([^<]*)<\/title>/.exec(text);
          const url = new URL(r.url);
          return { url: url.pathname + url.search, title: found ? found[1].replace(/\s+/g, " ").trim() : url.pathname };
        });
      }));
    });
  });
}

function languageOf(url) {
  const first = new URL(url).pathname.split("/")[1] || "";
  return /^[a-z]{2,3}([_-][A-Za-z]{2,4})?$/.test(first) ? first : "";
}

function trim(cache) {
  return cache.keys().then(function (keys) {
    const pages = keys.filter(function (r) { return !/\/offline$/.test(new URL(r.url).pathname); });
    return Promise.all(pages.slice(0, Math.max(0, pages.length - KEEP_PAGES)).map(function (r) { return cache.delete(r); }));
  });
}

// the page from the network, kept when the server says it may be; ``waiting`` collects the keeping
function page(request, waiting) {
  return fetch(request).then(function (response) {
    if (response.ok && response.headers.get("X-Offline") === "keep") {
      const copy = response.clone();
      waiting.push(caches.open(PAGES).then(function (cache) {
        return cache.delete(request.url).then(function () { return cache.put(request.url, copy); }).then(function () { return trim(cache); });
      }));
    }
    return response;
  }).catch(function () {
    return caches.open(PAGES).then(function (cache) {
      return cache.match(request.url, { ignoreVary: true }).then(function (kept) {
        if (kept) return kept;
        const lang = languageOf(request.url);
        return cache.match("/" + lang + "/offline").then(function (offline) {
          if (offline) return offline;
          return cache.keys().then(function (keys) {
            const any = keys.find(function (r) { return /\/offline$/.test(new URL(r.url).pathname); });
            return any ? cache.match(any) : Response.error();
          });
        });
      });
    });
  });
}

function file(request) {
  return caches.open(FILES).then(function (cache) {
    return cache.match(request).then(function (kept) {
      if (kept) return kept;
      return fetch(request).then(function (response) {
        if (response.ok && /immutable/.test(response.headers.get("Cache-Control") || "")) {
          cache.put(request, response.clone()).then(function () {
            return cache.keys().then(function (keys) {  // the files of older versions go, the newest KEEP_FILES stay
              return Promise.all(keys.slice(0, Math.max(0, keys.length - KEEP_FILES)).map(function (r) { return cache.delete(r); }));
            });
          });
        }
        return response;
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    const waiting = [];
    const answer = page(request, waiting);
    event.respondWith(answer);
    event.waitUntil(answer.then(function () { return Promise.all(waiting); }));
  } else if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(file(request));
  }
});
