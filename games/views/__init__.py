from .accounts import SignupView
from .sessions import (
    MySessionsView,
    SessionDetailView,
    SessionHistoryView,
    SessionModerateView,
    SessionWithdrawView,
)
from .submit import PreviewView, SessionCreateView, SessionUpdateView

__all__ = [
    "MySessionsView",
    "PreviewView",
    "SessionCreateView",
    "SessionDetailView",
    "SessionHistoryView",
    "SessionModerateView",
    "SessionUpdateView",
    "SessionWithdrawView",
    "SignupView",
]
