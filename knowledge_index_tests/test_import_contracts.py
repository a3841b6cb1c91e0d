"""The import contracts in pyproject.toml cover every module and really fail on a violation.

.ci/run runs lint-imports on the real package; here each contract is run on a copy of the
package with a planted violation, so a contract that silently checks nothing is caught.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CONFIG = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["importlinter"]
CONTRACTS = {c["id"]: c for c in CONFIG["contracts"]}
# definitions.py is the code location (Dagster loads it, it loads defs/): an outer layer.
OUTSIDE_DOMAIN = {"defs", "orchestration", "cli", "__main__", "definitions"}
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"


def _top_level_modules() -> set[str]:
    package = REPO / "knowledge_index"
    names = {p.stem for p in package.glob("*.py") if p.stem != "__init__"}
    names |= {p.name for p in package.iterdir() if p.is_dir() and any(p.rglob("*.py"))}
    return names


def _domain(contract_modules: list[str]) -> set[str]:
    return {m.removeprefix("knowledge_index.") for m in contract_modules} - OUTSIDE_DOMAIN


def test_every_module_is_in_the_domain_list_or_a_named_outer_layer() -> None:
    domain = _top_level_modules() - OUTSIDE_DOMAIN
    assert _domain(CONTRACTS["domain-no-dagster"]["source_modules"]) == domain
    assert _domain(CONTRACTS["nothing-imports-defs"]["source_modules"]) == domain
    bottom_layer = CONTRACTS["layers"]["layers"][-1].split(" : ")
    assert _domain(bottom_layer) == domain


PLANTS = {
    # contract id -> (module path inside the package, source); the module names are unique so
    # the report must name the plant.
    "domain-no-dagster": ("ledger/_planted_dagster.py", "import dagster\n"),
    "nothing-imports-defs": ("mcp/_planted_defs.py", "import knowledge_index.defs.assets\n"),
    "layers": ("retrieval/_planted_layers.py", "import knowledge_index.cli.app\n"),
    "no-cycles": ("ledger/_planted_cycle.py", "import knowledge_index.ledger._planted_back\n"),
}
CYCLE_PARTNER = ("ledger/_planted_back.py", "import knowledge_index.ledger._planted_cycle\n")


@pytest.fixture(scope="module")
def package_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("contracts")
    shutil.copytree(
        REPO / "knowledge_index",
        root / "knowledge_index",
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "data", "sql"),
    )
    shutil.copy2(REPO / "pyproject.toml", root / "pyproject.toml")
    return root


def _lint(root: Path, *contract: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(root), "COLUMNS": "200"}
    selected = [arg for c in contract for arg in ("--contract", c)]
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--config", str(root / "pyproject.toml"), *selected],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_unplanted_copy_keeps_every_contract(package_copy: Path) -> None:
    done = _lint(package_copy)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("contract", sorted(PLANTS))
def test_a_planted_violation_breaks_the_contract(
    package_copy: Path, tmp_path: Path, contract: str
) -> None:
    root = tmp_path / "tree"
    shutil.copytree(package_copy, root)
    plants = [PLANTS[contract], *([CYCLE_PARTNER] if contract == "no-cycles" else [])]
    for relative, source in plants:
        (root / "knowledge_index" / relative).write_text(source)
    done = _lint(root, contract)
    report = done.stdout + done.stderr
    assert done.returncode == 1, report
    assert "BROKEN" in report
    planted = Path(plants[0][0]).stem
    assert planted in report
