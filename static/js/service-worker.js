/* The league's service worker, served from the site's root by league.pages.offline, which
   puts CONFIG (version, static files, the offline page) in front of this script.

   - Static files, and the offline page in every language: kept when the worker installs,
     answered from the phone first. A new version (any of them changed) installs a new
     cache and drops the old ones.
   - Pages: from the network; a copy of each page a member opens is kept, per account
     (the page's body names its account by an opaque key). Offline, a page comes from the
     copies of the account that was last signed in, marked "Saved copy from <time>" (in
     the copy's language, its own texts: strings.js); without a copy, the offline page in
     the language of the address asked for. Another account's copies are never served.
   - Addresses may start with a language (/de/...): CONFIG lists the result form's and the
     offline page's address in every language, and what is never kept is matched without
     the language.
   - Saving a new game (the result form's post) that cannot reach the league puts the game
     in the phone's queue (offline-queue.js) under the account signed in, and leads back
     to the form, which says it waits; every page sends the queue when the connection
     returns (offline.js). No other post is answered here.
   - Background Sync, where the browser has it: a game kept registers the sync SYNC_TAG;
     the browser fires it once it has a signal, even with no page of the league open, and
     the worker sends the queue as a page does (leagueQueue.send), then tells open pages. */
/* global CONFIG, importScripts */
"use strict";

importScripts(CONFIG.stringsScript, CONFIG.queueScript);

const STATIC_CACHE = "static-" + CONFIG.version;
const PAGES = "pages-"; // + account key ("visitor" when nobody is signed in)
const STATE = "offline-state";
const ACCOUNT_KEY = "/__offline/account";
const MAX_PAGES = 60; // per account, the oldest dropped first
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000; // a copy older than 30 days is not shown
const NEVER_KEPT = ["/admin/", "/accounts/", "/api/", "/offline/"]; // after the language
const LANGUAGE_PREFIX = new RegExp("^/(" + Object.keys(CONFIG.offline).join("|") + ")(?=/)");
const SYNC_TAG = "league-queue";
const ACCOUNT_MARK = /<body[^>]*\sdata-offline-account="([0-9a-f]*)"/;

self.addEventListener("install", function (event) {
  const offlinePages = [...new Set(Object.values(CONFIG.offline))].map(
    (address) => new Request(address, { credentials: "omit" })
  );
  event.waitUntil(
    caches
      .open(STATIC_CACHE)
      .then(function (cache) {
        return cache.addAll([...CONFIG.static, ...offlinePages]);
      })
      .then(function () {
        return self.skipWaiting();
      })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (names) {
        const old = names.filter(function (name) {
          return name.startsWith("static-") && name !== STATIC_CACHE;
        });
        return Promise.all(old.map((name) => caches.delete(name)));
      })
      .then(function () {
        return self.clients.claim();
      })
  );
});

self.addEventListener("fetch", function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const isForm = new RegExp(CONFIG.formPattern).test(url.pathname);
  if (request.method === "POST" && request.mode === "navigate" && isForm) {
    event.respondWith(sendOrKeep(request, url));
    return;
  }
  if (request.method !== "GET") return;
  if (url.pathname.startsWith(CONFIG.staticPrefix)) {
    event.respondWith(staticFile(request));
  } else if (request.mode === "navigate") {
    event.respondWith(page(event, url));
  }
});

async function staticFile(request) {
  const kept = await caches.match(request, { cacheName: STATIC_CACHE });
  return kept || fetch(request);
}

// The offline page in the language of the address (/de/...), else in the first of the
// phone's languages the league has, else in the league's own.
function offlinePage(url) {
  const prefix = LANGUAGE_PREFIX.exec(url.pathname);
  const phone = (self.navigator.languages || []).map((tag) => tag.toLowerCase());
  const language = [prefix && prefix[1], ...phone, ...phone.map((tag) => tag.split("-")[0])]
    .concat(CONFIG.language)
    .find((code) => code && CONFIG.offline[code]);
  return caches.match(CONFIG.offline[language], { cacheName: STATIC_CACHE });
}

async function page(event, url) {
  const path = url.pathname.replace(LANGUAGE_PREFIX, "");
  const keepable = !NEVER_KEPT.some((prefix) => path.startsWith(prefix));
  try {
    const response = await fetch(event.request);
    event.waitUntil(notice(event.request, response.clone(), keepable));
    return response;
  } catch (error) {
    const copy = keepable ? await savedCopy(event.request) : null;
    return copy || (await offlinePage(url)) || error;
  }
}

// Every page fetched says who is signed in now; pages worth keeping are kept for them.
async function notice(request, response, keepable) {
  const type = response.headers.get("Content-Type") || "";
  if (response.status !== 200 || !type.startsWith("text/html")) return;
  const html = await response.text();
  const mark = ACCOUNT_MARK.exec(html);
  if (!mark) return;
  const account = mark[1] || "visitor";
  const state = await caches.open(STATE);
  await state.put(ACCOUNT_KEY, new Response(account));
  if (!keepable || response.redirected) return;
  const cache = await caches.open(PAGES + account);
  const headers = { "Content-Type": type, "X-Saved-At": new Date().toISOString() };
  const policy = response.headers.get("Content-Security-Policy");
  if (policy) headers["Content-Security-Policy"] = policy; // a copy is held to it too
  await cache.delete(request.url); // put again at the end: the newest is kept longest
  await cache.put(request.url, new Response(html, { headers: headers }));
  const keys = await cache.keys();
  const oldest = keys.slice(0, Math.max(0, keys.length - MAX_PAGES));
  await Promise.all(oldest.map((key) => cache.delete(key)));
}

async function currentAccount() {
  const kept = await caches.match(ACCOUNT_KEY, { cacheName: STATE });
  return kept ? kept.text() : "visitor";
}

async function savedCopy(request) {
  const account = await currentAccount();
  const cache = await caches.open(PAGES + account);
  const copy = await cache.match(request.url);
  if (!copy) return null;
  const savedAt = copy.headers.get("X-Saved-At") || "";
  if (!(Date.now() - Date.parse(savedAt) < MAX_AGE_MS)) return null;
  const html = await copy.text();
  // In the copy's language; offline.js writes the time as the phone's local time.
  const words = self.leagueStrings.inHtml(html).text("saved_copy", { time: savedAt });
  const banner =
    '<p class="message warning saved-copy" data-saved-at="' +
    escapeHtml(savedAt) +
    '">' +
    escapeHtml(words) +
    "</p>";
  const shown = html.replace('<main id="main">', '<main id="main">' + banner);
  return new Response(shown, { headers: copy.headers });
}

function escapeHtml(text) {
  const entities = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
  return text.replace(/[&<>"']/g, (character) => entities[character]);
}

async function sendOrKeep(request, url) {
  const kept = request.clone();
  try {
    return await fetch(request);
  } catch (error) {
    const account = await currentAccount();
    const data = await kept.formData();
    if (account === "visitor" || data.get("action") === "preview") {
      return (await offlinePage(url)) || error;
    }
    const id = data.get("client_id") || self.crypto.randomUUID();
    data.set("client_id", id);
    data.delete("csrfmiddlewaretoken"); // stale by then: a fresh one is fetched to send it
    await self.leagueQueue.put({
      id: id,
      account: account,
      url: url.pathname, // the form in its language: the league answers in it
      fields: Array.from(data.entries()),
      savedAt: new Date().toISOString(),
      state: "waiting",
      reasons: [],
    });
    if (self.registration.sync) {
      await self.registration.sync.register(SYNC_TAG).catch(function () {
        // Refused (a browser setting): the pages send it when the connection returns.
      });
    }
    return Response.redirect(url.pathname + "#queued=" + id, 303);
  }
}

self.addEventListener("sync", function (event) {
  if (event.tag === SYNC_TAG) event.waitUntil(sendForSync());
});

async function sendForSync() {
  const result = await self.leagueQueue.send({ account: null, tokenUrl: CONFIG.token });
  const pages = await self.clients.matchAll({ type: "window" });
  pages.forEach((client) => client.postMessage({ type: "league:queue-sent" }));
  // A failed sync is fired again later by the browser (with a back-off).
  if (result === "later") throw new Error("The league could not be reached: tried again later.");
}
