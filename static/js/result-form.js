/* The result form's small conveniences. The form works without them: every rule and the
   score are checked on the server; this only shows and hides what is relevant. Its texts
   are the page's (strings.js, loaded before it). */
(function () {
  "use strict";
  const form = document.getElementById("result-form");
  if (!form) return;
  const strings = globalThis.leagueStrings;

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
    hideNewPlayer(row);
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
      showNewNames();
    });
  }

  // The summary bar sits over the bottom of the screen: the page keeps its height free when
  // it scrolls a field into view (html's scroll-padding-bottom in site.css), so a field
  // reached with Tab is never under it (WCAG 2.4.11). Its height changes with its content,
  // its details opening, and the width of the screen.
  function reserveBarHeight() {
    const height = Math.ceil(preview.getBoundingClientRect().height);
    document.documentElement.style.setProperty("--preview-bar-height", height + "px");
  }
  if (preview) {
    reserveBarHeight();
    if (window.ResizeObserver) new ResizeObserver(reserveBarHeight).observe(preview);
    window.addEventListener("resize", reserveBarHeight);
  }

  // Enter (a phone's "Go" or "Next") in a field moves on to the next field: a stray Enter
  // saved half a game. Only the Save button saves. A textarea keeps Enter for new lines,
  // buttons and links keep theirs. (Without this script, the form's disabled default
  // button makes Enter do nothing.)
  const ENTER_SUBMITS = new Set([
    "text", "search", "email", "tel", "url", "password", "number", "date", "month", "week",
    "time", "datetime-local", "checkbox", "radio",
  ]);
  function isShown(el) {
    return el.getClientRects().length > 0;
  }
  // A group of radio buttons is one Tab stop: its chosen button, else its first.
  function radioStop(radio) {
    const group = Array.from(form.querySelectorAll('input[type="radio"]')).filter(function (r) {
      return r.name === radio.name && !r.disabled && isShown(r);
    });
    return (
      group.find(function (r) {
        return r.checked;
      }) || group[0]
    );
  }
  // The fields Tab stops at, in page order (not buttons: Enter must not press one).
  function fieldStops() {
    return Array.from(form.elements).filter(function (el) {
      if (!/^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName)) return false;
      if (el.type === "hidden" || el.disabled || el.tabIndex < 0 || !isShown(el)) return false;
      return el.type !== "radio" || el === radioStop(el);
    });
  }
  function nextField(field) {
    return fieldStops().find(function (el) {
      const after = field.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING;
      return after && !(field.type === "radio" && el.name === field.name);
    });
  }
  form.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || event.isComposing || event.defaultPrevented) return;
    const field = event.target;
    if (field.tagName !== "INPUT" || !ENTER_SUBMITS.has(field.type)) return;
    event.preventDefault();
    const next = nextField(field);
    if (next) next.focus();
  });
  form.querySelectorAll("input").forEach(function (field) {
    if (ENTER_SUBMITS.has(field.type) && field.type !== "checkbox" && field.type !== "radio") {
      field.enterKeyHint = "next";
    }
  });

  // A seat name nobody in the league has: "New player — did you mean …?", and the seat's
  // "Yes, a new player" box, which confirms the name it was ticked for (its value). The
  // live preview lists the new names ([data-new-names]); the server checks again on save.

  // A name as the server stores it (games.names.normalise_name), near enough to compare.
  function collapse(text) {
    const spaced = text.normalize("NFKC").split(/\s+/).join(" ");
    return spaced.replace(/[\p{Cf}\p{Cc}]/gu, "").trim().split(/\s+/).join(" ");
  }
  function nameField(row) {
    return row.querySelector('input[name$="-player_name"]');
  }
  function newPlayerParts(row) {
    const block = row.querySelector("[data-new-player]");
    return {
      block: block,
      hint: block.querySelector("[data-new-player-hint]"),
      box: block.querySelector('input[type="checkbox"]'),
      name: block.querySelector("[data-new-player-name]"),
    };
  }
  function describedBy(field, id, on) {
    const ids = (field.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
    const kept = ids.filter(function (other) {
      return other !== id;
    });
    if (on) kept.push(id);
    if (kept.length) field.setAttribute("aria-describedby", kept.join(" "));
    else field.removeAttribute("aria-describedby");
  }
  function hideNewPlayer(row) {
    const parts = newPlayerParts(row);
    parts.block.hidden = true;
    parts.box.checked = false;
    parts.hint.textContent = "";
    describedBy(nameField(row), parts.hint.id, false);
  }
  function useSuggestion(row, name) {
    const field = nameField(row);
    field.value = name;
    hideNewPlayer(row);
    field.focus();
    field.dispatchEvent(new Event("input", { bubbles: true }));
    notify();
  }
  function showNewPlayer(row, name, suggestions) {
    const parts = newPlayerParts(row);
    if (parts.box.value !== name) parts.box.checked = false;
    parts.box.value = name;
    parts.name.textContent = name;
    const hint = parts.hint;
    const strong = document.createElement("strong");
    strong.textContent = strings.text("new_player");
    const buttons = suggestions.map(function (suggestion) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "link-button";
      button.dataset.suggestion = "";
      button.textContent = suggestion;
      button.addEventListener("click", function () {
        useSuggestion(row, suggestion);
      });
      return button;
    });
    // "A or B or C", each name a button, in the words of the page's language.
    const names = buttons.slice(1).reduce(function (before, button) {
      return strings.parts("either_name", { first: before, second: button });
    }, buttons[0]);
    const sentence = buttons.length ? "new_player_suggestions" : "new_player_unknown";
    hint.replaceChildren(...strings.parts(sentence, { new_player: strong, names: names }));
    parts.block.hidden = false;
    describedBy(nameField(row), hint.id, true);
  }
  function showNewNames() {
    const list = preview.querySelector("[data-new-names]");
    if (!list) return;
    const found = {};
    list.querySelectorAll("[data-seat]").forEach(function (item) {
      found[item.dataset.seat] = item;
    });
    rows.forEach(function (row) {
      const field = nameField(row);
      const prefix = field.name.replace(/-player_name$/, "");
      const item = found[prefix];
      if (!item) {
        hideNewPlayer(row);
        return;
      }
      // An answer about what the field held a moment ago waits for the next one.
      if (collapse(field.value) !== item.dataset.name) return;
      const suggestions = Array.from(item.querySelectorAll("[data-suggestion]"), function (el) {
        return el.textContent;
      });
      showNewPlayer(row, item.dataset.name, suggestions);
    });
  }
  rows.forEach(function (row) {
    const field = nameField(row);
    const parts = newPlayerParts(row);
    // A box ticked for one name does not confirm another typed after it.
    field.addEventListener("input", function () {
      if (parts.box.checked && collapse(field.value) !== parts.box.value) {
        parts.box.checked = false;
      }
    });
    if (!parts.block.hidden) describedBy(field, parts.hint.id, true);
    // A suggestion the server wrote into the page becomes a button, as live ones are.
    const shown = parts.hint.querySelectorAll("[data-suggestion]");
    if (!parts.block.hidden && shown.length) {
      const names = Array.from(shown, function (suggestion) {
        return suggestion.textContent;
      });
      showNewPlayer(row, parts.box.value, names);
    }
  });

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
