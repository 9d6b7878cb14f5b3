"""obsline.streams: the stages on Kafka. ``Settings`` configures a worker, ``run`` runs one
(the engine it names: ``faust`` agents per stage topic, or the ``batch`` aiokafka loop)."""

from obsline.streams.settings import Settings
from obsline.streams.worker import run

__all__ = ["Settings", "run"]
