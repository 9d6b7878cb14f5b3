"""obsline.core: the ground every stage stands on (models, errors, notation, ids, tokens, memo, codec, the compiled tool spec).

Nothing here imports a stage package, an engine or an integration.
"""

from obsline.core.errors import ErrorCode, ObslineError
from obsline.core.models import Fragment, Observation, RawEnvelope, Snapshot

__all__ = ["ErrorCode", "Fragment", "Observation", "ObslineError", "RawEnvelope", "Snapshot"]
