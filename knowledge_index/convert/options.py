"""Conversion settings, one pydantic model so a worker process receives them whole."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from pydantic import BaseModel, Field, field_validator

from knowledge_index.convert.containers import ContainerLimits


class ConvertOptions(BaseModel):
    timeout_seconds: float = Field(default=270.0, gt=0)
    memory_mb: int | None = Field(
        default=6144,
        ge=512,
        description="Address-space fence per worker process; torch alone maps ~2 GB virtual.",
    )
    docling_artifacts_path: Path | None = Field(
        default=None,
        description="Provisioned Docling layout/table models; without them PDFs are text only.",
    )
    ocr_languages: list[str] = Field(default_factory=lambda: ["de", "en"])
    container_limits: ContainerLimits = Field(default_factory=ContainerLimits)
    container_depth: int = Field(
        default=0,
        ge=0,
        description="Containers around this document (0 for a file a source listed): a child's "
        "own conversion continues its ancestors' nesting count instead of starting again.",
    )
    docling_url: str | None = Field(
        default=None, description="A docling-serve base URL; unset converts in-process."
    )
    threads_per_worker: int = Field(default=1, ge=1)

    @field_validator("docling_url")
    @classmethod
    def _valid_url(cls, value: str | None) -> str | None:
        # Checked when the settings load, not per document: a per-document error would
        # quarantine the corpus for a configuration fault.
        return validate_docling_url(value)


def validate_docling_url(value: str | None) -> str | None:
    """A docling-serve base URL (http or https, a host, no query), trailing slash removed."""
    if value is None or not value.strip():
        return None
    url = value.strip()
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(
            f"docling_url {value!r} must be an http(s) base URL of docling-serve, "
            "e.g. http://docling-serve:5001"
        )
    try:
        parts.port  # noqa: B018 - raises on a port outside 0..65535
    except ValueError as exc:
        raise ValueError(f"docling_url {value!r} has an invalid port ({exc})") from exc
    if parts.query or parts.fragment:
        raise ValueError(f"docling_url {value!r} must not carry a query or fragment")
    return url.rstrip("/")
