from django.urls import path

from games import views
from league.caching import subjects as shows
from league.caching.page_cache import page_cached

app_name = "games"
urlpatterns = [
    path("new/", views.SessionCreateView.as_view(), name="new"),
    path("preview/", views.PreviewView.as_view(), name="preview"),
    path("mine/", views.MySessionsView.as_view(), name="mine"),
    path("players/", views.PlayerSearchView.as_view(), name="player_search"),
    # Moderators only: the games waiting for a decision, oldest first.
    path("pending/", views.PendingQueueView.as_view(), name="pending"),
    # Claims on players: moderators decide; the claimant and the player's account answer.
    path("claims/", views.ClaimQueueView.as_view(), name="claims"),
    path("claims/<int:pk>/", views.ClaimAnswerView.as_view(), name="claim_answer"),
    path("claim/", views.ClaimCreateView.as_view(), name="claim"),
    # Cached for visitors like the league pages (they see approved games only); a member
    # may see Edit, Approve or their own pending game here, so never a shared copy.
    path(
        "<int:pk>/",
        page_cached(views.SessionDetailView.as_view(), members=False, shows=shows.GAME),
        name="detail",
    ),
    path("<int:pk>/edit/", views.SessionUpdateView.as_view(), name="edit"),
    path("<int:pk>/withdraw/", views.SessionWithdrawView.as_view(), name="withdraw"),
    path("<int:pk>/history/", views.SessionHistoryView.as_view(), name="history"),
    path("<int:pk>/entry/", views.EntryChooseView.as_view(), name="choose_entry"),
    path("<int:pk>/moderate/", views.SessionModerateView.as_view(), name="moderate"),
]
