"""Rewording every model stage's prompt changes nothing the offline model decides.

The offline policies read the stages' typed evidence and tool results, never the prose. The
known-answers estate is processed, then every model stage is re-run twice: once as it is (the
control: a re-run from a settled state) and once with every prose constant of every stage's
`prompt` module replaced by other words. The two exports must be identical, while the requests
really carried the new words.
"""

from __future__ import annotations

import importlib
import io

import pytest

from knowledge_index import pipeline
from knowledge_index.export import write_jsonl
from knowledge_index.gateway.offline import provider
from knowledge_index.orchestration.driver import Driver
from knowledge_index.settings import load_settings
from knowledge_index_tests.relations.test_relate_scores import processed  # noqa: F401 (fixture)

PROSE = ("SYSTEM_PROMPT", "INSTRUCTIONS")
MARK = "Reworded for the test"


def _reworded(text: str) -> str:
    # Same length class, other words and order: nothing a prose parser could still find.
    return f"{MARK}: " + " ".join(reversed(text.split())).upper()


def _rerun_all_model_stages(engine, monkeypatch: pytest.MonkeyPatch, token: str) -> str:
    """Bump every model stage's rerun token, run until idle, return the export."""
    for stage in pipeline.STAGES:
        if stage.model_stage:
            monkeypatch.setenv(f"KI_PIPELINE__STAGES__{stage.name.upper()}__RERUN_TOKEN", token)
    Driver(load_settings()).run_until_idle()
    out = io.StringIO()
    write_jsonl(engine, out)
    return out.getvalue()


def test_rewording_every_prompt_changes_no_offline_answer(
    engine,
    processed,  # noqa: F811
    monkeypatch,
):
    model_stages = [s for s in pipeline.STAGES if s.model_stage]
    assert len(model_stages) == 4
    control = _rerun_all_model_stages(engine, monkeypatch, "control")

    seen: dict[str, str] = {}
    original_policy_for = provider.policy_for

    def recording_policy_for(ctx):
        seen.setdefault(ctx.stage or "", ctx.system_text + "\n" + ctx.user_text)
        return original_policy_for(ctx)

    monkeypatch.setattr(provider, "policy_for", recording_policy_for)
    for stage in model_stages:
        module = importlib.import_module(f"knowledge_index.stages.{stage.name}.prompt")
        for name in PROSE:
            original = getattr(module, name)
            assert isinstance(original, str) and original, f"{stage.name}.prompt.{name}"
            monkeypatch.setattr(module, name, _reworded(original))
    reworded = _rerun_all_model_stages(engine, monkeypatch, "reworded")

    # The requests carried the new prose, and only the new prose, for every model stage ...
    assert set(seen) == {s.name for s in model_stages}
    for stage_name, prompt in seen.items():
        assert prompt.count(MARK) == 2, stage_name
    # ... and every answer, from matter to decision, is what it was.
    assert reworded.splitlines() == control.splitlines()
    assert len(control.splitlines()) > 30
