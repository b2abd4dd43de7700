/* The games saved on this phone while offline, waiting to be sent: one IndexedDB store,
   each game under its phone-made id (the form's client_id) with the account key it was
   recorded under. A classic script on purpose: the service worker loads it with
   importScripts, the pages with an import, and both use self.leagueQueue. */
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
  };
})();
