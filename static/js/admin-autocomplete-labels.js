// The admin's autocomplete boxes (select2) get their field's label as accessible name.
// select2 names its combobox only by the chosen value, so an empty one (a new seat, a game
// without a submitter, a player without an account) has no name at all: axe's
// "aria-input-field-name", twice a box (the combobox and the read-only textbox showing its
// value). Here the combobox is labelled by its field's <label> and then its value ("Player:
// Ann"), the textbox by the label, now and for every box added later (another seat). A file
// of our own, loaded through the ModelAdmins' Media: the Content-Security-Policy allows no
// inline script.
(function () {
  "use strict";

  function label(selection) {
    var container = selection.closest(".select2-container");
    var select = container && container.previousElementSibling;
    if (!select || select.tagName !== "SELECT" || !select.id) {
      return;
    }
    var fieldLabel = document.querySelector('label[for="' + select.id + '"]');
    if (!fieldLabel) {
      return;
    }
    if (!fieldLabel.id) {
      fieldLabel.id = select.id + "-label";
    }
    var ids = [fieldLabel.id];
    var rendered = selection.querySelector(".select2-selection__rendered");
    if (rendered && rendered.id) {
      ids.push(rendered.id);
      // Skipped while naming the combobox (no nested aria-labelledby): its text counts there.
      setOnce(rendered, "aria-labelledby", fieldLabel.id);
    }
    setOnce(selection, "aria-labelledby", ids.join(" "));
  }

  function setOnce(element, name, value) {
    if (element.getAttribute(name) !== value) {
      element.setAttribute(name, value);
    }
  }

  function labelAll() {
    document.querySelectorAll('.select2-selection[role="combobox"]').forEach(label);
  }

  function start() {
    labelAll();
    // select2 builds its boxes after the page loads, and again for each seat added.
    new MutationObserver(labelAll).observe(document.body, { childList: true, subtree: true });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
