from django.urls import path

from games import views

app_name = "games"
urlpatterns = [
    path("<int:pk>/", views.SessionDetailView.as_view(), name="detail"),
]
