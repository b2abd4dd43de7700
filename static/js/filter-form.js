/* Filter forms leave their empty fields out of the URL: "?season=2025" rather than
   "?ancient_one=&outcome=&season=2025&...". The server treats both the same. */
(function () {
  "use strict";
  document.querySelectorAll("form[data-drop-empty]").forEach(function (form) {
    form.addEventListener("submit", function () {
      form.querySelectorAll("input, select").forEach(function (field) {
        if (field.type === "checkbox" || field.type === "radio" || field.type === "submit") return;
        if (field.value === "") field.disabled = true;
      });
    });
    // Coming back with the browser's Back button must not leave the fields disabled.
    window.addEventListener("pageshow", function () {
      form.querySelectorAll(":disabled").forEach(function (field) {
        field.disabled = false;
      });
    });
  });
})();
