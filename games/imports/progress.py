"""A one-line progress bar for long commands, drawn only on a terminal."""

from __future__ import annotations

import sys
import time
from typing import IO

# Redraw at most this often: drawing on every row would cost more than the work.
REDRAW_SECONDS = 0.2
WIDTH = 30


class ProgressBar:
    """``update(done)`` with a known ``total``, or ``update(done, fraction=...)``.

    ``stream`` is a plain text stream, not a command's ``self.stderr`` (whose ``write``
    ends every redraw with a newline): a command passes ``options.get("stderr")``, the
    stream ``call_command`` was given, or None for ``sys.stderr``."""

    def __init__(
        self, label: str, *, total: int | None = None, stream: IO[str] | None = None, enabled=None
    ):
        self.label = label
        self.total = total
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self._drawn = 0.0

    def update(self, done: int, fraction: float | None = None, *, force: bool = False) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if not force and now - self._drawn < REDRAW_SECONDS:
            return
        self._drawn = now
        if fraction is None and self.total:
            fraction = done / self.total
        if fraction is None:
            line = f"{self.label}: {done:,}"
        else:
            filled = int(WIDTH * fraction)
            bar = "#" * filled + "." * (WIDTH - filled)
            line = f"{self.label} [{bar}] {fraction:4.0%} {done:,}"
        self.stream.write("\r" + line)
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()
