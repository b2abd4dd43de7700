from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from games import checks  # noqa: F401 -- registers the system checks
        from games.summaries import receivers

        receivers.connect()
        from games.ratings import backlog

        backlog.connect()
        # Django spools big uploads into FILE_UPLOAD_TEMP_DIR (the project's own upload
        # folder, not the machine's /tmp) and fails if it is missing.
        from games.imports.uploads import upload_folder

        upload_folder()
