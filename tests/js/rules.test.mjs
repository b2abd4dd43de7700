// static/js/rules.js on the rule module's own table of cases (tests/rule_cases.json), the
// one tests/test_rules.py checks games/rules.py on: run with `node --test tests/js/`.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import * as rules from "../../static/js/rules.js";

const CASES = JSON.parse(readFileSync(new URL("../rule_cases.json", import.meta.url), "utf8"));
const BASE = CASES.score_base;

const checked = new Set();
function eachCase(name, check) {
  checked.add(name);
  assert.ok(CASES[name].length > 0, `the table ${name} has cases`);
  CASES[name].forEach((c, index) => test(`${name} #${index} ${c.why || ""}`, () => check(c)));
}
const sorted = (set) => [...set].sort();

eachCase("victory_score", (c) => {
  assert.equal(rules.victoryScore({ ...BASE, ...c.changes }), c.expected);
});

eachCase("victory_score_range_errors", (c) => {
  assert.throws(() => rules.victoryScore({ ...BASE, ...c.changes }), {
    name: "RangeError",
    message: new RegExp("^" + c.message),
  });
});

eachCase("score_breakdown", (c) => {
  const terms = rules.scoreBreakdown({ ...BASE, ...c.changes });
  assert.deepEqual(terms.map((t) => [t.label, t.count, t.points]), c.terms);
});

eachCase("game_score", (c) => {
  assert.equal(rules.gameScore(c.outcome, c.values), c.expected);
});

eachCase("first_citizens", (c) => {
  assert.deepEqual(sorted(rules.firstCitizens(c.trophies)), sorted(c.expected));
});

eachCase("first_citizens_of", (c) => {
  assert.deepEqual(sorted(rules.firstCitizensOf(c.seats)), sorted(c.expected));
});

eachCase("seat_flags", (c) => {
  assert.deepEqual(rules.seatFlags(c.seats, { victory: c.victory }), c.expected);
});

eachCase("victory_problems", (c) => {
  const problems = rules.victoryProblems({ ...CASES.victory_problems_base, ...c.changes });
  assert.equal(problems.length, c.expected.length);
  problems.forEach((problem, i) => assert.ok(problem.includes(c.expected[i]), problem));
});

eachCase("defeat_cause_problems", (c) => {
  const problems = rules.defeatCauseProblems(c);
  assert.equal(problems.length === 0, c.ok);
});

eachCase("table_problems", (c) => {
  const problems = rules.tableProblems(rules.teamTotals(c.seats));
  assert.equal(problems.length, c.expected.length);
  problems.forEach((problem, i) => assert.ok(problem.includes(c.expected[i]), problem));
});

eachCase("team_totals", (c) => {
  assert.deepEqual(rules.teamTotals(c.seats), c.expected);
});

eachCase("survives_and_seat_problems", (c) => {
  assert.equal(rules.survives(c), c.survives);
  assert.deepEqual(rules.seatProblems(c), c.problems);
});

eachCase("possible_endings", (c) => {
  assert.deepEqual(rules.possibleEndings(c.ancient_one), c.expected);
});

test("every table of the shared cases is checked here", () => {
  const tables = Object.keys(CASES).filter((name) => Array.isArray(CASES[name]));
  assert.deepEqual(sorted(tables), sorted(checked));
});

eachCase("scenario_score", (c) => {
  assert.equal(rules.scenarioScore(c), c.expected);
});

eachCase("scenario_score_errors", (c) => {
  assert.throws(() => rules.scenarioScore({ victory_score: 10, ...c }), {
    name: "RangeError",
    message: c.message,
  });
});

eachCase("scenario_task_problems", (c) => {
  assert.deepEqual(rules.scenarioTaskProblems(c), c.expected);
});
