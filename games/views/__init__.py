from .accounts import SignupView
from .claims import ClaimAnswerView, ClaimCreateView, ClaimQueueView
from .entries import EntryChooseView
from .moderation import PendingQueueView, SessionModerateView
from .players import PlayerSearchView
from .sessions import (
    MySessionsView,
    SessionDetailView,
    SessionHistoryView,
    SessionWithdrawView,
)
from .submit import PreviewView, SessionCreateView, SessionUpdateView

__all__ = [
    "ClaimAnswerView",
    "ClaimCreateView",
    "ClaimQueueView",
    "EntryChooseView",
    "MySessionsView",
    "PendingQueueView",
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
