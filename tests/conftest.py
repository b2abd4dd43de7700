import os

import pytest

# pytest-django's live_server runs beside Playwright's sync API in one thread.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Drive Debian's Chromium: Playwright cannot download its own browser here."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture
def catalog(db):
    """The catalog the migrations filled, by name."""
    from games.models import AncientOne, Box, Investigator

    return {
        "ancient_ones": {ao.name: ao for ao in AncientOne.objects.all()},
        "boxes": {box.name: box for box in Box.objects.all()},
        "investigators": {inv.name: inv for inv in Investigator.objects.all()},
    }
