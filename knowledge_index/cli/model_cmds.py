"""`ki export` (JSON Lines of what the model stages know) and `ki costs` (model spend per stage)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer
from rich.table import Table

from knowledge_index.cli.common import console, handle_errors, open_db


def register(app: typer.Typer) -> None:
    app.command("export")(export)
    app.command("costs")(costs)


@handle_errors
def export(
    out: Path | None = typer.Option(None, "--out", "-o", help="File to write; stdout if omitted."),
    source: str | None = typer.Option(None, "--source", help="Only this source."),
) -> None:
    """Documents as JSON Lines: path, matter, doc type, language, date, title, parties."""
    from knowledge_index.export import write_jsonl

    _, engine = open_db()
    if out is None:
        n = write_jsonl(engine, sys.stdout, source=source)
    else:
        with out.open("w", encoding="utf-8") as handle:
            n = write_jsonl(engine, handle, source=source)
        console.print(f"wrote {n} documents to {out}")


@handle_errors
def costs(as_json: bool = typer.Option(False, "--json", help="Machine-readable output.")) -> None:
    """Model calls, tokens, cost and mean latency per stage and model (the usage ledger)."""
    from knowledge_index.gateway import usage_summary

    _, engine = open_db()
    rows = usage_summary(engine)
    if as_json:
        console.print_json(json.dumps([r.model_dump() for r in rows]))
        return
    table = Table(
        "stage", "model", "calls", "failed", "prompt tok", "completion tok", "cost USD", "mean ms"
    )
    for r in rows:
        table.add_row(
            r.stage,
            r.model,
            str(r.calls),
            str(r.failed_calls),
            str(r.prompt_tokens),
            str(r.completion_tokens),
            f"{r.cost_usd:.4f}",
            f"{r.mean_latency_ms:.1f}",
        )
    console.print(table)
