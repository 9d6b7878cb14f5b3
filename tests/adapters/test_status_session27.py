"""Session 27, issue 23 on unseen-9's tune half: mechanisms, each with examples of its own (not the corpus')."""

from __future__ import annotations

from obsline.adapters.status import detect_status
from obsline.core.models import Status


def _status(raw: object) -> Status:
    return detect_status(raw, None, http_status=None, error_hint=None).status


def test_a_batch_item_the_batch_rejected_with_a_reason_is_a_failed_item() -> None:
    batch = {"results": [{"line": 1, "status": "imported"}, {"line": 2, "status": "Rejected", "message": "bad date"},
                         {"line": 3, "status": "imported"}]}
    assert _status(batch) is Status.PARTIAL
    assert _status([{"ref": "p1", "status": "refused", "reason": "duplicate"}, {"ref": "p2", "status": "queued"}]) \
        is Status.PARTIAL


def test_a_listing_of_rejected_records_without_a_reason_is_data() -> None:
    # (a moderation queue's listing: the items' own states, not the call's verdict on them)
    listing = {"results": [{"id": 1, "status": "rejected"}, {"id": 2, "status": "approved"}]}
    assert _status(listing) is Status.SUCCESS
