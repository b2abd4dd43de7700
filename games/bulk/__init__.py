"""Building a league in bulk: the demo league (``seed_demo``) and benchmark databases:
its people and league play (``league``, ``demo_login``), planned games (``planner``)
written in bulk (``load``), and new rows with their history for an import (``rows``).
"""
