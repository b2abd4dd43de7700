/* The texts the scripts show, in the page's language: league/pages/js_strings.py writes
   them into every page as JSON (<script id="league-strings">, templates/includes/
   js_strings.html) and this reads them, for pages (a classic script, or imported by a
   module), the service worker (importScripts) and node's tests alike:

     leagueStrings.text(id, {name: value})   the text with its %(name)s parts filled in
     leagueStrings.parts(id, {name: node})   the same as a list to append, for parts that
                                             are elements (a link, a button) or lists
     leagueStrings.inHtml(html)              the texts of another page's HTML (a saved
                                             copy, the league's answer to a sent game)

   A plural text is chosen by params.count. ENGLISH is used only where a page has no
   texts (node's tests, a page copy saved before they existed); tests/test_js_strings.py
   keeps it equal to the server's English. */
(function () {
  "use strict";
  const ENGLISH = {
    "saved_copy": "Saved copy from %(time)s: you are offline.",
    "queue_waiting": "Waiting to send: %(count)s.",
    "queue_sent_later": "They are sent when the connection returns.",
    "queue_duplicate": "The league already has a game on this date against this Ancient One with the same players: tick “this is a different game” if it is one.",
    "queue_not_accepted": "The league did not accept this game: open it and save it again to see why.",
    "discard_game": "Discard this game",
    "discard_confirm": "Discard this game? It will not be sent to the league.",
    "record_another": "Record another game",
    "not_accepted_title": "Not accepted yet",
    "not_accepted_intro": "Saved on this phone %(time)s. The league did not accept it:",
    "not_accepted_fix": "Fix it and save again, or discard it. Until then it stays on this phone.",
    "kept_title": "Saved on this phone",
    "kept_waiting": "Saved %(time)s: waiting to send. It is sent when the connection returns; nothing else to do.",
    "sent_title": "Sent",
    "sent_text": "The league has this game now.",
    "draft_title": "A game not saved yet",
    "draft_text": "This phone kept a game you were typing (%(time)s).",
    "draft_restore": "Restore it",
    "draft_discard": "Discard it",
    "preview_title": "Score preview",
    "not_valid": "Not valid yet:",
    "what_to_fix": "What to fix",
    "seat_problem": "Seat %(seat)s: %(problem)s",
    "tasks_without_scenario": "Tasks count only in a scenario: choose the scenario.",
    "score_line": "Score %(score)s",
    "score_line_scenario": "Score %(score)s · scenario score %(scenario_score)s",
    "score_adds_up": "How the score adds up",
    "first_citizen": "First Citizen: %(players)s",
    "scenario_caption": "Scenario score: %(scenario)s",
    "rulebook_score": "Rulebook score",
    "tasks_each": "Tasks completed (+1 each)",
    "defeat_recorded": "Defeat: recorded with its cause and no score.",
    "preview_hint": "Choose the Ancient One and how the game ended, and fill in a seat to see the score.",
    "offline_note": "Offline: scored on this phone; the league checks it again when it is sent.",
    "must_be_whole": "%(name)s must be a whole number, not %(value)s.",
    "must_be_between": "%(name)s must be between %(low)s and %(high)s, not %(value)s.",
    "must_be_at_least": "%(name)s must be %(low)s or more, not %(value)s.",
    "name_doom_track": "Doom track",
    "name_terror_level": "Terror level",
    "name_unpaid_loans": "Unpaid loans",
    "name_elder_signs_played": "Elder signs played",
    "name_gate_trophies": "Gate trophies",
    "name_monster_trophies": "Monster trophies",
    "name_survivors": "Survivors",
    "name_tasks_completed": "Tasks completed",
    "term_doom_track": "Printed doom track of the Ancient One",
    "term_terror_level": "Terror level at the end",
    "term_unpaid_loans": "Unpaid or defaulted Bank Loans",
    "term_elder_signs_played": "Elder signs played",
    "term_gate_trophies": "Unspent gate trophies",
    "term_monster_trophies": "Unspent monster trophies (1 per 3)",
    "term_survivors": "Sane, surviving investigators",
    "sealed_needs_tokens": "Sealing the gates needs %(needed)s or more elder sign tokens on the board: %(tokens)s recorded.",
    "azathoth_not_banished": "Azathoth cannot be banished: his awakening ends the game in defeat.",
    "unknown_defeat_cause": "Unknown defeat cause '%(cause)s'.",
    "only_azathoth_awakens": "Only Azathoth's awakening ends the game this way, not %(ancient_one)s's.",
    "azathoth_never_fought": "Azathoth is never fought: his awakening ends the game at once.",
    "act_iii_needs_deck": "Act III needs the Act deck of The King in Yellow or Miskatonic Horror in play.",
    "no_own_defeat_rule": "%(ancient_one)s has no defeat rule of its own: choose how the game was lost.",
    "lost_when_awoken": "In a banished game, when the Ancient One awoke they were devoured: record them as devoured.",
    "investigators_in_play": "A game has between %(low)s and %(high)s investigators in play: %(count)s recorded.",
    "new_player": "New player",
    "new_player_suggestions": "%(new_player)s — did you mean %(names)s?",
    "new_player_unknown": "%(new_player)s — nobody in the league has this name yet.",
    "either_name": "%(first)s or %(second)s",
    "scroll_sideways": "scroll sideways for every column →",
    "queue_to_fix": [[1, "%(count)s game needs a fix"], [2, "%(count)s games need a fix"]],
    "logout_confirm": [[1, "%(count)s game is not sent to the league yet. Log out anyway? It stays on this phone and is sent when you log in here again."], [2, "%(count)s games are not sent to the league yet. Log out anyway? They stay on this phone and are sent when you log in here again."]],
    "things_to_fix": [[1, "%(count)s thing to fix"], [2, "%(count)s things to fix"]],
    "closing_needs_trophies": [[1, "Closing the gates needs at least as many unspent gate trophies as investigators in play: the team holds %(gates)s for %(count)s investigator."], [2, "Closing the gates needs at least as many unspent gate trophies as investigators in play: the team holds %(gates)s for %(count)s investigators."]],
    "loans_per_investigator": [[1, "Each investigator holds at most one Bank Loan: %(loans)s unpaid loans for %(count)s investigator who played."], [2, "Each investigator holds at most one Bank Loan: %(loans)s unpaid loans for %(count)s investigators who played."]],
    "foreign_tasks": [[1, "%(count)s ticked task is not part of the chosen scenario."], [2, "%(count)s ticked tasks are not part of the chosen scenario."]],
  };
  const MARK = /<script[^>]*\sid="league-strings"[^>]*>([^<]*)<\/script>/;

  function reader(data) {
    const texts = (data && data.texts) || {};
    const language = (data && data.language) || "en";

    // A plural's forms come as [count, form] pairs: the form of the first count in the
    // same plural category as `count`.
    function choose(forms, count, lang) {
      const rules = new Intl.PluralRules(lang);
      const category = rules.select(Number(count) || 0);
      const found = forms.find(([sample]) => rules.select(sample) === category);
      return (found || forms[forms.length - 1])[1];
    }

    function template(id, count) {
      const own = Object.prototype.hasOwnProperty.call(texts, id);
      const text = own ? texts[id] : ENGLISH[id];
      if (text === undefined) return id;
      return Array.isArray(text) ? choose(text, count, own ? language : "en") : text;
    }

    function parts(id, params) {
      const values = params || {};
      const pieces = template(id, values.count).split(/%\((\w+)\)s/);
      // split() keeps the captured names at the odd places.
      return pieces
        .map((piece, index) => {
          if (index % 2 === 0) return piece;
          return Object.prototype.hasOwnProperty.call(values, piece)
            ? values[piece]
            : "%(" + piece + ")s";
        })
        .flat() // a part may be a list of parts itself ("A or B" within a sentence)
        .filter((piece) => piece !== "");
    }

    function text(id, params) {
      return parts(id, params).map(String).join("");
    }

    return { language: language, text: text, parts: parts, inHtml: inHtml };
  }

  function parse(json) {
    try {
      return JSON.parse(json);
    } catch (error) {
      return null;
    }
  }

  function inHtml(html) {
    const found = MARK.exec(html || "");
    return reader(found ? parse(found[1]) : null);
  }

  const element = typeof document !== "undefined" && document.getElementById("league-strings");
  globalThis.leagueStrings = reader(element ? parse(element.textContent) : null);
})();
