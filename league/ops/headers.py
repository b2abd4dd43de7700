"""The Permissions-Policy header (the Content-Security-Policy comes from django-csp)."""

from __future__ import annotations

from django.conf import settings


class PermissionsPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        # {"camera": [], "fullscreen": ["self"]} -> camera=(), fullscreen=(self)
        features = settings.PERMISSIONS_POLICY.items()
        self.header = ", ".join(f"{name}=({' '.join(allowed)})" for name, allowed in features)

    def __call__(self, request):
        response = self.get_response(request)
        if self.header:
            response.headers.setdefault("Permissions-Policy", self.header)
        return response
