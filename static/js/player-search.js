/* Player names suggested while typing, a few at a time from the server (games:player_search),
   instead of every league name in the page. Typing a new name works without it. */
(function () {
  "use strict";
  const list = document.getElementById("player-names");
  if (!list || !list.dataset.searchUrl) return;
  const url = list.dataset.searchUrl;
  let timer = null;
  let controller = null;

  function fill(names) {
    list.replaceChildren(
      ...names.map(function (name) {
        const option = document.createElement("option");
        option.value = name;
        return option;
      })
    );
  }

  function search(text) {
    if (controller) controller.abort();
    const query = text.trim();
    if (!query) {
      fill([]);
      return;
    }
    controller = new AbortController();
    fetch(url + "?q=" + encodeURIComponent(query), {
      headers: { Accept: "application/json" },
      credentials: "same-origin",
      signal: controller.signal,
    })
      .then(function (response) {
        return response.ok ? response.json() : { names: [] };
      })
      .then(function (data) {
        fill(data.names || []);
      })
      .catch(function () {
        /* Aborted by newer typing, or offline: the field still takes any name. */
      });
  }

  document.addEventListener("input", function (event) {
    const field = event.target;
    if (!(field instanceof HTMLInputElement) || !field.hasAttribute("data-player-search")) return;
    clearTimeout(timer);
    timer = setTimeout(function () {
      search(field.value);
    }, 150);
  });
})();
