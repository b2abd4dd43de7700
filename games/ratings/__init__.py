"""Ratings kept from the games (``games.rating_rules`` says how one game moves them):
``backlog`` notes where a write changed the rated history, ``replay`` rates from there on."""
