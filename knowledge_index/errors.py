"""The error taxonomy every stage raises into; the ledger's retry policy reads it.

Classes, not message parsing, decide what happens to a document: deterministic faults quarantine
at once, model output faults retry up to the stage budget, infrastructure faults retry forever
with capped backoff, anything else retries and then quarantines.
"""

from __future__ import annotations

from datetime import datetime


class StageError(Exception):
    """Base of every error a stage raises on purpose."""


class UnsupportedDocument(StageError):
    """The document cannot be converted or read; retrying cannot change that."""


class ArtifactTooLarge(StageError):
    """The object exceeds `pipeline.max_file_mb`."""


class ProviderPermanentError(ValueError):
    """The model provider refuses us for a reason only a person can fix (key, model, quota).

    A ValueError on purpose: the classification table treats ValueError as deterministic.
    """


class ModelOutputInvalid(StageError):
    """Schema-invalid or non-converging model output; commonly transient."""


class InfrastructureError(StageError):
    """A transport fault or a gateway answering 408/425/429/5xx: never the document's fault."""

    def __init__(self, message: str, *, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


class CircuitOpen(InfrastructureError):
    """The model's circuit breaker is open: the call was refused before any request was made.

    An InfrastructureError, so whatever does not know it still never quarantines; the runner
    knows it and hands the row back without spending its attempt (it waits until `retry_at`).
    """

    def __init__(self, message: str, *, model: str, retry_at: datetime) -> None:
        super().__init__(message, reason=f"circuit open for model {model!r}")
        self.model = model
        self.retry_at = retry_at


class RetryableStageError(StageError):
    """The stage cannot finish now but may later (a prerequisite not ready, drift detected)."""


class ConversionTimeout(StageError):
    """A converter exceeded its wall-clock budget: the setting, not the file, may be at fault."""


class StaleClaim(StageError):
    """A claim outlived `pipeline.claim_timeout_seconds`: its worker died mid-stage."""


class ConfigError(ValueError):
    """A configuration value or name is invalid; the message says which and why."""


class EnvironmentPinned(ConfigError):
    """A field is fixed by an environment variable and cannot be edited in the saved file."""


class OperationFailed(RuntimeError):
    """An expected failure of an operation (a sync whose root is missing): the CLI prints its
    message as one line and exits 1; the details are in the run's event log and the log file."""
