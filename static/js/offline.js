/* On every page: installs the service worker, writes a saved copy's time as the phone's
   local time, shows the games waiting on this phone for the account signed in ("Waiting
   to send: N") and sends them, oldest first, on every page load and when the connection
   returns. The league stores each game once, whatever is sent twice (its client_id). */
import "./offline-queue.js";

const queue = self.leagueQueue;
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
  const text = when.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  savedCopy.textContent = "Saved copy from " + text + ": you are offline.";
}

// Why the league refused a game, from the form page it answered with.
function reasonsIn(html) {
  const page = new DOMParser().parseFromString(html, "text/html");
  const items = page.querySelectorAll("#form-errors li");
  const listed = Array.from(items, (li) => li.textContent.trim());
  if (listed.length) return listed;
  if (page.getElementById("duplicates")) {
    return [
      "The league already has a game on this date against this Ancient One with the same " +
        "players: tick “this is a different game” if it is one.",
    ];
  }
  return ["The league did not accept this game: open it and save it again to see why."];
}

async function sendWaiting() {
  const waiting = (await queue.list(account)).filter((entry) => entry.state === "waiting");
  if (!waiting.length || !navigator.onLine) return;
  let token;
  try {
    const answer = await fetch(script.dataset.token, { cache: "no-store" });
    token = await answer.json();
  } catch (error) {
    return; // still offline: tried again on the next page or when the signal returns
  }
  if (token.account !== account) return; // signed out, or another account, meanwhile
  for (const entry of waiting) {
    const body = new URLSearchParams(entry.fields);
    body.set("csrfmiddlewaretoken", token.csrf);
    let response;
    try {
      response = await fetch(entry.url, { method: "POST", body: body });
    } catch (error) {
      return;
    }
    const landed = new URL(response.url).pathname;
    if (response.ok && response.redirected && landed !== entry.url && landed !== token.login) {
      await queue.remove(entry.id); // stored (now or by an earlier send): its game's page
    } else if (response.status === 200 && landed === entry.url) {
      entry.state = "refused";
      entry.reasons = reasonsIn(await response.text());
      await queue.put(entry);
    } else {
      return; // refused for now (a throttle, a server error): tried again later
    }
  }
}

async function showWaiting() {
  if (!status) return;
  const games = account ? await queue.list(account) : [];
  waitingCount = games.length;
  status.replaceChildren();
  status.hidden = !games.length;
  if (!games.length) return;
  status.append("Waiting to send: " + games.length + ". ");
  const refused = games.filter((entry) => entry.state === "refused");
  if (refused.length) {
    const link = document.createElement("a");
    link.href = script.dataset.form + "#queued=" + refused[0].id;
    link.textContent =
      refused.length === 1 ? "1 game needs a fix" : refused.length + " games need a fix";
    status.append(link, ".");
  } else if (!navigator.onLine) {
    status.append("They are sent when the connection returns.");
  }
}

async function sendAndShow() {
  await showWaiting();
  if (!account) return;
  // One tab sends at a time; the league would store a game sent twice once anyway.
  if (navigator.locks) await navigator.locks.request("league-offline-queue", sendWaiting);
  else await sendWaiting();
  await showWaiting();
  document.dispatchEvent(new Event("league:queue-sent"));
}

// Logging out with games not sent yet: they stay on this phone for this account (no other
// account sees or sends them), but the member decides. (The count shown is the one asked
// about: the question must be asked before the log-out leaves the page.)
function confirmLogout(event) {
  if (!waitingCount) return;
  const question =
    `${waitingCount} game${waitingCount === 1 ? " is" : "s are"} not sent to the league yet. ` +
    "Log out anyway? They stay on this phone and are sent when you log in here again.";
  if (!window.confirm(question)) event.preventDefault();
}

if (window.indexedDB && script) {
  document.querySelectorAll(`form[action="${script.dataset.logout}"]`).forEach((form) => {
    form.addEventListener("submit", confirmLogout);
  });
  sendAndShow().catch(function () {});
  window.addEventListener("online", () => sendAndShow().catch(function () {}));
  window.addEventListener("offline", () => showWaiting().catch(function () {}));
}
