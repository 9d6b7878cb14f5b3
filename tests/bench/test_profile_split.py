"""bench/profile.py: a worker's samples split into the stages, the record path, Kafka and the rest."""

from __future__ import annotations

from bench import profile

STACKS = (
    'process 41:"python -m obsline worker";main (obsline/cli.py:1);process (obsline/pipeline.py:250);'
    "adapt (obsline/adapters/adapt.py:3) 30\n"
    "main (obsline/cli.py:1);RecordPath.handle (obsline/streams/record.py:150);encode (obsline/core/codec.py:3) 10\n"
    "main (obsline/cli.py:1);send (aiokafka/producer/producer.py:9) 5\n"
    "main (obsline/cli.py:1);select (selectors.py:4) 5\n"
    "main (obsline/cli.py:1);collect (gc.py:1) 50\n"
)


def test_the_samples_split_by_the_first_part_on_their_stack(tmp_path) -> None:
    raw = tmp_path / "w.spy"
    raw.write_text(STACKS)
    assert [round(share, 2) for _, share in profile.split(raw)] == [0.30, 0.10, 0.05, 0.05, 0.50]


def test_a_function_named_process_is_a_frame_not_the_process_line(tmp_path) -> None:
    """py-spy's first frame names the process (``process 41:...``); ``pipeline.process`` is a
    function: before, both were dropped, and the stages' own frame was missing from the table."""
    raw = tmp_path / "w.spy"
    raw.write_text(STACKS)
    names = [name for name, _, _ in profile.summarise(raw)[1]]
    assert "obsline/pipeline.py:process" in names and not any(n.startswith("process ") for n in names)
