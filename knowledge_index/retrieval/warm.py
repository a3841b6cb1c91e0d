"""A warm search process per KI_HOME, so `ki search` answers in well under a second.

Loading the embedding model, LanceDB and Tantivy costs seconds; a command that pays that for
every query is no tool. The first `ki search` starts this process (detached, its own session),
which listens on a unix socket inside KI_HOME (private to its owner, like everything there) and
answers one JSON request per connection with the same `service.search` the command would run.
It exits after `retrieval.warm_idle_seconds` without a request, and on any request whose
fingerprint (the effective settings and the installed search code) is not its own, so a
changed configuration or an upgrade is never answered by stale code. The index is refreshed
per request (`open_index` rereads a changed state file), so fresh documents are found at once.

    python -m knowledge_index.retrieval.warm        # what `ki search` starts; not for people
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import select
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from knowledge_index.settings import Settings, load_settings

START_TIMEOUT_SECONDS = 180.0
MAX_REQUEST_BYTES = 1 << 20


def socket_path(settings: Settings) -> Path:
    # Unix socket paths are limited to ~107 bytes: a deep KI_HOME gets a hashed name under
    # /tmp instead (the socket itself is still 0600, its owner's only).
    path = settings.home.resolve() / "run" / "search.sock"
    if len(os.fsencode(path)) < 100:
        return path
    digest = hashlib.sha256(os.fsencode(path)).hexdigest()[:16]
    return Path(f"/tmp/ki-search-{os.getuid()}-{digest}.sock")


def fingerprint(settings: Settings) -> str:
    """What the answers depend on besides the data: settings and the search code on disk."""
    code = Path(__file__).resolve().parent
    stamps = sorted((p.name, p.stat().st_mtime_ns) for p in code.glob("*.py"))
    blob = json.dumps([settings.model_dump(mode="json"), stamps, sys.executable], default=str)
    return hashlib.sha256(blob.encode()).hexdigest()


# -- client -------------------------------------------------------------------------------------


class WarmUnavailable(RuntimeError):
    """No warm process answered (and none could be started in time)."""


def _ask(path: Path, request: dict[str, Any], timeout: float) -> dict[str, Any] | None:
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
            conn.settimeout(timeout)
            conn.connect(str(path))
            conn.sendall(json.dumps(request).encode() + b"\n")
            conn.shutdown(socket.SHUT_WR)
            data = b"".join(iter(lambda: conn.recv(1 << 16), b""))
    except (FileNotFoundError, ConnectionRefusedError, TimeoutError, OSError):
        return None
    return json.loads(data) if data else None


def _start(settings: Settings) -> None:
    path = socket_path(settings)
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    log = settings.home / "logs" / "search-warm.log"
    log.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    with open(log, "ab") as out:
        subprocess.Popen(
            [sys.executable, "-m", "knowledge_index.retrieval.warm"],
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=out,
            start_new_session=True,  # outlives this command, never gets its terminal's signals
            env={**os.environ, "KI_HOME": str(settings.home)},
        )


def warm_search(settings: Settings, request: dict[str, Any]) -> dict[str, Any]:
    """The search result (SearchResult as JSON) from the warm process, starting it if needed."""
    path = socket_path(settings)
    request = {**request, "fingerprint": fingerprint(settings)}
    answer = _ask(path, request, timeout=60)
    if answer is not None and not answer.get("restart"):
        return _result(answer)
    if answer is not None:  # it was stale and is exiting: wait until its socket is gone
        _wait_gone(path)
    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    started = 0.0
    while time.monotonic() < deadline:
        if time.monotonic() - started > 30:
            # (Again after 30 s: a start that lost the lock to a predecessor still exiting
            # returns at once; a second one, if not needed, does the same.)
            _start(settings)
            started = time.monotonic()
        answer = _ask(path, request, timeout=60)
        if answer is not None and not answer.get("restart"):
            return _result(answer)
        time.sleep(0.1)
    raise WarmUnavailable(f"the warm search process did not start within {START_TIMEOUT_SECONDS}s")


def _result(answer: dict[str, Any]) -> dict[str, Any]:
    if not answer.get("ok"):
        raise RuntimeError(str(answer.get("error") or "warm search failed"))
    return dict(answer["result"])


def _wait_gone(path: Path, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while path.exists() and time.monotonic() < deadline:
        time.sleep(0.05)


# -- server -------------------------------------------------------------------------------------


def _answer(settings: Settings, mine: str, raw: bytes) -> tuple[dict[str, Any], bool]:
    """(response, keep serving)."""
    request = json.loads(raw)
    if request.get("fingerprint") != mine:
        return {"ok": False, "restart": True, "pid": os.getpid()}, False
    from knowledge_index.db import get_engine
    from knowledge_index.retrieval.filters import SearchFilters
    from knowledge_index.retrieval.service import search

    try:
        result = search(
            get_engine(settings),
            settings,
            str(request["query"]),
            [str(p) for p in request["principals"]],
            filters=SearchFilters.model_validate(request.get("filters") or {}),
            limit=int(request.get("limit", 10)),
        )
    except Exception as exc:  # the caller prints it; this process keeps serving
        return {"ok": False, "error": f"{type(exc).__name__}: {exc}", "pid": os.getpid()}, True
    return {"ok": True, "result": result.model_dump(mode="json"), "pid": os.getpid()}, True


def serve(settings: Settings) -> None:
    path = socket_path(settings)
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    # One server per socket: two commands starting one at once leave one of them serving.
    lock = open(path.with_suffix(".lock"), "a")  # noqa: SIM115 (held for the process's life)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return
    mine = fingerprint(settings)
    from knowledge_index.retrieval.service import warm_up

    warm_up(settings)  # the model and the index load before the socket exists
    with contextlib.suppress(FileNotFoundError):
        path.unlink()  # a dead predecessor's (the lock says no live server owns it)
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        old = os.umask(0o177)
        try:
            server.bind(str(path))
        finally:
            os.umask(old)
        server.listen(8)
        try:
            _loop(settings, server, mine, settings.retrieval.warm_idle_seconds)
        finally:
            with contextlib.suppress(FileNotFoundError):
                path.unlink()


def _loop(settings: Settings, server: socket.socket, mine: str, idle_seconds: float) -> None:
    last = time.monotonic()
    while time.monotonic() - last < idle_seconds:
        ready, _, _ = select.select([server], [], [], 1.0)
        if not ready:
            continue
        conn, _ = server.accept()
        with conn:
            conn.settimeout(30)
            raw = b""
            while chunk := conn.recv(1 << 16):
                raw += chunk
                if len(raw) > MAX_REQUEST_BYTES:
                    break
            response, keep = _answer(settings, mine, raw)
            conn.sendall(json.dumps(response).encode())
        if not keep:
            return
        last = time.monotonic()


if __name__ == "__main__":
    serve(load_settings())
    # The libraries leave non-daemon threads (model and index pools) that would keep an
    # interpreter exit waiting: the socket is gone and nothing is half-written, so leave now.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)
