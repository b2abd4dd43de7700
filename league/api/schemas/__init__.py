"""What the API answers, field by field (these become the OpenAPI schema): one module per
router (``games``, ``players``, ``ancient_ones``, ``league_play``) and what they share
(``common``: links to a player, team or scenario, and the error body)."""
