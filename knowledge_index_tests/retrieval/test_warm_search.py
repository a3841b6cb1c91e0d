"""`ki search` through the warm search process: the same answer as in-process, one process
serving many commands, replaced when the settings change, gone when idle."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from knowledge_index.retrieval import warm
from knowledge_index.retrieval.service import search
from knowledge_index_tests.test_index_search import indexed  # noqa: F401 (fixture)


def _request(settings, query: str, principals: list[str]) -> dict:
    return {
        "query": query,
        "principals": principals,
        "filters": {},
        "limit": 10,
        "fingerprint": warm.fingerprint(settings),
    }


def _alive(pid: int) -> bool:
    """Running (this test started it, so once it exits it is a zombie until reaped)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in status


@pytest.fixture
def short_idle(ki_env, monkeypatch):
    # Before `indexed` loads the settings: the warm process must see the same ones.
    monkeypatch.setenv("KI_RETRIEVAL__WARM_IDLE_SECONDS", "4")


def test_warm_search_answers_as_in_process_search_does(short_idle, engine, indexed):  # noqa: F811
    _root, settings, _ = indexed
    path = warm.socket_path(settings)
    try:
        for query, who in (("Gewährleistungsfrist", ["user:alice"]), ("escrow", ["user:alice"])):
            got = warm.warm_search(
                settings,
                {k: v for k, v in _request(settings, query, who).items() if k != "fingerprint"},
            )
            want = search(engine, settings, query, who).model_dump(mode="json")
            assert got == want
        # The memo is walled to group:beta: the warm process filters by the caller too.
        beta = warm.warm_search(
            settings, {"query": "escrow", "principals": ["group:beta"], "filters": {}, "limit": 10}
        )
        assert [p["citation"]["path"] for p in beta["passages"]][:1] == ["Beta/memo.md"]

        # One process serves every command.
        first = warm._ask(path, _request(settings, "escrow", ["user:alice"]), timeout=30)
        second = warm._ask(path, _request(settings, "Liefervertrag", ["user:alice"]), timeout=30)
        assert first and second and first["pid"] == second["pid"]

        # A caller with other settings (or other code) is not answered by this process: it
        # says so and exits, and the next warm_search starts a current one.
        stale = warm._ask(
            path, {**_request(settings, "x", ["user:alice"]), "fingerprint": "other"}, timeout=30
        )
        assert stale == {"ok": False, "restart": True, "pid": first["pid"]}
        deadline = time.monotonic() + 20
        while _alive(first["pid"]) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _alive(first["pid"])
        warm.warm_search(
            settings, {"query": "escrow", "principals": ["user:alice"], "filters": {}, "limit": 10}
        )
        third = warm._ask(path, _request(settings, "escrow", ["user:alice"]), timeout=30)
        assert third and third["pid"] != first["pid"]

        # Idle: it exits on its own and takes its socket with it.
        deadline = time.monotonic() + 30
        while path.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not path.exists()
        # The socket goes first, then the process: on a loaded host there is a moment between.
        deadline = time.monotonic() + 10
        while _alive(third["pid"]) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _alive(third["pid"])
    finally:
        warm._ask(path, {"fingerprint": "stop"}, timeout=5)
