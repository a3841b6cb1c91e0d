"""The deterministic evidence relate hands the model: who might be a copy, a version, a target.

Every candidate names a path; the model (or the offline policy) must open it before it may
submit it, so these signals steer the search but never decide on their own.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any, Final

from pydantic import BaseModel, Field
from sqlalchemy import Connection, text

from knowledge_index.matters.references import PLACEHOLDER_PREFIX
from knowledge_index.relations import (
    corpus,
    cues,
    defined_terms,
    doc_numbers,
    enclosures,
    filenames,
    lineage,
    mentions,
    minhash,
    targets,
)
from knowledge_index.relations.corpus import DocRow

MAX_CANDIDATES: Final = 12
LINEAGE_FLOOR: Final = 0.6
SCAN_MAX_DOCUMENTS: Final = 400
_SIGNED = ("unterschrift", "unterzeichnet", "signed", "signature", "gez.", "/s/")


class Candidate(BaseModel):
    path: str
    kinds: list[str] = Field(default_factory=list)
    scores: dict[str, float] = Field(default_factory=dict)
    original: bool = Field(
        description="Ranks before this file as the original when the two are copies."
    )
    has_matter: bool = True
    is_child: bool = False
    copy_marker: bool = False
    version: int | None = None
    label: str | None = None
    state_date: dt.date | None = Field(
        None, description="The state the text is in ('Stand: ...' in its name or at its top)."
    )
    heading: str = ""
    format: str | None = None
    cue: str = ""


class Signals(BaseModel):
    is_child: bool = False
    family_key: str
    filename_version: int | None
    filename_label: str | None
    state_date: dt.date | None = None
    content_label: str | None
    has_revisions: bool
    cues: list[cues.Cue]
    candidates: list[Candidate]
    signature: list[int] | None = None

    def candidate(self, path: str) -> Candidate | None:
        return next((c for c in self.candidates if c.path == path), None)


def content_label(body: dict[str, Any], name: filenames.FilenameSignals) -> str | None:
    """A label from the file itself when the name gives none."""
    if name.label:
        return name.label
    if body.get("revisions"):
        return "redline"
    txt = (body.get("text") or "").lower()
    if body.get("format") == "pdf" and any(w in txt[-3_000:] for w in _SIGNED):
        return "executed"
    return None


def _spaced(stem: str) -> str:
    # "BGB_Stand_2012-08-03": a name's separators are spaces to the date reader.
    return stem.replace("_", " ")


def ocr_read(body: dict[str, Any]) -> bool:
    """The text was read by OCR (a scan or a photo), not taken from a text layer.

    `corpus.DocRow.scanned` is the same test written in SQL for the rows relate lists."""
    provenance = body.get("provenance") or {}
    return body.get("format") == "image" or bool(provenance.get("ocr_pages"))


# The editable file is the original of its print, the print of its scan or photo.
_PRINT_RANK: Final = {"pdf": 1, "png": 2, "jpg": 2, "jpeg": 2, "tif": 2, "tiff": 2}


def original_rank(path: str, mtime_ns: int | None) -> tuple[int, int, bool, float, str]:
    """Which of two files with the same text is the original: the editable file before its
    print and the print before a scan (near-duplicates across formats); of byte-identical
    files a mail's attachment (what was sent), then a name without a copy marker ("- Kopie",
    "Copy of", "(2)"), then the older file, then the path.

    Names, containment and file times only, so the answer is the same whichever file was
    discovered or related first.
    """
    return (
        _PRINT_RANK.get(filenames.extension(path), 0),
        0 if "!/" in path else 1,
        filenames.signals(path).copy_marker,
        float(mtime_ns) if mtime_ns is not None else float("inf"),
        path,
    )


def _like(value: str) -> str:
    return value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _unassigned(conn: Connection, source_id: str, exclude: str) -> list[DocRow]:
    """The source's files classify_matter settled outside every matter (a placeholder).

    Not the files that are merely not classified yet: whether a file is still waiting when
    another relates is a matter of timing, and a file that later joins another matter would
    keep a target it only had because it was read early."""
    rows = conn.execute(
        text(
            "SELECT o.id FROM source_objects o"
            " JOIN artifacts art ON art.kind = 'structured_json'"
            " AND art.content_hash = o.content_hash"
            " JOIN matter_assignments a ON a.source_object_id = o.id"
            " JOIN matters m ON m.id = a.matter_id"
            " WHERE o.source_id = :s AND o.deleted_at IS NULL AND o.id <> :x"
            " AND m.reference_number LIKE :placeholder"
            " ORDER BY o.path LIMIT 200"
        ),
        {"s": source_id, "x": exclude, "placeholder": PLACEHOLDER_PREFIX + "%"},
    ).scalars()
    return sorted(corpus.documents(conn, list(rows)).values(), key=lambda d: d.seq)


def compute(
    conn: Connection,
    *,
    source_object_id: str,
    source_id: str,
    path: str,
    content_hash: str | None,
    matter_id: str,
    body: dict[str, Any],
    cache: dict[str, Any] | None = None,
) -> Signals:
    txt = body.get("text") or ""
    revisions = body.get("revisions") or []
    name = filenames.signals(path)
    sig = minhash.signature(txt) if minhash.has_words(txt) else None
    ocr = sig is not None and ocr_read(body)
    found: dict[str, Candidate] = {}
    rows: dict[str, DocRow] = {}
    # One claim chunk shares the matter's document list: a file converted since is found from
    # its own side when it relates.
    cache = cache if cache is not None else {}
    key = f"relate:matter_docs:{matter_id}"
    if key not in cache:
        cache[key] = corpus.matter_documents(conn, matter_id)
    matter_docs: list[DocRow] = cache[key]
    by_id = {d.id: d for d in matter_docs}
    # This file is in its matter's list (its own row there has the same mtime): no read of it.
    me = by_id.get(source_object_id) or corpus.documents(conn, [source_object_id]).get(
        source_object_id
    )
    my_rank = original_rank(path, me.mtime_ns if me else None)

    def add(row: DocRow, kind: str, score: float | None = None, cue: str = "") -> None:
        if row.id == source_object_id:
            return
        rows[row.id] = row
        c = found.get(row.id)
        if c is None:
            s = filenames.signals(row.path)
            c = Candidate(
                path=row.path,
                original=original_rank(row.path, row.mtime_ns) < my_rank,
                has_matter=row.matter_id is not None,
                is_child=row.parent_id is not None,
                copy_marker=s.copy_marker,
                version=s.version,
                label=s.label,
                state_date=cues.state_date(_spaced(s.stem)) or cues.state_date(row.lead),
                heading=row.head[:160],
                format=row.format,
            )
            found[row.id] = c
        if kind not in c.kinds:
            c.kinds.append(kind)
        if score is not None:
            c.scores[kind] = round(max(score, c.scores.get(kind, 0.0)), 3)
        if cue and not c.cue:
            c.cue = cue

    if content_hash:
        copies = corpus.same_hash(conn, content_hash, source_object_id)
        for row in copies:
            add(row, "exact_duplicate", 1.0)
        if "!/" not in path:
            # A loose file that is also a mail's attachment was sent with that mail.
            parents = corpus.documents(conn, sorted({r.parent_id for r in copies if r.parent_id}))
            for mail in sorted(parents.values(), key=lambda d: d.path):
                if mail.format == "email":
                    add(mail, "attachment_of", 1.0)
    if sig is not None:
        for neighbour_id, other in corpus.band_neighbours(
            conn, source_object_id, minhash.band_keys(sig), matter_id
        ):
            j = minhash.jaccard(sig, other)
            if j >= minhash.FAMILY and neighbour_id in by_id:
                add(
                    by_id[neighbour_id],
                    "near_duplicate" if j >= minhash.NEAR_DUPLICATE else "similar",
                    j,
                )
    # A scan or photo of some pages (the signature page, the first page of the lease) shares
    # too few shingles with the whole document to be its band neighbour.
    scanned = (
        _pages_held(conn, txt, name.date, matter_docs, source_object_id, cache) if ocr else None
    )
    if scanned is not None:
        add(scanned[1], "scan_of", scanned[0])
    if name.family_key:
        for d in matter_docs:
            if d.id != source_object_id and filenames.signals(d.path).family_key == name.family_key:
                add(d, "same_family")
    if revisions:
        # The version a redline was made against still holds the deleted text.
        deleted = sorted(
            (r.get("text") or "").strip()
            for r in revisions
            if r.get("kind") in ("delete", "paragraph_delete")
        )
        snippets = sorted((d for d in deleted if len(d) >= 12), key=len, reverse=True)[:3]
        for d in corpus.containing(
            conn, matter_id, [_like(x[:200]) for x in snippets], source_object_id
        ):
            add(d, "contains_my_deletions")
    # Content and tracked changes decide for the family candidates and neighbours.
    for candidate_id in list(found):
        other_body = corpus.cached_body_of(conn, rows[candidate_id].content_hash, cache) or {}
        other_text = other_body.get("text") or ""
        c = found[candidate_id]
        if sig is not None and "exact_duplicate" not in c.kinds:
            j = minhash.jaccard(sig, minhash.signature(other_text))
            if j >= minhash.NEAR_DUPLICATE:
                add(rows[candidate_id], "near_duplicate", j)
            elif j >= minhash.FAMILY:
                add(rows[candidate_id], "similar", j)
                if ocr_read(body) or ocr_read(other_body):
                    # OCR misreads characters, which breaks shingles but not most words; a
                    # scan of a page holds (nearly) only words of the original.
                    held = minhash.word_containment(txt, other_text)
                    if held >= minhash.SCAN_CONTAINMENT:
                        add(rows[candidate_id], "near_duplicate", held)
        if revisions:
            s = lineage.made_against_score(revisions, other_text)
            if s >= LINEAGE_FLOOR:
                add(rows[candidate_id], "made_against", s)
            s = lineage.accepted_by_score(revisions, other_text)
            if s >= LINEAGE_FLOOR and "exact_duplicate" not in c.kinds:
                add(rows[candidate_id], "accepts_my_changes", s)
        other_revisions = other_body.get("revisions") or []
        if other_revisions:
            s = lineage.made_against_score(other_revisions, txt)
            if s >= LINEAGE_FLOOR:
                add(rows[candidate_id], "redlined_against_me", s)
            s = lineage.accepted_by_score(other_revisions, txt)
            if s >= LINEAGE_FLOOR:
                add(rows[candidate_id], "i_accept_its_changes", s)
    family_ids = set(found)
    found_cues = cues.find_cues(txt, path.rsplit("/", 1)[-1])
    found_cues += _named_cues(txt, found_cues)
    my_date = cues.letter_date(txt) or name.date
    pool = matter_docs + _unassigned(conn, source_id, source_object_id)
    pooled = {d.id for d in pool}
    my_folder = path.rsplit("/", 1)[0]
    cited_exhibits, own_exhibits = _exhibits_cited(conn, txt, matter_id, me, matter_docs)
    for cue in found_cues:
        citing = (
            corpus.mentioning(conn, matter_id, cues.label_pattern(cue.label), source_object_id)
            if cue.label
            else set()
        )
        scored = [
            (targets.score(cue, d, my_folder, citing), d)
            for d in pool
            if d.id != source_object_id and d.id not in family_ids
        ]
        if cue.kind == "references":
            # The exhibit annexed to this filing is its own, not a document it refers to.
            scored = [(x, d) for x, d in scored if d.id not in own_exhibits]
        latest = cue.kind == "annex_of"
        if cue.named_kind:
            # A name alone stands for a document of this matter only.
            in_matter = [(x, d) for x, d in scored if x > 0 and d.id in by_id]
            if cue.named_kind == defined_terms.AMENDMENT:
                # "dem 1. Nachtrag": the number, not the words, names it ("1. Nachtrag zum
                # Mietvertrag" is "Nachtrag Nr. 1"); `_named_alone` checks title and number.
                in_matter = [(max(x, NAMED_NUMBER_SCORE), d) for x, d in scored if d.id in by_id]
            best = _named_alone(cue, in_matter, my_date)
        else:
            best = targets.best([(x, d) for x, d in scored if x > 0], latest=latest)
        title = _wider_title(cue)
        if best is None and title and cue.date is not None:
            # Named by title and date but not in this matter: the estate (another matter of
            # the client, a misfiled copy) is searched for the same title.
            wider = corpus.headed_like(conn, source_id, title, source_object_id)
            # Outside the matter only the title and the date together are evidence enough.
            rescored = [
                (targets.score(cue, d, my_folder, citing), d)
                for d in wider
                if d.id not in pooled
                and d.id not in family_ids
                and cue.date in targets.cue_dates(cue, d)
            ]
            best = targets.best([(x, d) for x, d in rescored if x > 0], latest=latest)
        if best is not None:
            score, d = best
            add(d, cue.kind, score, cue=cue.quote)
    # Cues of their own, so a model (and the offline policy) sees what names these targets.
    if not any(c.kind == "responds_to" and c.date is not None for c in found_cues):
        answered = _pleading_answered(me, matter_docs)
        if answered is not None:
            kind_title = _title_line(answered)
            found_cues.append(cues.Cue(kind="responds_to", phrase=kind_title, quote=kind_title))
            add(answered, "responds_to", ANSWERED_PLEADING_SCORE, cue=kind_title)
    for exhibit, label in cited_exhibits:
        found_cues.append(cues.Cue(kind="references", phrase=label, quote=label, label=label))
        add(exhibit, "references", EXHIBIT_CITED_SCORE, cue=label)
    for enclosure, item in _enclosed(txt, me, matter_docs, family_ids, my_date):
        found_cues.append(cues.Cue(kind="references", phrase=item, quote=item))
        add(enclosure, "references", ENCLOSED_SCORE, cue=item)
    for numbered, number in _numbers_cited(conn, txt, source_id, me, family_ids):
        found_cues.append(cues.Cue(kind="references", quote=number, label=number))
        add(numbered, "references", NUMBER_CITED_SCORE, cue=number)
    ranked = [
        c for _, c in sorted(found.items(), key=lambda kv: (-_weight(kv[1]), rows[kv[0]].seq))
    ]
    # A long version family (drafts, prints, copies, the signed scan) fills the list on its own;
    # the document a cue names is still shown: at most one per cue or exhibit, so bounded.
    shown = ranked[:MAX_CANDIDATES] + [
        c for c in ranked[MAX_CANDIDATES:] if targets.CITED_KINDS.intersection(c.kinds)
    ]
    return Signals(
        is_child="!/" in path,
        family_key=name.family_key,
        filename_version=name.version,
        filename_label=name.label,
        state_date=cues.state_date(_spaced(name.stem)) or cues.state_date(txt),
        content_label=content_label(body, name),
        has_revisions=bool(revisions),
        cues=found_cues,
        candidates=shown,
        signature=sig,
    )


def _named_cues(txt: str, found: list[cues.Cue]) -> list[cues.Cue]:
    """Citations by name alone, for the kinds no dated or typed cue of the file names."""
    own_kind = cues.title_kind(cues.top_lines(txt[:3_000], 6))
    cited = {cues.cited_kind(n) for c in found for n in c.nouns}
    cited |= {cues.cited_kind(c.phrase) for c in found if c.phrase}
    return [
        cues.Cue(
            kind="references",
            # "Nachtrag Nr. 1": the number picks one of the matter's documents of the kind.
            phrase=n.name if n.number is None else f"{n.name} Nr. {n.number}",
            quote=n.quote,
            nouns=[n.name.lower()],
            named_kind=n.kind,
        )
        for n in defined_terms.named_documents(mentions.own_words(txt), own_kind)
        if n.kind not in cited or n.number is not None
    ]


def _named_alone(
    cue: cues.Cue, scored: list[tuple[float, DocRow]], my_date: dt.date | None
) -> tuple[float, DocRow] | None:
    """The one document of the matter a name alone can stand for: of the kind by its title,
    written before the citing file, one title among them (the versions of one document share
    it) or one titled by nothing but a name of the kind ("DEFENCE", not "Defence - notes")."""
    fits: list[tuple[float, DocRow, str]] = []
    number = defined_terms.number_in(cue.phrase)
    amendment = cue.named_kind == defined_terms.AMENDMENT
    dependent = cue.named_kind in (defined_terms.AMENDMENT, defined_terms.SIDE_LETTER)
    for value, d in scored:
        if dependent:
            title = next(
                (
                    x
                    for x in targets.amending_titles(d.path, d.lead or d.head)
                    if amendment or cues.cited_kind(x) == cue.named_kind
                ),
                "",
            )
        else:
            title = _title_line(d)
            title = title if title and cues.document_kind(title) == cue.named_kind else ""
        if not title:
            continue
        if number is not None and number not in {
            defined_terms.number_in(title),
            defined_terms.number_in(filenames.signals(d.path).stem),
        }:
            continue
        # Any date of its own after the citing file's (the first date at its top may be one
        # it cites) puts it later.
        own = targets.own_dates(d.path, d.lead)
        if my_date is not None and own and max(own) > my_date:
            continue
        fits.append((value, d, title))
    if len({cues.compact(t) for _, _, t in fits}) > 1 and not dependent:
        fits = [f for f in fits if cues.kind_named_exactly(f[2]) == cue.named_kind]
    titles = {cues.compact(t) for _, _, t in fits}
    return targets.best([(v, d) for v, d, _ in fits]) if len(titles) == 1 else None


# As strong as a dated citation by kind: the label names one file of the matter.
EXHIBIT_CITED_SCORE: Final = 4.0
NUMBER_CITED_SCORE: Final = 4.0
NAMED_NUMBER_SCORE: Final = 2.0  # an amendment named by its number alone
ENCLOSED_SCORE: Final = 3.0  # the kind only: below a citation by kind and date
_MAX_NUMBERS: Final = 8  # numbers per file looked up (a ledger of invoices cites dozens)


# A defence answers the claim, a reply the defence, a rejoinder the reply: by kind, in the same
# matter, when the pleading does not date what it answers ("Ich werde beantragen, die Klage
# abzuweisen").
_ANSWERS: Final = {
    "court.statement_of_defence": "court.statement_of_claim",
    "replik": "court.statement_of_defence",
    "reply": "court.statement_of_defence",
    "reply to defence": "court.statement_of_defence",
    "duplik": "court.reply",
    "rejoinder": "court.reply",
}
ANSWERED_PLEADING_SCORE: Final = 2.0


def _title_line(d: DocRow) -> str:
    """The file's title line that names a kind of document (short, no sentence), else ''."""
    for line in cues.top_lines(d.lead or d.head, 8):
        if len(line) <= 60 and not line.endswith(".") and cues.document_kind(line):
            return line
    return ""


def _title_kind(d: DocRow) -> str | None:
    line = _title_line(d)
    return cues.document_kind(line) if line else None


def _pleading_answered(me: DocRow | None, matter_docs: list[DocRow]) -> DocRow | None:
    """The pleading this one answers by its kind: the latest of the answered kind filed before
    it (an amended claim replaces the claim), the filed original among its copies."""
    if me is None:
        return None
    # Its own title is the pleading's name alone ("Klageerwiderung", "Replik"), not a letter's
    # subject that mentions one ("Klageerwiderung der Gegenseite vom ...").
    title = next(
        (
            x
            for x in cues.top_lines(me.lead or me.head, 8)
            if len(x.split()) <= 3 and cues.document_kind(x)
        ),
        "",
    )
    answered = _ANSWERS.get(title.strip().casefold()) or _ANSWERS.get(
        cues.document_kind(title) or ""
    )
    if answered is None:
        return None
    mine = _citation_order(me)[0]
    filed = {
        d.id: day
        for d in matter_docs
        if d.id != me.id
        and d.format != "email"
        and _title_kind(d) == answered
        and (day := _citation_order(d)[0]) <= mine
    }
    if not filed:
        return None
    latest = max(filed.values())
    picked = targets.best([(1.0, d) for d in matter_docs if filed.get(d.id) == latest])
    return picked[1] if picked else None


def _exhibits_cited(
    conn: Connection, txt: str, matter_id: str, me: DocRow | None, matter_docs: list[DocRow]
) -> tuple[list[tuple[DocRow, str]], set[str]]:
    """The court exhibits this file cites by label ("§ 6 des Werkliefervertrags (Anlage K 1)"):
    (those it refers to, with their labels; the ids of those annexed to it). An exhibit is
    annexed to the first filing citing it, and every later one (the reply, the defence, the
    settlement) refers to it.

    The first citer is the earliest by its own date (then by arrival), the same for every
    reader, so each later citer decides alike whatever order the matter is related in."""
    if me is None:
        return [], set()
    # Both sides are written by `exhibit_labels`, so equal labels are equal strings.
    labels = set(cues.exhibit_labels(txt))
    if not labels:
        return [], set()
    out: list[tuple[DocRow, str]] = []
    own: set[str] = set()
    by_id = {d.id: d for d in matter_docs}
    mine = _citation_order(me)[0]
    for d in matter_docs:
        if d.id == me.id or d.format == "email":
            continue
        label = cues.exhibit_label(d.lead or d.head, d.path.rsplit("/", 1)[-1])
        if label not in labels:
            continue
        citing = corpus.mentioning(conn, matter_id, cues.label_pattern(label), d.id)
        citers = [by_id[i] for i in citing if i in by_id] or [me]
        first = min(citers, key=_citation_order)
        # A filing of the same day is the first one's other copy (the draft and the PDF as
        # filed): it carries the exhibit too, and refers to nothing.
        if _citation_order(first)[0] != mine:
            out.append((d, label))
        else:
            own.add(d.id)
    return out, own


def _enclosed(
    txt: str,
    me: DocRow | None,
    matter_docs: list[DocRow],
    family: set[str],
    my_date: dt.date | None,
) -> list[tuple[DocRow, str]]:
    """The documents a letter says it encloses: of each kind it names, the matter's latest
    written on or before the letter (the version that went out with it); without the letter's
    date, only the matter's one document of that kind."""
    if me is None or me.format == "email":
        return []
    items = enclosures.enclosed(mentions.own_words(txt), cues.cited_kind)
    # A contract's, a deed's or a pleading's "Anlagen" are its own annexes or exhibits.
    mine = _named_kind(me) if items else None
    if not items or (mine is not None and mine.split(".", 1)[0] in _ANNEXING_FAMILIES):
        return []
    others = [
        (d, _named_kind(d))
        for d in matter_docs
        if d.id != me.id
        and d.id not in family
        and d.format != "email"
        and d.content_hash != me.content_hash
    ]
    out: list[tuple[DocRow, str]] = []
    for item in items:
        fits = [d for d, kind in others if kind == item.kind]
        if _DRAFT_NAMED.search(item.quote):
            # A draft went out with the letter: not the signed copy, not a scan.
            fits = [
                d
                for d in fits
                if filenames.signals(d.path).label not in ("final", "executed")
                and d.format != "image"
            ]
        dated = [(_written(d), d) for d in fits]
        if my_date is not None:
            dated = [(w, d) for w, d in dated if w is None or w <= my_date]
        elif len(dated) != 1:
            continue
        if dated:
            _, best = max(dated, key=lambda wd: (wd[0] or dt.date.min, _enclosure_rank(wd[1])))
            out.append((best, item.quote))
    return out


def _named_kind(d: DocRow) -> str | None:
    """The kind a file is, by its name first: a spreadsheet's first rows are table cells, not
    its title."""
    return cues.cited_kind(filenames.signals(d.path).stem) or _title_kind(d)


_ANNEXING_FAMILIES: Final = frozenset({"contract", "corporate", "court"})
_DRAFT_NAMED: Final = re.compile(r"(?i:entwurf|draft|mark-?up|anmerkungen|änderungen|comments)")


def _written(d: DocRow) -> dt.date | None:
    """The date a version goes by: in its name or as the state its top says it is in (a
    contract's first date is often one it cites, so not that)."""
    return filenames.signals(d.path).date or cues.state_date(d.lead or d.head)


def _enclosure_rank(d: DocRow) -> tuple[int, bool, bool, str]:
    """Among equally dated versions: the highest numbered, the loose file, the original, then
    the path (a stable order, whatever order the files arrived in)."""
    s = filenames.signals(d.path)
    return (s.version or _draft_number(d.path), d.parent_id is None, not s.copy_marker, d.path)


def _draft_number(path: str) -> int:
    """ "draft 2", "Entwurf 3", "v4" in a file name: the version it says it is, else 0."""
    m = re.search(
        r"(?i:(?:draft|entwurf|version|fassung|v)\s*(\d{1,2}))(?!\d)", path.rsplit("/", 1)[-1]
    )
    return int(m.group(1)) if m else 0


def _numbers_cited(
    conn: Connection, txt: str, source_id: str, me: DocRow | None, family: set[str]
) -> list[tuple[DocRow, str]]:
    """The documents this file cites by their own number (a deed's roll number, an invoice's),
    anywhere in the source: the one named or headed by it, its first copy on the share."""
    if me is None:
        return []
    mine = doc_numbers.owned(me.path, me.lead or me.head)
    out: list[tuple[DocRow, str]] = []
    for number in doc_numbers.cited(txt)[:_MAX_NUMBERS]:
        if number in mine:
            continue
        owners = [
            d
            for d in corpus.numbered(conn, source_id, doc_numbers.pattern(number), me.id)
            if d.id not in family
            and d.content_hash != me.content_hash
            and number in doc_numbers.owned(d.path, d.lead or d.head)
        ]
        if owners:
            first = min(
                owners, key=lambda d: (d.parent_id is not None, original_rank(d.path, d.mtime_ns))
            )
            out.append((first, number))
    return out


def _citation_order(d: DocRow) -> tuple[int, int]:
    own = targets.own_dates(d.path, d.lead)
    return (min(own).toordinal() if own else dt.date.max.toordinal(), d.seq)


def _pages_held(
    conn: Connection,
    txt: str,
    scanned_on: dt.date | None,
    matter_docs: list[DocRow],
    me: str,
    cache: dict[str, Any],
) -> tuple[float, DocRow] | None:
    """The matter's document that holds (nearly) all of a scan's words, the one holding most.

    OCR misreads characters, which breaks shingles but not most words. Pages shared by every
    version (a lease's first page) hold equally: then the version dated the day the scanner
    named the file (paper is scanned when it is signed), then as targets rank them, the
    signed version first. The newest SCAN_MAX_DOCUMENTS only, their texts in one query, so a
    scan in a huge matter costs a bounded read."""
    pool = [
        d
        for d in matter_docs[-SCAN_MAX_DOCUMENTS:]
        if d.id != me and d.format != "email" and d.content_hash
    ]
    texts = corpus.cached_texts(conn, [d.content_hash for d in pool if d.content_hash], cache)
    held = []
    for d in pool:
        share = minhash.held_words(txt, texts.get(d.content_hash or "", ""))
        if share >= minhash.SCAN_CONTAINMENT:
            held.append((round(share, 2), d))
    most = max((share for share, _ in held), default=0.0)
    top = [(share, d) for share, d in held if share == most]
    dated = [x for x in top if scanned_on in targets.own_dates(x[1].path, x[1].lead, x[1].tail)]
    return targets.best(dated or top)


# A title written in capitals before its kind noun ("Senior Facility Agreement"): English
# documents are cited by such titles, and a German text citing one keeps them.
_TITLE_RUN: Final = re.compile(r"(?:\b[A-Z][\w&-]*\s+){1,5}$")
_DETERMINER: Final = re.compile(
    r"(?i:the|this|that|these|our|your|their|its|der|die|das|dem|den|des|ein|eine[mns]?"
    r"|unser(?:e[mnrs]?)?|ihr(?:e[mnrs]?)?)"
)


def _wider_title(cue: cues.Cue) -> str:
    """What the estate is searched for when a cue's target is not in the matter: a reference's
    most telling kind noun ("Mietvertrag"), or the capitalised title it ends ("Senior Facility
    Agreement"), never a bare draft or letter; else the title."""
    if cue.kind != "references":
        return cue.phrase
    noun = max(cue.nouns, key=len, default="")
    if noun and targets.specific(noun):
        return noun
    for word in cue.phrase.split():
        if noun and word.lower().startswith(noun):
            at = cue.phrase.index(word)
            run = _TITLE_RUN.search(cue.phrase[:at])
            words = run.group(0).split() if run else []
            while words and _DETERMINER.fullmatch(words[0]):
                words = words[1:]
            if words:
                return " ".join([*words, word.strip(" ,.;:")])
    return ""


_WEIGHTS: Final = {
    "exact_duplicate": 100,
    "made_against": 60,
    "redlined_against_me": 55,
    "near_duplicate": 50,
    "scan_of": 50,
    "i_accept_its_changes": 45,
    "accepts_my_changes": 45,
    "attachment_of": 40,
    "annex_of": 40,
    "amends": 40,
    "responds_to": 40,
    "same_family": 30,
    "similar": 20,
    "references": 40,
}


def _weight(c: Candidate) -> float:
    return sum(_WEIGHTS.get(k, 0) for k in c.kinds) + sum(c.scores.values())
