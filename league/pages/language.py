"""The reader's language: chosen in the footer, kept in the language cookie and, for a
member, in their profile, which the log-in gives back on every device."""

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.core.exceptions import BadRequest
from django.db import transaction
from django.urls import translate_url
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from games.models import Profile

LANGUAGE_CODES = {code for code, _ in settings.LANGUAGES}


def remember(response, code: str) -> None:
    """Set the language cookie as Django's ``set_language`` does."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


@csrf_protect
def _member_choice(request):
    response = set_language(request)
    with transaction.atomic():
        Profile.objects.update_or_create(
            user=request.user, defaults={"language": request.POST["language"]}
        )
    return response


@csrf_exempt
@require_POST
def choose(request):
    """Django's ``set_language`` (the cookie, and back to the page in that language); a
    member's choice is kept in their profile too, behind the CSRF check.

    A visitor's choice is taken without a CSRF token: all a forged one could do is change
    that visitor's language cookie, and a token would make every visitor's page differ
    from the next (no shared cached copy, no 304), as it does in none today."""
    if request.POST.get("language") not in LANGUAGE_CODES:
        # Django would take any language it has a catalogue for, and send the reader to
        # an address this site does not have (/it/...).
        raise BadRequest("Choose one of the site's languages.")
    if request.user.is_authenticated:
        return _member_choice(request)
    return set_language(request)


class LoginView(auth_views.LoginView):
    """Django's log-in; a member who chose a language gets it back on this device."""

    def form_valid(self, form):
        response = super().form_valid(form)
        code = Profile.language_of(form.get_user())
        if code:
            remember(response, code)
            response["Location"] = translate_url(response["Location"], code)
        return response
