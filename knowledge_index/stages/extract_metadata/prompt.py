"""What extract_metadata tells the model (prose) and hands it (typed evidence).

Everything a decision rests on is in `MetadataEvidence`: the matter and the parties its filed
contracts' party clauses name (never what other documents' extraction said, which depends on
which were read first), the firm's names, the title candidates, and the party mentions found
by rule (name, register numbers, whether a client marker such as 'unsere Mandantin' precedes
it). The offline policy
reads the same evidence; rewording `SYSTEM_PROMPT` or `INSTRUCTIONS` changes nothing offline.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, ClassVar, Final, Literal

from pydantic import BaseModel, Field
from sqlalchemy import text

from knowledge_index.entities.names import (
    normalize_name,
    unique_mentions,
)
from knowledge_index.gateway.evidence import Evidence, evidence_message
from knowledge_index.matters.store import assignment_of
from knowledge_index.ontology import NodeView, Ontology
from knowledge_index.stages.base import StageContext
from knowledge_index.stages.extract_metadata.correspondents import correspondents
from knowledge_index.stages.extract_metadata.matter_parties import (
    MatterParty,
    clause_parties,
    main_agreement_parties,
    named_in,
)
from knowledge_index.stages.extract_metadata.party_rules import (
    CLIENT_MARKER,
    addressed_persons,
    named_in_block,
    non_party_reason,
    party_block,
    person_mentions,
)
from knowledge_index.stages.extract_metadata.titles import (
    COURT_EXHIBIT,
    TitleCandidate,
    title_candidates,
)

TEXT_LIMIT: Final = 8_000
HEAD_CHARS: Final = 600
MAX_MENTIONS: Final = 8
SYSTEM_PROMPT: Final = (
    "You type one document of a law firm against the document-type ontology and name its"
    " parties. Walk the ontology with its tools; submit the most specific node that fits, or"
    " null when none does (an honest 'untyped' beats a guess). doc_type must be a node id a tool"
    " returned. For each party give the name as written, any register number (HRB/HRA/company"
    " number) and its role: client (whom the firm acts for), counterparty, advisor, other. Look"
    " parties up with search_entities and give entity_id only for a result that is the same"
    " company. Finish with submit_result."
)
INSTRUCTIONS: Final = (
    "Type the document and name its parties from the evidence message that follows (JSON with"
    " its schema). party_mentions are company names with a legal form found in the text."
)


class ClauseParty(BaseModel):
    name: str
    natural_person: bool
    short: str | None = Field(description="The short name that identifies it in this matter.")


class MatterContext(BaseModel):
    matter_id: str
    reference_number: str
    title: str
    folders: list[str]
    clause_parties: list[ClauseParty] = Field(
        default_factory=list,
        description="The parties the party clauses of the contracts filed in this matter's"
        " folders name (from their text).",
    )


class FirmNames(BaseModel):
    name: str = ""
    aliases: list[str] = Field(default_factory=list)


class MentionEvidence(BaseModel):
    name: str
    normalized: str
    identifiers: dict[str, str]
    client_marker_before: bool = Field(
        description="A phrase such as 'unsere Mandantin' / 'our client' stands just before it."
    )
    natural_person: bool = Field(
        False, description="A person named in the party clause (no legal form)."
    )
    in_party_block: bool | None = Field(
        None,
        description="Named inside the opening party clause ('zwischen ... und ...'); None when"
        " the text has no such clause.",
    )
    non_party: str | None = Field(
        None,
        description="Why this is named but not a party: 'institution' (court, register,"
        " arbitration institution, notary), 'institution_context' (named in a dispute clause or"
        " as the notary), 'payment' (the bank of an account to pay into), 'firm' (the firm"
        " itself, a party only to its own engagement/billing), 'subject' (the company the"
        " document is about: the target, the company of the articles), 'adviser' (another"
        " law firm), 'fiduciary' (a tax adviser, auditor or Treuhand company: a party only in a"
        " contract's party clause), 'fragment' (a profession and a legal form only),"
        " 'representative' (the company acting for a party: a KG's general partner).",
    )
    matter_party: bool = Field(
        False,
        description="A party of a contract filed in this matter, which this document names by"
        " its full or short name (e.g. 'Donautal' for Donautal Handels GmbH).",
    )
    addressee: bool = Field(
        False,
        description="A person a letter is addressed to in their own name (an address block"
        " with no company and no profession: 'Herrn Knut Albertsen, Elbchaussee 301').",
    )
    correspondent: bool = Field(
        False,
        description="A company an e-mail is exchanged with: a From/To/Cc address's domain is"
        " its name (g.reisinger@alpenbau.at for Alpenbau Holding AG).",
    )

    @classmethod
    def of_name(
        cls,
        name: str,
        *,
        client_marker_before: bool = False,
        natural_person: bool = False,
        in_party_block: bool | None = None,
        matter_party: bool = False,
        addressee: bool = False,
        correspondent: bool = False,
    ) -> MentionEvidence:
        """A mention known by its name alone (a person, a folder's client, a matter party)."""
        return cls(
            name=name,
            normalized=normalize_name(name),
            identifiers={},
            client_marker_before=client_marker_before,
            natural_person=natural_person,
            in_party_block=in_party_block,
            matter_party=matter_party,
            addressee=addressee,
            correspondent=correspondent,
        )


TypeSignal = Literal["heading", "subject", "filename", "folder", "opening", "format", "layout"]
# A letter opens with a salutation and ends with a closing formula; its subject line says
# what it is about ("Mietvertrag Hafenstraße 47"), not what it is.
SALUTATION_LINE: Final = re.compile(
    r"^\s*(?:sehr geehrte|liebe[rs]?\s|dear\s|guten tag|madame|monsieur|mesdames|chère|cher\s)",
    re.I | re.M,
)
CLOSING_FORMULA: Final = re.compile(
    r"(?:mit (?:freundlichen|besten|kollegialen|vorzüglichen) grüßen|freundliche grüße"
    r"|hochachtungsvoll|yours (?:sincerely|faithfully|truly)|kind regards|best regards"
    r"|veuillez agréer|salutations distinguées|meilleures salutations)",
    re.I,
)
LETTER_NODE: Final = "correspondence.letter"
TYPE_HITS_PER_SIGNAL: Final = 3


class TypeCandidate(BaseModel):
    node_id: str
    label: str
    signal: TypeSignal = Field(description="Which part of the document named this type.")
    matched: str = Field(description="The text searched (heading, file name, folder, ...).")
    score: float = Field(
        description="ontology_search's score for that text (higher = earlier, longer term match)."
    )
    root: str = Field("", description="Its top-level node, the kind of document it is.")


class TypeRefinement(BaseModel):
    node_id: str = Field(description="A candidate node (type_candidates).")
    narrower: str = Field(description="The narrower node the ontology makes it for this text.")
    matched: str = Field(description="The phrase of the text that said so.")


class MetadataEvidence(Evidence):
    KIND: ClassVar[str] = "extract_metadata.evidence/6"

    path: str
    filename: str
    file_stem: str = Field(description="The file name without extension, separators as spaces.")
    email_subject: str | None = None
    is_email: bool
    matter: MatterContext | None
    firm: FirmNames
    first_line: str = Field(description="The first non-empty line of the text.")
    extension: str = Field(description="The file's extension, lower case (the format).")
    folders: list[str] = Field(description="The folders above the file, innermost first.")
    title_candidates: list[TitleCandidate] = Field(
        description="The title signals, strongest first: e-mail subject (prefixes removed),"
        " heading section, bold line, first title-like line (never letterhead, address,"
        " date, reference or banner lines), first line."
    )
    type_candidates: list[TypeCandidate] = Field(
        description="Ontology nodes named by each typing signal, best first per signal."
        " signal 'subject': a letter's subject line naming an agreement (what it is about);"
        " 'layout': a salutation and a closing formula (a letter)."
    )
    type_refinements: list[TypeRefinement] = Field(
        default_factory=list,
        description="Candidates the ontology narrows for this text (an 'Abtretungsvertrag'"
        " assigning a GmbH share is a share purchase agreement): the narrower node replaces"
        " the candidate when it wins.",
    )
    letter_form: bool = Field(
        False, description="Opens with a salutation and ends with a closing formula."
    )
    opening_passage: str = Field(description=f"The first {HEAD_CHARS} characters, one line.")
    party_mentions: list[MentionEvidence]
    main_agreement_parties: list[MentionEvidence] = Field(
        default_factory=list,
        description="The party clause of the agreement this document is an annex or schedule"
        " of (relate's annex_of), when there is one.",
    )
    text_excerpt: str = Field(description=f"The first {TEXT_LIMIT} characters of the text.")


def matter_context(ctx: StageContext) -> MatterContext | None:
    with ctx.engine.connect() as conn:
        assigned = assignment_of(conn, ctx.source_object.id)
        if assigned is None:
            return None
        folders = conn.execute(
            text("SELECT folders FROM matters WHERE id = :m"), {"m": assigned["matter_id"]}
        ).scalar_one()
        firm = ctx.settings.firm
        clause = clause_parties(
            conn,
            ctx.source_object.source_id,
            list(folders or []),
            [n for n in (firm.name, *firm.aliases) if n.strip()],
        )
    return MatterContext(
        matter_id=assigned["matter_id"],
        reference_number=assigned["reference_number"],
        title=assigned["title"],
        folders=list(folders or []),
        clause_parties=[
            ClauseParty(name=p.name, natural_person=p.natural_person, short=p.short) for p in clause
        ],
    )


def type_candidates(
    ontology: Ontology, signals: list[tuple[TypeSignal, str]], extension: str
) -> list[TypeCandidate]:
    """Search the ontology with each signal's text; the format names nodes by extension."""
    out: list[TypeCandidate] = []
    for signal, value in signals:
        if signal in ("heading", "filename"):
            # A court exhibit is typed by what it is ("Anlage K 1 - Werkliefervertrag"), not
            # by its label.
            value = COURT_EXHIBIT.sub(" ", value)
        if not value.strip():
            continue
        for view in ontology.search(value)[:TYPE_HITS_PER_SIGNAL]:
            out.append(_candidate(ontology, view, signal, value))
    for node in ontology.scoped():
        if extension and extension in node.formats:
            out.append(
                TypeCandidate(
                    node_id=node.id,
                    label=node.label_en,
                    signal="format",
                    matched=extension,
                    score=1.0,
                    root=ontology.root_of(node.id),
                )
            )
    return out


# A schedule named as a document of its own: "Schedule 2 (Disclosure Letter)",
# "Anlage 3 – Jahresabschluss 2024".
SCHEDULE_NAMED: Final = re.compile(
    r"^\s*(?:anlage|schedule|annex|exhibit|beilage|appendix|anhang)\s+[\w./]{1,8}\s*"
    r"(?:\((?P<paren>[^()]{3,60})\)|[-–:]\s*(?P<dash>[^()]{3,60}?))\s*$",
    re.I,
)


def refinements(
    ontology: Ontology, candidates: list[TypeCandidate], excerpt: str, heading: str = ""
) -> list[TypeRefinement]:
    out: list[TypeRefinement] = []
    for node_id in sorted({c.node_id for c in candidates}):
        refined = ontology.refine(node_id, excerpt)
        if refined:
            out.append(TypeRefinement(node_id=node_id, narrower=refined[0], matched=refined[1]))
    # An annex whose own name is exactly a kind of document is that document (a disclosure
    # letter attached as Schedule 2); one named by its subject ("Price List") stays an annex.
    named = SCHEDULE_NAMED.match(heading)
    descriptor = (named["paren"] or named["dash"] or "") if named else ""
    kind = ontology.named_exactly(descriptor) if descriptor else None
    if kind is not None:
        for c in candidates:
            if (
                c.signal == "heading"
                and c.node_id != kind
                and c.node_id not in {r.node_id for r in out}
            ):
                out.append(TypeRefinement(node_id=c.node_id, narrower=kind, matched=descriptor))
    return out


def addressees(excerpt: str, firm_names: list[str]) -> list[tuple[str, int]]:
    """The persons a letter is addressed to in their own name (above its salutation)."""
    salutation = SALUTATION_LINE.search(excerpt[:2500])
    return addressed_persons(excerpt[: salutation.start()], firm_names) if salutation else []


def letter_form(excerpt: str) -> bool:
    """A salutation near the top and a closing formula after it."""
    opening = SALUTATION_LINE.search(excerpt[:2500])
    return bool(opening and CLOSING_FORMULA.search(excerpt, opening.end()))


def _candidate(ontology: Ontology, view: NodeView, signal: TypeSignal, value: str) -> TypeCandidate:
    return TypeCandidate(
        node_id=view.id,
        label=view.label_en,
        signal=signal,
        matched=value[:200],
        score=float(view.score or 0),
        root=ontology.root_of(view.id),
    )


def letter_kinds_named(
    ontology: Ontology, heading: str, beside: Sequence[TypeCandidate] = ()
) -> list[TypeCandidate]:
    """A kind of letter a letter's heading names after the agreement it is about ("Master
    Services Agreement vom 1. Juli 2024 – Abmahnung wegen SLA-Verletzungen"): the heading's
    agreement becomes the subject, and this is what the letter is. Nothing when the heading's
    candidates `beside` already hold it (its own heading: "Letter of Intent")."""
    for view in ontology.search(heading) if heading.strip() else []:
        if view.id != LETTER_NODE and ontology.letter_shaped(view.id):
            if any(c.signal == "heading" and c.node_id == view.id for c in beside):
                return []
            return [_candidate(ontology, view, "heading", heading)]
    return []


def as_letter(
    ontology: Ontology, candidates: list[TypeCandidate], root: str = "contract"
) -> list[TypeCandidate]:
    """A letter's candidates: the agreements its heading or file name names become its
    subject ("KH an Isarpark - Nachtrag Nr. 2.docx" is a letter about the amendment), and its
    layout names it a letter (letter-shaped types such as engagement letters keep theirs)."""
    out: list[TypeCandidate] = []
    for c in candidates:
        if (
            c.signal in ("heading", "filename")
            and c.root == root
            and not ontology.letter_shaped(c.node_id)
            and not ontology.names_as_letter(c.node_id, c.matched)
        ):
            c = c.model_copy(update={"signal": "subject"})
        out.append(c)
    if LETTER_NODE in ontology.nodes and ontology.in_scope(LETTER_NODE):
        node = ontology.view(LETTER_NODE)
        out.append(
            TypeCandidate(
                node_id=LETTER_NODE,
                label=node.label_en,
                signal="layout",
                matched="salutation and closing formula",
                score=1.0,
                root=ontology.root_of(LETTER_NODE),
            )
        )
    return out


def build_evidence(
    ctx: StageContext,
    body: dict[str, Any],
    matter: MatterContext | None,
    ontology: Ontology,
) -> MetadataEvidence:
    obj = ctx.source_object
    excerpt = body.get("text", "")[:TEXT_LIMIT]
    email = body.get("email") or {}
    filename = obj.path.rsplit("/", 1)[-1]
    stem = re.sub(r"[_\-]+", " ", filename.rsplit(".", 1)[0]).strip()
    firm = ctx.settings.firm
    firm_names = [n for n in (firm.name, *firm.aliases) if n.strip()]
    titles = title_candidates(body, firm_names)
    extension = filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
    folders = [f for f in obj.path.split("/")[:-1] if f][::-1]
    heading = next((t.text for t in titles if t.source != "first_line"), "")
    block = party_block(excerpt)
    signals: list[tuple[TypeSignal, str]] = [
        ("heading", heading),
        ("filename", stem),
        ("folder", " ".join(folders[:2])),
        ("opening", " ".join(excerpt[:HEAD_CHARS].split())),
    ]
    candidates = type_candidates(ontology, signals, extension)
    is_letter = not email and letter_form(excerpt)
    with ctx.engine.connect() as conn:
        main_parties = main_agreement_parties(conn, obj.id, firm_names)
    return MetadataEvidence(
        path=obj.path,
        filename=filename,
        file_stem=stem,
        email_subject=(email.get("subject") or "") if email else None,
        is_email=bool(email),
        matter=matter,
        firm=FirmNames(name=firm.name, aliases=list(firm.aliases)),
        first_line=next((line.strip() for line in excerpt.splitlines() if line.strip()), ""),
        extension=extension,
        folders=folders,
        title_candidates=titles,
        type_candidates=(
            as_letter(ontology, candidates + letter_kinds_named(ontology, heading, candidates))
            if is_letter
            else candidates
        ),
        type_refinements=refinements(ontology, candidates, excerpt, heading),
        letter_form=is_letter,
        opening_passage=" ".join(excerpt[:HEAD_CHARS].split()),
        party_mentions=_with_correspondents(
            [
                MentionEvidence(
                    name=m.name,
                    normalized=m.normalized,
                    identifiers=dict(m.identifiers),
                    client_marker_before=bool(
                        CLIENT_MARKER.search(excerpt[max(0, m.start - 60) : m.start])
                    ),
                    in_party_block=(
                        block[0] <= m.start < block[1] or named_in_block(excerpt, m.name, block)
                    )
                    if block
                    else None,
                    non_party=non_party_reason(
                        m.name, excerpt[max(0, m.start - 80) : m.start], firm_names
                    ),
                )
                for m in unique_mentions(excerpt)[:MAX_MENTIONS]
            ]
            + [
                MentionEvidence.of_name(
                    name,
                    client_marker_before=bool(
                        CLIENT_MARKER.search(excerpt[max(0, start - 60) : start])
                    ),
                    natural_person=True,
                    in_party_block=True,
                )
                for name, start in (person_mentions(excerpt, block) if block else [])
            ]
            + [
                MentionEvidence.of_name(name, natural_person=True, addressee=True)
                for name, _ in (addressees(excerpt, firm_names) if is_letter else [])
            ]
            + _matter_parties_named(matter, f"{email.get('subject') or ''}\n{excerpt}"),
            email,
            matter,
        ),
        main_agreement_parties=[_as_mention(p) for p in main_parties],
        text_excerpt=excerpt,
    )


def _with_correspondents(
    mentions: list[MentionEvidence], email: dict[str, Any], matter: MatterContext | None
) -> list[MentionEvidence]:
    """An e-mail's mentions with the companies it is exchanged with marked, and the matter's
    parties it is exchanged with added (a mail to the client rarely writes the client's name)."""
    # The converted body stores the sender as `from_` (its JSON alias is `from`).
    addresses = email.get("participants") or [
        *email.get("from_", []),
        *email.get("from", []),
        *email.get("to", []),
        *email.get("cc", []),
    ]
    if not addresses:
        return mentions
    companies = [m.name for m in mentions if not m.natural_person]
    clause = [p.name for p in matter.clause_parties if not p.natural_person] if matter else []
    found = set(correspondents(addresses, [*companies, *clause]))
    out = [m.model_copy(update={"correspondent": True}) if m.name in found else m for m in mentions]
    seen = {m.normalized for m in mentions}
    out += [
        MentionEvidence.of_name(name, matter_party=True, correspondent=True)
        for name in clause
        if name in found and normalize_name(name) not in seen
    ]
    return out


def _matter_parties_named(matter: MatterContext | None, document: str) -> list[MentionEvidence]:
    if matter is None:
        return []
    parties = [
        MatterParty(p.name, normalize_name(p.name), p.natural_person, p.short)
        for p in matter.clause_parties
    ]
    return [_as_mention(p, matter_party=True) for p in named_in(document, parties)]


def _as_mention(p: MatterParty, matter_party: bool = False) -> MentionEvidence:
    return MentionEvidence.of_name(
        p.name, natural_person=p.natural_person, matter_party=matter_party
    )


def messages(evidence: MetadataEvidence) -> list[dict[str, str]]:
    return [
        {"role": "system", "content": SYSTEM_PROMPT},
        {"role": "user", "content": INSTRUCTIONS},
        evidence_message(evidence),
    ]
