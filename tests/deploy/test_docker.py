"""The Docker image and compose file, checked without a daemon: what the image copies is what
the package is made of, the build context leaves state out, and Kafka's data is on its volume."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]


def _copied() -> set[str]:
    text = (REPO / "deploy" / "Dockerfile").read_text()
    return {src.rstrip("/") for line in re.findall(r"^COPY\s+(.+)$", text, re.M) for src in line.split()[:-1]}


def test_the_image_copies_every_package_folder_and_the_project_file() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text())
    includes = project["tool"]["setuptools"]["packages"]["find"]["include"]
    folders = {p.name for p in REPO.iterdir() if p.is_dir() and (p / "__init__.py").exists()
               and any(re.fullmatch(pat.replace("*", ".*"), p.name) for pat in includes)}
    assert folders == {"obsline", "workload"}
    assert _copied() == folders | {"pyproject.toml"}


def test_the_build_context_leaves_state_and_binaries_out() -> None:
    ignored = set((REPO / ".dockerignore").read_text().split())
    assert {"var", ".git", "deploy/kafka/target"} <= ignored
    assert not ignored & (_copied() | {"pyproject.toml"})


def test_kafka_writes_where_its_volume_is() -> None:
    compose = yaml.safe_load((REPO / "docker-compose.yml").read_text())
    kafka = compose["services"]["kafka"]
    [volume] = [v.split(":", 1)[1] for v in kafka["volumes"]]
    assert kafka["environment"]["KAFKA_LOG_DIRS"] == volume
