from django.apps import AppConfig


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = "League"

    def ready(self):
        from league.caching import invalidation

        invalidation.connect()
