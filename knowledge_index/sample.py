"""The bundled sample estate the demo indexes."""

from __future__ import annotations

from pathlib import Path


def sample_estate_path() -> Path:
    return Path(__file__).resolve().parent / "data" / "sample_estate"
