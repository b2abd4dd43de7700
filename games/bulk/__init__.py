"""Building leagues in bulk (``seed_demo`` and benchmark databases): the demo leagues and
their people (``league``, ``demo_login``), planned games (``planner``) written in bulk
(``load``); and new rows with their history for an import (``rows``).
"""
