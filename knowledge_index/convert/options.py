"""Conversion settings, one pydantic model so a worker process receives them whole."""

from __future__ import annotations

from pathlib import Path

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
    docling_url: str | None = Field(
        default=None, description="A docling-serve base URL; unset converts in-process."
    )
    threads_per_worker: int = Field(default=1, ge=1)

    @field_validator("docling_url")
    @classmethod
    def _remote_not_implemented(cls, value: str | None) -> str | None:
        # Refused when the settings load, not per document: a per-document error would
        # quarantine the corpus for a configuration fault.
        if value:
            raise ValueError(
                "docling_url (remote docling-serve) is not implemented; conversion runs "
                "in-process in the worker pool — unset it"
            )
        return value
