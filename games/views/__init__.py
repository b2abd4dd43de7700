from .accounts import SignupView
from .entries import EntryChooseView
from .players import PlayerSearchView
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
    "PlayerSearchView",
    "PreviewView",
    "SessionCreateView",
    "SessionDetailView",
    "SessionHistoryView",
    "SessionModerateView",
    "SessionUpdateView",
    "SessionWithdrawView",
    "SignupView",
]
