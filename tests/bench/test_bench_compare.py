"""bench compare: old and new code side by side, each side importing its own tree only."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from bench import compare_worker
from bench.compare import DEFAULT_OLD, REPO, Comparison, Side, _verdict, compare, git, old_worktree, section
from tests.conftest import DEV_TRACES, FOREIGN_DEV, shared_or_skip


@pytest.fixture(scope="module")
def worktrees(tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("compare")
    yield root
    for tree in root.iterdir():  # the registrations live in the shared .git: leave none behind
        subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=REPO, check=False)


def test_one_pass_on_a_few_hundred_lines_times_both_sides_from_their_own_trees(worktrees: Path):
    shared_or_skip(DEV_TRACES), shared_or_skip(FOREIGN_DEV)
    c = compare(DEFAULT_OLD, passes=1, names=["tau", "foreign"], memos=["on", "off"], limit=200, worktrees=worktrees)
    assert c.old.tree.is_relative_to(worktrees) and c.old.tree != REPO
    for side, tree in ((c.old, c.old.tree), (c.new, REPO)):
        modules = side.loaded["modules"]
        # a tree of the standard layout has obsline/adapters/; an older one mapped adapters/ onto it
        adapters = tree / "obsline" / "adapters" if (tree / "obsline" / "adapters").is_dir() else tree / "adapters"
        assert Path(modules["obsline.adapters"]) == adapters / "__init__.py"
        assert Path(modules["obsline.pipeline"]) == tree / "obsline" / "pipeline.py"
        assert all(Path(file).is_relative_to(tree) for file in modules.values())
    assert not any(Path(f).is_relative_to(worktrees) for f in c.new.loaded["modules"].values())
    assert c.files["tau"]["lines"] == c.files["foreign"]["lines"] == 200
    assert sorted(c.rates) == sorted((s, f, m) for s in ("old", "new") for f in ("tau", "foreign") for m in ("on", "off"))
    assert all(len(r) == 1 and r[0] > 0 for r in c.rates.values()) and sorted(c.cpu_rates) == sorted(c.rates)
    assert sorted(c.digests) == sorted(c.rates) and all(len(d) == 200 for d in c.digests.values())
    text = section(c, "python -m bench compare --passes 1 --limit 200")
    assert "| tau dev | off |" in text and "| foreign-dev | on |" in text
    assert "not the target's measure" in text  # a partial file never claims the target
    assert "old and new texts differ on" in text


def test_the_old_worktree_is_reused_and_refused_once_changed(worktrees: Path):
    tree, sha = old_worktree("HEAD", worktrees)
    assert sha == git("rev-parse", "HEAD") and old_worktree("HEAD", worktrees) == (tree, sha)
    readme = tree / "README.md"
    readme.write_text(readme.read_text() + "edited\n")
    try:
        with pytest.raises(SystemExit, match="not a clean checkout"):
            old_worktree("HEAD", worktrees)
    finally:
        git("checkout", "--", "README.md", cwd=tree)


def test_the_worker_maps_stage_folders_as_pyproject_says(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text('[tool.setuptools]\npackage-dir = { "obsline" = "obsline", '
                                              '"obsline.adapters" = "adapters" }\npackages = ["obsline", '
                                              '"obsline.adapters", "obsline.tools"]\n')
    mapping = compare_worker.package_mapping(tmp_path)
    assert mapping == {"obsline": tmp_path / "obsline", "obsline.adapters": tmp_path / "adapters",
                       "obsline.tools": tmp_path / "obsline" / "tools"}


def test_the_worker_finds_a_standard_layout_without_a_mapping(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text('[tool.setuptools.packages.find]\ninclude = ["obsline*"]\n')
    (tmp_path / "obsline").mkdir()
    assert compare_worker.package_mapping(tmp_path) == {"obsline": tmp_path / "obsline"}


def test_the_worker_names_modules_from_outside_its_tree(tmp_path: Path):
    inside, other = str(tmp_path / "adapters" / "adapt.py"), "/elsewhere/adapters/adapt.py"
    found = compare_worker.outside(tmp_path, {"obsline.adapters.adapt": inside, "obsline.sinks": other,
                                              "obsline.x": "None"})
    assert found == [f"obsline.sinks: {other}", "obsline.x: None"]


def _comparison(old: list[float], new: list[float]) -> Comparison:
    c = Comparison(Side("old", "o", REPO), Side("new", "n", REPO), {"tau": {"lines": 10, "sha256": "0"}}, ["off"],
                   passes=len(old), core=0, load=(0.0, 0.0))
    c.rates = {("old", "tau", "off"): old, ("new", "tau", "off"): new}
    return c


def test_the_verdict_is_the_median_paired_ratio_and_says_when_the_run_does_not_decide():
    assert "memo off met." in _verdict(_comparison([100, 100, 100], [95, 92, 91]))
    assert "memo off NOT met." in _verdict(_comparison([100, 100, 100], [80, 85, 89]))
    undecided = _verdict(_comparison([100, 100, 100], [80, 85, 99]))
    assert "NOT met (paired ratios on both sides of 0.90" in undecided


def test_the_bytecode_count_of_a_replay_is_the_same_every_time_and_names_the_stage_functions():
    shared_or_skip(DEV_TRACES)
    bench = compare_worker.Bench(REPO)
    bench.load({"tau": str(DEV_TRACES)}, limit=60, warm=10)
    bench.opcodes("tau", 1024)  # warms what outlives a replay (lru caches of ids and names)
    first, again = bench.opcodes("tau", 1024), bench.opcodes("tau", 1024)
    assert first["observations"] == 60 and first["total"] > 60 * 1000
    assert first["total"] == again["total"]  # deterministic: what bench/opcodes.py relies on
    counted = dict(first["functions"])
    assert counted["obsline/pipeline.py:process"] > 0 and counted["aligner/fold.py:fold"] > 0
    assert sum(counted.values()) == first["total"]
    assert bench.opcodes("tau", 0)["total"] > first["total"]  # memos off: every record adapted afresh


def test_the_worker_starts_a_tree_as_its_long_running_processes_start(monkeypatch: pytest.MonkeyPatch):
    """The secret readers' database is built before the timed passes (a tree with
    ``prepare_long_running``): the first pass of the new tree no longer pays ~1.1 s for it."""
    import gc
    import importlib

    shared_or_skip(DEV_TRACES)
    secrets = importlib.import_module("obsline.adapters.secrets")
    built: list[int] = []
    monkeypatch.setattr(secrets, "_READERS", lambda: built.append(1))
    thresholds = gc.get_threshold()
    try:
        compare_worker.Bench(REPO).load({"tau": str(DEV_TRACES)}, limit=1, warm=0)  # no record replayed
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)
    assert built
