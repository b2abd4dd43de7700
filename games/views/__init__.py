from .accounts import SignupView
from .entries import EntryChooseView
from .sessions import (
    MySessionsView,
    SessionDetailView,
    SessionHistoryView,
    SessionModerateView,
    SessionWithdrawView,
)
from .submit import PreviewView, SessionCreateView, SessionUpdateView

__all__ = [
    "EntryChooseView",
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
