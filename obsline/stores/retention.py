"""What the artifact store and the secret vault beside it share (how long they keep what they
hold, which key is too weak to sign with), so neither imports the other for it."""

DEFAULT_TTL_SECONDS = 7 * 24 * 3600
WEAK_KEYS = frozenset({"changeme", "change-me", "secret", "password", "test", "key", "obsline", "default"})
MIN_KEY_BYTES = 16


def weak_key(secret: bytes) -> bool:
    return len(secret) < MIN_KEY_BYTES or secret.strip().lower().decode("utf-8", "replace") in WEAK_KEYS
