"""Filling a result's JSON schema from evidence, the way a model fills submit_result.

Ids come only from candidates that appeared in tool results; when nothing fits, a nullable
field stays null and an enum takes its "none" option, so the policy never invents an entity.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final

from knowledge_index.gateway.offline.evidence import Candidate, Queries, identifiers

NONE_OPTIONS: Final = (
    "none",
    "no_match",
    "nomatch",
    "not_found",
    "unknown",
    "unassigned",
    "null",
    "n/a",
    "other",
)
REASON_NAMES: Final = re.compile(r"reason|rationale|explanation|evidence|justification|why", re.I)
TITLE_NAMES: Final = re.compile(r"title|name|label|subject", re.I)
REFERENCE_NAMES: Final = re.compile(r"reference|aktenzeichen|number|^ref$|_ref$", re.I)
SCORE_NAMES: Final = re.compile(r"confidence|score|probability", re.I)


class _Omit:
    pass


OMIT: Final = _Omit()


@dataclass
class Evidence:
    """What the filler may use: the chosen candidate (or none) and the prompt's own facts."""

    best: Candidate | None
    queries: Queries
    prompt: str
    query_used: str | None = None

    @property
    def text(self) -> str:
        return self.prompt + "\n" + (self.best.text() if self.best else "")


def is_id_name(name: str) -> bool:
    lower = name.lower()
    return (
        lower in ("id", "ids", "path", "target", "targets")
        or lower.endswith(("_id", "_ids", "_path", "_paths", "_target", "_targets"))
        or lower.endswith("_refs")
    )


def none_option(options: list[Any]) -> Any:
    for wanted in NONE_OPTIONS:
        for option in options:
            if isinstance(option, str) and option.lower() == wanted:
                return option
    return OMIT


def has_none_option(schema: dict[str, Any], defs: dict[str, Any]) -> bool:
    """Whether the schema can say "nothing fits" (a none-like enum value or a nullable id)."""
    for name, prop in (schema.get("properties") or {}).items():
        prop, nullable = _resolve(prop, defs)
        if "enum" in prop and none_option(list(prop["enum"])) is not OMIT:
            return True
        if nullable and is_id_name(name):
            return True
    return False


def _resolve(prop: dict[str, Any], defs: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """Follow $ref and unwrap Optional; returns (schema, nullable)."""
    nullable = False
    for _ in range(8):
        if "$ref" in prop:
            prop = defs.get(prop["$ref"].rsplit("/", 1)[-1], {})
            continue
        variants = prop.get("anyOf") or prop.get("oneOf")
        if variants:
            non_null = [v for v in variants if v.get("type") != "null"]
            nullable = nullable or len(non_null) < len(variants)
            prop = non_null[0] if non_null else {"type": "null"}
            continue
        if isinstance(prop.get("type"), list):
            types = [t for t in prop["type"] if t != "null"]
            nullable = nullable or len(types) < len(prop["type"])
            prop = {**prop, "type": types[0] if types else "null"}
        break
    if "const" in prop:
        prop = {**prop, "enum": [prop["const"]]}
    return prop, nullable


def fill_object(schema: dict[str, Any], evidence: Evidence, defs: dict[str, Any]) -> dict[str, Any]:
    defs = {**defs, **(schema.get("$defs") or {})}
    required = set(schema.get("required") or [])
    out: dict[str, Any] = {}
    for name, raw in (schema.get("properties") or {}).items():
        value = _fill(name, raw, evidence, defs, name in required)
        if value is not OMIT:
            out[name] = value
    return out


def _fill(
    name: str, raw: dict[str, Any], evidence: Evidence, defs: dict[str, Any], required: bool
) -> Any:
    prop, nullable = _resolve(raw, defs)
    kind = prop.get("type")
    best = evidence.best
    if "enum" in prop:
        return _choose_option(name, list(prop["enum"]), evidence)
    if kind == "object":
        return fill_object(prop, evidence, defs)
    if kind == "array":
        items, _ = _resolve(prop.get("items") or {}, defs)
        if is_id_name(name) and best is not None:
            value = best.id_value(name)
            return [value] if value is not None else []
        if items.get("type") == "object" and best is not None:
            return [fill_object(items, evidence, defs)]
        return [] if required else OMIT
    if is_id_name(name):
        value = best.id_value(name) if best is not None else None
        if value is not None:
            return str(value) if kind == "string" else value
        return None if nullable else ("" if required else OMIT)
    if kind == "string":
        return _fill_string(name, evidence, nullable, required)
    if kind in ("number", "integer"):
        if SCORE_NAMES.search(name):
            confidence = min(1.0, max(best.score, 0.0) / 10.0) if best else 0.0
            return round(confidence, 2) if kind == "number" else int(confidence * 100)
        # Only a number stated for this very field counts; any other digit is a guess.
        stated = best.fields.get(name) if best is not None else None
        if isinstance(stated, (int, float)) and not isinstance(stated, bool):
            return stated
        number = re.fullmatch(r"\d+(?:\.\d+)?", _prompt_value(evidence.prompt, name) or "")
        if number:
            return int(float(number.group(0))) if kind == "integer" else float(number.group(0))
        return None if nullable else (0 if required else OMIT)
    if kind == "boolean":
        return best is not None
    if "default" in prop and not required:
        return OMIT
    return None if nullable else OMIT


def _choose_option(name: str, options: list[Any], evidence: Evidence) -> Any:
    """Candidate evidence first, then the prompt's own `name: value` line, then "none"."""

    def named_in(text: str) -> Any:
        lower = text.lower()
        for option in options:
            if (
                isinstance(option, str)
                and option.lower() not in NONE_OPTIONS
                and re.search(rf"\b{re.escape(option.lower())}\b", lower)
            ):
                return option
        return OMIT

    best = evidence.best
    if best is not None and (chosen := named_in(best.text())) is not OMIT:
        return chosen
    stated = _prompt_value(evidence.prompt, name)
    if stated is not None and (chosen := named_in(stated)) is not OMIT:
        return chosen
    fallback = none_option(options)
    if best is None and fallback is not OMIT:
        return fallback
    # A match was found but names no option: the first positive option is the claim.
    positive = [o for o in options if not (isinstance(o, str) and o.lower() in NONE_OPTIONS)]
    return positive[0] if positive else options[0]


def _fill_string(name: str, evidence: Evidence, nullable: bool, required: bool) -> Any:
    best = evidence.best
    if REASON_NAMES.search(name):
        if best is None:
            return (
                f"No tool result matched the evidence (tried: {evidence.query_used or 'nothing'})."
            )
        label = _first(best.fields, ("title", "name", "reference_number", "path")) or best.key
        return (
            f"{label!s} ({best.key}) matched the query {evidence.query_used!r}"
            f" in {', '.join(dict.fromkeys(best.tools))} (evidence score {best.score:.1f})."
        )
    if best is not None and name in best.fields and isinstance(best.fields[name], str):
        return best.fields[name]
    stated = _prompt_value(evidence.prompt, name)
    if stated:
        return stated
    if REFERENCE_NAMES.search(name):
        found = identifiers(best.text()) if best else []
        found = found or evidence.queries.identifiers
        if found:
            return found[0]
    if TITLE_NAMES.search(name):
        if best is not None:
            label = _first(best.fields, ("title", "name", "label"))
            if label:
                return str(label)
        if evidence.queries.words:
            return " ".join(evidence.queries.words[:6])
    return None if nullable else ("" if required else OMIT)


def _first(fields: dict[str, Any], keys: tuple[str, ...]) -> Any:
    return next((fields[k] for k in keys if fields.get(k)), None)


def _prompt_value(prompt: str, name: str) -> str | None:
    wanted = name.lower().replace("_", " ")
    for line in prompt.splitlines():
        key, sep, value = line.partition(":")
        if sep and key.strip().lower().replace("_", " ") == wanted and value.strip():
            return value.strip()
    return None
