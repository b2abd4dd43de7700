from django.urls import path

from games.views import claims, moderation, sessions, submit
from league.caching import subjects as shows
from league.caching.page_cache import page_cached

app_name = "games"
urlpatterns = [
    path("new/", submit.SessionCreateView.as_view(), name="new"),
    path("preview/", submit.PreviewView.as_view(), name="preview"),
    path("mine/", sessions.MySessionsView.as_view(), name="mine"),
    path("players/", submit.PlayerSearchView.as_view(), name="player_search"),
    path("pending/", moderation.PendingQueueView.as_view(), name="pending"),
    path("claims/", claims.ClaimQueueView.as_view(), name="claims"),
    path("claims/<int:pk>/", claims.ClaimAnswerView.as_view(), name="claim_answer"),
    path("claim/", claims.ClaimCreateView.as_view(), name="claim"),
    # Cached for visitors like the league pages (they see approved games only); a member
    # may see Edit, Approve or their own pending game here, so never a shared copy.
    path(
        "<int:pk>/",
        page_cached(sessions.SessionDetailView.as_view(), members=False, shows=shows.GAME),
        name="detail",
    ),
    path("<int:pk>/edit/", submit.SessionUpdateView.as_view(), name="edit"),
    path("<int:pk>/withdraw/", sessions.SessionWithdrawView.as_view(), name="withdraw"),
    path("<int:pk>/history/", sessions.SessionHistoryView.as_view(), name="history"),
    path("<int:pk>/entry/", sessions.EntryChooseView.as_view(), name="choose_entry"),
    path("<int:pk>/moderate/", moderation.SessionModerateView.as_view(), name="moderate"),
]
