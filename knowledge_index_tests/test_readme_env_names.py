"""Every KI_ variable the README names is one the code reads (e.g. KI_MCP__JWKS_FILE, not _PATH).

An operator copies these names into a deployment; a misnamed one is silently ignored by
pydantic-settings (extra="ignore"), so the mistake only shows as a feature that does not work.
"""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel

from knowledge_index.mcp.config import McpSettings
from knowledge_index.settings import Settings

README = Path(__file__).resolve().parents[1] / "README.md"
# Read by the deployment (compose.yaml) or directly from os.environ, not through Settings.
NOT_SETTINGS = {
    "KI_ESTATE_PATH",
    "KI_POSTGRES_PASSWORD",
    "KI_SOFFICE",
    "KI_READER_PASSWORD",
    "KI_MCP_JWT_KEY_FILE",
    "KI_DOCLING_MODELS_PATH",
    "KI_DOCLING_SERVE_IMAGE",
    "KI_DAGSTER_DATABASE_URL",
}


def _resolves(model: type[BaseModel], parts: list[str]) -> bool:
    field = model.model_fields.get(parts[0].lower())
    if field is None:
        return False
    rest = parts[1:]
    if not rest:
        return True
    inner = field.annotation
    if isinstance(inner, type) and issubclass(inner, BaseModel):
        return _resolves(inner, rest)
    return True  # a dict-valued field (pipeline.stages.<stage>): any key below it


def test_every_documented_variable_is_read() -> None:
    names = set(re.findall(r"\bKI_[A-Z0-9_]*[A-Z0-9]\b", README.read_text(encoding="utf-8")))
    unknown = []
    for name in sorted(names - NOT_SETTINGS):
        if name.startswith("KI_MCP__"):
            ok = _resolves(McpSettings, [name.removeprefix("KI_MCP__")])
        else:
            ok = _resolves(Settings, name.removeprefix("KI_").split("__"))
        if not ok:
            unknown.append(name)
    assert unknown == []
    assert "KI_MCP__JWKS_FILE" in names
