"""obsline.adapters: raw tool responses -> typed fragments (pure, no I/O)."""

from obsline.adapters.adapt import AdaptResult, Limits, adapt
from obsline.adapters.contract import ToolContract, ToolSpec, parse_contract
from obsline.adapters.envelope import Rejected, decode
from obsline.adapters.noise import NoiseConfig, inject_noise

__all__ = [
    "AdaptResult", "Limits", "NoiseConfig", "Rejected", "ToolContract", "ToolSpec", "adapt", "decode",
    "inject_noise", "parse_contract",
]
