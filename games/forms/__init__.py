from .accounts import SignupForm
from .results import SeatForm, SeatFormSet, SessionForm
from .submission import Preview, ResultSubmission

__all__ = ["Preview", "ResultSubmission", "SeatForm", "SeatFormSet", "SessionForm", "SignupForm"]
