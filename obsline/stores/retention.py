"""How long the stores keep what they hold, one constant for both (the artifact store and the
secret vault beside it), so neither imports the other for it."""

DEFAULT_TTL_SECONDS = 7 * 24 * 3600
