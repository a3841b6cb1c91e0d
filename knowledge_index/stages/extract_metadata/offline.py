"""Offline policy for extract_metadata: types from ranked signals, names parties it can see.

It decides from the stage's typed evidence and tool results only, never the prompt's prose.
Type: the evidence's `type_candidates` (ontology hits for the heading, file name, folders,
opening text and format) are weighed per signal and summed; the winner is visited with
`ontology_node` (a submitted node must be one a tool showed) or, below ACCEPT, the document stays
untyped; an e-mail is an e-mail. Title: the strongest title candidate. Parties: the evidence's
mentions (company names with a legal form, with register numbers) minus those with a
`non_party` reason (institutions, dispute-clause bodies, the firm outside its own billing),
looked up with search_entities; an entity id is given only for an identical name without a
contradicting register number. Roles: the firm is advisor; the client folder above the matter
folder or "our client" marks the client; anyone else is a counterparty (the settlement then
gives each entity one role per matter from all its documents).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Final

from knowledge_index.entities.names import (
    contradicts,
    core_tokens,
    legal_form,
    normalize_name,
    writes_name_head,
)
from knowledge_index.gateway.offline.context import Call, Decision, PolicyContext, ToolExchange
from knowledge_index.gateway.offline.generic import GenericPolicy
from knowledge_index.gateway.offline.policy import Policy
from knowledge_index.matters.discovery import without_client_number
from knowledge_index.stages.extract_metadata.matter_parties import NAMING_ROOTS
from knowledge_index.stages.extract_metadata.prompt import (
    MentionEvidence,
    MetadataEvidence,
    TypeCandidate,
)
from knowledge_index.stages.extract_metadata.titles import best_title

# The weighted total a type needs: a letter's closing formula alone (a cue in the opening
# text) is enough, a bare folder name is not.
ACCEPT: Final = 0.12
# How much each typing signal counts: what a document calls itself (its heading) most, its file
# name next (people name files by type), its format (a slide deck, a workbook) and opening text
# (cues such as salutations) less, its folder least (a folder holds many types).
# Documents under this root name their parties in an opening party clause (see prompt.py).
CONTRACT_ROOT: Final = "contract"
NOT_NAMING_TYPES: Final = frozenset({"correspondence.client_alert"})
# These belong to an agreement and have its parties (relate's annex_of names the agreement).
INHERITING_TYPES: Final = frozenset({"contract.annex"})
# The firm is a party only to its own engagement and billing documents; elsewhere it advises.
FIRM_PARTY_TYPES: Final = (
    "finance.engagement_letter",
    "finance.invoice",
    "finance.fee_note",
    "finance.time_sheet",
)
# What the firm itself writes or keeps for a client: notes, memos, checklists, opinions, decks.
WORK_PRODUCT_TYPES: Final = frozenset(
    {
        "correspondence.memo",
        "correspondence.file_note",
        "other.checklist",
        "other.presentation",
        "other.spreadsheet",
        "corporate.signing_checklist",
        "corporate.minutes",
        "advisory.legal_opinion",
        "advisory.due_diligence_report",
        "advisory.due_diligence_request_list",
        "advisory.structure_paper",
    }
)
# Bills come from anyone; engagement letters and time sheets only from the firm.
BILLS: Final = frozenset({"finance.invoice", "finance.fee_note"})
# An engagement letter is between the firm and its client, whom it names first; the matter's
# other side and the target it names afterwards are what the mandate is about.
ENGAGEMENT_LETTER: Final = "finance.engagement_letter"
SIGNAL_WEIGHTS: Final = {
    "heading": 1.0,
    "filename": 0.8,
    "layout": 0.6,
    "format": 0.45,
    "opening": 0.35,
    "folder": 0.25,
    "subject": 0.15,
}


def _choose_type(ev: MetadataEvidence) -> str | None:
    """The node the signals agree on most: per signal its best hits, weighted, summed.

    A message is typed by its format (an e-mail is an e-mail whatever its subject names).
    Below ACCEPT nothing fits well enough and the document stays honestly untyped. The winner
    is replaced by the narrower node the ontology makes it for this text (`type_refinements`).
    """
    candidates = ev.type_candidates
    if ev.is_email:
        candidates = [c for c in candidates if c.signal == "format"] or candidates
    totals: dict[str, float] = {}
    best_per_signal: dict[str, float] = {}
    for c in candidates:
        best_per_signal[c.signal] = max(best_per_signal.get(c.signal, 0.0), c.score)
    for c in candidates:
        # Only a signal's best hit counts: "1. Nachtrag zum Mietvertrag" names an amendment,
        # the lease it amends must not collect votes from every signal that mentions it.
        if c.score < best_per_signal[c.signal]:
            continue
        totals[c.node_id] = totals.get(c.node_id, 0.0) + SIGNAL_WEIGHTS.get(c.signal, 0.2) * c.score
    if not totals:
        return None
    node_id, total = max(totals.items(), key=lambda kv: (kv[1], kv[0].count("."), kv[0]))
    if total < ACCEPT:
        return None
    narrower = {r.node_id: r.narrower for r in ev.type_refinements}
    return narrower.get(node_id, node_id)


# How a firm's own bill speaks of its work: "für unsere Tätigkeit ... berechnen wir",
# "Honorar", "our professional fees".
FIRM_VOICE: Final = re.compile(
    r"\b(?:unsere[rn]?\s+(?:tätigkeit|leistungen|bemühungen|beratung|vertretung)|berechnen\s+wir"
    r"|honorar\w*|our\s+(?:fees|professional|services)|professional\s+(?:fees|services)"
    r"|legal\s+services\s+rendered)",
    re.I,
)


def names_firm(ev: MetadataEvidence) -> bool:
    """Whether the bill is the firm's: it names the firm (a mention, or the first two words of
    its name or of an alias as a letterhead writes them: "Hartmann Ellerbrook", "AWT Legal"),
    or it speaks of the work as the firm does."""
    if any(m.non_party == "firm" for m in ev.party_mentions):
        return True
    if FIRM_VOICE.search(ev.text_excerpt):
        return True
    return writes_name_head(ev.text_excerpt, (ev.firm.name, *ev.firm.aliases))


def _engagement_parties(own: list[MentionEvidence]) -> list[MentionEvidence]:
    """The firm and its client: the person the letter is addressed to in their own name (a
    managing director instructing the firm against her company), else the first other
    company it names."""
    firm = [m for m in own if m.non_party == "firm"]
    addressed = [m for m in own if m.non_party is None and m.natural_person and m.addressee]
    others = [m for m in own if m.non_party is None and not m.natural_person]
    return firm + (addressed or others)[:1]


def _root(ctx: PolicyContext, ev: MetadataEvidence, doc_type: str | None) -> str | None:
    """The chosen node's root: its ancestors as ontology_node showed them, else as the type
    candidates state it (a narrower node the ontology refines a candidate to has its root)."""
    if doc_type is None:
        return None
    for exchange in ctx.calls_to("ontology_node"):
        if isinstance(exchange.result, dict) and exchange.result.get("id") == doc_type:
            return [doc_type, *(exchange.result.get("ancestors") or [])][-1]
    refined = {r.narrower: r.node_id for r in ev.type_refinements}
    node = refined.get(doc_type, doc_type)
    return next((c.root for c in ev.type_candidates if c.node_id == node and c.root), None)


# A client folder named after a natural person, surname first: "Albers, Dr. Katrin".
PERSON_FOLDER: Final = re.compile(
    r"(?P<surname>[A-ZÄÖÜ][\w'\-]+),\s*"
    r"(?P<given>(?:(?:Dr|Prof)\.\s*)*[A-ZÄÖÜ][\w'\-]+(?:\s+[A-ZÄÖÜ][\w'\-]+)?)"
)


def _matter_client(ev: MetadataEvidence) -> list[MentionEvidence]:
    """The client of e-mail and of the firm's bills filed under a client's folder: the firm
    writes on the client's behalf, and bills it.

    Taken from the document's own folders (outermost first, the first that names a company
    with a legal form, e.g. "Mandanten/Müller GmbH, München/..."), or the folder above the
    document's matter folder when it names a person ("Mandanten/Albers, Dr. Katrin/..."), never
    guessed from prose; the path is the filer's own statement, so a misassigned matter cannot
    lend its client.
    """
    # The document's own "Mandant: ..." names its client; the folder's may be the group's.
    if any(m.client_marker_before for m in ev.party_mentions):
        return []
    found: tuple[str, bool] | None = None
    for folder in ev.folders[::-1]:
        # A billing system's client number before the name: "104233 Hartwell Logistics Ltd".
        candidate = without_client_number(folder.split(",")[0].strip())
        if legal_form(candidate):
            found = (candidate, False)
            break
    for matter_folder in ev.matter.folders if ev.matter and found is None else []:
        parts = [p for p in matter_folder.split("/") if p]
        person = PERSON_FOLDER.fullmatch(parts[-2]) if len(parts) >= 2 else None
        if person and ev.path.startswith("/".join(parts) + "/"):
            found = (f"{person['given']} {person['surname']}", True)
            break
    if found is None:
        return []
    name, natural_person = found
    return [MentionEvidence.of_name(name, client_marker_before=True, natural_person=natural_person)]


def _work_for_client(ev: MetadataEvidence, doc_type: str | None) -> bool:
    """The firm's own work in a client's matter (a file note, a memo, a checklist, a deck)
    is done for the client whose folder holds it: a party, named in it or not. Only when the
    document lies in its matter's folder: a note misfiled under another client is not theirs."""
    if doc_type not in WORK_PRODUCT_TYPES or ev.matter is None:
        return False
    return any(ev.path.startswith(f"{f.rstrip('/')}/") for f in ev.matter.folders if f)


def _signals_for(ev: MetadataEvidence, node_id: str | None) -> str:
    used: list[TypeCandidate] = [c for c in ev.type_candidates if c.node_id == node_id]
    return ", ".join(sorted({c.signal for c in used})) or "no signal (untyped)"


class ExtractMetadataPolicy(Policy):
    name: ClassVar[str] = "extract_metadata"
    signature_tools: ClassVar[frozenset[str]] = frozenset({"ontology_search", "search_entities"})

    def decide(self, ctx: PolicyContext) -> Decision:
        ev = ctx.evidence(MetadataEvidence)
        if ev is None or not ctx.speaks(self.signature_tools, "doc_type"):
            # Another caller under this stage name (e.g. a test's own schema): stay generic.
            return GenericPolicy().decide(ctx)
        doc_type = _choose_type(ev)
        shown = {str(e.arguments.get("node_id")) for e in ctx.calls_to("ontology_node")}
        # Visit the node so the submission names a node a tool showed (the validator's rule),
        # in the same turn as the entity lookups: a model calls independent tools together.
        visit = (
            (Call("ontology_node", {"node_id": doc_type}),)
            if doc_type is not None and doc_type not in shown
            else ()
        )
        # An invoice filed in a matter may be between the parties (the claim's unpaid
        # invoice, a landlord's operating costs): only the firm's own bill names the firm.
        firm_party = doc_type in FIRM_PARTY_TYPES and (doc_type not in BILLS or names_firm(ev))
        root = _root(ctx, ev, doc_type)
        own = [
            m
            for m in ev.party_mentions
            if not m.matter_party
            and (m.non_party is None or (m.non_party == "firm" and firm_party))
        ]
        contract = root == CONTRACT_ROOT
        if doc_type == ENGAGEMENT_LETTER:
            own = _engagement_parties(own)
        elif contract and any(m.in_party_block for m in own):
            # A contract's parties are those of its party clause; the rest is subject matter.
            # A fiduciary or tax adviser the clause names contracts in its own name.
            own = [
                m
                for m in ev.party_mentions
                if m.in_party_block
                and not m.matter_party
                and (m in own or m.non_party == "fiduciary")
            ]
        elif doc_type in INHERITING_TYPES and ev.main_agreement_parties:
            # An annex rarely repeats its agreement's parties; they are still its parties.
            own = list(ev.main_agreement_parties)
        # A person is a party only where a contract's party clause names them as one, or as
        # the addressee of a letter in their own name.
        mentions = [
            m for m in own if not m.natural_person or contract or m.matter_party or m.addressee
        ]
        if root in NAMING_ROOTS and doc_type not in NOT_NAMING_TYPES:
            # Letters, mails, notes and pleadings name the matter's parties by short name;
            # a mail is also with the matter's parties its addresses name.
            seen = {m.normalized for m in mentions}
            named = [m for m in ev.party_mentions if m.matter_party]
            mentions += [m for m in named if m.normalized not in seen]
        elif ev.is_email:
            seen = {m.normalized for m in mentions}
            mentions += [
                m
                for m in ev.party_mentions
                if m.matter_party and m.correspondent and m.normalized not in seen
            ]
        mentions += (
            [c for c in _matter_client(ev) if c.normalized not in {m.normalized for m in mentions}]
            if ev.is_email or firm_party or _work_for_client(ev, doc_type)
            else []
        )
        if not mentions:
            # Articles that name no one but their company are that company's: what they are
            # about is then all there is to name.
            mentions = [m for m in ev.party_mentions if m.non_party == "subject"][:1]
        looked = {str(e.arguments.get("query")): e for e in ctx.calls_to("search_entities")}
        # Every lookup in one turn, as a model calls independent tools in parallel.
        missing = dict.fromkeys(m.name for m in mentions if m.name not in looked)
        if missing or visit:
            return Decision(
                calls=visit + tuple(Call("search_entities", {"query": n}) for n in missing)
            )
        if ctx.rejected_answers():
            # Rejected once: drop what the validator can object to rather than loop.
            doc_type, mentions = None, mentions
            looked = {}
        parties = [self._party(m, ev, looked.get(m.name)) for m in mentions]
        if firm_party and ev.firm.name and not any(p["role"] == "advisor" for p in parties):
            # The firm's own engagement letter or bill: the firm is a party, named or not
            # (letterheads write it in forms the mention rules miss, e.g. "Partnerschaft mbB").
            parties.append(
                {"name": ev.firm.name, "role": "advisor", "identifiers": {}, "entity_id": None}
            )
        title = best_title(ev.title_candidates)
        return Decision(
            calls=(
                Call(
                    "submit_result",
                    {
                        "doc_type": doc_type,
                        "title": title[:200] if title else None,
                        "parties": parties,
                        "rationale": (
                            f"typed from {_signals_for(ev, doc_type)}; {len(parties)} parties"
                        ),
                    },
                ),
            )
        )

    def _party(
        self, m: MentionEvidence, ev: MetadataEvidence, exchange: ToolExchange | None
    ) -> dict[str, Any]:
        same = [
            hit
            for hit in (exchange.hits if exchange else [])
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
    # What other documents of the matter said is not read here (it depends on which came
    # first): the settlement gives the matter's role from all of them (`entities/settle.py`).
    for folder in matter.folders if matter else []:
        parts = [p for p in folder.strip().split("/") if p]
        if len(parts) >= 2 and _tokens_overlap(m.name, parts[-2]):
            return "client"
    if m.client_marker_before:
        return "client"
    return "counterparty"
