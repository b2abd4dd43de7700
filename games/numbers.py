"""How every figure of the league is rounded, on pages, downloads and the API: halves up
(away from zero) on the number as written in decimal (82.5 % shows as 83 %, 19.65 as
19.7), as Django's ``floatformat`` does, so a template's figure and a table column's agree.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal


def rounded(value: float, places: int = 0) -> float | int:
    """``value`` to ``places`` decimals, halves up; a whole number when ``places`` is 0."""
    # repr() is the shortest text that reads back as the float: 19.65, not 19.6499999...
    number = Decimal(repr(value)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    return int(number) if places == 0 else float(number)


def shown(value: float, places: int = 0, suffix: str = "") -> str:
    """``value`` as a page writes it: rounded, with exactly ``places`` decimals."""
    return f"{rounded(value, places):.{places}f}{suffix}"
