"""Offline policy for extract_metadata: types by searching the ontology, names parties it can see.

It decides from the stage's typed evidence and tool results only, never the prompt's prose.
Type: it searches the ontology with what names a document best (an e-mail is an e-mail; else
the first line, then the file name, then the opening passage, where salutations and closing
formulas live) and takes the first strong hit, else the best weak one, else submits null
(untyped). Parties: the evidence's mentions (company names with a legal form, with register
numbers), looked up with search_entities; an entity id is given only for an identical name
without a contradicting register number. Roles: the firm is advisor; a party already on the
matter keeps its role; the client folder above the matter folder or "our client" marks the
client; anyone else is a counterparty.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from knowledge_index.entities.names import contradicts, core_tokens, normalize_name
from knowledge_index.gateway.offline.context import Call, Decision, PolicyContext, ToolExchange
from knowledge_index.gateway.offline.generic import GenericPolicy
from knowledge_index.gateway.offline.policy import Policy
from knowledge_index.stages.extract_metadata.prompt import MentionEvidence, MetadataEvidence

STRONG: Final = 0.75
WEAK: Final = 0.35
ROLES: Final = frozenset({"client", "counterparty", "advisor", "other"})


def _results(exchange: ToolExchange) -> list[dict[str, Any]]:
    if exchange.failed or not isinstance(exchange.result, dict):
        return []
    return [r for r in exchange.result.get("results") or [] if isinstance(r, dict)]


def _type_queries(ev: MetadataEvidence) -> list[str]:
    if ev.is_email:
        return ["E-Mail"]
    out: list[str] = []
    for q in (ev.first_line[:200], ev.file_stem, ev.opening_passage):
        if q and q not in out:
            out.append(q)
    return out


class ExtractMetadataPolicy(Policy):
    name: ClassVar[str] = "extract_metadata"
    signature_tools: ClassVar[frozenset[str]] = frozenset({"ontology_search", "search_entities"})

    def decide(self, ctx: PolicyContext) -> Decision:
        ev = ctx.evidence(MetadataEvidence)
        if ev is None or not _speaks_our_protocol(ctx, self.signature_tools, "doc_type"):
            # Another caller under this stage name (e.g. a test's own schema): stay generic.
            return GenericPolicy().decide(ctx)
        searched = {str(e.arguments.get("query")): e for e in ctx.calls_to("ontology_search")}
        doc_type, pending = self._type(_type_queries(ev), searched)
        if pending is not None:
            return Decision(calls=(Call("ontology_search", {"query": pending}),))
        mentions = ev.party_mentions
        looked = {str(e.arguments.get("query")): e for e in ctx.calls_to("search_entities")}
        for m in mentions:
            if m.name not in looked:
                return Decision(calls=(Call("search_entities", {"query": m.name}),))
        if ctx.rejected_answers():
            # Rejected once: drop what the validator can object to rather than loop.
            doc_type, mentions = None, mentions
            looked = {}
        parties = [self._party(m, ev, looked.get(m.name)) for m in mentions]
        title = ev.email_subject or ev.first_line or None
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
        self, m: MentionEvidence, ev: MetadataEvidence, exchange: ToolExchange | None
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
            ref = ev.matter.reference_number if ev.matter else ""
            same = [h for h in same if ref and ref in (h.get("matters") or [])]
        entity_id = same[0].get("entity_id") if len(same) == 1 else None
        return {
            "name": m.name,
            "role": _role(m, ev),
            "identifiers": {k: v for k, v in m.identifiers.items()},
            "entity_id": entity_id,
        }


def _tokens_overlap(a: str, b: str) -> bool:
    ta, tb = set(core_tokens(a)), set(core_tokens(b))
    return bool(ta) and bool(tb) and (ta <= tb or tb <= ta)


def _role(m: MentionEvidence, ev: MetadataEvidence) -> str:
    firm_names = [n for n in (ev.firm.name, *ev.firm.aliases) if n.strip()]
    if any(_tokens_overlap(m.name, f) for f in firm_names):
        return "advisor"
    matter = ev.matter
    for known in matter.known_parties if matter else []:
        if known.role in ROLES and normalize_name(known.name) == m.normalized:
            return known.role
    for folder in matter.folders if matter else []:
        parts = [p for p in folder.strip().split("/") if p]
        if len(parts) >= 2 and _tokens_overlap(m.name, parts[-2]):
            return "client"
    if m.client_marker_before:
        return "client"
    return "counterparty"


def _speaks_our_protocol(ctx: PolicyContext, tools: frozenset[str], field: str) -> bool:
    submit = ctx.tool("submit_result")
    offered = {t.name for t in ctx.tools}
    return submit is not None and field in submit.properties and tools <= offered
