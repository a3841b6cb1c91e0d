"""Settings: environment (KI_ prefix, __ nesting) over the saved configuration file over defaults.

The saved file holds the operator-editable `pipeline.*` and `firm.*` fields. A field pinned by the
environment is refused by `ki config set` rather than silently shadowed. `producer_version` is
always computed here, never read from the file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic.fields import FieldInfo
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

from knowledge_index import pipeline as stage_pipeline
from knowledge_index.convert.containers import ContainerLimits
from knowledge_index.errors import ConfigError

CONFIG_FILENAME = "config.json"
DEFAULT_LLM_MODEL = "ki-offline/evidence-policy"
# Multilingual (German and English share one space) and the fastest of the local models on CPU;
# chosen on estates A, C and B against MiniLM and e5 (README, "Embedding models").
DEFAULT_EMBEDDING_MODEL = "ki-local/use-multilingual-v3"


class StageSettings(BaseModel):
    # A saved `producer_version` is dropped, not obeyed: the version is computed.
    model_config = ConfigDict(extra="ignore")

    enabled: bool = True
    model: str | None = None
    max_attempts: int = Field(3, ge=1, le=20)
    rerun_token: str = Field("", max_length=64, pattern=r"^[A-Za-z0-9._-]*$")


def _default_stages() -> dict[str, StageSettings]:
    # Legacy stages are accepted in configuration but never run.
    return {
        s: StageSettings(enabled=s not in stage_pipeline.LEGACY_STAGES)
        for s in stage_pipeline.known_stages()
    }


class PipelineSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    max_file_mb: int = Field(512, ge=1, le=1_048_576)
    claim_timeout_seconds: int = Field(900, ge=10, le=86_400)
    retry_base_seconds: float = Field(5.0, ge=0, le=3_600)
    inline_conversion_budget_seconds: int = Field(90, ge=0, le=3_600)
    inline_conversion_slots: int = Field(4, ge=0, le=64)
    auto_insert_after_sync: bool = True
    deletion_confirmations: int = Field(3, ge=1, le=20)
    max_tombstone_fraction: float = Field(0.5, gt=0, le=1)
    convert_timeout_seconds: int = Field(270, ge=1, le=86_400)
    # Documents per Dagster run: the orchestration overhead is paid per run, not per document.
    batch_size: int = Field(200, ge=1, le=10_000)
    # Processes executing each model-stage run of `ki sync`/`ki run` (the driver and its run
    # helpers), clamped to the usable CPUs. 1, the default, runs everything in the driver's
    # process: with more, entity resolution's answers can depend on which process settled a
    # matter's documents first (README, "Run helpers").
    parallel_runs: int = Field(1, ge=1, le=16)
    stages: dict[str, StageSettings] = Field(default_factory=_default_stages)

    @field_validator("stages", mode="before")
    @classmethod
    def _merge_stage_defaults(cls, value: Any) -> Any:
        if not isinstance(value, dict):
            return value
        known = stage_pipeline.known_stages()
        unknown = sorted(set(value) - set(known))
        if unknown:
            raise ValueError(f"unknown stage(s) {', '.join(unknown)}; valid: {', '.join(known)}")
        merged: dict[str, Any] = {k: v.model_dump() for k, v in _default_stages().items()}
        for name, stage in value.items():
            patch = stage.model_dump() if isinstance(stage, StageSettings) else dict(stage)
            merged[name] = {**merged[name], **patch}
        return merged


class MatterReferencePattern(BaseModel):
    """One way a firm writes its matter numbers.

    `regex` uses named groups; `canonical` is a `str.format` template over them. Digit-only
    groups lose their leading zeros before formatting, so `{number:0>4}` gives `0173` for both
    `173` and `0173`: one key per matter across its written forms. Trailing lawyer initials
    (`-MS`, ` KW`, `/JW`) are matched by the scheme for every pattern and never enter the key.
    """

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=64)
    regex: str = Field(min_length=1)
    canonical: str = Field(min_length=1)

    @field_validator("regex")
    @classmethod
    def _compiles(cls, value: str) -> str:
        import re

        try:
            compiled = re.compile(value)
        except re.error as exc:
            raise ValueError(f"not a regular expression: {exc}") from exc
        if not compiled.groupindex:
            raise ValueError("the regex needs named groups for its canonical form")
        return value


# Shipped defaults: the styles law firms use. Order matters only for equal-length overlaps.
DEFAULT_MATTER_REFERENCE_PATTERNS: tuple[dict[str, str], ...] = (
    # HB-2024-0173, AKT-2023-0091, HB 2024/0211, CM/2023/118: an office or register prefix
    # before year/number (a slash only after two or more letters: "K/2024-117" is some other
    # register's number, not a prefix).
    {
        "name": "prefix_year_number",
        "regex": r"(?P<prefix>[A-Z]{1,4}(?=[- ])|[A-Z]{2,4}(?=/))[- /]"
        r"(?P<year>(?:19|20)\d{2})[-/_](?P<number>\d{3,5})",
        "canonical": "{prefix}-{year}-{number:0>4}",
    },
    # 2024/0173, 2024-0173, 2024_0173
    {
        "name": "year_number",
        "regex": r"(?P<year>(?:19|20)\d{2}) ?[-/_] ?(?P<number>\d{3,5})",
        "canonical": "{year}-{number:0>4}",
    },
    # AZ 123/24, Az. 219-24: the same register as 0219/24, so the same key.
    {
        "name": "az_number_year",
        "regex": r"(?:AZ|Az\.?) ?(?P<number>\d{1,5})[/-](?P<yy>\d{2})(?!\d)",
        "canonical": "{number:0>4}/{yy}",
    },
    # 0173/24, 0412-24 (folder spelling), 388/23
    {
        "name": "number_year",
        "regex": r"(?P<number>\d{3,5})[/-](?P<yy>\d{2})(?!\d)",
        "canonical": "{number:0>4}/{yy}",
    },
    # Z24-0312, M23-118: an office letter and a two-digit year glued together, then a number.
    {
        "name": "office_year2_number",
        "regex": r"(?<![A-Za-z])(?P<prefix>[A-Z]{1,3})(?P<yy>\d{2})-(?P<number>\d{3,5})(?!\d)",
        "canonical": "{prefix}{yy}-{number:0>4}",
    },
    # 19-0042-WB: legacy two-digit year first, four-digit number.
    {
        "name": "year2_number",
        "regex": r"(?P<yy>\d{2})-(?P<number>\d{4})(?!\d)",
        "canonical": "{yy}-{number:0>4}",
    },
    # 12345.001, 12345-001, 12345/001, 104233-0007, 104233.00012: client number and matter
    # number (billing systems pad the matter to three, four or five digits).
    {
        "name": "client_matter",
        "regex": r"(?P<client>\d{4,7})[./-](?P<matter>\d{3,5})(?!\d)",
        "canonical": "{client}.{matter:0>3}",
    },
    # 104233-12, 318054/3: the same, unpadded, as people type it. Only after a client number
    # of five digits or more: "2024-03" is a month and "1234/5" too short to be anyone's.
    {
        "name": "client_matter_unpadded",
        "regex": r"(?P<client>\d{5,7})[./-](?P<matter>\d{1,2})(?!\d|[./-]\d)",
        "canonical": "{client}.{matter:0>3}",
    },
    # C104233 M12, C104233/M12: client and matter each labelled, as time and billing exports
    # print them.
    {
        "name": "client_matter_labelled",
        "regex": r"C(?P<client>\d{4,7}) ?[/-]? ?M(?P<matter>\d{1,5})(?!\d)",
        "canonical": "{client}.{matter:0>3}",
    },
    # M-10482, M10482
    {
        "name": "letter_number",
        "regex": r"(?P<prefix>[A-Z]{1,3})-?(?P<number>\d{4,6})(?!\d)",
        "canonical": "{prefix}-{number}",
    },
)

# Words that introduce the firm's OWN reference. Matched against the text right before a
# reference ("Unser Zeichen: 2024/0173"); such a reference may create a matter.
DEFAULT_MATTER_REFERENCE_MARKERS: tuple[str, ...] = (
    # German "Unser Zeichen", Austrian "Unser Akt" / "Unsere GZ" (Geschäftszahl).
    r"unser(?:e|em)?\s+(?:zeichen|az\.?|aktenzeichen|gesch[aä]ftszeichen|akt|gz|gesch[aä]ftszahl)",
    r"u\.\s?z\.",
    r"our\s+(?:ref(?:erence)?|file)(?:\s+no\.?)?",
    r"matter(?:\s+(?:no\.?|number|ref\.?))?",
    r"mandat(?:s)?(?:[-\s]?(?:nr\.?|nummer))?",
    r"az\.?",
    r"akte",
)

# How a letter to the firm cites the firm's own reference: "Ihr Zeichen", "Your ref". In a letter
# the firm received, these name the firm's matter (and its "Unser Zeichen" is the sender's own).
DEFAULT_MATTER_REFERENCE_REPLY_MARKERS: tuple[str, ...] = (
    r"ihr(?:e|em)?\s+(?:zeichen|az\.?|aktenzeichen|gesch[aä]ftszeichen|akt|gz|gesch[aä]ftszahl)",
    r"i\.\s?z\.",
    r"your\s+(?:ref(?:erence)?|file)(?:\s+no\.?)?",
    r"v(?:otre|/)\s*r[ée]f(?:[ée]rence)?",
)

# Contexts in which a reference-shaped number is something else (an invoice, a register entry,
# a court's file, a phone number, an order): such a number is never matter evidence. Matched
# against the text right before the number; the nearest label wins over an earlier marker.
DEFAULT_MATTER_REFERENCE_EXCLUSIONS: tuple[str, ...] = (
    # Any "<label> Nr./No./Nummer/number" that is not one of the firm's markers.
    r"[\w-]*(?:nr|nummer|no|number)\.?",
    # Document, order and account words used without "Nr.".
    r"(?:rechnung|invoice|bill|bestellung|order|auftrag|kunde|customer|konto|account|vorgang"
    r"|b[uü]rgschaft|garantie|guarantee|police|policy|ticket|urkunde|deed|beleg|receipt)\w*",
    r"(?:ur|po|re|bv|ust-?id(?:nr)?|vat|tax|steuer)[-\s]?",
    # Registers, bank and phone identifiers, postal and land-register numbers.
    r"(?:hr[ab]|gnr|vr|pr|iban|bic|blz|tel\.?|telefon|phone|fax|mobil(?:e)?|plz|blatt)",
    # A court's or authority's file number ("Aktenzeichen: 3 O 123/24", "II ZR 93/16").
    # ("Ihr Zeichen" / "Your ref" is neither: it may name one of our known matters.)
    r"(?:aktenzeichen|gesch[aä]ftsnummer|gesch[aä]ftszeichen)(?:\s+\w+)?",
    r"(?:\d{1,3}|[IVX]{1,5}[a-z]?)\s+[A-Z][A-Za-z]{0,3}",
)


# Folders holding templates, precedents and the firm's know-how (case law, newsletters),
# matched as whole folder names (any case): their files resemble matters by what they are about
# and are filed by marker or folder only.
DEFAULT_TEMPLATE_FOLDERS: tuple[str, ...] = (
    "Vorlagen",
    "Vorlage",
    "Mustervorlagen",
    "Muster",
    "Formulare",
    "Templates",
    "Template",
    "Precedents",
    "Forms",
    "Know-how",
    "Knowhow",
    "Modèles",
    "Wissen",
    "Wissensmanagement",
    "Knowledge",
    "Rechtsprechung",
    "Case law",
    "Bibliothek",
    "Library",
    "Mandanteninformationen",
    "Newsletter",
    "Client alerts",
    "Publikationen",
    "Publications",
)


class FirmSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ontology_path: str = ""  # a firm's own document-type ontology file; "" = the shipped default
    # A firm's additions to the decision taxonomies (same format as the shipped files, merged
    # into them: knowledge_index/decisions/taxonomy.py); "" = the shipped taxonomy alone.
    topic_taxonomy_path: str = ""
    rationale_taxonomy_path: str = ""
    name: str = ""
    aliases: list[str] = Field(default_factory=list)
    # The firm's mail domains (`awt-law.at`); empty: a domain whose labels carry the firm's
    # name or its initials is the firm's. Mail from any other domain was written outside.
    email_domains: list[str] = Field(default_factory=list)
    matter_reference_patterns: list[MatterReferencePattern] = Field(
        default_factory=lambda: [
            MatterReferencePattern(**p) for p in DEFAULT_MATTER_REFERENCE_PATTERNS
        ]
    )
    matter_reference_markers: list[str] = Field(
        default_factory=lambda: list(DEFAULT_MATTER_REFERENCE_MARKERS)
    )
    matter_reference_exclusions: list[str] = Field(
        default_factory=lambda: list(DEFAULT_MATTER_REFERENCE_EXCLUSIONS)
    )
    matter_reference_reply_markers: list[str] = Field(
        default_factory=lambda: list(DEFAULT_MATTER_REFERENCE_REPLY_MARKERS)
    )
    template_folders: list[str] = Field(default_factory=lambda: list(DEFAULT_TEMPLATE_FOLDERS))


class RetrievalSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    embedding_model: str = DEFAULT_EMBEDDING_MODEL
    chunk_chars: int = Field(900, ge=100, le=20_000)
    chunk_overlap_chars: int = Field(120, ge=0, le=5_000)
    # How long `ki search`'s warm search process (retrieval/warm.py) waits for the next query.
    warm_idle_seconds: float = Field(900, ge=1)
    # The reranker stage (retrieval/rerank.py), off by default: a litellm rerank model
    # (`infinity/BAAI/bge-reranker-v2-m3` with `reranker_api_base`) or a local embedding model
    # as a second opinion (`ki-local/multilingual-e5-small`).
    reranker: str | None = None
    reranker_api_base: str | None = None
    rerank_timeout_s: float = Field(10.0, gt=0)
    rerank_depth: int = Field(30, ge=1, le=200)
    rerank_weight: float = Field(1.0, ge=0)

    @property
    def remote_embedding_model(self) -> str | None:
        """The embedding model when it is an endpoint (it can be down), None when in-process."""
        return None if self.embedding_model.startswith("ki-local/") else self.embedding_model


class ConvertSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # Serial by default; the pool clamps a larger request to the host and says so.
    workers: int = Field(1, ge=1, le=64)
    memory_mb: int = Field(6144, ge=512)
    docling_artifacts_path: Path | None = None
    ocr_languages: list[str] = Field(default_factory=lambda: ["de", "en"])
    # A docling-serve base URL (KI_CONVERT__DOCLING_URL); unset converts in-process.
    docling_url: str | None = None
    # One budget for a whole tree of zips, Office packages and e-mails
    # (KI_CONVERT__CONTAINER__MAX_ENTRIES, ..._MAX_TOTAL_BYTES, ..._MAX_DEPTH, ...).
    container: ContainerLimits = Field(default_factory=ContainerLimits)

    @field_validator("docling_url")
    @classmethod
    def _docling_url(cls, value: str | None) -> str | None:
        from knowledge_index.convert.options import validate_docling_url

        return validate_docling_url(value)


class BreakerSettings(BaseModel):
    """The per-model circuit breaker for infrastructure faults (KI_GATEWAY__BREAKER__*)."""

    model_config = ConfigDict(extra="forbid")

    enabled: bool = True
    # Consecutive infrastructure failures (transport, timeouts, 408/425/429/5xx) of one model,
    # across every process, that open its circuit.
    failures: int = Field(5, ge=1, le=1_000)
    # How long an open circuit refuses calls before one half-open probe may try; each failed
    # probe doubles it, up to max_cooldown_seconds.
    cooldown_seconds: float = Field(30.0, ge=0, le=86_400)
    max_cooldown_seconds: float = Field(300.0, ge=0, le=86_400)


class GatewaySettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # Extra requests one gateway call may make after an infrastructure fault, each counted by
    # the breaker. 0: the ledger's backoff is the only retry, one failing call = one request
    # (the provider SDK's own hidden retries are always off).
    request_retries: int = Field(0, ge=0, le=10)
    request_retry_delay_seconds: float = Field(1.0, ge=0, le=600)
    breaker: BreakerSettings = Field(default_factory=BreakerSettings)


def default_home() -> Path:
    return Path(os.environ.get("KI_HOME") or Path.home() / ".knowledge_index")


class _SavedConfigSource(PydanticBaseSettingsSource):
    """Reads `pipeline` and `firm` from the saved configuration file in KI_HOME."""

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[Any, str, bool]:
        return None, field_name, False

    def __call__(self) -> dict[str, Any]:
        return {k: v for k, v in read_saved_config().items() if k in SAVED_SECTIONS}


SAVED_SECTIONS = ("pipeline", "firm")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="KI_", env_nested_delimiter="__", extra="ignore", validate_default=True
    )

    home: Path = Field(default_factory=default_home)
    database_url: str | None = None
    llm_model: str = DEFAULT_LLM_MODEL
    infrastructure_retry_max_seconds: float = Field(300.0, ge=1)
    provider_fault_cooldown_seconds: float = Field(60.0, ge=0)
    firm: FirmSettings = Field(default_factory=FirmSettings)
    pipeline: PipelineSettings = Field(default_factory=PipelineSettings)
    retrieval: RetrievalSettings = Field(default_factory=RetrievalSettings)
    convert: ConvertSettings = Field(default_factory=ConvertSettings)
    gateway: GatewaySettings = Field(default_factory=GatewaySettings)

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (init_settings, env_settings, _SavedConfigSource(settings_cls))

    def stage(self, stage: str) -> StageSettings:
        return self.pipeline.stages[stage]

    def stage_model(self, stage: str) -> str:
        return self.stage(stage).model or self.llm_model

    def producer_version(self, stage: str) -> str:
        """`<code version>[;model=<model>][;embedding=<model>][+<rerun token>]`: what a `done`
        row records.

        Model stages include their model so that switching one stage's model re-runs that stage
        and nothing upstream. The stage that embeds includes a non-default embedding model for
        the same reason: its stored vectors are only comparable to a question embedded by the
        same model (the default is left out so homes indexed before this was recorded keep
        their rows).
        """
        version = stage_pipeline.code_version(stage)
        if stage_pipeline.is_model_stage(stage):
            version += f";model={self.stage_model(stage)}"
        embedding = self.retrieval.embedding_model
        if stage_pipeline.calls_embedding_model(stage) and embedding != DEFAULT_EMBEDDING_MODEL:
            version += f";embedding={embedding}"
        token = self.stage(stage).rerun_token
        return f"{version}+{token}" if token else version

    @property
    def config_path(self) -> Path:
        return self.home / CONFIG_FILENAME

    @property
    def blob_dir(self) -> Path:
        return self.home / "blobs"

    @property
    def artifact_dir(self) -> Path:
        return self.home / "artifacts"

    @property
    def log_dir(self) -> Path:
        return self.home / "logs"


def config_path() -> Path:
    return default_home() / CONFIG_FILENAME


def read_saved_config() -> dict[str, Any]:
    path = config_path()
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ConfigError(f"saved configuration {path} is not valid JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise ConfigError(f"saved configuration {path} must hold a JSON object")
    return data


def load_settings(**overrides: Any) -> Settings:
    """Load settings; a bad value becomes a ConfigError that names the field."""
    from pydantic import ValidationError

    try:
        return Settings(**overrides)
    except ValidationError as exc:
        raise ConfigError(_describe_validation_error(exc)) from exc


def _describe_validation_error(exc: Any, prefix: str = "") -> str:
    parts = []
    for err in exc.errors():
        loc = prefix + ".".join(str(p) for p in err["loc"])
        parts.append(f"{loc}: {err['msg']} (got {err.get('input')!r})")
    return "invalid configuration: " + "; ".join(parts)
