/* The league's rules for the phone: a port of games/rules.py (read its docstring for the
   rulings), so a game can be scored with no signal. games/rules.py stays the rule: the
   league scores every game again when it arrives. Both are tested on one table of cases,
   tests/rule_cases.json (tests/test_rules.py and tests/js/rules.test.mjs), so the two
   cannot drift; a change to one needs the same change to the other. Its messages are
   the page's texts (strings.js, from league/pages/js_strings.py), by id. */
import "./strings.js";

const say = (id, params) => globalThis.leagueStrings.text(id, params);

export const CLOSED = "closed";
export const SEALED = "sealed";
export const BANISHED = "banished";
export const DEFEAT = "defeat";
export const VICTORIES = [CLOSED, SEALED, BANISHED];
export const OUTCOMES = [...VICTORIES, DEFEAT];

const DEVOURED = "devoured";
const AZATHOTH_AWAKENED = "azathoth";
const ACT_III = "act-iii";
const ANCIENT_ONE_SPECIAL = "ancient-one-special";
export const DEFEAT_CAUSES = [DEVOURED, AZATHOTH_AWAKENED, ACT_III, ANCIENT_ONE_SPECIAL, "other"];
const OWN_DEFEAT_RULE = new Set(["Glaaki", "Shudde M'ell", "Bokrug"]);
const AZATHOTH = "Azathoth";
const ACT_DECK_BOXES = ["The King in Yellow", "Miskatonic Horror"];

const ENDED_SANE = "sane";
const ENDED_LOST = "lost";
const LOST_STILL_IN_PLAY = [CLOSED, SEALED];

export const MIN_INVESTIGATORS = 1;
export const MAX_INVESTIGATORS = 8;
export const MIN_TERROR = 0;
export const MAX_TERROR = 10;
const MONSTER_TROPHIES_PER_POINT = 3;
export const SEALED_MIN_TOKENS = 6;

function pythonRepr(value) {
  if (typeof value === "string") return "'" + value + "'";
  if (value === true || value === false) return value ? "True" : "False";
  return String(value);
}

// `field`: the value's name among the texts ("name_" + field).
function requireRange(field, value, low, high) {
  const name = say("name_" + field);
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new RangeError(say("must_be_whole", { name, value: pythonRepr(value) }));
  }
  if (value < low || (high !== undefined && value > high)) {
    const id = high !== undefined ? "must_be_between" : "must_be_at_least";
    throw new RangeError(say(id, { name, low, high, value }));
  }
}

/* Each term of the victory score: {label, count, points}. Throws RangeError for a value
   outside the ranges the league rulings allow. */
export function scoreBreakdown(v) {
  requireRange("doom_track", v.doom_track, 1);
  requireRange("terror_level", v.terror_level, MIN_TERROR, MAX_TERROR);
  requireRange("unpaid_loans", v.unpaid_loans, 0);
  requireRange("elder_signs_played", v.elder_signs_played, 0);
  requireRange("gate_trophies", v.gate_trophies, 0);
  requireRange("monster_trophies", v.monster_trophies, 0);
  requireRange("survivors", v.survivors, 0, MAX_INVESTIGATORS);
  // 0 - n, not -n: a negative zero would show as "-0" and differ from the rule module.
  const term = (field, count, points) => ({ label: say("term_" + field), count, points });
  return [
    term("doom_track", v.doom_track, v.doom_track),
    term("terror_level", v.terror_level, 0 - v.terror_level),
    term("unpaid_loans", v.unpaid_loans, 0 - v.unpaid_loans),
    term("elder_signs_played", v.elder_signs_played, 0 - v.elder_signs_played),
    term("gate_trophies", v.gate_trophies, v.gate_trophies),
    term(
      "monster_trophies",
      v.monster_trophies,
      Math.floor(v.monster_trophies / MONSTER_TROPHIES_PER_POINT)
    ),
    term("survivors", v.survivors, v.survivors),
  ];
}

export function victoryScore(values) {
  return scoreBreakdown(values).reduce((sum, term) => sum + term.points, 0);
}

/* The score a finished game stores: null for a defeat (not 0). */
export function gameScore(outcome, values) {
  return VICTORIES.includes(outcome) ? victoryScore(values) : null;
}

/* Every player holding the First Citizen title; trophies maps a player to
   [gate trophies, monster trophies]. */
export function firstCitizens(trophies) {
  const held = Object.entries(trophies);
  if (!held.length) return new Set();
  const beats = (a, b) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);
  let best = held[0][1];
  for (const [, pair] of held) if (beats(pair, best)) best = pair;
  return new Set(
    held.filter(([, p]) => p[0] === best[0] && p[1] === best[1]).map(([player]) => player)
  );
}

export function victoryProblems(game) {
  const { outcome, ancient_one, investigators, gate_trophies, elder_sign_tokens } = game;
  if (outcome === CLOSED && gate_trophies < investigators) {
    return [say("closing_needs_trophies", { gates: gate_trophies, count: investigators })];
  }
  if (outcome === SEALED && elder_sign_tokens < SEALED_MIN_TOKENS) {
    return [say("sealed_needs_tokens", { needed: SEALED_MIN_TOKENS, tokens: elder_sign_tokens })];
  }
  if (outcome === BANISHED && !canBeBanished(ancient_one)) {
    return [say("azathoth_not_banished")];
  }
  return [];
}

export function defeatCauseProblems({ cause, ancient_one, boxes }) {
  const inPlay = new Set(boxes);
  if (!DEFEAT_CAUSES.includes(cause)) return [say("unknown_defeat_cause", { cause })];
  if (cause === AZATHOTH_AWAKENED && ancient_one !== AZATHOTH) {
    return [say("only_azathoth_awakens", { ancient_one })];
  }
  if (cause === DEVOURED && ancient_one === AZATHOTH) {
    return [say("azathoth_never_fought")];
  }
  if (cause === ACT_III && !ACT_DECK_BOXES.some((box) => inPlay.has(box))) {
    return [say("act_iii_needs_deck")];
  }
  if (cause === ANCIENT_ONE_SPECIAL && !OWN_DEFEAT_RULE.has(ancient_one)) {
    return [say("no_own_defeat_rule", { ancient_one })];
  }
  return [];
}

export function canBeBanished(ancientOne) {
  return ancientOne !== AZATHOTH;
}

export function possibleEndings(ancientOne) {
  const victories = VICTORIES.filter((o) => o !== BANISHED || canBeBanished(ancientOne));
  const causes = DEFEAT_CAUSES.filter(
    (cause) =>
      !defeatCauseProblems({ cause, ancient_one: ancientOne, boxes: ACT_DECK_BOXES }).length
  );
  return [...victories.map((o) => [o, ""]), ...causes.map((cause) => [DEFEAT, cause])];
}

export function survives({ ended, outcome }) {
  return ended === ENDED_SANE || (ended === ENDED_LOST && LOST_STILL_IN_PLAY.includes(outcome));
}

export function seatProblems({ ended, outcome }) {
  return ended === ENDED_LOST && outcome === BANISHED ? [say("lost_when_awoken")] : [];
}

/* Seats are {player, sane_and_surviving, replaced, gate_trophies, monster_trophies,
   unpaid_loans}, as games.rules.SeatResult. */
function count(seat, name) {
  return seat[name] || 0;
}

export function teamTotals(seats) {
  const sum = (name) => seats.reduce((total, seat) => total + count(seat, name), 0);
  return {
    investigators: seats.length,
    investigators_who_played: seats.length + sum("replaced"),
    survivors: seats.filter((seat) => seat.sane_and_surviving).length,
    gate_trophies: sum("gate_trophies"),
    monster_trophies: sum("monster_trophies"),
    unpaid_loans: sum("unpaid_loans"),
  };
}

export function firstCitizensOf(seats) {
  const held = {};
  for (const seat of seats) {
    const [gates, monsters] = held[seat.player] || [0, 0];
    held[seat.player] = [
      gates + count(seat, "gate_trophies"),
      monsters + count(seat, "monster_trophies"),
    ];
  }
  return firstCitizens(held);
}

export function firstCitizensInSeatOrder(seats) {
  const winners = firstCitizensOf(seats);
  return [...new Set(seats.map((seat) => seat.player).filter((player) => winners.has(player)))];
}

export function seatFlags(seats, { victory }) {
  const winners = victory ? firstCitizensOf(seats) : new Set();
  const seen = new Set();
  return seats.map((seat) => {
    const flags = [winners.has(seat.player), !seen.has(seat.player)];
    seen.add(seat.player);
    return flags;
  });
}

export function tableProblems(totals) {
  const problems = [];
  if (totals.investigators < MIN_INVESTIGATORS || totals.investigators > MAX_INVESTIGATORS) {
    const range = { low: MIN_INVESTIGATORS, high: MAX_INVESTIGATORS };
    problems.push(say("investigators_in_play", { ...range, count: totals.investigators }));
  }
  if (totals.unpaid_loans > totals.investigators_who_played) {
    const loans = { loans: totals.unpaid_loans, count: totals.investigators_who_played };
    problems.push(say("loans_per_investigator", loans));
  }
  return problems;
}

/* games/scenario_rules.py's scenario score: the rulebook victory score + 1 per task
   completed; null for a defeat. */
export const TASK_POINTS = 1;

export function scenarioScore({ victory_score, tasks_completed }) {
  requireRange("tasks_completed", tasks_completed, 0);
  if (victory_score === null) return null;
  return victory_score + TASK_POINTS * tasks_completed;
}

// Tasks ticked must be the chosen scenario's own.
export function scenarioTaskProblems({ foreign_tasks }) {
  if (!foreign_tasks) return [];
  return [say("foreign_tasks", { count: foreign_tasks })];
}
