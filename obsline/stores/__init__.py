"""obsline.stores: where raw results and secret values are kept (the I/O edge of stage 3)."""

from obsline.stores.artifacts import ArtifactStore
from obsline.stores.vault import SecretVault

__all__ = ["ArtifactStore", "SecretVault"]
