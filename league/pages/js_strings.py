"""The texts the browser's scripts show (static/js/*.js), in the page's language, carried
by every page as JSON (the tag ``js_strings``; docs/offline.md). static/js/strings.js keeps
an English copy for where a page has none (tests/test_js_strings.py keeps them equal).

A plural is sent as its forms, each with a count that selects it; the browser picks
the form whose count falls in the same plural category (Intl.PluralRules) as its own.
"""

from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext_lazy as _

# Counts of every plural category of the site's languages (Polish: 1 / 2-4, 22-24 /
# 0, 5-21, 25...; French: 0-1 / more), first the ones whose form is the usual one.
PLURAL_SAMPLES = (1, 2, 5, 0, 12, 22, 25, 101, 112)

TEXTS = {
    # offline.js: the bar under the menu, a saved copy, logging out
    "saved_copy": _("Saved copy from %(time)s: you are offline."),
    "queue_waiting": _("Waiting to send: %(count)s."),
    "queue_sent_later": _("They are sent when the connection returns."),
    # offline-queue.js: why the league refused a game sent later
    "queue_duplicate": _(
        "The league already has a game on this date against this Ancient One with the same "
        "players: tick “this is a different game” if it is one."
    ),
    "queue_not_accepted": _(
        "The league did not accept this game: open it and save it again to see why."
    ),
    # offline-form.js: a game kept on this phone, a draft
    "discard_game": _("Discard this game"),
    "discard_confirm": _("Discard this game? It will not be sent to the league."),
    "record_another": _("Record another game"),
    "not_accepted_title": _("Not accepted yet"),
    "not_accepted_intro": _("Saved on this phone %(time)s. The league did not accept it:"),
    "not_accepted_fix": _(
        "Fix it and save again, or discard it. Until then it stays on this phone."
    ),
    "kept_title": _("Saved on this phone"),
    "kept_waiting": _(
        "Saved %(time)s: waiting to send. It is sent when the connection returns; "
        "nothing else to do."
    ),
    "sent_title": _("Sent"),
    "sent_text": _("The league has this game now."),
    "draft_title": _("A game not saved yet"),
    "draft_text": _("This phone kept a game you were typing (%(time)s)."),
    "draft_restore": _("Restore it"),
    "draft_discard": _("Discard it"),
    # offline-preview.js: the live preview scored on this phone
    "preview_title": _("Score preview"),
    "not_valid": _("Not valid yet:"),
    "what_to_fix": _("What to fix"),
    "seat_problem": _("Seat %(seat)s: %(problem)s"),
    "tasks_without_scenario": _("Tasks count only in a scenario: choose the scenario."),
    "score_line": _("Score %(score)s"),
    "score_line_scenario": _("Score %(score)s · scenario score %(scenario_score)s"),
    "score_adds_up": _("How the score adds up"),
    "first_citizen": _("First Citizen: %(players)s"),
    "scenario_caption": _("Scenario score: %(scenario)s"),
    "rulebook_score": _("Rulebook score"),
    "tasks_each": _("Tasks completed (+1 each)"),
    "defeat_recorded": _("Defeat: recorded with its cause and no score."),
    "preview_hint": _(
        "Choose the Ancient One and how the game ended, and fill in a seat to see the score."
    ),
    "offline_note": _("Offline: scored on this phone; the league checks it again when it is sent."),
    # rules.js: the rule module's messages (games/rules.py says the same on the server)
    "must_be_whole": _("%(name)s must be a whole number, not %(value)s."),
    "must_be_between": _("%(name)s must be between %(low)s and %(high)s, not %(value)s."),
    "must_be_at_least": _("%(name)s must be %(low)s or more, not %(value)s."),
    "name_doom_track": _("Doom track"),
    "name_terror_level": _("Terror level"),
    "name_unpaid_loans": _("Unpaid loans"),
    "name_elder_signs_played": _("Elder signs played"),
    "name_gate_trophies": _("Gate trophies"),
    "name_monster_trophies": _("Monster trophies"),
    "name_survivors": _("Survivors"),
    "name_tasks_completed": _("Tasks completed"),
    "term_doom_track": _("Printed doom track of the Ancient One"),
    "term_terror_level": _("Terror level at the end"),
    "term_unpaid_loans": _("Unpaid or defaulted Bank Loans"),
    "term_elder_signs_played": _("Elder signs played"),
    "term_gate_trophies": _("Unspent gate trophies"),
    "term_monster_trophies": _("Unspent monster trophies (1 per 3)"),
    "term_survivors": _("Sane, surviving investigators"),
    "sealed_needs_tokens": _(
        "Sealing the gates needs %(needed)s or more elder sign tokens on the board: "
        "%(tokens)s recorded."
    ),
    "azathoth_not_banished": _(
        "Azathoth cannot be banished: his awakening ends the game in defeat."
    ),
    "unknown_defeat_cause": _("Unknown defeat cause '%(cause)s'."),
    "only_azathoth_awakens": _(
        "Only Azathoth's awakening ends the game this way, not %(ancient_one)s's."
    ),
    "azathoth_never_fought": _("Azathoth is never fought: his awakening ends the game at once."),
    "act_iii_needs_deck": _(
        "Act III needs the Act deck of The King in Yellow or Miskatonic Horror in play."
    ),
    "no_own_defeat_rule": _(
        "%(ancient_one)s has no defeat rule of its own: choose how the game was lost."
    ),
    "lost_when_awoken": _(
        "In a banished game, when the Ancient One awoke they were devoured: record them as "
        "devoured."
    ),
    "investigators_in_play": _(
        "A game has between %(low)s and %(high)s investigators in play: %(count)s recorded."
    ),
    # result-form.js: a seat's name nobody in the league has
    "new_player": _("New player"),
    "new_player_suggestions": _("%(new_player)s — did you mean %(names)s?"),
    "new_player_unknown": _("%(new_player)s — nobody in the league has this name yet."),
    "either_name": _("%(first)s or %(second)s"),
    # wide-tables.js: a table box that scrolls sideways (site.css puts it after the caption)
    "scroll_sideways": _("scroll sideways for every column →"),
}

# Each gives the form of its text for a count (a function, so makemessages finds both).
PLURALS = {
    "queue_to_fix": lambda n: ngettext(
        "%(count)s game needs a fix", "%(count)s games need a fix", n
    ),
    "logout_confirm": lambda n: ngettext(
        "%(count)s game is not sent to the league yet. Log out anyway? It stays on this "
        "phone and is sent when you log in here again.",
        "%(count)s games are not sent to the league yet. Log out anyway? They stay on this "
        "phone and are sent when you log in here again.",
        n,
    ),
    "things_to_fix": lambda n: ngettext("%(count)s thing to fix", "%(count)s things to fix", n),
    "closing_needs_trophies": lambda n: ngettext(
        "Closing the gates needs at least as many unspent gate trophies as investigators in "
        "play: the team holds %(gates)s for %(count)s investigator.",
        "Closing the gates needs at least as many unspent gate trophies as investigators in "
        "play: the team holds %(gates)s for %(count)s investigators.",
        n,
    ),
    "loans_per_investigator": lambda n: ngettext(
        "Each investigator holds at most one Bank Loan: %(loans)s unpaid loans for %(count)s "
        "investigator who played.",
        "Each investigator holds at most one Bank Loan: %(loans)s unpaid loans for %(count)s "
        "investigators who played.",
        n,
    ),
    "foreign_tasks": lambda n: ngettext(
        "%(count)s ticked task is not part of the chosen scenario.",
        "%(count)s ticked tasks are not part of the chosen scenario.",
        n,
    ),
}


def for_page() -> dict:
    """The texts in the active language, as static/js/strings.js reads them."""
    texts = {key: str(text) for key, text in TEXTS.items()}
    for key, form_for in PLURALS.items():
        first_count_of = {}
        for count in PLURAL_SAMPLES:
            first_count_of.setdefault(form_for(count), count)
        texts[key] = [[count, form] for form, count in first_count_of.items()]
    # The language last: the JSON then never shows "}}", which tests take for template source.
    return {"texts": texts, "language": get_language()}
