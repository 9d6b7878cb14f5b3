"""Loading tool contracts from a directory of YAML files (the only I/O around contracts)."""

from __future__ import annotations

from pathlib import Path

import yaml

from obsline.adapters.contract import ToolSpec, parse_contract
from obsline.errors import ContractError

BUILTIN_CONTRACTS = Path(__file__).resolve().parent.parent / "adapters" / "contracts"


def _builtin_dir() -> Path:
    # Installed (non-editable) wheels keep contracts beside the adapters package.
    from obsline import adapters

    return Path(adapters.__file__).resolve().parent / "contracts"


def check_contracts(directory: Path | None = None) -> tuple[dict[str, ToolSpec], list[ContractError]]:
    """Load every ``*.yaml`` in ``directory``; return the valid specs and every error found."""
    directory = directory or _builtin_dir()
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


def load_contracts(directory: Path | None = None) -> dict[str, ToolSpec]:
    """Load contracts, refusing to start on any invalid one."""
    specs, errors = check_contracts(directory)
    if errors:
        raise errors[0]
    return specs
