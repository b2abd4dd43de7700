/* The games saved on this phone while offline, waiting to be sent: one IndexedDB store,
   each game under its phone-made id (the form's client_id) with the account key it was
   recorded under, and the one way they are sent (leagueQueue.send). A classic script on
   purpose: the service worker loads it with importScripts (it sends on Background Sync),
   the pages with an import (they send on load and on the online event); both use
   self.leagueQueue. */
(function () {
  "use strict";
  const DB_NAME = "league-offline";
  const STORE = "games";

  function open() {
    return new Promise(function (resolve, reject) {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore(STORE, { keyPath: "id" });
      };
      request.onsuccess = function () {
        resolve(request.result);
      };
      request.onerror = function () {
        reject(request.error);
      };
    });
  }

  async function run(mode, work) {
    const db = await open();
    try {
      return await new Promise(function (resolve, reject) {
        const tx = db.transaction(STORE, mode);
        const request = work(tx.objectStore(STORE));
        tx.oncomplete = function () {
          resolve(request && request.result);
        };
        tx.onerror = tx.onabort = function () {
          reject(tx.error);
        };
      });
    } finally {
      db.close();
    }
  }

  self.leagueQueue = {
    /* entry: {id, account, url, fields: [[name, value]...], savedAt, state, reasons} */
    put: function (entry) {
      return run("readwrite", (store) => store.put(entry));
    },
    get: async function (account, id) {
      const entry = await run("readonly", (store) => store.get(id));
      return entry && entry.account === account ? entry : null;
    },
    remove: function (id) {
      return run("readwrite", (store) => store.delete(id));
    },
    /* This account's games, the oldest first: another account's are never listed. */
    list: async function (account) {
      const all = (await run("readonly", (store) => store.getAll())) || [];
      return all
        .filter((entry) => account && entry.account === account)
        .sort((a, b) => (a.savedAt < b.savedAt ? -1 : 1));
    },
    send: send,
    reasonsIn: reasonsIn,
  };

  const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" };
  function text(html) {
    const bare = html.replace(/<[^>]*>/g, "").replace(/\s+/g, " ").trim();
    return bare.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (whole, name) => ENTITIES[name]);
  }

  /* Why the league refused a game, from the form page it answered with (its error summary,
     templates/games/_error_summary.html). Read as text: a service worker has no DOM. Its
     own words are in that page's language (strings.js, loaded before this script). */
  function reasonsIn(html) {
    const summary = /<div[^>]*\sid="form-errors"[^>]*>([\s\S]*?)<\/div>/.exec(html);
    const items = summary ? summary[1].match(/<li>[\s\S]*?<\/li>/g) || [] : [];
    const listed = items.map(text).filter(Boolean);
    if (listed.length) return listed;
    const strings = self.leagueStrings.inHtml(html);
    if (/\sid="duplicates"/.test(html)) return [strings.text("queue_duplicate")];
    return [strings.text("queue_not_accepted")];
  }

  /* Sends the waiting games of the account signed in now, the oldest first, each with a
     fresh CSRF token (asked of tokenUrl first). `account`: the page's account key (nothing
     is sent if another account is signed in by now); null for the service worker, which
     sends for whoever is signed in. Answers "done" (nothing left to try now: every game
     stored or refused) or "later" (no signal, a throttle, a server error: try again).
     One sender at a time (tabs and the worker); the league stores a game sent twice once
     anyway. */
  function send(options) {
    const locks = self.navigator && self.navigator.locks;
    if (!locks) return sendNow(options);
    return locks.request("league-offline-queue", () => sendNow(options));
  }

  async function sendNow(options) {
    const queue = self.leagueQueue;
    const pending = async (key) => (await queue.list(key)).filter((e) => e.state === "waiting");
    if (options.account !== null && !(await pending(options.account)).length) return "done";
    let token;
    try {
      const answer = await fetch(options.tokenUrl, { cache: "no-store" });
      token = await answer.json();
    } catch (error) {
      return "later"; // still offline
    }
    if (!token.account) return "done"; // signed out: sent when its account signs in again
    if (options.account !== null && token.account !== options.account) return "done";
    // The form and the log-in page in every language (/de/...): landing on one is no game.
    const notStored = new Set([...token.forms, ...token.logins]);
    for (const entry of await pending(token.account)) {
      const body = new URLSearchParams(entry.fields);
      body.set("csrfmiddlewaretoken", token.csrf);
      // A game kept before the addresses had a language goes to the form as it is now.
      const url = token.forms.includes(entry.url) ? entry.url : token.form;
      let response;
      try {
        response = await fetch(url, { method: "POST", body: body });
      } catch (error) {
        return "later";
      }
      const landed = new URL(response.url).pathname;
      if (response.ok && response.redirected && !notStored.has(landed)) {
        await queue.remove(entry.id); // stored (now or by an earlier send): its game's page
      } else if (response.status === 200 && landed === url) {
        entry.state = "refused"; // back to the form: kept until fixed or discarded
        entry.reasons = reasonsIn(await response.text());
        await queue.put(entry);
      } else {
        return "later"; // refused for now (a throttle, a server error)
      }
    }
    return "done";
  }
})();
