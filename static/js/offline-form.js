/* The result form without a signal (docs/offline.md). The form works without this:
   - each new game gets an id made on this phone (client_id): sent twice, stored once;
   - when the live preview cannot reach the league, the game is scored here
     (offline-preview.js, with rules.js, the port of games/rules.py) and the bar says so;
   - a game saved offline (the service worker keeps it) or refused on arrival opens here
     from its link (#queued=<id>) with everything typed, the reasons, and Discard;
   - a draft of a new game is kept while typing (localStorage, per account) until it is
     saved: a dropped connection, a closed tab or Back never loses a half-entered game. */
import "./strings.js";
import "./offline-queue.js";
import { element, field, showScoredHere } from "./offline-preview.js";

const strings = globalThis.leagueStrings;

const queue = self.leagueQueue;
const form = document.getElementById("result-form");
const preview = document.getElementById("preview");
const account = document.body.dataset.offlineAccount || "";
const idField = form && form.querySelector('input[name="client_id"]');
const queuedId = (/^#queued=([0-9a-f-]{36})$/.exec(location.hash) || [])[1];

function freshId() {
  if (idField && self.crypto && self.crypto.randomUUID) idField.value = self.crypto.randomUUID();
}
if (idField && !queuedId) {
  freshId();
  // Back to a form already sent: the next save is another game.
  window.addEventListener("pageshow", (event) => event.persisted && freshId());
}

// -- the preview, scored on this phone ------------------------------------------------
if (form && preview) {
  // htmx could not reach the league (no signal): the phone scores the game itself.
  preview.addEventListener("htmx:sendError", () => showScoredHere(preview));
}

// -- a game kept on this phone ----------------------------------------------------------
function localTime(iso) {
  const style = { dateStyle: "medium", timeStyle: "short" };
  return new Date(iso).toLocaleString(strings.language, style);
}

function restore(entry) {
  form.querySelectorAll('input[type="checkbox"], input[type="radio"]').forEach((box) => {
    box.checked = false;
  });
  for (const [name, value] of entry.fields) {
    form.querySelectorAll(`[name="${CSS.escape(name)}"]`).forEach((input) => {
      if (input.type === "checkbox" || input.type === "radio") {
        if (input.value === value) input.checked = true;
      } else {
        input.value = value;
      }
    });
  }
  form.querySelectorAll("[data-seat]").forEach((row) => {
    if (row.querySelector('input[name$="-player_name"]').value.trim()) row.hidden = false;
  });
  field("ancient_one").dispatchEvent(new Event("change", { bubbles: true }));
}

function describe(entry) {
  const box = document.getElementById("queued-game");
  const when = localTime(entry.savedAt);
  const discard = element(
    "button",
    { type: "button", class: "button secondary" },
    strings.text("discard_game")
  );
  discard.addEventListener("click", async () => {
    if (!window.confirm(strings.text("discard_confirm"))) return;
    await queue.remove(entry.id);
    location.replace(form.action);
  });
  const another = element("a", { href: form.action }, strings.text("record_another"));
  if (entry.state === "refused") {
    box.replaceChildren(
      element("h2", {}, strings.text("not_accepted_title")),
      element("p", {}, strings.text("not_accepted_intro", { time: when })),
      element(
        "ul",
        { "data-testid": "queued-reasons" },
        ...entry.reasons.map((reason) => element("li", {}, reason))
      ),
      element("p", {}, strings.text("not_accepted_fix")),
      discard
    );
  } else {
    box.replaceChildren(
      element("h2", {}, strings.text("kept_title")),
      element("p", {}, strings.text("kept_waiting", { time: when }), " ", another),
      discard
    );
  }
  box.hidden = false;
  box.focus();
}

async function reopen() {
  const entry = await queue.get(account, queuedId);
  if (!entry) return;
  restore(entry);
  describe(entry);
  // Sent by this page's offline.js when the signal came back: say so.
  document.addEventListener("league:queue-sent", async () => {
    const still = await queue.get(account, entry.id);
    if (still) return describe(still);
    const box = document.getElementById("queued-game");
    box.replaceChildren(
      element("h2", {}, strings.text("sent_title")),
      element(
        "p",
        {},
        strings.text("sent_text"),
        " ",
        element("a", { href: form.action }, strings.text("record_another"))
      )
    );
  });
  let handedOver = false;
  // Saved again with a signal: the league's answer holds the game from now on.
  form.addEventListener("submit", async (event) => {
    const checkOnly = event.submitter && event.submitter.name === "action";
    if (handedOver || !navigator.onLine || checkOnly) return;
    event.preventDefault();
    handedOver = true;
    await queue.remove(entry.id);
    form.requestSubmit(event.submitter);
  });
}

if (form && queuedId && account && window.indexedDB) reopen();

// -- the draft ------------------------------------------------------------------------
const draftKey = "league-draft-" + account;
const NOT_KEPT = new Set(["csrfmiddlewaretoken", "client_id"]);

function keepDraft() {
  const fields = Array.from(new FormData(form).entries()).filter(([name]) => !NOT_KEPT.has(name));
  try {
    localStorage.setItem(draftKey, JSON.stringify({ savedAt: new Date().toISOString(), fields }));
  } catch (error) {
    // Storage full or refused (a private window): the form works as before.
  }
}

function offerDraft(draft) {
  const box = document.getElementById("queued-game");
  const when = localTime(draft.savedAt);
  const restoreButton = element(
    "button",
    { type: "button", class: "button" },
    strings.text("draft_restore")
  );
  const discard = element(
    "button",
    { type: "button", class: "button secondary" },
    strings.text("draft_discard")
  );
  restoreButton.addEventListener("click", () => {
    restore(draft);
    box.hidden = true;
    field("ancient_one").focus();
  });
  discard.addEventListener("click", () => {
    localStorage.removeItem(draftKey);
    box.hidden = true;
  });
  box.replaceChildren(
    element("h2", {}, strings.text("draft_title")),
    element("p", {}, strings.text("draft_text", { time: when })),
    restoreButton,
    " ",
    discard
  );
  box.hidden = false;
}

// Only a new game's form, fresh (not one the league answered with its errors).
const answered = document.getElementById("form-errors") || document.getElementById("duplicates");
const fresh = idField && !queuedId && !answered;
if (fresh && account && window.localStorage) {
  let draft = null;
  try {
    draft = JSON.parse(localStorage.getItem(draftKey) || "null");
  } catch (error) {
    localStorage.removeItem(draftKey);
  }
  if (draft && Array.isArray(draft.fields)) offerDraft(draft);
}
if (idField && account && window.localStorage) {
  let pending = null;
  let typed = false; // only what the member typed is a draft, not a form merely opened
  let saved = false;
  form.addEventListener("input", (event) => {
    typed = typed || event.isTrusted;
    clearTimeout(pending);
    pending = setTimeout(keepDraft, 300);
  });
  form.addEventListener("change", (event) => {
    typed = typed || event.isTrusted;
    if (typed) keepDraft();
  });
  // Leaving the page (Back, a link, a closed tab) before the last keystroke was kept.
  window.addEventListener("pagehide", () => typed && !saved && keepDraft());
  // Saved (online, or kept in the queue by the worker): no longer a draft.
  form.addEventListener("submit", (event) => {
    if (!(event.submitter && event.submitter.name === "action")) {
      saved = true;
      clearTimeout(pending);
      localStorage.removeItem(draftKey);
    }
  });
}
