/* The league's rules for the phone: a port of games/rules.py (read its docstring for the
   rulings), so a game can be scored with no signal. games/rules.py stays the rule: the
   league scores every game again when it arrives. Both are tested on one table of cases,
   tests/rule_cases.json (tests/test_rules.py and tests/js/rules.test.mjs), so the two
   cannot drift; a change to one needs the same change to the other. */

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
export const LOST_WHEN_AWOKEN =
  "In a banished game, when the Ancient One awoke they were devoured: record them as devoured.";

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

function requireRange(name, value, low, high) {
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new RangeError(`${name} must be a whole number, not ${pythonRepr(value)}.`);
  }
  if (value < low || (high !== undefined && value > high)) {
    const bound = high !== undefined ? `between ${low} and ${high}` : `${low} or more`;
    throw new RangeError(`${name} must be ${bound}, not ${value}.`);
  }
}

/* Each term of the victory score: {label, count, points}. Throws RangeError for a value
   outside the ranges the league rulings allow. */
export function scoreBreakdown(v) {
  requireRange("Doom track", v.doom_track, 1);
  requireRange("Terror level", v.terror_level, MIN_TERROR, MAX_TERROR);
  requireRange("Unpaid loans", v.unpaid_loans, 0);
  requireRange("Elder signs played", v.elder_signs_played, 0);
  requireRange("Gate trophies", v.gate_trophies, 0);
  requireRange("Monster trophies", v.monster_trophies, 0);
  requireRange("Survivors", v.survivors, 0, MAX_INVESTIGATORS);
  // 0 - n, not -n: a negative zero would show as "-0" and differ from the rule module.
  const term = (label, count, points) => ({ label, count, points });
  return [
    term("Printed doom track of the Ancient One", v.doom_track, v.doom_track),
    term("Terror level at the end", v.terror_level, 0 - v.terror_level),
    term("Unpaid or defaulted Bank Loans", v.unpaid_loans, 0 - v.unpaid_loans),
    term("Elder signs played", v.elder_signs_played, 0 - v.elder_signs_played),
    term("Unspent gate trophies", v.gate_trophies, v.gate_trophies),
    term(
      "Unspent monster trophies (1 per 3)",
      v.monster_trophies,
      Math.floor(v.monster_trophies / MONSTER_TROPHIES_PER_POINT)
    ),
    term("Sane, surviving investigators", v.survivors, v.survivors),
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
    return [
      "Closing the gates needs at least as many unspent gate trophies as investigators in " +
        `play: the team holds ${gate_trophies} for ${investigators} ` +
        `investigator${investigators !== 1 ? "s" : ""}.`,
    ];
  }
  if (outcome === SEALED && elder_sign_tokens < SEALED_MIN_TOKENS) {
    return [
      `Sealing the gates needs ${SEALED_MIN_TOKENS} or more elder sign tokens on the ` +
        `board: ${elder_sign_tokens} recorded.`,
    ];
  }
  if (outcome === BANISHED && !canBeBanished(ancient_one)) {
    return ["Azathoth cannot be banished: his awakening ends the game in defeat."];
  }
  return [];
}

export function defeatCauseProblems({ cause, ancient_one, boxes }) {
  const inPlay = new Set(boxes);
  if (!DEFEAT_CAUSES.includes(cause)) return [`Unknown defeat cause '${cause}'.`];
  if (cause === AZATHOTH_AWAKENED && ancient_one !== AZATHOTH) {
    return [`Only Azathoth's awakening ends the game this way, not ${ancient_one}'s.`];
  }
  if (cause === DEVOURED && ancient_one === AZATHOTH) {
    return ["Azathoth is never fought: his awakening ends the game at once."];
  }
  if (cause === ACT_III && !ACT_DECK_BOXES.some((box) => inPlay.has(box))) {
    return ["Act III needs the Act deck of The King in Yellow or Miskatonic Horror in play."];
  }
  if (cause === ANCIENT_ONE_SPECIAL && !OWN_DEFEAT_RULE.has(ancient_one)) {
    return [`${ancient_one} has no defeat rule of its own: choose how the game was lost.`];
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
  return ended === ENDED_LOST && outcome === BANISHED ? [LOST_WHEN_AWOKEN] : [];
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
    problems.push(
      `A game has between ${MIN_INVESTIGATORS} and ${MAX_INVESTIGATORS} investigators in ` +
        `play: ${totals.investigators} recorded.`
    );
  }
  if (totals.unpaid_loans > totals.investigators_who_played) {
    problems.push(
      `Each investigator holds at most one Bank Loan: ${totals.unpaid_loans} unpaid loans ` +
        `for ${totals.investigators_who_played} investigators who played.`
    );
  }
  return problems;
}

/* games/scenario_rules.py's scenario score: the rulebook victory score + 1 per task
   completed; null for a defeat. */
export const TASK_POINTS = 1;

export function scenarioScore({ victory_score, tasks_completed }) {
  requireRange("Tasks completed", tasks_completed, 0);
  if (victory_score === null) return null;
  return victory_score + TASK_POINTS * tasks_completed;
}

// Tasks ticked must be the chosen scenario's own.
export function scenarioTaskProblems({ foreign_tasks }) {
  if (!foreign_tasks) return [];
  const verb = foreign_tasks !== 1 ? "s are" : " is";
  return [`${foreign_tasks} ticked task${verb} not part of the chosen scenario.`];
}
