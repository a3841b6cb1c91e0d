"""What classify_matter tells the model (prose) and hands it (typed evidence).

The prose explains the task; everything the decision rests on is in `ClassifyEvidence`, which the
offline policy reads too. Rewording `SYSTEM_PROMPT` or `INSTRUCTIONS` changes nothing offline.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Final, Literal

from pydantic import BaseModel, Field
from sqlalchemy import Connection

from knowledge_index.entities.names import (
    PROFESSION_WORDS,
    core_tokens,
    firm_initials,
    register_numbers,
    writes_name_head,
)
from knowledge_index.errors import InfrastructureError
from knowledge_index.gateway.evidence import Evidence, evidence_message
from knowledge_index.matters.discovery import DiscoveredMatter, MatterConvention
from knowledge_index.matters.folders import known_titles, neighbourhood
from knowledge_index.matters.mentions import KnownMatter, rank_mentions
from knowledge_index.matters.references import (
    PLACEHOLDER_PREFIX,
    ReferenceScheme,
    literal_mentions,
    scheme_for,
)
from knowledge_index.matters.store import Matter, list_matters
from knowledge_index.objects import store as objects
from knowledge_index.settings import FirmSettings
from knowledge_index.sources.registry import matter_convention
from knowledge_index.stages.base import StageContext
from knowledge_index.stages.classify_matter.profiles import (
    filed_heads,
    folder_of,
    matter_folder_paths,
    unconverted_filed,
)
from knowledge_index.stages.classify_matter.templates import template_sign

TEXT_LIMIT: Final = 8_000
CONTENT_CANDIDATES: Final = 3  # the best few, so the model sees whether one stands out

SYSTEM_PROMPT: Final = (
    "You assign one file of a law firm's document estate to its matter. Evidence, strongest"
    " first: a matter reference the document itself names (letterhead 'Unser Zeichen', 'Our"
    " ref', the e-mail subject), the matter folder the file sits in, then titles and parties."
    " A file can be misfiled: when its own text names another matter's reference, that matter"
    " wins. Search before you create: create_matter only for a reference no existing matter"
    " carries. Finish with submit_result; matter_id must be an id a tool returned, or null when"
    " nothing fits."
)
INSTRUCTIONS: Final = (
    "Classify the file described by the evidence message that follows (JSON with its schema)."
    " reference_candidates lists every matter the file gives evidence of, strongest first;"
    " create_matter only for one whose may_create is true."
)


Origin = Literal["marker", "subject", "folder", "path", "copy", "text", "content"]
# Evidence that a file belongs to the matter, enough to create it: a marker, the file's place.
STRONG_ORIGINS: Final[frozenset[str]] = frozenset({"marker", "folder", "path", "copy"})


class ReferenceCandidate(BaseModel):
    reference: str = Field(description="The reference as written (or a title-only matter's name).")
    key: str = Field(description="Its canonical form: the same matter has the same key.")
    origin: Origin = Field(
        description="marker: after 'Unser Zeichen', 'Our ref', 'Mandat' ... in the text or"
        " subject; folder: the matter folder the file sits in (discovered convention); path:"
        " another folder name that begins with a reference; copy: a byte-identical copy of"
        " the file is filed in this matter's folder; subject/text: bare in the e-mail"
        " subject or the text; content: a known matter whose title, client or filed-document"
        " words the file names (see score)."
    )
    folder_title: str = Field("", description="The matter's title as its folder names it.")
    known: bool = Field(
        False, description="A matter with this key exists or its folder was discovered."
    )
    may_create: bool = Field(
        False,
        description="Real evidence of a matter (marker, matter folder, discovered matter):"
        " create_matter may be called for it when search_matters does not find it.",
    )
    score: float = Field(0.0, description="content only: how strongly the content names it.")
    filed_in: str = Field("", description="The matter's discovered folder, when it has one.")
    named_by_folder: bool = Field(
        False, description="Its folder names it by title only: the folder is the matter."
    )


class MatterFolder(BaseModel):
    path: str
    client: str
    reference: str | None = Field(description="None: the folder names its matter by title only.")
    title: str


class ClassifyEvidence(Evidence):
    KIND: ClassVar[str] = "classify_matter.evidence/3"

    path: str
    filename: str
    parent_folder: str
    parent_folder_title: str = Field(description="The parent folder's name without a reference.")
    email_subject: str | None = None
    matter_folder: MatterFolder | None = Field(
        None,
        description="The matter folder the file sits in, per the source's discovered"
        " matter-folder convention (None: a loose file: inbox, scans, top level, templates).",
    )
    folder_neighbourhood: str
    known_documents_nearby: list[str]
    text_excerpt: str = Field(description=f"The first {TEXT_LIMIT} characters of the text.")
    reference_candidates: list[ReferenceCandidate] = Field(
        description="Every matter the file gives evidence of, strongest origin first."
    )
    template: str | None = Field(
        None,
        description="Why the file is a template or precedent (a template folder, placeholders"
        " such as '[Claimant]'); it resembles matters by design, so content mentions are no"
        " evidence of its matter.",
    )


# The converted mail's own header lines, before its body.
HEADER_BLOCK: Final = re.compile(
    r"\A(?:(?:subject|from|to|cc|bcc|date|betreff|von|an|datum)\s*:[^\n]*\n)+", re.I
)
# Where a reply's quoted history begins.
QUOTE_START: Final = re.compile(
    r"^\s*(?:-{2,}\s*(?:original message|ursprüngliche nachricht|message d'origine)"
    r"|(?:von|from|de|gesendet|sent)\s*:\s|on .{5,80} wrote:|am .{5,80} schrieb)",
    re.I | re.M,
)


def written_by_the_firm(address: str, firm: FirmSettings) -> bool | None:
    """Whether a sender address is the firm's; None when the firm is not configured."""
    domain = address.rsplit("@", 1)[-1].strip(" >").lower() if "@" in address else ""
    if not domain:
        return None
    if firm.email_domains:
        return any(
            domain == d.lower() or domain.endswith("." + d.lower()) for d in firm.email_domains
        )
    names = [n for n in (firm.name, *firm.aliases) if n.strip()]
    if not names:
        return None
    labels = set(re.split(r"[.\-]", domain))
    for name in names:
        tokens = [t for t in core_tokens(name) if len(t) >= 2]
        initials = firm_initials(tokens)
        if (len(initials) >= 2 and initials in labels) or any(
            len(t) >= 4 and t in labels for t in tokens if t not in PROFESSION_WORDS
        ):
            return True
    return False


_SALUTATION: Final = re.compile(
    r"^\s*(?:sehr geehrte|liebe[rs]?\s|dear\s|guten tag|grüezi|madame|monsieur)", re.I | re.M
)
_LETTER_HEAD_CHARS: Final = 1_200


def received_letter(text: str, firm: FirmSettings) -> bool:
    """Whether a letter was written to the firm: its head (above the salutation) names the firm
    below the first line, as the addressee, and its first line (the sender's letterhead) does
    not. Then its "Ihr Zeichen" is the firm's reference and its "Unser Zeichen" the sender's."""
    salutation = _SALUTATION.search(text, 0, _LETTER_HEAD_CHARS)
    if salutation is None:
        return False
    lines = [line for line in text[: salutation.start()].splitlines() if line.strip()]
    names = [n for n in (firm.name, *firm.aliases) if n.strip()]
    if len(lines) < 2 or not names:
        return False
    return not writes_name_head(lines[0], names) and any(
        writes_name_head(line, names) for line in lines[1:]
    )


def title_only_reference(client: str, title: str) -> str:
    """The name a matter without a reference is filed under: `<client> / <folder title>`."""
    return f"{client} / {title}" if client else title


def convention_of(conn: Connection, source_id: str, cache: dict[str, Any]) -> MatterConvention:
    key = f"matter_convention:{source_id}"
    if key not in cache:
        cache[key] = MatterConvention.model_validate(matter_convention(conn, source_id) or {})
    return cache[key]


def filed_names(convention: MatterConvention, paths: list[str]) -> dict[str, list[str]]:
    """Matter folder -> the names of the files filed below it (one pass over the paths)."""
    folders = matter_folder_paths(convention)
    files: dict[str, list[str]] = {f: [] for f in folders}
    for p in paths:
        folder = folder_of(p, folders)
        if folder is not None:
            files[folder].append(p.rsplit("/", 1)[-1])
    return files


def _known(
    convention: MatterConvention,
    matters: list[Matter],
    files: dict[str, list[str]],
    scheme: ReferenceScheme,
) -> dict[str, KnownMatter]:
    """Known matters by key: the discovered matter folders, then the ledger's matters."""
    known: dict[str, KnownMatter] = {}
    # A matter in the ledger filed in a title-only folder (its documents name its reference)
    # is that folder's matter: it lends the folder its reference.
    filed_as: dict[str, Matter] = {}
    for matter in matters:
        if scheme.is_reference(matter.reference_number):
            for f in matter.folders:
                filed_as.setdefault(f, matter)
    for m in convention.matter_folders:
        ref = m.reference or title_only_reference(m.client, m.title)
        key = m.key or scheme.key(ref)
        if m.key is None and m.path in filed_as:
            ref, key = filed_as[m.path].reference_number, filed_as[m.path].reference_key
        if key in known:
            # One matter filed in two folders (`2023/…/CM-2023-118`, `2024/…/CM-2023-118`).
            known[key].file_names.extend(files[m.path])
            continue
        known[key] = KnownMatter(key, ref, m.title, m.client, m.path, files[m.path])
    folders = {m.folder: k for k, m in known.items()}
    for matter in matters:
        if matter.reference_number.startswith(PLACEHOLDER_PREFIX):
            continue
        if any(f in folders and folders[f] != matter.reference_key for f in matter.folders):
            continue  # a second matter for a folder that already has one: not a new name
        entry = known.get(matter.reference_key)
        if entry is None:
            known[matter.reference_key] = KnownMatter(
                matter.reference_key, matter.reference_number, matter.title
            )
        elif matter.title and matter.title not in entry.title:
            entry.title = f"{entry.title} {matter.title}"
    return known


_NOWHERE: Final = KnownMatter("", "", "")


def _add_profiles(
    conn: Connection,
    source_id: str,
    convention: MatterConvention,
    known: dict[str, KnownMatter],
    cache: dict[str, Any],
) -> None:
    """A loose file is matched against what the matters' filed documents say, too; it waits
    until all of them are converted so its answer does not depend on processing order."""
    waiting = unconverted_filed(conn, source_id, convention)
    if waiting:
        raise InfrastructureError(
            f"waiting for {waiting} document(s) in matter folders to convert: a file outside"
            " every matter folder is matched against their text",
            reason="matter folders still converting",
        )
    key = f"matter_heads:{source_id}"
    if key not in cache:
        cache[key] = filed_heads(conn, source_id, convention)
    heads, numbers = cache[key]
    for entry in known.values():
        if entry.folder:
            entry.heads = heads.get(entry.folder, [])
            entry.register_numbers = numbers.get(entry.folder, set())


def _candidates(
    path: str,
    excerpt: str,
    subject: str | None,
    folder: DiscoveredMatter | None,
    known: dict[str, KnownMatter],
    scheme: ReferenceScheme,
    copies: list[DiscoveredMatter] | None = None,
    written_outside: bool = False,
) -> list[ReferenceCandidate]:
    out: list[ReferenceCandidate] = []
    copies = copies or []
    by_folder = _folder_titles(path, scheme)

    def add(
        ref: str,
        key: str,
        origin: Origin,
        title: str = "",
        score: float = 0.0,
        filed: str = "",
        by_folder_title: bool = False,
    ) -> None:
        # Content mentions keep their full ranking (the runner-up tells whether one stands out).
        if origin != "content" and any(c.key == key for c in out):
            return
        entry = known.get(key)
        creatable = origin in STRONG_ORIGINS or (entry is not None and entry.folder)
        out.append(
            ReferenceCandidate(
                # A mention is filed under the known matter's own written form; a marker too
                # when a matter folder writes it (`2023_0542` for "Unser Zeichen 2023/0542"):
                # the folder is known before any file is read, so the spelling a matter is
                # created with does not depend on which of its files is classified first.
                reference=(
                    entry.reference
                    if entry and (entry.folder or origin not in STRONG_ORIGINS)
                    else ref
                ),
                key=key,
                origin=origin,
                folder_title=title or (entry.title if entry else ""),
                known=entry is not None,
                may_create=bool(creatable),
                score=score,
                filed_in=filed or (entry.folder if entry else ""),
                named_by_folder=by_folder_title,
            )
        )

    found = scheme.ranked(path, excerpt, subject, received=written_outside)
    if written_outside:
        # Opposing counsel's "Unser Zeichen: 2024/118-KH" above the quoted history is their
        # reference. The subject and the quoted history may still carry the firm's.
        headers = HEADER_BLOCK.match(excerpt)
        quote = QUOTE_START.search(excerpt, headers.end() if headers else 0)
        own_part = quote.start() if quote else len(excerpt)
        in_subject = {f.key for f in scheme.find_in_text(subject or "", "subject")}
        found = [
            f
            for f in found
            if not (
                f.origin == "marker"
                and f.key not in known
                and f.key not in in_subject
                and f.position < own_part
            )
        ]
    for f in found:
        if f.origin == "marker":
            # Inside a title-only matter folder, a marker naming no other known matter names
            # this folder's matter: the folder's title, and the folder is where it is filed.
            own = (
                folder is not None and folder.key is None and not known.get(f.key, _NOWHERE).folder
            )
            add(
                f.reference,
                f.key,
                "marker",
                folder.title if own and folder else by_folder.get(f.key, ""),
                filed=folder.path if own and folder else "",
                by_folder_title=own,
            )
    if folder is not None:
        ref, key = _folder_matter(folder, known, scheme)
        add(ref, key, "folder", folder.title, filed=folder.path, by_folder_title=not folder.key)
    for f in found:
        if f.origin == "path":
            add(f.reference, f.key, "path", by_folder.get(f.key, ""))
    if folder is None and len(copies) == 1:
        # A loose copy ("Kopie von 00041231_3.docx") of a file filed in one matter's folder.
        copy = copies[0]
        ref, key = _folder_matter(copy, known, scheme)
        add(ref, key, "copy", copy.title, filed=copy.path, by_folder_title=not copy.key)
    for f in found:
        if f.origin in ("subject", "text") and f.key in known:
            add(f.reference, f.key, f.origin)
    content = "\n".join([subject or "", path.rsplit("/", 1)[-1], excerpt])
    literal = literal_mentions(content, [k.reference for k in known.values() if k.folder])
    for entry in known.values():
        if entry.reference in literal:
            add(entry.reference, entry.key, "text")
    numbers = register_numbers(content)
    for mention in rank_mentions(known.values(), content, numbers)[:CONTENT_CANDIDATES]:
        entry = known[mention.key]
        add(entry.reference, entry.key, "content", entry.title, mention.score)
    return out


def _folder_matter(
    folder: DiscoveredMatter, known: dict[str, KnownMatter], scheme: ReferenceScheme
) -> tuple[str, str]:
    """(reference, key) of a matter folder's matter; a title-only folder's known entry
    carries the reference its files lent it, if they did."""
    if folder.key is not None and folder.reference is not None:
        return folder.reference, folder.key
    entry = next((k for k in known.values() if k.folder == folder.path), None)
    if entry is not None:
        return entry.reference, entry.key
    ref = title_only_reference(folder.client, folder.title)
    return ref, scheme.key(ref)


def _folder_titles(path: str, scheme: ReferenceScheme) -> dict[str, str]:
    """Reference key -> title of the folder that begins with it (deepest folder wins)."""
    titles: dict[str, str] = {}
    for folder in path.split("/")[:-1]:
        m = scheme.leading(folder)
        if m is not None:
            titles[m.key] = scheme.title_of(folder)
    return titles


def build_evidence(ctx: StageContext, body: dict[str, Any]) -> ClassifyEvidence:
    obj = ctx.source_object
    scheme = scheme_for(ctx.settings)
    parent = obj.path.rsplit("/", 1)[0] if "/" in obj.path else ""
    headers = body.get("email") or {}
    subject = headers.get("subject") or None
    # The converted body stores the field name (`from_`); its JSON alias is `from`.
    sender = next(iter(headers.get("from_") or headers.get("from") or []), "")
    excerpt = body.get("text", "")[:TEXT_LIMIT]
    with ctx.engine.connect() as conn:
        hood = neighbourhood(conn, obj.source_id, obj.path, ctx.batch_cache)
        titles = known_titles(conn, obj.source_id, obj.path)
        convention = convention_of(conn, obj.source_id, ctx.batch_cache)
        files_key = f"matter_files:{obj.source_id}"
        if files_key not in ctx.batch_cache:
            paths = objects.live_paths(conn, obj.source_id)
            ctx.batch_cache[files_key] = filed_names(convention, paths)
        known = _known(convention, list_matters(conn), ctx.batch_cache[files_key], scheme)
        folder = convention.matter_folder_of(obj.path)
        template = template_sign(obj.path, excerpt, ctx.settings.firm.template_folders)
        if folder is None and template is None:
            _add_profiles(conn, obj.source_id, convention, known, ctx.batch_cache)
        copied = (
            objects.copies_of(conn, obj.source_id, obj.content_hash, obj.id)
            if obj.content_hash and obj.parent_id is None
            else []
        )
    # The matter folders copies of this file are filed in (one matter, or it says nothing).
    filed = {f.path: f for f in map(convention.matter_folder_of, copied) if f is not None}
    copies = list(filed.values()) if len({f.key or f.path for f in filed.values()}) == 1 else []
    return ClassifyEvidence(
        path=obj.path,
        filename=obj.path.rsplit("/", 1)[-1],
        parent_folder=parent,
        parent_folder_title=scheme.title_of(parent.rsplit("/", 1)[-1]) if parent else "",
        email_subject=subject,
        matter_folder=MatterFolder(
            path=folder.path, client=folder.client, reference=folder.reference, title=folder.title
        )
        if folder is not None
        else None,
        folder_neighbourhood=hood,
        known_documents_nearby=titles,
        text_excerpt=excerpt,
        reference_candidates=_candidates(
            obj.path,
            excerpt,
            subject,
            folder,
            known,
            scheme,
            copies[:1],
            written_outside=written_by_the_firm(sender, ctx.settings.firm) is False
            or (not headers and received_letter(excerpt, ctx.settings.firm)),
        ),
        template=template,
    )


def messages(evidence: ClassifyEvidence) -> list[dict[str, str]]:
    return [
        {"role": "system", "content": SYSTEM_PROMPT},
        {"role": "user", "content": INSTRUCTIONS},
        evidence_message(evidence),
    ]
