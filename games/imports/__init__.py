"""Results in and out: the results format, its import and its export."""
