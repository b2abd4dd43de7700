from .accounts import ClaimForm, SignupForm
from .results import SeatForm, SeatFormSet, SessionForm
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
