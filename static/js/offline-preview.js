/* The result form's live preview when the league cannot be reached: the game scored on
   this phone by rules.js, the port of games/rules.py (and the scenario score of
   games/scenario_rules.py), with the same messages, and said plainly to be the phone's.
   What only the league knows (new player names, scenario terms and task conditions,
   duplicates) is checked when the game is sent. Used by offline-form.js. Its texts are
   the page's (strings.js). */
import "./strings.js";
import * as rules from "./rules.js";

const form = document.getElementById("result-form");
const strings = globalThis.leagueStrings;

export function field(name) {
  return form.querySelector(`[name="${name}"]`);
}
function whole(text) {
  const trimmed = String(text).trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}
function chosen(select) {
  const option = select && select.selectedOptions[0];
  return option && option.value ? option.textContent.trim() : "";
}
function seatsAsTyped(outcome) {
  return Array.from(form.querySelectorAll("[data-seat]"))
    .filter((row) => !row.hidden && !row.querySelector('input[name$="-DELETE"]:checked'))
    .map((row) => {
      const value = (name) => row.querySelector(`[name$="-${name}"]`).value;
      const ended = value("ended");
      return {
        player: value("player_name").trim(),
        investigator: value("investigator"),
        ended: ended,
        sane_and_surviving: rules.survives({ ended: ended, outcome: outcome }),
        replaced: whole(value("replaced") || 0),
        gate_trophies: whole(value("gate_trophies") || 0),
        monster_trophies: whole(value("monster_trophies") || 0),
        unpaid_loans: whole(value("unpaid_loans") || 0),
      };
    })
    .filter((seat) => seat.player && seat.investigator);
}

function scoreHere() {
  const outcomeField = form.querySelector('input[name="outcome"]:checked');
  const outcome = outcomeField ? outcomeField.value : "";
  const aoLabel = chosen(field("ancient_one"));
  const seats = seatsAsTyped(outcome);
  const found = { ready: false, problems: [], outcome: outcome };
  if (!aoLabel || !outcome || !seats.length) return found;
  // The rules name Ancient Ones and boxes in English: the form's data-rules-name where it
  // gives one (its labels may be in another language), else the label itself.
  const aoOption = field("ancient_one").selectedOptions[0];
  const ancientOne = aoOption.dataset.rulesName || aoLabel.replace(/ \(doom track \d+\)$/, "");
  const doomTrack = Number(
    aoOption.dataset.doomTrack || (/\(doom track (\d+)\)$/.exec(aoLabel) || [])[1]
  );
  const boxes = Array.from(
    form.querySelectorAll('input[name="boxes"]:checked'),
    (box) => box.dataset.rulesName || box.closest("label").textContent.trim()
  );
  const totals = rules.teamTotals(seats);
  const problems = rules.tableProblems(totals);
  seats.forEach((seat, index) => {
    rules.seatProblems(seat).forEach((problem) => {
      problems.push(strings.text("seat_problem", { seat: index + 1, problem }));
    });
  });
  if (outcome === rules.DEFEAT) {
    const cause = field("defeat_cause").value;
    if (cause) {
      problems.push(...rules.defeatCauseProblems({ cause, ancient_one: ancientOne, boxes }));
    }
  } else {
    problems.push(
      ...rules.victoryProblems({
        outcome: outcome,
        ancient_one: ancientOne,
        investigators: totals.investigators,
        gate_trophies: totals.gate_trophies,
        elder_sign_tokens: whole(field("elder_sign_tokens").value || 0),
      })
    );
    try {
      found.breakdown = rules.scoreBreakdown({
        doom_track: doomTrack,
        terror_level: whole(field("terror_level").value),
        unpaid_loans: totals.unpaid_loans,
        elder_signs_played: whole(field("elder_signs_played").value || 0),
        gate_trophies: totals.gate_trophies,
        monster_trophies: totals.monster_trophies,
        survivors: totals.survivors,
      });
      found.score = found.breakdown.reduce((sum, term) => sum + term.points, 0);
      found.firstCitizens = rules.firstCitizensInSeatOrder(seats);
      found.scenario = scenarioScored(found.score, problems);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      problems.push(error.message);
    }
  }
  found.problems = problems;
  found.ready = !problems.length;
  return found;
}

// The scenario score (games/scenario_rules.py): its terms and conditions stay the league's.
function scenarioScored(score, problems) {
  const scenario = field("scenario");
  const ticked = Array.from(form.querySelectorAll('input[name="tasks_done"]:checked'));
  if (!scenario || !scenario.value) {
    if (ticked.length) problems.push(strings.text("tasks_without_scenario"));
    return null;
  }
  const own = ticked.filter((task) => task.dataset.scenario === scenario.value).length;
  const foreign = ticked.length - own;
  problems.push(...rules.scenarioTaskProblems({ foreign_tasks: foreign }));
  const total = rules.scenarioScore({ victory_score: score, tasks_completed: own });
  return { name: chosen(scenario), tasks: own, score: total };
}

export function element(tag, attrs, ...children) {
  const el = document.createElement(tag);
  Object.entries(attrs || {}).forEach(([name, value]) => el.setAttribute(name, value));
  el.append(...children);
  return el;
}

function line(kind, testid, ...children) {
  return element("p", { class: "summary-line " + kind, "data-testid": testid }, ...children);
}
function cell(text, numeric) {
  return element("td", numeric ? { class: "num" } : {}, String(text));
}

function problemsPart(problems) {
  const n = problems.length;
  const items = problems.map((text) => element("li", {}, text));
  return [
    line(
      "not-valid",
      "preview-status",
      element(
        "span",
        {},
        element("strong", {}, strings.text("not_valid")),
        " ",
        strings.text("things_to_fix", { count: n })
      )
    ),
    element(
      "details",
      { class: "summary-details" },
      element("summary", {}, strings.text("what_to_fix")),
      element("ul", { class: "problems", "data-testid": "preview-problems" }, ...items)
    ),
  ];
}

function scorePart(found) {
  const rows = found.breakdown.map((term) =>
    element(
      "tr",
      {},
      cell(term.label),
      cell(term.count, true),
      cell((term.points >= 0 ? "+" : "") + term.points, true)
    )
  );
  const scoreAttrs = { class: "summary-score", "data-testid": "preview-score" };
  const score = element("strong", scoreAttrs, String(found.score));
  const citizens = found.firstCitizens.length
    ? element("p", {}, strings.text("first_citizen", { players: found.firstCitizens.join(", ") }))
    : "";
  const table = element(
    "table",
    { class: "breakdown" },
    element("caption", {}, strings.text("score_adds_up")),
    element("tbody", {}, ...rows)
  );
  const scenario = found.scenario;
  const scenarioScore = scenario
    ? element("strong", { "data-testid": "preview-scenario-score" }, String(scenario.score))
    : null;
  const scoreLine = scenario
    ? strings.parts("score_line_scenario", { score, scenario_score: scenarioScore })
    : strings.parts("score_line", { score });
  const scenarioTable = scenario
    ? element(
        "table",
        { class: "breakdown", "data-testid": "preview-scenario" },
        element("caption", {}, strings.text("scenario_caption", { scenario: scenario.name })),
        element(
          "tbody",
          {},
          element(
            "tr",
            {},
            cell(strings.text("rulebook_score")),
            cell("", true),
            cell(found.score, true)
          ),
          element(
            "tr",
            {},
            cell(strings.text("tasks_each")),
            element("td", { class: "num", "data-testid": "preview-tasks" }, String(scenario.tasks)),
            cell("+" + scenario.tasks * rules.TASK_POINTS, true)
          )
        )
      )
    : "";
  return [
    line("valid", "preview-status", ...scoreLine),
    element(
      "details",
      { class: "summary-details" },
      element("summary", {}, strings.text("score_adds_up")),
      table,
      scenarioTable,
      citizens
    ),
  ];
}

export function showScoredHere(preview) {
  const found = scoreHere();
  const title = strings.text("preview_title");
  const parts = [element("h2", { id: "preview-title", class: "visually-hidden" }, title)];
  if (found.problems.length) {
    parts.push(...problemsPart(found.problems));
  } else if (found.ready && found.outcome === rules.DEFEAT) {
    parts.push(line("valid", "preview-defeat", strings.text("defeat_recorded")));
  } else if (found.ready) {
    parts.push(...scorePart(found));
  } else {
    parts.push(line("muted", "preview-status", strings.text("preview_hint")));
  }
  const note = strings.text("offline_note");
  parts.push(element("p", { class: "offline-note", "data-testid": "preview-offline" }, note));
  preview.replaceChildren(...parts);
}
