"""Knowledge quality on the two evaluation estates, run as a new user would: `ki` commands.

    .venv/bin/python benchmarks/bench_knowledge.py [--estates a,b,c] [--keep DIR] [--keep-homes]

For each estate: a fresh KI_HOME, `ki init`, `ki source add`, `ki sync` (which runs every stage
until idle), `ki export`, then the estate's own scorer. Estate A (knowledge_index_tests/
evaluation) may be inspected while tuning; estate B (knowledge_index_tests/heldout) is held out.
The only thing taken from an estate besides its files is what a firm configures anyway: its own
name (`firm.name`). Document types are mapped to each estate's canonical ids automatically, by
matching the product ontology's labels and synonyms against the estate's type labels and
synonyms (no hand-made mapping, so estate B's vocabulary is never read by a person).
`--keep-homes` (with `--keep`) moves each tuning estate's KI_HOME to DIR/home_<estate> instead of
deleting it, to look into what the stages decided (never estate B's: it stays held out).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Estate:
    types: str  # the package whose types.py names the estate's document types
    scorer: str  # the scoring module (python -m ... EXPORT [ANSWERS] TYPE_FLAG MAP)
    folder: Path
    type_flag: str
    # Passed to the scorer when it is not the scorer's own estate (estate C uses A's scorer).
    answers: Path | None = None


ESTATES = {
    "a": Estate(
        "knowledge_index_tests.evaluation",
        "knowledge_index_tests.evaluation.scoring",
        ROOT / "knowledge_index_tests/evaluation/estate_a",
        "--types",
    ),
    "b": Estate(
        "knowledge_index_tests.heldout",
        "knowledge_index_tests.heldout.scoring",
        ROOT / "knowledge_index_tests/heldout",
        "--type-map",
    ),
    # Written after A and B by an author who read neither the code nor B, in A's answer format
    # and with A's document type ids (knowledge_index_tests/evaluation_c/README.md).
    "c": Estate(
        "knowledge_index_tests.evaluation",
        "knowledge_index_tests.evaluation.scoring",
        ROOT / "knowledge_index_tests/evaluation_c/estate_c",
        "--types",
        ROOT / "knowledge_index_tests/evaluation_c/estate_c/answers.json",
    ),
    # Written after C, again blind to the code (knowledge_index_tests/evaluation_d/README.md):
    # a third firm, relations and decisions in many more styles; A's types and scorer.
    "d": Estate(
        "knowledge_index_tests.evaluation",
        "knowledge_index_tests.evaluation.scoring",
        ROOT / "knowledge_index_tests/evaluation_d/estate_d",
        "--types",
        ROOT / "knowledge_index_tests/evaluation_d/estate_d/answers.json",
    ),
    # Written after D, blind to the code (knowledge_index_tests/evaluation_e/README.md): a fifth
    # firm, every one of A's 58 document types named many ways, a legacy numbering, references.
    "e": Estate(
        "knowledge_index_tests.evaluation",
        "knowledge_index_tests.evaluation.scoring",
        ROOT / "knowledge_index_tests/evaluation_e/estate_e",
        "--types",
        ROOT / "knowledge_index_tests/evaluation_e/estate_e/answers.json",
    ),
    # Written after E, blind to the code (knowledge_index_tests/evaluation_f/README.md): a sixth
    # firm, client.matter numbers, DMS export names, a partner's working folder, real mail headers.
    "f": Estate(
        "knowledge_index_tests.evaluation",
        "knowledge_index_tests.evaluation.scoring",
        ROOT / "knowledge_index_tests/evaluation_f/estate_f",
        "--types",
        ROOT / "knowledge_index_tests/evaluation_f/estate_f/answers.json",
    ),
}


def _fold(value: str) -> str:
    value = unicodedata.normalize("NFKD", value.casefold())
    value = "".join(c for c in value if not unicodedata.combining(c))
    return re.sub(r"[^a-z0-9]+", " ", value).strip()


def _estate_names(package: str) -> dict[str, set[str]]:
    """Canonical type id -> every label and synonym the estate gives it, folded."""
    types = importlib.import_module(f"{package}.types")
    table = next(
        v for k, v in vars(types).items() if k.isupper() and isinstance(v, dict) and len(v) >= 20
    )
    names: dict[str, set[str]] = {}
    for type_id, entry in table.items():
        words: set[str] = {_fold(type_id.replace("_", " "))}
        stack = list(entry) if isinstance(entry, (tuple, list)) else list(vars(entry).values())
        while stack:
            item = stack.pop()
            if isinstance(item, str):
                words.add(_fold(item))
            elif isinstance(item, (tuple, list, set)):
                stack.extend(item)
        names[type_id] = {w for w in words if w}
    return names


def _product_names() -> dict[str, set[str]]:
    from knowledge_index.ontology import load_ontology

    ontology = load_ontology()
    names: dict[str, set[str]] = {}
    for node in ontology.data.nodes:
        words = {_fold(node.id.rsplit(".", 1)[-1].replace("_", " "))}
        for value in (node.label_en, node.label_de, *node.terms):
            if value:
                words.add(_fold(value))
        names[node.id] = words
    return names


def type_map(package: str) -> dict[str, str]:
    """Product type id -> estate canonical id, where a label or synonym is shared."""
    estate = _estate_names(package)
    mapping: dict[str, str] = {}
    for product_id, words in _product_names().items():
        best = max(estate, key=lambda t: (len(words & estate[t]), -len(t)))
        if words & estate[best]:
            mapping[product_id] = best
    return mapping


def _ki(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "KI_HOME": str(home)}
    env.pop("KI_DATABASE_URL", None)
    return subprocess.run(
        [str(Path(sys.executable).parent / "ki"), *args],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def estate_paths(folder: Path) -> tuple[Path, dict]:
    """An estate folder's files directory and its answer key."""
    answers = json.loads(next(folder.rglob("answers.json")).read_text())
    files = next(p for p in (folder / "files", folder / "estate_b", folder) if p.is_dir())
    return files, answers


def firm_name(answers: dict) -> str | None:
    firm = answers.get("firm")
    return firm.get("name") if isinstance(firm, dict) else firm


def build_home(home: Path, files: Path, firm: str | None) -> subprocess.CompletedProcess[str]:
    """`ki init`, the firm's name, the estate as a source open to everyone, `ki sync`."""
    _ki(home, "init").check_returncode()
    if firm:
        _ki(home, "config", "set", "firm.name", str(firm)).check_returncode()
    _ki(home, "source", "add", "estate", str(files), "--allow", "*").check_returncode()
    return _ki(home, "sync")


def stop_home(home: Path) -> None:
    # The embedded Postgres outlives the commands (no `ki db stop` yet): stop it here.
    subprocess.run(["pkill", "-f", f"postgres.*{home}"], check=False)


@contextlib.contextmanager
def estate_home(
    files: Path, firm: str | None, prefix: str, keep_as: Path | None = None
) -> Iterator[tuple[Path, float, int]]:
    """A fresh KI_HOME with the estate synced through every stage: (home, seconds, exit)."""
    home = Path(tempfile.mkdtemp(prefix=prefix))
    started = time.monotonic()
    try:
        sync = build_home(home, files, firm)
        yield home, time.monotonic() - started, sync.returncode
    finally:
        stop_home(home)
        if keep_as is not None:
            shutil.rmtree(keep_as, ignore_errors=True)
            shutil.move(str(home), keep_as)
        else:
            shutil.rmtree(home, ignore_errors=True)


def run_estate(name: str, keep: Path | None, keep_home: bool = False) -> dict:
    estate = ESTATES[name]
    files, answers = estate_paths(estate.folder)
    keep_as = keep / f"home_{name}" if keep and keep_home and name != "b" else None
    with estate_home(files, firm_name(answers), f"ki-bench-{name}-", keep_as) as (
        home,
        seconds,
        code,
    ):
        export = home / "export.jsonl"
        _ki(home, "export", "--out", str(export)).check_returncode()
        mapping = home / "types.json"
        mapping.write_text(json.dumps(type_map(estate.types)))
        answers_arg = [str(estate.answers)] if estate.answers else []
        scored = subprocess.run(
            [
                sys.executable,
                "-m",
                estate.scorer,
                str(export),
                *answers_arg,
                estate.type_flag,
                str(mapping),
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        )
        if keep:
            keep.mkdir(parents=True, exist_ok=True)
            shutil.copy(export, keep / f"export_{name}.jsonl")
        return {
            "estate": name,
            "seconds": round(seconds, 1),
            "sync_exit": code,
            "table": scored.stdout + scored.stderr,
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--estates", default="a,b")
    parser.add_argument("--keep", type=Path, help="copy the exports here")
    parser.add_argument("--keep-homes", action="store_true", help="keep tuning estates' homes")
    args = parser.parse_args()
    for name in args.estates.split(","):
        result = run_estate(name.strip(), args.keep, args.keep_homes)
        print(
            f"\n=== estate {result['estate']}: ki sync (all stages) {result['seconds']} s,"
            f" exit {result['sync_exit']}"
        )
        print(result["table"])


if __name__ == "__main__":
    main()
