"""Loading tool contracts from a directory of YAML files (the only I/O around contracts)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from obsline.adapters.contract import ToolSpec, parse_contract
from obsline.core.errors import ContractError

BUILTIN_CONTRACTS = Path(__file__).resolve().parent / "adapters" / "contracts"


def check_contracts(directory: Path | None = None) -> tuple[dict[str, ToolSpec], list[ContractError]]:
    """Load every ``*.yaml`` in ``directory``; return the valid specs and every error found."""
    directory = directory or BUILTIN_CONTRACTS
    specs: dict[str, ToolSpec] = {}
    errors: list[ContractError] = []
    files = sorted(directory.glob("*.yaml")) + sorted(directory.glob("*.yml"))
    if not files:
        errors.append(ContractError(str(directory), "<dir>", "no *.yaml contract files"))
    for path in files:
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            spec = parse_contract(data, path.name).build()
        except yaml.YAMLError as exc:
            errors.append(ContractError(path.name, "<yaml>", str(exc).replace("\n", " ")))
            continue
        except ContractError as exc:
            errors.append(exc)
            continue
        if spec.name in specs:
            errors.append(ContractError(path.name, "name", f"tool {spec.name!r} defined twice"))
            continue
        specs[spec.name] = spec
    return specs, errors


def load_contracts(directory: str | Path | list[Path] | None = None) -> dict[str, ToolSpec]:
    """Load contracts, refusing to start on any invalid one. Of several directories (e.g. the
    built-in contracts, then drafts inferred from traffic) the first to define a tool wins."""
    specs: dict[str, ToolSpec] = {}
    for one in directory if isinstance(directory, list) else [directory]:
        found, errors = check_contracts(Path(one) if one is not None else None)  # str: OBSLINE_CONTRACTS_DIR
        if errors:
            raise errors[0]
        specs = found | specs
    return specs


def write_inferred(records_path: Path, out_dir: Path) -> list[Path]:
    """``obsline contracts infer``: draft contracts from a JSONL of envelopes, one YAML per tool.
    A tool that already has a file in ``out_dir`` is left alone (a reviewed contract wins)."""
    import orjson

    from obsline.adapters.infer import infer_contracts

    def records():  # one pass, in file order; lines that are not envelopes are skipped
        with records_path.open("rb") as lines:
            for line in lines:
                try:
                    rec = orjson.loads(line)
                except orjson.JSONDecodeError:
                    continue
                if isinstance(rec, dict):
                    yield rec

    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for tool, data in infer_contracts(records()).items():
        path = out_dir / f"{_file_name(tool)}.yaml"
        if path.exists():
            continue
        path.write_text(_draft_yaml(tool, records_path.name, data), encoding="utf-8")
        written.append(path)
    return written


def _draft_yaml(tool: str, source: str, data: dict[str, Any]) -> str:
    """The layout of the built-in contracts: top-level keys in block style, one field a line."""
    fields = data.pop("fields", {})
    text = f"# Draft contract for `{tool}`, inferred from {source} by `obsline contracts infer`: review it.\n"
    text += yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=120)
    if fields:
        width = max(len(yaml.safe_dump(p).split("\n")[0]) for p in fields) + 1
        text += "fields:\n" + "".join(
            f"  {(yaml.safe_dump(p, width=1000).split(chr(10))[0] + ':').ljust(width)} "
            f"{yaml.safe_dump(spec, default_flow_style=True, width=1000).strip()}\n"
            for p, spec in fields.items())
    return text


def _file_name(tool: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in tool).lstrip(".")[:120] or "tool"
