/* On every page: installs the service worker, writes a saved copy's time as the phone's
   local time, shows the games waiting on this phone for the account signed in ("Waiting
   to send: N") and sends them (offline-queue.js), oldest first, on every page load and
   when the connection returns; the service worker sends them too, on Background Sync.
   The league stores each game once, whatever is sent twice (its client_id). Its texts are
   the page's (strings.js). */
import "./strings.js";
import "./offline-queue.js";

const queue = self.leagueQueue;
const strings = globalThis.leagueStrings;
const script = document.querySelector("script[data-worker]");
const account = document.body.dataset.offlineAccount || "";
const status = document.getElementById("offline-status");
let waitingCount = 0; // this account's games on this phone, as last shown

if ("serviceWorker" in navigator && script) {
  navigator.serviceWorker.register(script.dataset.worker, { scope: "/" }).catch(function () {
    // Without a worker the site works as before, online only.
  });
}

const savedCopy = document.querySelector("[data-saved-at]");
if (savedCopy) {
  const when = new Date(savedCopy.dataset.savedAt);
  const style = { dateStyle: "medium", timeStyle: "short" };
  const time = when.toLocaleString(strings.language, style);
  savedCopy.textContent = strings.text("saved_copy", { time });
}

async function showWaiting() {
  if (!status) return;
  const games = account ? await queue.list(account) : [];
  waitingCount = games.length;
  status.replaceChildren();
  status.hidden = !games.length;
  if (!games.length) return;
  status.append(strings.text("queue_waiting", { count: games.length }), " ");
  const refused = games.filter((entry) => entry.state === "refused");
  if (refused.length) {
    const link = document.createElement("a");
    link.href = script.dataset.form + "#queued=" + refused[0].id;
    link.textContent = strings.text("queue_to_fix", { count: refused.length });
    status.append(link, ".");
  } else if (!navigator.onLine) {
    status.append(strings.text("queue_sent_later"));
  }
}

async function sendAndShow() {
  await showWaiting();
  if (!account) return;
  if (navigator.onLine) await queue.send({ account: account, tokenUrl: script.dataset.token });
  await showWaiting();
  document.dispatchEvent(new Event("league:queue-sent"));
}

// The offline page: the pages kept on this phone for the account last signed in (the
// worker's caches, service-worker.js), newest first, each by its title.
const savedList = document.getElementById("saved-pages");
async function listSavedPages() {
  const state = await caches.match("/__offline/account", { cacheName: "offline-state" });
  const name = "pages-" + (state ? await state.text() : "visitor");
  if (!(await caches.has(name))) return;
  const cache = await caches.open(name);
  const monthAgo = Date.now() - 30 * 24 * 60 * 60 * 1000;
  const items = [];
  for (const request of (await cache.keys()).reverse()) {
    const copy = await cache.match(request);
    if (!(Date.parse(copy.headers.get("X-Saved-At")) > monthAgo)) continue;
    const head = /<title>([^<]*)<\/title>/.exec(await copy.text());
    const title = head && new DOMParser().parseFromString(head[1], "text/html").body.textContent;
    const link = document.createElement("a");
    link.href = request.url;
    link.textContent = title ? title.replace(/ · Arkham League$/, "") : request.url;
    const item = document.createElement("li");
    item.append(link);
    items.push(item);
  }
  savedList.replaceChildren(...items);
  savedList.closest("section").hidden = !items.length;
}
if (savedList && window.caches) listSavedPages().catch(function () {});

// Logging out with games not sent yet: they stay on this phone for this account (no other
// account sees or sends them), but the member decides. (The count shown is the one asked
// about: the question must be asked before the log-out leaves the page.)
function confirmLogout(event) {
  if (!waitingCount) return;
  const question = strings.text("logout_confirm", { count: waitingCount });
  if (!window.confirm(question)) event.preventDefault();
}

if (window.indexedDB && script) {
  document.querySelectorAll(`form[action="${script.dataset.logout}"]`).forEach((form) => {
    form.addEventListener("submit", confirmLogout);
  });
  sendAndShow().catch(function () {});
  window.addEventListener("online", () => sendAndShow().catch(function () {}));
  window.addEventListener("offline", () => showWaiting().catch(function () {}));
  // The worker sent the queue (Background Sync): show what is left.
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.addEventListener("message", async (event) => {
      if (!event.data || event.data.type !== "league:queue-sent") return;
      await showWaiting().catch(function () {});
      document.dispatchEvent(new Event("league:queue-sent"));
    });
  }
}
