"""Building leagues in bulk: the demo leagues (``seed_demo``) and benchmark databases:
their people and league play (``league``, ``demo_login``), who plays in which league
(``leagues``), planned games (``planner``) written in bulk (``load``), and new rows with
their history for an import (``rows``).
"""
