from .accounts import ClaimForm, SignupForm
from .results import SessionForm
from .seats import SeatForm, SeatFormSet
from .submission import Preview, ResultSubmission

__all__ = [
    "ClaimForm",
    "Preview",
    "ResultSubmission",
    "SeatForm",
    "SeatFormSet",
    "SessionForm",
    "SignupForm",
]
