"""The accessibility gate: axe-core on every page a newcomer meets, at 375 and 1280 px.

axe-core is vendored (tests/vendor/axe-core, the npm package's own build): no CDN. It is
injected into a context that bypasses the site's Content-Security-Policy, which would
(rightly) refuse a script the site did not send; CSP itself is tested elsewhere.
"""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation
from playwright.sync_api import expect

from games.models import PlayerClaim
from tests.addresses import reverse
from tests.factories import (
    PlayerFactory,
    SeriesFactory,
    TeamFactory,
    UserFactory,
    game,
    scenario,
    seat,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
WIDTHS = (375, 1280)
LANGUAGES = [code for code, _ in settings.LANGUAGES]
PASSWORD = "correct-horse-battery"


@pytest.fixture
def site(catalog_rows):
    """A small league: an approved game with a two-seat player, a member and a staff user."""
    member = UserFactory(username="ann")
    PlayerFactory(name="Ann", user=member)
    staff = UserFactory(username="boss", is_staff=True, is_superuser=True)
    nora = PlayerFactory(name="Nora Newbie")
    approved = game(
        outcome="closed",
        submitted_by=member,
        seats=[
            seat(nora, "Amanda Sharpe", gate_trophies=2, monster_trophies=4),
            seat("Bob", "Bob Jenkins", gate_trophies=1, unpaid_loans=1),
            seat(nora, "Vincent Lee", ended="devoured", replaced=1),
        ],
    )
    game(ancient_one="Hastur", terror_level=0, submitted_by=member, status="pending")
    team = TeamFactory(name="Night Owls", members=["Ann", nora])
    series = SeriesFactory(name="League session 2")
    stars = scenario("The Stars Are Right", series=series)
    game(scenario=stars, team=team, terror_level=3, submitted_by=member)
    # As imports and the demo league store them: no submitter, so an empty autocomplete box.
    unsubmitted = game(ancient_one="Yig", status="pending", submitted_by=None)
    PlayerClaim.objects.create(player=nora, user=UserFactory(username="claimant"))
    return {
        "member": member,
        "staff": staff,
        "game": approved,
        "unsubmitted": unsubmitted,
        "player": nora,
        "team": team,
        "scenario": stars,
        "series": series,
    }


def public_pages(site):
    return {
        "leagues": reverse("leagues"),
        "across leagues": reverse("across:board"),
        "home": reverse("league:home"),
        "leaderboard": reverse("league:leaderboard"),
        "standings": reverse("league:standings"),
        "player": site["player"].get_absolute_url(),
        "ancient ones": reverse("league:ancient_ones"),
        "ancient one": reverse("league:ancient_one", kwargs={"slug": "cthulhu"}),
        "game": site["game"].get_absolute_url(),
        "rules": reverse("league:rules"),
        "teams": reverse("league:teams"),
        "team": reverse("league:team", kwargs={"slug": site["team"].slug}),
        "scenarios": reverse("league:scenarios"),
        "scenario": reverse("league:scenario", kwargs={"slug": site["scenario"].slug}),
        "series": reverse("league:series", kwargs={"slug": site["series"].slug}),
        "series list": reverse("league:series_list"),
        "search": reverse("league:search") + "?q=a",
        "search refused": reverse("league:search") + "?q=%25",
        "player games filtered, refused": site["player"].get_absolute_url()
        + "?outcome=victory&played_after=2026-02-01&played_before=2026-01-01",
        "investigators": reverse("league:investigators"),
        "investigator": reverse("league:investigator", kwargs={"slug": "amanda-sharpe"}),
        "heralds": reverse("league:heralds"),
        "boxes": reverse("league:boxes"),
        "signup": reverse("signup"),
        "login": reverse("login"),
        "offline": reverse("league:offline"),
        "not found": reverse("league:home") + "no-such-page/",
    }


def member_pages(site):
    from django.contrib.auth import get_user_model

    from tests.test_template_leaks import download_pages

    running, done = download_pages(get_user_model().objects.get(username="ann"))
    return {
        "result form": reverse("games:new"),
        "my games": reverse("games:mine"),
        "my games filtered": reverse("games:mine") + "?outcome=victory&teammate=bob",
        "a big export being written": running,
        "a big export ready": done,
    }


def staff_pages(site):
    """The admin's autocomplete boxes (select2) empty and filled: seats, submitter, account."""
    return {
        "game (staff)": site["game"].get_absolute_url(),
        "pending games": reverse("games:pending"),
        "claims on players": reverse("games:claims"),
        "admin game": reverse("admin:games_session_change", args=[site["game"].pk]),
        "admin game without a submitter": reverse(
            "admin:games_session_change", args=[site["unsubmitted"].pk]
        ),
        "admin new game": reverse("admin:games_session_add"),
        "admin player without an account": reverse(
            "admin:games_player_change", args=[site["player"].pk]
        ),
        "pending games for a player": reverse("games:pending") + "?player=nora&order=newest",
        "organise": reverse("league:organise"),
        "organise people": reverse("league:organise_people"),
        "organise remove": reverse(
            "league:organise_role_remove", args=["organisers", site["staff"].pk]
        ),
        "organise seasons": reverse("league:organise_seasons"),
        "organise new season": reverse("league:organise_season_new"),
        "organise announcement": reverse("league:organise_announcement"),
        "organise export": reverse("league:organise_export"),
        "organise settings": reverse("league:organise_settings"),
        "organise scenarios": reverse("league:organise_scenarios"),
        "organise new scenario": reverse("league:organise_scenario_new"),
        "organise scenario": reverse("league:organise_scenario", args=[site["scenario"].pk]),
        "delete scenario": reverse("league:organise_scenario_delete", args=[site["scenario"].pk]),
        "organise new series": reverse("league:organise_series_new"),
        "organise series": reverse("league:organise_series", args=[site["series"].pk]),
        "new league": reverse("leagues:new"),
        "league membership": reverse("leagues:membership", args=["arkham"]),
    }


def log_in(page, base_url, username):
    page.goto(base_url + reverse("login"))
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()


def axe_violations(page) -> list[str]:
    """Every axe violation on the page, one readable line each (empty when clean)."""
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} -> "
        + "; ".join(" ".join(node["target"]) for node in v["nodes"][:5])
        for v in result["violations"]
    ]


# WCAG 2.2 2.5.8 (target size, minimum), measured as Lighthouse does in the browser: every
# link, button and form control is at least 24 x 24 CSS px, or a 24 px circle centred on it
# touches no other target and no other small target's circle. A link inside a sentence
# (inline, beside text that is no target) is exempt, as WCAG says.
TARGETS = """() => {
  const MIN = 24;
  const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, ' +
    '[role=button], [tabindex]:not([tabindex="-1"])';
  const shown = (el) => {
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    return style.visibility !== 'hidden' && box.width > 0 && box.height > 0 &&
      box.right > 0 && box.bottom > 0 && !el.closest('[hidden], [inert]');
  };
  const targets = [...document.querySelectorAll(selector)].filter(shown);
  const inSentence = (el) => {
    if (getComputedStyle(el).display !== 'inline') return false;
    let block = el.parentElement;
    while (block && getComputedStyle(block).display.startsWith('inline')) {
      block = block.parentElement;
    }
    let text = '';
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const parent = walker.currentNode.parentElement;
      if (!parent.closest(selector)) text += walker.currentNode.textContent;
    }
    return /[\\p{L}\\p{N}]/u.test(text);
  };
  const centre = (box) => [box.left + box.width / 2, box.top + box.height / 2];
  const touches = ([x, y], box) => {
    const dx = Math.max(box.left - x, 0, x - box.right);
    const dy = Math.max(box.top - y, 0, y - box.bottom);
    return dx * dx + dy * dy < (MIN / 2) ** 2;
  };
  const boxes = targets.map((el) => el.getBoundingClientRect());
  const small = targets.map((el, i) =>
    (boxes[i].width < MIN - 0.5 || boxes[i].height < MIN - 0.5) && !inSentence(el));
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    ' "' + (el.textContent || el.value || el.name || '').trim().slice(0, 30) + '"';
  const problems = [];
  targets.forEach((el, i) => {
    if (!small[i]) return;
    const c = centre(boxes[i]);
    const crowded = targets.some((other, j) => j !== i && !other.contains(el) &&
      !el.contains(other) && (touches(c, boxes[j]) || (small[j] &&
      Math.hypot(c[0] - centre(boxes[j])[0], c[1] - centre(boxes[j])[1]) < MIN)));
    if (crowded) {
      problems.push(`target-size: ${name(el)} is ${Math.round(boxes[i].width)} x ` +
        `${Math.round(boxes[i].height)} px, too close to another target`);
    }
  });
  const description = document.querySelectorAll('meta[name=description]');
  if (description.length !== 1 || !description[0].content.trim()) {
    problems.push(`meta description: ${description.length} found, or empty`);
  }
  const title = document.querySelector('meta[property="og:title"]');
  if (!title || !title.content.trim()) problems.push('og:title missing or empty');
  return problems;
}"""


def target_and_meta_problems(page) -> list[str]:
    """Target sizes (WCAG 2.5.8), the meta description and og:title, as Lighthouse reads them."""
    return page.evaluate(TARGETS)


def audit(browser, base_url, pages, username=None, lighthouse=False, widths=WIDTHS) -> list[str]:
    """Axe and the page width at each screen width (with ``lighthouse``, also target sizes
    and the meta tags); returns what is wrong, page by page."""
    problems = []
    for width in widths:
        context = browser.new_context(viewport={"width": width, "height": 800}, bypass_csp=True)
        page = context.new_page()
        if username:
            log_in(page, base_url, username)
        for name, url in pages.items():
            page.goto(base_url + url)
            page.wait_for_load_state("networkidle")
            problems += [f"{name} at {width} px: {line}" for line in axe_violations(page)]
            overflow = page.evaluate(
                "document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            if overflow > 0:
                problems.append(f"{name} at {width} px: {overflow} px wider than the screen")
            if lighthouse:
                problems += [f"{name} at {width} px: {p}" for p in target_and_meta_problems(page)]
        context.close()
    return problems


def language_widths(code: str) -> tuple[int, ...]:
    """English at both widths; another language at the phone's, where its longer words
    would overflow first (axe's rules do not depend on the width)."""
    return WIDTHS if code == "en" else WIDTHS[:1]


@pytest.mark.parametrize("code", LANGUAGES)
def test_public_pages_pass_axe_at_375_and_1280(browser, live_server, site, code):
    with translation.override(code):
        # A page of a paginated table too: its page links are targets like any other.
        paginated = reverse("league:leaderboard") + "?per_page=1&page=2"
        pages = {**public_pages(site), "leaderboard, page 2": paginated}
    widths = language_widths(code)
    problems = audit(browser, live_server.url, pages, lighthouse=True, widths=widths)
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("code", LANGUAGES)
def test_member_pages_pass_axe_at_375_and_1280(browser, live_server, site, code):
    with translation.override(code):
        pages = member_pages(site)
    problems = audit(browser, live_server.url, pages, username="ann", widths=language_widths(code))
    assert problems == [], "\n".join(problems)


def test_staff_pages_pass_axe_at_375_and_1280(browser, live_server, site):
    problems = audit(browser, live_server.url, staff_pages(site), username="boss")
    assert problems == [], "\n".join(problems)


def test_a_seat_added_in_the_admin_passes_axe_at_375_and_1280(browser, live_server, site):
    """A new seat's player and investigator boxes are empty: named by their labels."""
    url = live_server.url + reverse("admin:games_session_change", args=[site["game"].pk])
    problems = []
    for width in WIDTHS:
        context = browser.new_context(viewport={"width": width, "height": 800}, bypass_csp=True)
        page = context.new_page()
        log_in(page, live_server.url, "boss")
        page.goto(url)
        page.get_by_role("button", name="Add another Seat").click()
        new_player = page.locator("#id_seats-3-player + .select2 [role=combobox]")
        expect(new_player).to_have_accessible_name(re.compile(r"^Player"))
        problems += [f"new seat at {width} px: {line}" for line in axe_violations(page)]
        context.close()
    assert problems == [], "\n".join(problems)


def test_the_gate_catches_a_violation(browser, live_server, site):
    """The check itself can fail: an image without alt text is reported."""
    context = browser.new_context(bypass_csp=True)
    page = context.new_page()
    page.goto(live_server.url + reverse("league:rules"))
    page.evaluate("document.querySelector('main').append(document.createElement('img'))")
    assert any(line.startswith("image-alt") for line in axe_violations(page))
    context.close()


def test_the_target_and_meta_gate_catches_small_crowded_links(browser, live_server, site):
    """The check itself can fail: two small links one above the other, no description."""
    context = browser.new_context(viewport={"width": 375, "height": 800}, bypass_csp=True)
    page = context.new_page()
    page.goto(live_server.url + reverse("league:rules"))
    assert target_and_meta_problems(page) == []
    page.evaluate(
        """() => {
        const box = document.createElement('div');
        box.innerHTML = '<a href="/a" style="font-size:10px">A</a><br>' +
          '<a href="/b" style="font-size:10px">B</a>';
        document.querySelector('main').append(box);
        document.querySelector('meta[name=description]').remove();
        }"""
    )
    problems = target_and_meta_problems(page)
    assert sum(line.startswith('target-size: a "A"') for line in problems) == 1, problems
    assert any(line.startswith("meta description: 0 found") for line in problems), problems
    context.close()
