"""MCP fixtures: a small indexed estate with mixed grants, and the real server in a subprocess.

The estate is built once per module (embedding is the slow part) through the real pipeline:
add_source, Driver.sync, run_until_idle. Matter, type, status, language and date are then set on
the chunks where the pipeline left them empty (standing in for classify_matter / extract_metadata
where those are not built), so tests derive expected metadata from the server's own listing.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from sqlalchemy import Engine, text

from knowledge_index_tests.conftest import _db_url, create_test_database

ESTATE: dict[str, str] = {
    "Acme/liefervertrag.txt": "Liefervertrag 2024/0173-MS zwischen Acme GmbH und Müller AG. Die "
    "Gewährleistungsfrist beträgt 24 Monate ab Gefahrübergang.",
    "Acme/letter.txt": "Dear Sirs, please find enclosed the revised supply agreement for the "
    "milling machines delivered to Acme.",
    "Beta/memo.md": "# Memo\n\nThe escrow of ten percent is held for eighteen months.",
    "Beta/spa.txt": "Share purchase agreement: the purchase price for Beta Ltd is payable at "
    "closing, subject to the escrow.",
    "Wall/secret.txt": "Strictly confidential: the planned merger of Zeta AG with Omega SE.",
    "Lit/klage.txt": "Klageschrift in Sachen Acme gegen Müller wegen Mängeln der Fräsmaschinen.",
    "Lit/urteil.txt": "Urteil des Landgerichts München: die Klage ist überwiegend begründet.",
    "Open/handbook.md": "# Office handbook\n\nHolidays, expenses and the supply of stationery.",
    "Open/notes.txt": "Notes from the partner meeting about the new supply agreement template.",
}
ACLS: dict[str, dict] = {
    "Beta": {"allow": ["group:beta"], "deny": ["user:intern"], "inherit": False},
    "Wall": {"allow": ["user:carol"], "inherit": False},
    "Lit": {"allow": ["group:litigation"], "deny": ["group:beta"], "inherit": False},
    "Open": {"deny": ["user:intern"]},
}
EMAIL = (
    "From: Anna Müller <anna@mueller.de>\r\nTo: counsel@firm.example\r\n"
    "Subject: Antwort zum Liefervertrag\r\nMessage-ID: <a1@mueller.de>\r\n"
    "Date: Tue, 05 Mar 2024 10:00:00 +0100\r\nMIME-Version: 1.0\r\n"
    'Content-Type: multipart/mixed; boundary="XX"\r\n\r\n--XX\r\n'
    "Content-Type: text/plain; charset=utf-8\r\n\r\nAnbei die Mängelliste zur Lieferung.\r\n"
    "--XX\r\nContent-Type: text/plain; charset=utf-8\r\n"
    'Content-Disposition: attachment; filename="maengelliste.txt"\r\n\r\n'
    "Mängelliste: Fräse 3 defekt, Spindel 7 undicht.\r\n--XX--\r\n"
)
# folder -> (matter, doc_type, status, language, date): the stand-in for classification.
METADATA = {
    "Acme/": ("2024-0173", "contract", "final", "de", "2024-03-01"),
    "Beta/": ("2025-0042", "memo", "draft", "en", "2025-01-15"),
    "Wall/": ("2025-0099", "memo", "final", "en", "2025-02-01"),
    "Lit/": ("2023-0001", "pleading", "final", "de", "2023-06-30"),
}
PRINCIPAL_POOL = [
    "user:alice",
    "user:bob",
    "user:carol",
    "user:intern",
    "group:beta",
    "group:litigation",
]


@dataclass
class Corpus:
    env: dict[str, str]
    root: Path
    engine: Engine
    settings: object
    driver: object
    ids: dict[str, str] = field(default_factory=dict)  # path -> document id

    def acls(self) -> dict[str, tuple[list[str], list[str]]]:
        """Live documents' ACL as the source reported it: id -> (allow, deny)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                text(
                    "SELECT id, acl FROM source_objects WHERE deleted_at IS NULL"
                    " AND content_hash IS NOT NULL"
                )
            ).all()
        return {r[0]: (r[1].get("allow", []), r[1].get("deny", [])) for r in rows}


def write_estate(root: Path) -> None:
    for rel, body in ESTATE.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body, encoding="utf-8")
    (root / "Acme" / "Mail").mkdir(parents=True, exist_ok=True)
    (root / "Acme" / "Mail" / "antwort.eml").write_bytes(EMAIL.encode())
    for folder, acl in ACLS.items():
        (root / folder / ".ki-acl.json").write_text(json.dumps(acl), encoding="utf-8")


def classify(engine: Engine) -> None:
    """Fill chunk metadata the pipeline left empty (never overrides a stage's own answer)."""
    with engine.begin() as conn:
        for prefix, (matter, doc_type, status, lang, day) in METADATA.items():
            conn.execute(
                text(
                    "UPDATE chunks SET matter_id = COALESCE(matter_id, :m),"
                    " doc_type = COALESCE(doc_type, :t), status = COALESCE(status, :s),"
                    " language = COALESCE(language, :l),"
                    " doc_date = COALESCE(doc_date, CAST(:d AS date))"
                    " WHERE left(path, length(:p)) = :p"
                ),
                {"m": matter, "t": doc_type, "s": status, "l": lang, "d": day, "p": prefix},
            )


def build_corpus(pg_server: str, home: Path, root: Path, mp: pytest.MonkeyPatch) -> Corpus:
    """Fresh databases, KI_* env set through `mp`, the estate indexed through the pipeline."""
    from knowledge_index.db import get_engine
    from knowledge_index.settings import load_settings
    from knowledge_index_tests.support.pipeline import process_folder

    for key in list(os.environ):
        if key.startswith("KI_"):
            mp.delenv(key)
    env = {
        "KI_HOME": str(home),
        "KI_DATABASE_URL": _db_url(pg_server, create_test_database(pg_server), "psycopg"),
        "KI_DAGSTER_DATABASE_URL": _db_url(
            pg_server, create_test_database(pg_server, prefix="dg", template=None), "psycopg2"
        ),
        "KI_PIPELINE__DELETION_CONFIRMATIONS": "1",
    }
    for key, value in env.items():
        mp.setenv(key, value)
    write_estate(root)
    settings = load_settings()
    engine = get_engine(settings)
    driver = process_folder(engine, settings, root)
    classify(engine)
    driver.update_search_index(rebuild=True)
    with engine.connect() as conn:
        ids = dict(conn.execute(text("SELECT path, id FROM source_objects")).all())
    return Corpus(env=env, root=root, engine=engine, settings=settings, driver=driver, ids=ids)


# Package scope: building the estate is most of the suite's time. The read-only HTTP module
# runs first (file order); test_stdio_changes.py, which changes grants and deletes a file, last.
@pytest.fixture(scope="package")
def mcp_corpus(pg_server: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Corpus]:
    from knowledge_index.db import dispose_engines

    base = tmp_path_factory.mktemp("mcp")
    with pytest.MonkeyPatch.context() as mp:
        yield build_corpus(pg_server, base / "home", base / "estate", mp)
        dispose_engines()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_env(corpus_env: dict[str, str], **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("KI_")}
    env.update(corpus_env)
    env.update(extra)
    env["HF_HUB_OFFLINE"] = "1"
    env["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"
    return env


@dataclass
class HttpServer:
    url: str
    keys: object  # fastmcp RSAKeyPair
    issuer: str
    audience: str
    log: Path

    def token(self, sub: str, groups: list[str] | None = None, **kwargs: object) -> str:
        claims = {"groups": groups or []}
        return self.keys.create_token(  # type: ignore[attr-defined]
            subject=sub,
            issuer=self.issuer,
            audience=self.audience,
            additional_claims=claims,
            **kwargs,
        )


def start_http_server(env: dict[str, str], log: Path, timeout: float = 120) -> tuple:
    port = free_port()
    handle = log.open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "knowledge_index.mcp", "--http", f"127.0.0.1:{port}"],
        env=env,
        stdout=handle,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"MCP server exited: {log.read_text()[-3000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return proc, f"http://127.0.0.1:{port}/mcp"
        except OSError:
            time.sleep(0.3)
    proc.kill()
    raise RuntimeError(f"MCP server did not listen within {timeout}s: {log.read_text()[-3000:]}")


@pytest.fixture(scope="module")
def http_server(
    mcp_corpus: Corpus, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[HttpServer]:
    from fastmcp.server.auth.providers.jwt import RSAKeyPair

    keys = RSAKeyPair.generate()
    base = tmp_path_factory.mktemp("http")
    pem = base / "jwt.pub"
    pem.write_text(keys.public_key, encoding="utf-8")
    issuer, audience = "https://idp.firm.example", "knowledge-index"
    env = server_env(
        mcp_corpus.env,
        KI_MCP__JWT_PUBLIC_KEY=str(pem),
        KI_MCP__JWT_ISSUER=issuer,
        KI_MCP__JWT_AUDIENCE=audience,
    )
    log = base / "server.log"
    proc, url = start_http_server(env, log)
    try:
        yield HttpServer(url=url, keys=keys, issuer=issuer, audience=audience, log=log)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
