"""Scenario tasks may carry a checked condition on the recorded result (ruling 11 of
``games.scenario_rules``). Both fields are optional: every existing task stays free text."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0015_game_verbose_name_pending_index"),
    ]

    operations = [
        migrations.AddField(
            model_name="scenariotask",
            name="condition",
            field=models.CharField(
                blank=True,
                choices=[
                    ("terror-at-most", "Terror level N or less"),
                    ("elder-signs-played-at-most", "Elder Sign cards played: N or fewer"),
                    ("elder-sign-tokens-at-least", "Elder sign tokens on the board: N or more"),
                    ("gate-trophies-at-least", "Unspent gate trophies: N or more"),
                    ("monster-trophies-at-least", "Unspent monster trophies: N or more"),
                    ("investigators-at-most", "Investigators in play: N or fewer"),
                    ("no-seat-devoured", "No seat devoured"),
                    ("all-survive", "Every investigator sane and surviving"),
                    ("none-replaced", "No investigator lost and replaced"),
                    ("no-unpaid-loans", "No unpaid Bank Loans"),
                    ("victory", "A victory"),
                    ("outcome-closed", "A victory that closed the gates"),
                    ("outcome-sealed", "A victory that sealed the gates"),
                    ("outcome-banished", "A victory that banished the Ancient One"),
                ],
                default="",
                help_text="Optional: what the recorded result must show for a game to claim the task (checked on every game entered). Empty: the task is taken at the players' word.",
                max_length=32,
                verbose_name="checked condition",
            ),
        ),
        migrations.AddField(
            model_name="scenariotask",
            name="condition_number",
            field=models.PositiveSmallIntegerField(
                blank=True,
                help_text="The number N of a condition that has one (e.g. 3 for terror level 3 or less); empty otherwise.",
                null=True,
                verbose_name="N",
            ),
        ),
    ]
