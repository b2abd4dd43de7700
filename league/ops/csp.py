"""django-csp's middleware, with the policy written once per process.

django-csp builds the Content-Security-Policy header from the settings for every response
(the policy and the report-only one): a tenth of a cached page's hit. The league's policy
has no nonce and no view changes it, so for a response without its own configuration
(django-csp's ``csp_update``/``csp_replace``/``csp_override`` decorators set one) and a
request that asked for no nonce, the header is the same every time: built once per
settings (a ``setting_changed`` signal, as in tests, starts again) and kept. Anything
else is built by django-csp itself.
"""

from __future__ import annotations

from dataclasses import asdict

from csp import middleware
from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.utils import build_policy
from django.conf import settings
from django.core.signals import setting_changed

_OWN = (
    "_csp_config",
    "_csp_update",
    "_csp_replace",
    "_csp_config_ro",
    "_csp_update_ro",
    "_csp_replace_ro",
)
_kept: dict[bool, str] = {}


def _forget(setting, **kwargs) -> None:
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        _kept.clear()


setting_changed.connect(_forget)


class CSPMiddleware(middleware.CSPMiddleware):
    def _policy(self, request, response, report_only: bool) -> str:
        if report_only not in _kept:
            parts = self.get_policy_parts(request, response, report_only=report_only)
            _kept[report_only] = build_policy(**asdict(parts), report_only=report_only)
        return _kept[report_only]

    def process_response(self, request, response):
        own = any(getattr(response, name, None) is not None for name in _OWN)
        if own or getattr(request, "_csp_nonce", None) is not None or settings.DEBUG:
            return super().process_response(request, response)
        for report_only, header, exempt, name in (
            (False, HEADER, "_csp_exempt", "CONTENT_SECURITY_POLICY"),
            (True, HEADER_REPORT_ONLY, "_csp_exempt_ro", "CONTENT_SECURITY_POLICY_REPORT_ONLY"),
        ):
            policy = self._policy(request, response, report_only)
            prefixes = (getattr(settings, name, None) or {}).get("EXCLUDE_URL_PREFIXES") or ()
            if (
                policy
                and header not in response
                and getattr(response, exempt, False) is False
                and not request.path_info.startswith(tuple(prefixes))
            ):
                response[header] = policy
        if getattr(request, "_csp_nonce", None) is None:
            request.csp_nonce = middleware.CheckableLazyObject(self._csp_nonce_post_response)
        return response
