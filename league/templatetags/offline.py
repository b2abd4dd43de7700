"""The account key of the offline app (``league.pages.offline``)."""

from django import template
from django.utils.crypto import salted_hmac

register = template.Library()


@register.simple_tag(takes_context=True)
def offline_account(context) -> str:
    return account_key(context.get("user"))


def account_key(user) -> str:
    """An opaque key of the signed-in account, empty for a visitor: the service worker
    keeps each account's saved pages and queued games apart by it, without learning who
    the account is."""
    if user is None or not user.is_authenticated:
        return ""
    return salted_hmac("league.offline.account", f"{user.pk}:{user.get_username()}").hexdigest()[
        :20
    ]
