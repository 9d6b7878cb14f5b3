"""obsline.aligner: fragments -> aligned snapshots -> folded observations (pure, no I/O)."""

from obsline.aligner.align import align, align_all, conflicts, merge
from obsline.aligner.fold import FoldDecision, fold

__all__ = ["FoldDecision", "align", "align_all", "conflicts", "fold", "merge"]
