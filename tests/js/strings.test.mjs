// static/js/strings.js: the page's texts (league/pages/js_strings.py), their %(name)s parts
// and plural forms: `node --test tests/js/`.
import assert from "node:assert/strict";
import { test } from "node:test";

import "../../static/js/strings.js";

const strings = globalThis.leagueStrings;

// As js_strings.for_page() sends a Polish plural: each form with the first count taking it.
const POLISH = {
  language: "pl",
  texts: {
    queue_to_fix: [
      [1, "%(count)s gra do poprawy"],
      [2, "%(count)s gry do poprawy"],
      [5, "%(count)s gier do poprawy"],
    ],
    seat_problem: "Miejsce %(seat)s: %(problem)s",
  },
};
const page = (data) => `<script id="league-strings" type="application/json">${JSON.stringify(data)}</script>`;

test("without a page's texts, English fills in the named parts", () => {
  assert.equal(strings.language, "en");
  assert.equal(strings.text("seat_problem", { seat: 2, problem: "x" }), "Seat 2: x");
  assert.equal(strings.text("queue_to_fix", { count: 1 }), "1 game needs a fix");
  assert.equal(strings.text("queue_to_fix", { count: 0 }), "0 games need a fix");
});

test("a plural takes the form of its count's category in the page's language", () => {
  const polish = strings.inHtml("<p>" + page(POLISH) + "</p>");
  const forms = [1, 2, 4, 5, 11, 12, 21, 22, 25, 0, 104, 112].map((count) =>
    polish.text("queue_to_fix", { count }).split(" ")[1]
  );
  assert.deepEqual(forms, [
    "gra", "gry", "gry", "gier", "gier", "gier", "gier", "gry", "gier", "gier", "gry", "gier",
  ]);
  assert.equal(polish.text("seat_problem", { seat: 1, problem: "x" }), "Miejsce 1: x");
  // A text the page lacks is the English one, with English plurals.
  assert.equal(polish.text("queue_waiting", { count: 3 }), "Waiting to send: 3.");
});

test("parts keep elements where the text names them, in the translation's order", () => {
  const button = { element: "button" };
  const reordered = { language: "de", texts: { new_player_unknown: "Neu: %(new_player)s!" } };
  const german = strings.inHtml(page(reordered));
  assert.deepEqual(german.parts("new_player_unknown", { new_player: button }), [
    "Neu: ",
    button,
    "!",
  ]);
  const two = strings.parts("either_name", { first: "A", second: button });
  assert.deepEqual(two, ["A", " or ", button]);
  assert.deepEqual(strings.parts("either_name", { first: two, second: "C" }), [
    "A",
    " or ",
    button,
    " or ",
    "C",
  ]);
});

test("a page without texts, or with broken ones, reads as English", () => {
  assert.equal(strings.inHtml("<main></main>").text("sent_title"), "Sent");
  const broken = '<script id="league-strings" type="application/json">{</script>';
  assert.equal(strings.inHtml(broken).text("sent_title"), "Sent");
});
