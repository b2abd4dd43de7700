/* On every page: installs the service worker, writes a saved copy's time as the phone's
   local time, and (offline-queue.js) shows and sends the games waiting on this phone. */
const script = document.querySelector("script[data-worker]");

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
