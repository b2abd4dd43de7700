"""Games are called games in the admin too (state only), and the moderators' queue gets a
partial index of the pending games, oldest first."""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0014_lost_in_time_and_space'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterModelOptions(
            name='historicalsession',
            options={'get_latest_by': ('history_date', 'history_id'), 'ordering': ('-history_date', '-history_id'), 'verbose_name': 'historical game', 'verbose_name_plural': 'historical games'},
        ),
        migrations.AlterModelOptions(
            name='session',
            options={'ordering': ['-played_on', '-pk'], 'permissions': [('moderate_session', 'Can approve or reject games')], 'verbose_name': 'game', 'verbose_name_plural': 'games'},
        ),
        migrations.AddIndex(
            model_name='session',
            index=models.Index(condition=models.Q(('status', 'pending')), fields=['created_at', 'id'], name='session_pending_idx'),
        ),
    ]
