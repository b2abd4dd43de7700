"""The Permissions-Policy header (the Content-Security-Policy comes from django-csp)."""

from __future__ import annotations

from django.conf import settings


def permissions_policy(features: dict[str, list[str]]) -> str:
    """``{"camera": [], "fullscreen": ["self"]}`` -> ``camera=(), fullscreen=(self)``."""
    return ", ".join(f"{name}=({' '.join(allowed)})" for name, allowed in features.items())


class PermissionsPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        self.header = permissions_policy(settings.PERMISSIONS_POLICY)

    def __call__(self, request):
        response = self.get_response(request)
        if self.header:
            response.headers.setdefault("Permissions-Policy", self.header)
        return response
