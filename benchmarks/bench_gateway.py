"""Gateway benchmark: the offline policy through litellm in a search-then-submit agent loop.

    .venv/bin/python benchmarks/bench_gateway.py [--loops 200] [--matters 500]

Each loop is one classify-style attempt: search_matters -> peek_matter -> submit_result, i.e.
three model calls through `Gateway.complete` (litellm.completion -> custom provider -> policy),
two in-memory tool calls and the validator. Reported: model calls per second, and where the wall
time goes: the policy itself, litellm around it, the tools, and the loop's own bookkeeping. A
last row runs the same policy decisions without litellm to show the ceiling.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pydantic import BaseModel

from knowledge_index.gateway import AgentLoop, Gateway, Tool, Transcript
from knowledge_index.gateway.agent import submit_spec
from knowledge_index.gateway.offline import OFFLINE_MODEL, PolicyContext, policy_for
from knowledge_index.settings import Settings

WORDS = [
    "Liefervertrag",
    "Arbeitsrecht",
    "Markenstreit",
    "Mietvertrag",
    "Gesellschaftsvertrag",
    "Kaufvertrag",
    "Insolvenz",
    "Datenschutz",
    "Kartellrecht",
    "Erbschaft",
    "Lizenz",
    "Bauvertrag",
    "Schiedsverfahren",
]
CLIENTS = ["Acme", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta", "Theta", "Iota", "Kappa"]


class SearchArgs(BaseModel):
    query: str
    limit: int = 8


class PeekArgs(BaseModel):
    matter_id: str


class Assignment(BaseModel):
    matter_id: str | None
    reason: str


class Estate:
    def __init__(self, size: int, rng: random.Random) -> None:
        self.matters = [
            {
                "matter_id": f"m-{i}",
                "reference_number": f"{2015 + i % 10}/{i:04d}-{rng.choice(['MS', 'KL', 'AB'])}",
                "title": f"{rng.choice(CLIENTS)} {rng.choice(WORDS)}",
            }
            for i in range(size)
        ]
        self.by_id = {m["matter_id"]: m for m in self.matters}
        self.tool_seconds = 0.0

    def search(self, args: SearchArgs) -> dict[str, Any]:
        started = time.perf_counter()
        q = args.query.lower()
        hits = [m for m in self.matters if q in m["reference_number"].lower()] or [
            m for m in self.matters if any(w in m["title"].lower() for w in q.split())
        ]
        self.tool_seconds += time.perf_counter() - started
        return {"results": hits[: args.limit], "page": {"total": len(hits)}}

    def peek(self, args: PeekArgs) -> dict[str, Any]:
        started = time.perf_counter()
        matter = self.by_id[args.matter_id]
        self.tool_seconds += time.perf_counter() - started
        return {**matter, "document_count": 12, "document_titles": ["Vertrag.docx"]}


def seen_only(result: Assignment, transcript: Transcript) -> None:
    if result.matter_id is not None and not transcript.seen(result.matter_id, key="matter_id"):
        raise ValueError(f"matter_id {result.matter_id!r} not in any tool result")


def prompts(estate: Estate, n: int, rng: random.Random) -> list[list[dict[str, Any]]]:
    out = []
    for _ in range(n):
        m = rng.choice(estate.matters)
        out.append(
            [
                {"role": "system", "content": "Assign the file to a matter."},
                {
                    "role": "user",
                    "content": f"Path: Clients/{m['title']}/Schreiben.docx\n"
                    f"Title: {m['title']} Schreiben\nText: Unser Zeichen {m['reference_number']}",
                },
            ]
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--loops", type=int, default=200)
    parser.add_argument("--matters", type=int, default=500)
    args = parser.parse_args()
    os.environ["KI_HOME"] = tempfile.mkdtemp(prefix="ki-bench-gw-")
    rng = random.Random(7)
    estate = Estate(args.matters, rng)
    gateway = Gateway(Settings())
    loop = AgentLoop(
        gateway,
        "classify_matter",
        [
            Tool("search_matters", "Rank matters", SearchArgs, estate.search),
            Tool("peek_matter", "One matter", PeekArgs, estate.peek),
        ],
        Assignment,
        seen_only,
    )
    for messages in prompts(estate, 5, rng):  # litellm initialises lazily on first calls
        loop.run(messages, source_object_id="warmup")

    work = prompts(estate, args.loops, rng)
    OFFLINE_MODEL.stats.calls, OFFLINE_MODEL.stats.policy_seconds = 0, 0.0
    estate.tool_seconds = 0.0
    in_completion_ms = 0.0
    calls = correct = 0
    started = time.perf_counter()
    for messages in work:
        outcome = loop.run(messages, source_object_id="bench")
        in_completion_ms += outcome.usage.latency_ms
        calls += outcome.usage.calls
        expected = messages[1]["content"].rsplit(" ", 1)[-1]
        correct += estate.by_id[outcome.result.matter_id or ""]["reference_number"] == expected
    wall = time.perf_counter() - started
    policy = OFFLINE_MODEL.stats.policy_seconds
    in_completion = in_completion_ms / 1000
    litellm_overhead = in_completion - policy
    loop_overhead = wall - in_completion - estate.tool_seconds

    # The ceiling: the same decisions straight from the policy, no litellm.
    specs = [t.spec() for t in loop.tools.values()] + [submit_spec(Assignment)]
    direct_started = time.perf_counter()
    direct_calls = 0
    for messages in work:
        ctx = PolicyContext.from_request(messages, {"tools": specs}, {"stage": "classify_matter"})
        policy_for(ctx).decide(ctx)
        direct_calls += 1
    direct = time.perf_counter() - direct_started

    def row(name: str, seconds: float, note: str = "") -> str:
        return f"| {name:<34} | {seconds:8.3f} | {100 * seconds / wall:6.1f}% | {note}"

    print(f"\nOffline policy through litellm: {args.loops} agent loops, {args.matters} matters")
    print(f"model calls {calls}, correct assignments {correct}/{args.loops}\n")
    print(f"| {'part':<34} | {'seconds':>8} | {'share':>7} | note")
    print(f"|{'-' * 36}|{'-' * 10}|{'-' * 9}|------")
    print(row("wall (agent loops)", wall, f"{calls / wall:.0f} model calls/s"))
    print(row("  policy decide()", policy, f"{calls / policy:.0f} calls/s if alone"))
    print(
        row(
            "  litellm around the policy",
            litellm_overhead,
            f"{1000 * litellm_overhead / calls:.2f} ms/call",
        )
    )
    print(row("  tools (search, peek)", estate.tool_seconds))
    print(row("  loop + gateway bookkeeping", loop_overhead))
    print(row("outside the model (wall - policy)", wall - policy))
    print(f"\nfirst-turn decisions without litellm: {direct_calls / direct:.0f} calls/s")


if __name__ == "__main__":
    main()
