"""Offline policy for extract_metadata: types by searching the ontology, names parties it can see.

Type: it searches the ontology with what names a document best (an e-mail is an e-mail; else
the first line, then the file name, then the opening passage, where salutations and closing
formulas live) and takes the first strong hit, else the best weak one, else submits null
(untyped). Parties: company names with a legal form, each with the register number written
after it, looked up with search_entities; an entity id is given only for an identical name
without a contradicting register number. Roles: the firm is advisor; a party already on the
matter keeps its role; the client folder above the matter folder or "our client" marks the
client; anyone else is a counterparty.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Final

from knowledge_index.entities.names import (
    Mention,
    contradicts,
    core_tokens,
    normalize_name,
    unique_mentions,
)
from knowledge_index.gateway.offline.context import Call, Decision, PolicyContext, ToolExchange
from knowledge_index.gateway.offline.generic import GenericPolicy
from knowledge_index.gateway.offline.registry import Policy

STRONG: Final = 0.75
WEAK: Final = 0.35
MAX_PARTIES: Final = 6
HEAD_CHARS: Final = 600
_FIELD = re.compile(
    r"^(Path|Matter|Matter folders|Known parties on this matter|Our firm|E-mail subject): ?(.*)$",
    re.M,
)
_TEXT = re.compile(r"^Document text \(first \d+ characters\):\n", re.M)
CLIENT_MARKER: Final = re.compile(
    r"(?:unsere[rn]?\s+mandant(?:in|en)?|our\s+client|for\s+and\s+on\s+behalf\s+of|namens\s+und\s+in"
    r"\s+vollmacht\s+(?:der|unserer)(?:\s+mandantin)?)\W*$",
    re.I,
)


def _prompt(ctx: PolicyContext) -> tuple[dict[str, str], str]:
    user = ctx.user_text
    fields = dict(_FIELD.findall(user))
    match = _TEXT.search(user)
    return fields, user[match.end() :] if match else ""


def _results(exchange: ToolExchange) -> list[dict[str, Any]]:
    if exchange.failed or not isinstance(exchange.result, dict):
        return []
    return [r for r in exchange.result.get("results") or [] if isinstance(r, dict)]


def _type_queries(fields: dict[str, str], body: str) -> list[str]:
    if "E-mail subject" in fields:
        return ["E-Mail"]
    first = next((line.strip() for line in body.splitlines() if line.strip()), "")
    stem = fields.get("Path", "").rsplit("/", 1)[-1].rsplit(".", 1)[0]
    stem = re.sub(r"[_\-]+", " ", stem).strip()
    head = " ".join(body[:HEAD_CHARS].split())
    out: list[str] = []
    for q in (first[:200], stem, head):
        if q and q not in out:
            out.append(q)
    return out


class ExtractMetadataPolicy(Policy):
    name: ClassVar[str] = "extract_metadata"
    signature_tools: ClassVar[frozenset[str]] = frozenset({"ontology_search", "search_entities"})

    def decide(self, ctx: PolicyContext) -> Decision:
        if not _speaks_our_protocol(ctx, self.signature_tools, "doc_type"):
            # Another caller under this stage name (e.g. a test's own schema): stay generic.
            return GenericPolicy().decide(ctx)
        fields, body = _prompt(ctx)
        searched = {str(e.arguments.get("query")): e for e in ctx.calls_to("ontology_search")}
        doc_type, pending = self._type(_type_queries(fields, body), searched)
        if pending is not None:
            return Decision(calls=(Call("ontology_search", {"query": pending}),))
        mentions = unique_mentions(body)[:MAX_PARTIES]
        looked = {str(e.arguments.get("query")): e for e in ctx.calls_to("search_entities")}
        for m in mentions:
            if m.name not in looked:
                return Decision(calls=(Call("search_entities", {"query": m.name}),))
        if ctx.rejected_answers():
            # Rejected once: drop what the validator can object to rather than loop.
            doc_type, mentions = None, mentions
            looked = {}
        parties = [self._party(m, fields, body, looked.get(m.name)) for m in mentions]
        title = fields.get("E-mail subject") or next(
            (line.strip() for line in body.splitlines() if line.strip()), None
        )
        return Decision(
            calls=(
                Call(
                    "submit_result",
                    {
                        "doc_type": doc_type,
                        "title": title[:200] if title else None,
                        "parties": parties,
                        "rationale": f"typed via ontology_search; {len(parties)} parties",
                    },
                ),
            )
        )

    @staticmethod
    def _type(
        queries: list[str], searched: dict[str, ToolExchange]
    ) -> tuple[str | None, str | None]:
        """(chosen node id, None) once decided, or (None, next query to search)."""
        best: tuple[float, str] | None = None
        for q in queries:
            exchange = searched.get(q)
            if exchange is None:
                return None, q
            hits = _results(exchange)
            if not hits:
                continue
            top = hits[0]
            score = float(top.get("score") or 0)
            if score >= STRONG:
                return str(top["id"]), None
            if best is None or score > best[0]:
                best = (score, str(top["id"]))
        if best is not None and best[0] >= WEAK:
            return best[1], None
        return None, None

    def _party(
        self, m: Mention, fields: dict[str, str], body: str, exchange: ToolExchange | None
    ) -> dict[str, Any]:
        same = [
            hit
            for hit in (_results(exchange) if exchange else [])
            if m.normalized
            in [normalize_name(str(hit.get("name", ""))), *(hit.get("aliases") or [])]
            and not contradicts(hit.get("identifiers") or {}, m.identifiers)
        ]
        if len(same) > 1:
            # Same name, several companies: only the one already on this matter is evidence.
            ref = (fields.get("Matter") or "").split(" | ")[0].strip()
            same = [h for h in same if ref and ref in (h.get("matters") or [])]
        entity_id = same[0].get("entity_id") if len(same) == 1 else None
        return {
            "name": m.name,
            "role": _role(m, fields, body),
            "identifiers": {k: v for k, v in m.identifiers.items()},
            "entity_id": entity_id,
        }


def _tokens_overlap(a: str, b: str) -> bool:
    ta, tb = set(core_tokens(a)), set(core_tokens(b))
    return bool(ta) and bool(tb) and (ta <= tb or tb <= ta)


def _role(m: Mention, fields: dict[str, str], body: str) -> str:
    firm = fields.get("Our firm", "")
    firm_names = [n.strip() for n in re.split(r"\(also:|,|\)", firm) if n.strip()]
    if any(_tokens_overlap(m.name, f) for f in firm_names):
        return "advisor"
    for known in (fields.get("Known parties on this matter") or "").split(";"):
        match = re.match(r"\s*(.+?) \((client|counterparty|advisor|other)\)\s*$", known)
        if match and normalize_name(match.group(1)) == m.normalized:
            return match.group(2)
    for folder in (fields.get("Matter folders") or "").split(";"):
        parts = [p for p in folder.strip().split("/") if p]
        if len(parts) >= 2 and _tokens_overlap(m.name, parts[-2]):
            return "client"
    if CLIENT_MARKER.search(body[max(0, m.start - 60) : m.start]):
        return "client"
    return "counterparty"


def _speaks_our_protocol(ctx: PolicyContext, tools: frozenset[str], field: str) -> bool:
    submit = ctx.tool("submit_result")
    offered = {t.name for t in ctx.tools}
    return submit is not None and field in submit.properties and tools <= offered
