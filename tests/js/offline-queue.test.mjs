// static/js/offline-queue.js's sending (the one the pages and the service worker share), on a
// queue kept in memory and a league answered by a stub fetch: `node --test tests/js/`.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import vm from "node:vm";

const SOURCE = readFileSync(new URL("../../static/js/offline-queue.js", import.meta.url), "utf8");
const STRINGS = readFileSync(new URL("../../static/js/strings.js", import.meta.url), "utf8");
const FORM = "/games/new/";
const ANN = "a1";

// The script in a fresh global of its own, its storage replaced by a list in memory.
function load(entries, answer) {
  const posted = [];
  const context = { URL, URLSearchParams };
  context.self = context;
  context.fetch = async (url, init) => {
    if (init.method !== "POST") return answer.token ? { json: async () => answer.token } : answer.post();
    const body = new URLSearchParams(init.body);
    posted.push({ id: body.get("client_id"), csrf: body.get("csrfmiddlewaretoken") });
    return answer.post(body.get("client_id"), url);
  };
  vm.createContext(context);
  vm.runInContext(STRINGS, context); // as the pages and the worker load it first
  vm.runInContext(SOURCE, context);
  const queue = context.leagueQueue;
  const kept = new Map(entries.map((entry) => [entry.id, entry]));
  queue.list = async (account) =>
    [...kept.values()]
      .filter((entry) => entry.account === account)
      .sort((a, b) => (a.savedAt < b.savedAt ? -1 : 1));
  queue.put = async (entry) => kept.set(entry.id, entry);
  queue.remove = async (id) => kept.delete(id);
  return { queue, kept, posted };
}

function game(id, savedAt, account = ANN) {
  const fields = [["client_id", id], ["terror_level", "2"]];
  return { id, account, url: FORM, fields, savedAt, state: "waiting", reasons: [] };
}

const LOGIN = "/accounts/login/";
const token = { csrf: "fresh", account: ANN, form: FORM, forms: [FORM], logins: [LOGIN] };
const stored = (id) => ({ ok: true, redirected: true, status: 200, url: "http://x/games/" + id });
const refusedPage =
  '<div class="message error" role="alert" id="form-errors" tabindex="-1">' +
  "<h2>Some answers need fixing</h2><ul>" +
  '<li><a href="#id_seats-0-player_name">Seat 1: “Zed” is not in the league &amp; ' +
  "needs &#x27;Yes, a new player&#x27;.</a></li>\n<li>Terror level: at most 10.</li></ul></div>";
const refused = () => ({
  ok: true,
  redirected: false,
  status: 200,
  url: "http://x" + FORM,
  text: async () => refusedPage,
});

test("sends the account's waiting games in the queue's order, with the fresh token, and drops them", async () => {
  const games = [game("b", "2026-01-02"), game("a", "2026-01-01"), game("c", "2026-01-01", "z")];
  const { queue, kept, posted } = load(games, { token, post: stored });
  assert.equal(await queue.send({ account: ANN, tokenUrl: "/offline/token/" }), "done");
  assert.deepEqual(posted, [
    { id: "a", csrf: "fresh" },
    { id: "b", csrf: "fresh" },
  ]);
  assert.deepEqual([...kept.keys()], ["c"]); // another account's game is never sent
});

test("the worker (account null) sends for whoever is signed in", async () => {
  const games = [game("a", "2026-01-01"), game("c", "2026-01-01", "z")];
  const { queue, posted } = load(games, { token, post: stored });
  assert.equal(await queue.send({ account: null, tokenUrl: "/offline/token/" }), "done");
  assert.deepEqual(
    posted.map((p) => p.id),
    ["a"]
  );
});

test("nothing is sent when another account, or nobody, is signed in now", async () => {
  for (const now of ["z", ""]) {
    const answer = { token: { ...token, account: now }, post: stored };
    const { queue, kept, posted } = load([game("a", "2026-01-01")], answer);
    assert.equal(await queue.send({ account: ANN, tokenUrl: "/offline/token/" }), "done");
    assert.equal(await queue.send({ account: null, tokenUrl: "/offline/token/" }), "done");
    assert.deepEqual([posted.length, kept.size], [0, 1]);
  }
});

test("a refused game stays, with the league's reasons as text", async () => {
  const { queue, kept } = load([game("a", "2026-01-01")], { token, post: refused });
  assert.equal(await queue.send({ account: ANN, tokenUrl: "/offline/token/" }), "done");
  const entry = kept.get("a");
  assert.equal(entry.state, "refused");
  assert.deepEqual([...entry.reasons], [
    "Seat 1: “Zed” is not in the league & needs 'Yes, a new player'.",
    "Terror level: at most 10.",
  ]);
});

test("no signal, a throttle or a server error: kept for later, the rest not tried", async () => {
  const failures = [
    async () => {
      throw new TypeError("Failed to fetch");
    },
    async () => ({ ok: false, redirected: false, status: 429, url: "http://x" + FORM }),
    async () => ({ ok: false, redirected: false, status: 500, url: "http://x" + FORM }),
  ];
  for (const post of failures) {
    const games = [game("a", "2026-01-01"), game("b", "2026-01-02")];
    const { queue, kept, posted } = load(games, { token, post });
    assert.equal(await queue.send({ account: null, tokenUrl: "/offline/token/" }), "later");
    assert.deepEqual([posted.length, kept.size, kept.get("a").state], [1, 2, "waiting"]);
  }
});

test("the token cannot be fetched: later, nothing posted", async () => {
  const offline = async () => {
    throw new TypeError("Failed to fetch");
  };
  const { queue, posted } = load([game("a", "2026-01-01")], { token: null, post: offline });
  assert.equal(await queue.send({ account: ANN, tokenUrl: "/offline/token/" }), "later");
  assert.equal(posted.length, 0);
});

test("a duplicate warning, or a page with no summary, still says why", () => {
  const { queue } = load([], { token, post: stored });
  assert.match(queue.reasonsIn('<div id="duplicates"></div>')[0], /already has a game/);
  assert.match(queue.reasonsIn("<main></main>")[0], /did not accept this game/);
  // In the language of the page the league answered with (its texts, strings.js).
  const german = { language: "de", texts: { queue_not_accepted: "Nicht angenommen." } };
  const page = `<script id="league-strings" type="application/json">${JSON.stringify(german)}</script>`;
  assert.deepEqual([...queue.reasonsIn(page + "<main></main>")], ["Nicht angenommen."]);
});

test("a game kept at an address the form no longer has goes to the form's address now", async () => {
  const german = { ...token, form: "/de/games/new/", forms: ["/de/games/new/", "/en/games/new/"] };
  const urls = [];
  const post = (id, url) => {
    urls.push(url);
    return { ok: true, redirected: true, status: 200, url: "http://x/de/games/" + id };
  };
  const { queue, kept } = load([game("a", "2026-01-01")], { token: german, post });
  assert.equal(await queue.send({ account: ANN, tokenUrl: "/offline/token/" }), "done");
  assert.deepEqual([urls, kept.size], [["/de/games/new/"], 0]);
});

test("landing on the log-in page or a form in any language is not a stored game", async () => {
  const german = { ...token, forms: [FORM, "/de/games/new/"], logins: [LOGIN, "/de/login/"] };
  for (const landed of ["/de/login/", "/de/games/new/", LOGIN]) {
    const post = () => ({ ok: true, redirected: true, status: 200, url: "http://x" + landed });
    const { queue, kept } = load([game("a", "2026-01-01")], { token: german, post });
    assert.equal(await queue.send({ account: ANN, tokenUrl: "/offline/token/" }), "later");
    assert.equal(kept.get("a").state, "waiting");
  }
});
