"""Production settings: secrets from the environment, `check --deploy` clean."""

import os
import subprocess
import sys

PRODUCTION = {
    "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": "a-long-random-test-key-" + "x7Qp2Lr9" * 6,
    "DJANGO_ALLOWED_HOSTS": "league.example.org",
    "LEAGUE_SITE_URL": "https://league.example.org",
}


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args], env=environment, capture_output=True, text=True
    )


def test_deploy_check_is_clean_under_production_settings():
    result = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_deploy_check_warns_without_the_site_url_the_e_mails_link_to():
    result = manage("check", "--deploy", **{**PRODUCTION, "LEAGUE_SITE_URL": ""})
    assert result.returncode == 0  # a warning: the site still starts
    assert "(games.W001) LEAGUE_SITE_URL is empty" in result.stderr


def test_production_refuses_to_start_without_a_secret_key():
    env = {k: v for k, v in PRODUCTION.items() if k != "DJANGO_SECRET_KEY"}
    result = manage("check", **env)
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in result.stderr


def test_development_defaults_need_nothing_set():
    result = manage("check")
    assert result.returncode == 0, result.stderr
