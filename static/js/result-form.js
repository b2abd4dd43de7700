/* The result form's small conveniences. The form works without them: every rule and the
   score are checked on the server; this only shows and hides what is relevant. */
(function () {
  "use strict";
  const form = document.getElementById("result-form");
  if (!form) return;

  function notify() {
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // The defeat cause only for a defeat, the elder sign tokens only for sealing the gates.
  function chosenOutcome() {
    const checked = form.querySelector('input[name="outcome"]:checked');
    return checked ? checked.value : "";
  }
  function showOutcomeFields() {
    const outcome = chosenOutcome();
    form.querySelectorAll("[data-show-for]").forEach(function (el) {
      const wanted = el.dataset.showFor.split(" ").includes(outcome);
      el.hidden = !wanted && !el.classList.contains("has-error");
    });
  }

  // A chosen scenario (its option's data-*) limits the Ancient One, herald and boxes.
  const scenarioSelect = form.querySelector('select[name="scenario"]');
  function words(text) {
    return new Set((text || "").split(" ").filter(Boolean));
  }
  function chosenScenario() {
    const option = scenarioSelect && scenarioSelect.selectedOptions[0];
    if (!option || !option.value) return null;
    return {
      id: option.value,
      ancientOnes: words(option.dataset.ancientOnes),
      herald: option.dataset.herald,
      required: words(option.dataset.boxesRequired),
      allowed: words(option.dataset.boxesAllowed),
    };
  }
  function allowedByScenario(select, value) {
    const scenario = chosenScenario();
    if (!scenario || !value) return true;
    if (select.name === "ancient_one") return scenario.ancientOnes.has(value);
    if (select.name === "herald") return !scenario.herald || scenario.herald === value;
    return true;
  }

  // Only the Ancient Ones, heralds, guardians and investigators of the ticked boxes.
  function filterByBoxes() {
    const boxes = new Set(
      Array.from(form.querySelectorAll('input[name="boxes"]:checked'), function (box) {
        return box.value;
      })
    );
    form.querySelectorAll("option[data-box]").forEach(function (option) {
      const select = option.closest("select");
      const fits = boxes.has(option.dataset.box) && allowedByScenario(select, option.value);
      option.hidden = !fits && !option.selected;
      option.disabled = !fits && !option.selected;
    });
  }

  // Boxes outside the scenario's allowed set are hidden; only its own tasks are shown.
  function showScenario() {
    const scenario = chosenScenario();
    form.querySelectorAll('input[name="boxes"]').forEach(function (box) {
      const label = box.closest("label") || box.parentElement;
      const allowed = !scenario || !scenario.allowed.size || scenario.allowed.has(box.value);
      label.hidden = !allowed && !box.checked;
    });
    form.querySelectorAll("[data-scenario-tasks]").forEach(function (group) {
      group.hidden = !scenario || group.dataset.scenarioTasks !== scenario.id;
    });
    const tasks = document.getElementById("scenario-tasks");
    if (tasks) tasks.hidden = !scenario && !tasks.classList.contains("has-error");
  }
  // Choosing a scenario sets what it requires; what it forbids is cleared.
  function applyScenario() {
    const scenario = chosenScenario();
    form.querySelectorAll('input[name="tasks_done"]').forEach(function (task) {
      if (!scenario || task.dataset.scenario !== scenario.id) task.checked = false;
    });
    if (scenario) {
      form.querySelectorAll('input[name="boxes"]').forEach(function (box) {
        if (scenario.required.has(box.value)) box.checked = true;
        else if (scenario.allowed.size && !scenario.allowed.has(box.value)) box.checked = false;
      });
      const ancientOne = form.querySelector('select[name="ancient_one"]');
      if (ancientOne.value && !scenario.ancientOnes.has(ancientOne.value)) ancientOne.value = "";
      if (!ancientOne.value && scenario.ancientOnes.size === 1) {
        ancientOne.value = Array.from(scenario.ancientOnes)[0];
      }
      const herald = form.querySelector('select[name="herald"]');
      if (scenario.herald) herald.value = scenario.herald;
    }
    showScenario();
    filterByBoxes();
  }

  // Seats: spare empty rows wait behind "Add a seat"; "Remove" ticks the row's remove box.
  const rows = Array.from(form.querySelectorAll("[data-seat]"));
  const addButton = document.getElementById("add-seat");

  function isBlank(row) {
    const name = row.querySelector('input[name$="-player_name"]');
    const investigator = row.querySelector('select[name$="-investigator"]');
    return !name.value.trim() && !investigator.value && !row.querySelector(".errorlist");
  }
  function removeBox(row) {
    return row.querySelector('input[name$="-DELETE"]');
  }
  function resetRow(row) {
    row.querySelectorAll("input, select").forEach(function (field) {
      if (field.type === "hidden") return;
      if (field.type === "checkbox") field.checked = false;
      else if (field.type === "number") field.value = "0";
      else if (field.name.endsWith("-ended")) field.value = "sane";
      else field.value = "";
    });
  }
  function refreshRows() {
    let number = 0;
    rows.forEach(function (row) {
      if (row.hidden) return;
      number += 1;
      row.querySelectorAll("[data-seat-number]").forEach(function (el) {
        el.textContent = number;
      });
    });
    addButton.disabled = !rows.some(function (row) {
      return row.hidden;
    });
  }

  rows.forEach(function (row, index) {
    const box = removeBox(row);
    const label = row.querySelector("[data-delete-label]");
    const button = row.querySelector("[data-remove-seat]");
    if (label) label.hidden = true;
    button.hidden = false;
    button.addEventListener("click", function () {
      box.checked = true;
      row.hidden = true;
      refreshRows();
      notify();
      focusAfterRemoving(index);
    });
    if (box.checked || (index > 0 && isBlank(row))) row.hidden = true;
  });
  // Focus must not fall to the page body when its button disappears: go to the next seat
  // still shown, else the one before, else "Add a seat".
  function focusAfterRemoving(index) {
    const after = rows.slice(index + 1).find(function (row) {
      return !row.hidden;
    });
    const before = rows
      .slice(0, index)
      .reverse()
      .find(function (row) {
        return !row.hidden;
      });
    const target = after || before;
    if (target) target.querySelector('input[name$="-player_name"]').focus();
    else addButton.focus();
  }
  addButton.hidden = false;
  addButton.addEventListener("click", function () {
    const row = rows.find(function (candidate) {
      return candidate.hidden;
    });
    if (!row) return;
    resetRow(row);
    row.hidden = false;
    refreshRows();
    filterByBoxes();
    row.querySelector('input[name$="-player_name"]').focus();
  });

  form.addEventListener("change", function (event) {
    if (event.target === scenarioSelect) applyScenario();
    if (event.target.name === "outcome") showOutcomeFields();
    if (event.target.name === "boxes" || event.target.tagName === "SELECT") filterByBoxes();
  });
  showOutcomeFields();
  showScenario();
  filterByBoxes();
  refreshRows();

  // The summary bar's details ("What to fix", "How the score adds up") each stay open or
  // closed across live updates.
  const preview = document.getElementById("preview");
  const openDetails = {};
  if (preview) {
    preview.addEventListener("htmx:beforeSwap", function () {
      const details = preview.querySelector("[data-summary-details]");
      if (details) openDetails[details.dataset.summaryDetails] = details.open;
    });
    preview.addEventListener("htmx:afterSwap", function () {
      const details = preview.querySelector("[data-summary-details]");
      if (details) details.open = Boolean(openDetails[details.dataset.summaryDetails]);
    });
  }

  // After a failed save, start at the list of what to fix (or the duplicate question).
  const summary = document.getElementById("form-errors") || document.getElementById("duplicates");
  if (summary) summary.focus();
  // A link in the summary puts the cursor in its field, not just the page at it.
  form.querySelectorAll('#form-errors a[href^="#"]').forEach(function (link) {
    link.addEventListener("click", function (event) {
      const field = document.getElementById(link.getAttribute("href").slice(1));
      if (!field) return;
      event.preventDefault();
      const row = field.closest("[data-seat]");
      if (row) row.hidden = false;
      field.focus();
    });
  });
})();
