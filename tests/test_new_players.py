"""A name nobody in the league has is a new player only when the person saving says so.

"Ben Carterr" beside "Ben Carter" used to become a second player without a word. Now the
result form says "New player — did you mean Ben Carter?" and keeps the game until the
seat's "yes, a new player" box is ticked for that very name. Suggestions name only players
the public may see (an approved game, as the player search), or the user's own.
"""

import csv
import io

import pytest
from django.contrib.auth.models import AnonymousUser

from games.forms.names import find_new_names, known_name_keys
from games.forms.submission import ResultSubmission
from games.imports.format import HEADERS
from games.imports.importer import results_import
from games.models import Player, Session, Status
from games.names import name_key, similar_names
from tests.addresses import reverse
from tests.factories import (
    PlayerFactory,
    TeamFactory,
    UserFactory,
    first_league,
    game,
    moderator,
    result_form_data,
    seat,
)

pytestmark = pytest.mark.django_db

NEW = reverse("games:new")


@pytest.fixture
def ann(client):
    user = UserFactory(username="ann")
    PlayerFactory(name="Ann", user=user)
    client.force_login(user)
    return user


@pytest.fixture
def ben():
    """Ben Carter, in an approved game: a league player anyone may see."""
    game(status=Status.APPROVED, seats=[seat("Ben Carter", "Amanda Sharpe")])
    return Player.objects.get(name="Ben Carter")


def two_seats(second: str, *, confirm: str | None = None, **fields) -> dict:
    """Ann and one other seat; ``confirm`` is the name the second seat's box was ticked
    for (none when ``None``)."""
    other = {"player_name": second, "investigator": "Bob Jenkins"}
    if confirm is not None:
        other["new_player"] = confirm
    ann = {"player_name": "Ann", "investigator": "Amanda Sharpe", "gate_trophies": 1}
    return result_form_data(seats=[ann, other], confirm_new=False, **fields)


# -- the suggestions themselves ----------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "suggested"),
    [
        ("Ben Carterr", ["Ben Carter"]),
        ("ben  cartr", ["Ben Carter"]),
        ("Bne Carter", ["Ben Carter"]),
        ("Dan", []),
        ("Ben Carter", []),  # the same player: nothing to suggest
        ("BEN CARTER", []),
    ],
)
def test_a_close_spelling_is_suggested(typed, suggested):
    league = [(name, name_key(name)) for name in ("Ben Carter", "Ann", "Carla Wu")]
    assert similar_names(typed, league) == suggested


# -- the form: asked, kept, confirmed -----------------------------------------------------


def test_a_mistyped_name_is_kept_with_a_did_you_mean_and_no_player_is_made(client, ann, ben):
    response = client.post(NEW, two_seats("Ben Carterr"))
    assert response.status_code == 200
    html = response.content.decode()
    assert (
        "<strong>New player</strong> — did you mean <span data-suggestion>Ben Carter</span>?"
        in (html)
    )
    assert 'value="Ben Carterr"' in html  # the typed name, as typed
    assert "“Ben Carterr” is not a league player yet. Did you mean Ben Carter?" in html
    assert 'href="#id_seats-1-new_player">Seat 2 · New player: “Ben Carterr”' in html
    assert Session.objects.count() == 1  # Ben's game only
    assert not Player.objects.filter(name="Ben Carterr").exists()


def test_a_confirmed_new_name_is_saved_as_a_new_player(client, ann, ben):
    response = client.post(NEW, two_seats("Ben Carterr", confirm="Ben Carterr"))
    assert response.status_code == 302
    saved = Session.objects.latest("pk")
    assert sorted(s.player.name for s in saved.seats.all()) == ["Ann", "Ben Carterr"]


def test_the_box_confirms_only_the_name_it_was_ticked_for(client, ann):
    response = client.post(NEW, two_seats("Dann", confirm="Dan"))
    assert response.status_code == 200
    assert "“Dann” is not a league player yet." in response.content.decode()
    assert not Session.objects.exists()
    # The same name however it is spaced or cased is the same confirmation.
    assert client.post(NEW, two_seats("Dann", confirm=" dANN ")).status_code == 302


def test_a_new_name_without_a_close_one_says_so(client, ann, ben):
    html = client.post(NEW, two_seats("Zed")).content.decode()
    assert "<strong>New player</strong> — nobody in the league has this name yet." in html
    assert "“Zed” is not a league player yet. Correct the name" in html


@pytest.mark.parametrize(
    "known",
    [
        "Ben Carter",  # an approved game
        "ben carter",  # the same player, typed otherwise
        "Ann",  # the user's own player (no game yet)
        "Teammate",  # on the roster of a team the user captains
        "Mate",  # on the roster of a team the user plays in
        "Friend From Last Week",  # in a game this user submitted, still pending
    ],
)
def test_a_known_name_needs_no_confirmation(client, ann, ben, known):
    TeamFactory(name="Owls", members=["Teammate"], captain=ann)
    TeamFactory(name="Cats", members=["Mate", ann.player])
    game(
        status=Status.PENDING,
        submitted_by=ann,
        seats=[seat("Friend From Last Week", "Bob Jenkins")],
    )
    response = client.post(NEW, two_seats(known))
    assert response.status_code == 302, response.content.decode()[:2000]


def test_a_private_member_of_someone_elses_team_is_a_new_name(client, ann):
    """Team pages name only public members, so another team's roster tells Ann nothing."""
    TeamFactory(name="Owls", members=["Teammate"])
    html = client.post(NEW, two_seats("Teammate")).content.decode()
    assert "“Teammate” is not a league player yet. Correct the name" in html


def test_a_name_seen_only_in_someone_elses_pending_game_is_new_and_never_suggested(client, ann):
    """The form behaves as if the private player were not there: it neither suggests
    the name nor lets on that the exact name exists; confirmed, the seat is that player."""
    game(status=Status.PENDING, seats=[seat("Private Person", "Bob Jenkins")])
    game(status=Status.REJECTED, seats=[seat("Private Persona", "Bob Jenkins")])
    html = client.post(NEW, two_seats("Private Persone")).content.decode()
    assert "nobody in the league has this name yet" in html
    assert "Private Person<" not in html and "Private Persona" not in html
    html = client.post(NEW, two_seats("Private Person")).content.decode()
    assert "“Private Person” is not a league player yet. Correct the name" in html
    assert "Did you mean" not in html
    assert (
        client.post(NEW, two_seats("Private Person", confirm="Private Person")).status_code == 302
    )
    assert Player.objects.filter(name="Private Person").count() == 1


def test_a_moderator_knows_every_player(client, ben):
    game(status=Status.PENDING, seats=[seat("Private Person", "Bob Jenkins")])
    user = moderator("mod")
    client.force_login(user)
    data = result_form_data(
        seats=[
            {"player_name": "Private Person", "investigator": "Amanda Sharpe"},
            {"player_name": "Ben Carter", "investigator": "Bob Jenkins"},
        ],
        confirm_new=False,
    )
    assert client.post(NEW, data).status_code == 302


def test_editing_a_pending_game_does_not_ask_again_about_its_new_players(client, ann):
    assert client.post(NEW, two_seats("Dan", confirm="Dan")).status_code == 302
    pending = Session.objects.get()
    assert pending.status == Status.PENDING
    edit = reverse("games:edit", args=[pending.pk])
    page = client.get(edit).content.decode()
    assert "<strong>New player</strong>" not in page
    data = two_seats("Dan", initial_rows=2, version=pending.version)  # as the edit page posts
    assert client.post(edit, data).status_code == 302


def test_the_suggestions_follow_the_player_search_rule():
    user = UserFactory(username="searcher")
    PlayerFactory(name="Ben Cartor", user=user)  # the user's own: offered, as in the search
    game(status=Status.APPROVED, seats=[seat("Ben Carter", "Amanda Sharpe")])
    game(status=Status.PENDING, seats=[seat("Ben Carten", "Amanda Sharpe")])
    game(status=Status.REJECTED, seats=[seat("Ben Cartel", "Amanda Sharpe")])
    PlayerFactory(name="Ben Carted")  # no game at all
    [new] = find_new_names(user, [("seats-0", "Ben Carterr")], first_league())
    assert sorted(new.suggestions) == ["Ben Carter", "Ben Cartor"]
    [new] = find_new_names(AnonymousUser(), [("seats-0", "Ben Carterr")], first_league())
    assert new.suggestions == ["Ben Carter"]


def test_known_names_are_the_players_the_user_can_see():
    user = UserFactory(username="viewer")
    game(status=Status.APPROVED, seats=[seat("Public", "Amanda Sharpe")])
    game(status=Status.PENDING, seats=[seat("Theirs", "Amanda Sharpe")])
    game(status=Status.PENDING, submitted_by=user, seats=[seat("Mine", "Amanda Sharpe")])
    keys = {name_key(n) for n in ("Public", "Theirs", "Mine", "Nobody")}
    assert known_name_keys(user, keys, first_league()) == {"public", "mine"}
    assert known_name_keys(moderator("mod"), keys, first_league()) == {"public", "theirs", "mine"}


# -- the live preview ----------------------------------------------------------------------


def test_the_preview_counts_an_unconfirmed_name_and_lists_it_for_the_page(client, ann, ben):
    html = client.post(reverse("games:preview"), two_seats("Ben Carterr")).content.decode()
    assert "Not valid yet:</strong> 1 thing to fix" in html
    assert "Seat 2 · New player: “Ben Carterr” is not a league player yet." in html
    assert (
        '<li data-seat="seats-1" data-name="Ben Carterr">'
        "<span data-suggestion>Ben Carter</span></li>" in html
    )
    confirmed = two_seats("Ben Carterr", confirm="Ben Carterr")
    html = client.post(reverse("games:preview"), confirmed).content.decode()
    assert 'data-testid="preview-score"' in html
    assert '<li data-seat="seats-1" data-name="Ben Carterr">' in html  # still new: the hint stays


def test_the_preview_lists_no_name_the_user_cannot_see(client, ann):
    game(status=Status.PENDING, seats=[seat("Ben Carter", "Amanda Sharpe")])
    html = client.post(reverse("games:preview"), two_seats("Ben Carterr")).content.decode()
    assert "Ben Carter<" not in html and 'Ben Carter"' not in html


# -- other ways in ---------------------------------------------------------------------------


def test_the_import_creates_new_players_without_a_confirmation():
    rows = [
        {
            "Game": "1",
            "Date played": "2026-01-10",
            "Ancient One": "Cthulhu",
            "Outcome": "sealed",
            "Terror level": "2",
            "Elder sign tokens": "6",
            "Boxes": "Arkham Horror",
            "Status": "approved",
            "Player": player,
            "Investigator": investigator,
        }
        for player, investigator in (("Brand New", "Amanda Sharpe"), ("Also New", "Bob Jenkins"))
    ]
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=HEADERS, extrasaction="ignore")
    writer.writeheader()
    writer.writerows(rows)
    report = results_import(
        io.BytesIO(text.getvalue().encode()), "results.csv", league=first_league()
    )
    assert report.ok and report.written, report.problems
    assert set(Player.objects.values_list("name", flat=True)) == {"Brand New", "Also New"}


def test_a_submission_asks_only_when_told_to():
    """``ResultSubmission`` is the import's validator too: only the result form asks."""
    user = UserFactory()
    data = result_form_data(seats=[{"player_name": "Nobody Yet", "investigator": "Bob Jenkins"}])
    data.pop("seats-0-new_player")
    assert ResultSubmission(data, user=user).is_valid()
    asking = ResultSubmission(data, user=user, confirm_new_players=True)
    assert not asking.is_valid()
    assert [new.name for new in asking.new_names] == ["Nobody Yet"]
