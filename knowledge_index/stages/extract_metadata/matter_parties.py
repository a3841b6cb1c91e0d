"""The parties a matter's contracts name, and where other documents of the matter name them.

Correspondence rarely writes a party's full name: "Kingsmere / Donautal – Distribution Agreement
draft 2" is about Kingsmere Components Ltd and Donautal Handels GmbH, and a file note of a call
with "Rheintal" is about Rheintal Maschinenbau AG. The full names stand in the party clauses
("zwischen ... und ...", "between ... and ...") of the contracts filed in the same matter
folder. This module reads those clauses from the converted text of every document filed there
(never another document's extracted metadata, so the answer does not depend on which document
was processed first) and finds the parties a document names by full name or by short name.

A short name is a party's first word (a person's surname), when it is long enough to be a name,
no other party of the matter shares it, and it is not a project's code name ("Project Lark" is
not Lark Precision GmbH). A first word shaped like an adjective of place ("Kärntner",
"Tiroler", "Steirische") leads many other phrases, so such a name's short name is its first two
words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from sqlalchemy import Connection, text

from knowledge_index.entities.names import fold, normalize_name, unique_mentions
from knowledge_index.ledger.store import reopen_stage
from knowledge_index.stages.extract_metadata import STAGE
from knowledge_index.stages.extract_metadata.party_rules import (
    non_party_reason,
    party_block,
    person_mentions,
)

HEAD_CHARS: Final = 6_000
# Documents under these ontology roots name a matter's parties in passing ("Kingsmere /
# Donautal"): the parties of the matter's contracts they name are theirs.
NAMING_ROOTS: Final = frozenset({"correspondence", "court"})
MIN_SHORT: Final = 4
# A code name: the word after these is a project's name, not a company's.
CODE_NAME_BEFORE: Final = re.compile(r"(?:project|projekt|projet|projekts|deal)\s*$", re.I)
PLACE_ADJECTIVE: Final = re.compile(r"(?:er|isch|ische|ischen|sche|schen)$")


@dataclass(frozen=True)
class MatterParty:
    name: str
    normalized: str
    natural_person: bool
    short: str | None  # the short name, None when only the full name identifies it


def _short_form(name: str, natural_person: bool) -> str:
    words = [w for w in re.split(r"[\s,]+", name) if w and not w.endswith(".")]
    if not words:
        return ""
    if natural_person:
        return words[-1]
    if name.isupper():
        # A name written in capitals (a pleading's heading: "GREENFIELD RETAIL LIMITED") is
        # written "Greenfield" where the text names it in passing.
        words = [w.capitalize() for w in words]
    if PLACE_ADJECTIVE.search(words[0].lower()) and len(words) >= 3:  # two words + legal form
        return f"{words[0]} {words[1]}"
    return words[0]


def with_short_names(found: dict[str, tuple[str, bool]]) -> list[MatterParty]:
    """normalized name -> (name as written, natural person) becomes parties with short names."""
    firsts: dict[str, int] = {}
    for name, person in found.values():
        key = fold(_short_form(name, person))
        firsts[key] = firsts.get(key, 0) + 1
    out: list[MatterParty] = []
    for normalized, (name, person) in sorted(found.items()):
        first = _short_form(name, person)
        distinct = firsts.get(fold(first), 0) == 1
        usable = len(first) >= MIN_SHORT and first[:1].isupper() and distinct
        out.append(MatterParty(name, normalized, person, first if usable else None))
    return out


def clause_parties(
    conn: Connection,
    source_id: str,
    folders: list[str],
    firm_names: list[str],
) -> list[MatterParty]:
    """The parties named in the party clauses of the documents filed under `folders`, less the
    firm and institutions. Path order and sorted output keep the answer order-free."""
    if not folders:
        return []
    rows = conn.execute(
        text(
            "SELECT o.path, left(a.body->>'text', :n) FROM source_objects o"
            " JOIN artifacts a ON a.kind = 'structured_json' AND a.content_hash = o.content_hash"
            " WHERE o.source_id = :s AND o.deleted_at IS NULL"
            " AND o.path LIKE ANY(CAST(:prefixes AS text[])) ORDER BY o.path"
        ),
        {
            "s": source_id,
            "n": HEAD_CHARS,
            "prefixes": [f.replace("%", r"\%").replace("_", r"\_") + "/%" for f in folders],
        },
    )
    return _clauses((head for _path, head in rows), firm_names)


def _clauses(heads: Iterable[str | None], firm_names: list[str]) -> list[MatterParty]:
    """The companies and persons of these texts' party clauses, less the firm and institutions."""
    found: dict[str, tuple[str, bool]] = {}
    for head in heads:
        block = party_block(head or "")
        if head is None or block is None:
            continue
        for m in unique_mentions(head[block[0] : block[1]]):
            before = head[max(0, block[0] + m.start - 80) : block[0] + m.start]
            seen = found.get(m.normalized)
            # A fiduciary the clause names contracts in its own name (party_rules.FIDUCIARY).
            if non_party_reason(m.name, before, firm_names) in (None, "fiduciary") and (
                seen is None or (seen[0].isupper() and not m.name.isupper())
            ):
                # One spelling per company, the one in ordinary case where a document has it.
                found[m.normalized] = (m.name, False)
        for name, _ in person_mentions(head, block):
            found.setdefault(normalize_name(name), (name, True))
    return with_short_names(found)


def main_agreement_parties(
    conn: Connection, source_object_id: str, firm_names: list[str]
) -> list[MatterParty]:
    """The parties of the agreement an annex or schedule belongs to (relate's `annex_of`),
    from that agreement's party clause: an annex rarely repeats them."""
    rows = conn.execute(
        text(
            "SELECT left(a.body->>'text', :n) FROM relations r"
            " JOIN source_objects o ON o.id = r.target_source_object_id AND o.deleted_at IS NULL"
            " JOIN artifacts a ON a.kind = 'structured_json' AND a.content_hash = o.content_hash"
            " WHERE r.source_object_id = :id AND r.relation = 'annex_of' ORDER BY o.path"
        ),
        {"id": source_object_id, "n": HEAD_CHARS},
    )
    return _clauses((head for (head,) in rows), firm_names)


def named_in(document: str, parties: list[MatterParty]) -> list[MatterParty]:
    """The matter's parties this text names, by full name or short name, in party order."""
    folded = fold(document)
    out: list[MatterParty] = []
    for party in parties:
        if fold(party.name) in folded:
            out.append(party)
            continue
        if party.short is None:
            continue
        for match in re.finditer(rf"(?<![\w\-]){re.escape(party.short)}(?![\w\-])", document):
            if not CODE_NAME_BEFORE.search(document[max(0, match.start() - 12) : match.start()]):
                out.append(party)
                break
    return out


def reopen_blind_naming(conn: Connection, matter_id: str, filed_id: str) -> list[str]:
    """Called by classify_matter as a filed document is classified: the matter's correspondence
    and pleadings whose parties were read before its conversion settled never saw its party
    clause, and are owed extract_metadata again. In a first sync none are (everything converts
    before it is read)."""
    rows = conn.execute(
        text(
            "SELECT a.source_object_id FROM matter_assignments a"
            " JOIN document_metadata m ON m.source_object_id = a.source_object_id"
            " JOIN processing_state p ON p.source_object_id = a.source_object_id"
            "  AND p.stage = 'extract_metadata' AND p.status = 'done'"
            " WHERE a.matter_id = :m AND a.source_object_id <> :filed"
            " AND split_part(m.doc_type, '.', 1) = ANY(CAST(:roots AS text[]))"
            " AND p.updated_at < (SELECT c.updated_at FROM processing_state c"
            "   WHERE c.source_object_id = :filed AND c.stage = 'convert')"
        ),
        {"m": matter_id, "filed": filed_id, "roots": sorted(NAMING_ROOTS)},
    )
    return reopen_stage(conn, sorted(r[0] for r in rows), STAGE.name)
