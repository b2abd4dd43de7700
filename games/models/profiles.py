"""What a member chose for themselves: for now, the language the site speaks to them in."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy


class Profile(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    language = models.CharField(
        gettext_lazy("language"),
        max_length=8,
        choices=settings.LANGUAGES,
        blank=True,
        help_text=gettext_lazy("The site's language for this member on every device."),
    )

    class Meta:
        verbose_name = gettext_lazy("profile")

    def __str__(self) -> str:
        return str(self.user)

    @classmethod
    def language_of(cls, user) -> str:
        """The language a member chose, or "" (then their browser's is used)."""
        found = cls.objects.filter(user=user).values_list("language", flat=True).first()
        return found or ""
