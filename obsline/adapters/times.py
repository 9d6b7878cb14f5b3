"""Times and dates as tools write them: ISO 8601 (``Z`` too), epoch numbers, and the common
forms seed 001 names (``2024/06/15``, ``15 Jun 2024``). Each parse says which format matched,
so a fragment can record it; a text no format reads is None, never a guess."""

from __future__ import annotations

import datetime as dt
from typing import Any

# Unambiguous forms only: ``06/07/2024`` (June 7 or July 6?) is left unparsed.
DATE_FORMATS = ("%Y/%m/%d", "%d %b %Y", "%d %B %Y", "%b %d, %Y", "%B %d, %Y", "%b %d %Y", "%Y年%m月%d日",
                "%d.%m.%Y", "%Y.%m.%d")
DATETIME_FORMATS = ("%Y/%m/%d %H:%M:%S", "%Y/%m/%d %H:%M", "%d %b %Y %H:%M:%S", "%d %b %Y %H:%M",
                    "%Y-%m-%d %H:%M:%S,%f", "%d/%b/%Y:%H:%M:%S %z")
ISO = "iso8601"
EPOCH = "epoch"


def parse_date(text: str) -> tuple[dt.date, str] | None:
    value = text.strip()
    try:
        return dt.date.fromisoformat(value), ISO
    except ValueError:
        pass
    for fmt in DATE_FORMATS:
        try:
            return dt.datetime.strptime(value, fmt).date(), fmt
        except ValueError:
            continue
    return None


def parse_datetime(text: str) -> tuple[dt.datetime, str] | None:
    value = text.strip()
    try:
        return dt.datetime.fromisoformat(value.replace("Z", "+00:00")), ISO
    except ValueError:
        pass
    for fmt in DATETIME_FORMATS:
        try:
            return dt.datetime.strptime(value, fmt), fmt
        except ValueError:
            continue
    date = parse_date(value)
    if date is not None:
        return dt.datetime.combine(date[0], dt.time()), date[1]
    return None


def sort_key(value: Any) -> float | None:
    """Epoch seconds of a time value (text in any format above, or an epoch number), naive
    times as UTC; None when it is not a time ("yesterday")."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, dt.datetime):
        parsed: dt.datetime | None = value
    elif isinstance(value, dt.date):
        parsed = dt.datetime.combine(value, dt.time())
    elif isinstance(value, str):
        found = parse_datetime(value)
        parsed = found[0] if found else None
    else:
        parsed = None
    if parsed is None:
        return None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=dt.UTC)
    return parsed.timestamp()
