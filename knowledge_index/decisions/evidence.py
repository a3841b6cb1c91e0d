"""Decision evidence from a converted redline: tracked changes grouped by paragraph, with comments.

A locus is one paragraph that carries revisions: the paragraph as Word shows it (changes
accepted), what was inserted, what was deleted, what was moved, and the comments anchored there.
A locus is substantive when its change alters wording beyond whitespace, punctuation, case,
numbering or a typo-level edit, or when a comment explains it (a comment that itself says
"typo"/"Formatierung" does not count). `no_revision_evidence`: the document has no revisions;
`no_decision_evidence`: it has revisions, but every locus is editorial.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from knowledge_index.decisions.clause_ref import (
    HEADING_MAX_CHARS,
    ClauseRef,
    clause_reference,
    locate,
    read_label,
    reference_style,
    squash,
)

ChangeType = Literal["inserted", "deleted", "modified", "moved"]
CHANGE_TYPES: Final[tuple[str, ...]] = ("inserted", "deleted", "modified", "moved")
NO_REVISION_EVIDENCE: Final = "no_revision_evidence"
NO_DECISION_EVIDENCE: Final = "no_decision_evidence"

# A whole change segment that is only list/section numbering: "3.", "(b)", "§ 4", "iv)".
# A bare number is an amount or a period, never numbering: it needs "3.", "(3)", "3)" or "§ 3".
_NUMBERING_TOKEN: Final = (
    r"(?:§\s*\d+\w?|\d{1,3}(?:\.\d{1,2})*[.)]|\(?[a-z][.)]|\(?[ivxlc]+[.)]|\([a-z0-9]+\))"
)
_NUMBERING: Final = re.compile(rf"^\s*{_NUMBERING_TOKEN}(?:\s+{_NUMBERING_TOKEN})*\s*$", re.I)
_KEEP: Final = re.compile(r"[\W_]+", re.UNICODE)
# Words, numbers with their numbering punctuation ("3.", "(b)", "§ 4", "500.000") and marks.
_TOKEN: Final = re.compile(
    r"§\s*\d+\w?|\(\w{1,5}\)|\d+(?:[.,]\d+)*[.)]?|[^\W\d_]+[.)]?(?=\s|$)|\w+|[^\w\s]"
)
_DIGITS: Final = re.compile(r"\d+(?:[.,]\d+)*")
# Number words change an amount or a period as much as digits do ("zwei Jahre" -> "drei Jahre").
_NUMBER_WORDS: Final = re.compile(
    r"\b(?:zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|zwanzig|dreißig|hundert"
    r"|tausend|halb\w*|doppelt\w*|one|two|three|four|five|six|seven|eight|nine|ten|eleven"
    r"|twelve|twenty|thirty|hundred|thousand|half|double|twice)\b",
    re.I,
)
_NEGATION: Final = re.compile(
    r"\b(?:not|no|never|nicht|kein\w*|nie|ohne|without|unless|sofern|except|ausgenommen)\b", re.I
)
# Comments that describe an editorial change do not make it a decision.
_EDITORIAL_COMMENT: Final = re.compile(
    r"\b(?:typo|tippfehler|schreibfehler|formatting|formatierung|format|numbering|nummerierung"
    r"|redaktionell|editorial|spelling|rechtschreibung|punctuation|zeichensetzung|layout)\b",
    re.I,
)
TYPO_RATIO: Final = 0.8
TYPO_MAX_CHARS: Final = 2


@dataclass
class CommentEvidence:
    id: str
    author: str | None
    text: str
    anchored_text: str
    # The paragraphs its range spans (None: an artifact converted before convert recorded it).
    first_paragraph: int | None = None
    last_paragraph: int | None = None

    @property
    def editorial(self) -> bool:
        return bool(_EDITORIAL_COMMENT.search(self.text))


@dataclass
class Locus:
    paragraph_index: int
    paragraph: str = ""
    inserted: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    moved: list[str] = field(default_factory=list)
    paragraph_marks: int = 0
    moves: int = 0
    comments: list[CommentEvidence] = field(default_factory=list)
    authors: list[str] = field(default_factory=list)
    revision_ids: list[str] = field(default_factory=list)
    # The document's own reference ("§ 5 Abs. 1", "Clause 6.1"; "" when it has no numbering)
    # and the clause's heading line when it has one of its own.
    clause: str = ""
    heading: str = ""
    # The paragraph's wording before and after its changes ("" for older artifacts).
    before: str = ""
    after: str = ""
    # How many paragraphs after this one were merged into it (merge_clause_loci).
    merged: int = 0

    @property
    def locus_id(self) -> str:
        return f"p{self.paragraph_index}"

    @property
    def change_type(self) -> ChangeType:
        """What the tracked changes did: words in and out is a modification."""
        if self.inserted and self.deleted:
            return "modified"
        if self.inserted:
            return "inserted"
        if self.deleted:
            return "deleted"
        return "moved" if self.moves else "modified"

    @property
    def changed_wording(self) -> bool:
        if self.before or self.after:
            # The whole words: Word tracks a fix inside a word as just the letters changed.
            return not is_editorial_rewording(self.before, self.after)
        return not is_editorial_change(self.inserted, self.deleted)

    @property
    def substantive(self) -> bool:
        return self.changed_wording or any(not c.editorial for c in self.comments)

    @property
    def why_editorial(self) -> str:
        if self.moves and not (self.inserted or self.deleted):
            return "moved without change"
        if not (self.inserted or self.deleted):
            return "paragraph marks only"
        return "whitespace, punctuation, numbering or typo-level edit"


@dataclass
class DecisionEvidence:
    loci: list[Locus]
    document_comments: list[CommentEvidence]
    revision_count: int
    comment_count: int

    @property
    def substantive(self) -> list[Locus]:
        return [locus for locus in self.loci if locus.substantive]

    @property
    def skip_reason(self) -> str | None:
        if self.revision_count == 0:
            return NO_REVISION_EVIDENCE
        if not self.substantive:
            return NO_DECISION_EVIDENCE
        return None

    def summary(self) -> dict[str, Any]:
        """Counts and ids only: safe to store (no names, no text)."""
        return {
            "revisions": self.revision_count,
            "comments": self.comment_count,
            "loci": len(self.loci),
            "substantive_loci": [locus.locus_id for locus in self.substantive],
            "editorial_loci": {
                locus.locus_id: locus.why_editorial for locus in self.loci if not locus.substantive
            },
        }


def _squash(value: str) -> str:
    return _KEEP.sub("", value).lower()


def _wording(parts: list[str]) -> list[str]:
    """The change segments that are words: not bare punctuation, whitespace or numbering."""
    return [p for p in parts if _squash(p) and not _NUMBERING.match(p)]


def is_editorial_change(inserted: list[str], deleted: list[str]) -> bool:
    """True when inserted vs deleted differ only in form, not in what the clause says."""
    new, old = " ".join(_wording(inserted)), " ".join(_wording(deleted))
    if _squash(new) == _squash(old):
        return True  # whitespace, punctuation, case, numbering
    if not new.strip() or not old.strip():
        # A pure insertion or deletion of words is a change of substance.
        return False
    if _DIGITS.findall(new) != _DIGITS.findall(old):
        return False  # amounts, periods and dates are never typos
    if [w.lower() for w in _NUMBER_WORDS.findall(new)] != [
        w.lower() for w in _NUMBER_WORDS.findall(old)
    ]:
        return False
    if bool(_NEGATION.search(new)) != bool(_NEGATION.search(old)):
        return False
    a, b = _squash(old), _squash(new)
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    changed = sum(
        max(i2 - i1, j2 - j1) for op, i1, i2, j1, j2 in matcher.get_opcodes() if op != "equal"
    )
    return matcher.ratio() >= TYPO_RATIO and changed <= TYPO_MAX_CHARS


def is_editorial_rewording(before: str, after: str) -> bool:
    """True when every run of words that differs between the two versions is editorial.

    A number is numbering only as the paragraph's own label: "gemäß § 5" -> "gemäß § 4" inside
    the sentence points the clause at another provision, which is a change of substance.
    """
    old, new = _TOKEN.findall(before), _TOKEN.findall(after)
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    return all(
        is_editorial_change([" ".join(new[j1:j2])], [" ".join(old[i1:i2])])
        and not _cross_reference(old, i1, i2)
        and not _cross_reference(new, j1, j2)
        for op, i1, i2, j1, j2 in matcher.get_opcodes()
        if op != "equal"
    )


_REFERENCE_WORDS: Final = frozenset(
    {"art", "artikel", "article", "clause", "section", "ziffer", "ziff", "abs", "absatz"}
    | {"paragraph", "punkt", "pkt", "anlage", "schedule", "annex", "exhibit", "nr", "no"}
)


def _cross_reference(tokens: list[str], start: int, end: int) -> bool:
    """Whether tokens[start:end], past the paragraph's label, hold a reference's number."""
    for k in range(max(start, 1), end):
        token = tokens[k]
        if token.startswith("§"):
            return True
        if token[:1].isdigit() and tokens[k - 1].lower().rstrip(".") in _REFERENCE_WORDS:
            return True
    return False


def _effective_insert(revision: dict[str, Any], nested: dict[str, list[str]]) -> str:
    """An insertion minus what was deleted inside it (never in the older version)."""
    text = str(revision.get("text") or "")
    for removed in nested.get(str(revision.get("revision_id")), []):
        text = text.replace(removed, "", 1)
    return text


def collect(body: dict[str, Any]) -> DecisionEvidence:
    """Group the structured_json's revisions by paragraph and attach the comments."""
    revisions: list[dict[str, Any]] = list(body.get("revisions") or [])
    comments = [
        CommentEvidence(
            id=str(c.get("id")),
            author=c.get("author"),
            text=str(c.get("text") or ""),
            anchored_text=str(c.get("anchored_text") or ""),
            first_paragraph=_int_or_none(c.get("paragraph_index")),
            last_paragraph=_int_or_none(c.get("end_paragraph_index", c.get("paragraph_index"))),
        )
        for c in body.get("comments") or []
    ]
    nested: dict[str, list[str]] = {}
    for r in revisions:
        if r.get("nested_in") and r.get("kind") == "delete":
            nested.setdefault(str(r["nested_in"]), []).append(str(r.get("text") or ""))
    loci: dict[int, Locus] = {}
    for r in revisions:
        index = int(r.get("paragraph_index") or 0)
        locus = loci.setdefault(index, Locus(paragraph_index=index))
        if r.get("context") and not locus.paragraph:
            locus.paragraph = str(r["context"])
        if (r.get("paragraph_before") or r.get("paragraph_after")) and not (
            locus.before or locus.after
        ):
            locus.before = str(r.get("paragraph_before") or "")
            locus.after = str(r.get("paragraph_after") or "")
        if r.get("revision_id"):
            locus.revision_ids.append(str(r["revision_id"]))
        author = r.get("author")
        if author and author not in locus.authors:
            locus.authors.append(str(author))
        kind = r.get("kind")
        if kind == "insert":
            text = _effective_insert(r, nested)
            if text.strip():
                locus.inserted.append(text)
        elif kind == "delete" and not r.get("nested_in"):
            locus.deleted.append(str(r.get("text") or ""))
        elif kind in ("move_from", "move_to"):
            locus.moves += 1
            if kind == "move_to":
                locus.moved.append(str(r.get("text") or ""))
        else:  # paragraph_insert / paragraph_delete: the mark; its words are their own revision
            locus.paragraph_marks += 1
    ordered = [loci[i] for i in sorted(loci)]
    attach_clause_references(body, ordered)
    unplaced: list[CommentEvidence] = []
    for comment in comments:
        target = _anchor(comment, ordered)
        if target is None:
            unplaced.append(comment)
        else:
            target.comments.append(comment)
    return DecisionEvidence(
        loci=merge_clause_loci(ordered),
        document_comments=unplaced,
        revision_count=len(revisions),
        comment_count=len(comments),
    )


def merge_clause_loci(loci: list[Locus]) -> list[Locus]:
    """Changed paragraphs next to each other in one clause are one locus.

    An inserted clause is its heading and its text ("Punkt 4. Kosten", then the sentence under
    it), a rewritten clause often two paragraphs: a lawyer reads one change of that clause,
    and the clause reference, its locus, is the same.
    """
    out: list[Locus] = []
    for locus in loci:
        last = out[-1] if out else None
        if (
            last is None
            or not locus.clause
            or not (locus.clause == last.clause or _heads(last, locus))
            or locus.paragraph_index - last.paragraph_index > 1 + last.merged
        ):
            out.append(locus)
            continue
        last.clause = locus.clause
        last.merged = locus.paragraph_index - last.paragraph_index
        last.paragraph = "\n".join(p for p in (last.paragraph, locus.paragraph) if p.strip())
        last.before = "\n".join(p for p in (last.before, locus.before) if p.strip())
        last.after = "\n".join(p for p in (last.after, locus.after) if p.strip())
        last.heading = last.heading or locus.heading
        last.inserted += locus.inserted
        last.deleted += locus.deleted
        last.moved += locus.moved
        last.paragraph_marks += locus.paragraph_marks
        last.moves += locus.moves
        last.comments += [c for c in locus.comments if c not in last.comments]
        last.authors += [a for a in locus.authors if a not in last.authors]
        last.revision_ids += locus.revision_ids
    return out


def _heads(heading: Locus, body: Locus) -> bool:
    """`heading` is an inserted heading line of the clause `body` opens ("6" over "6.1")."""
    line = " ".join(heading.paragraph.split())
    parent, child = heading.clause, body.clause
    return (
        bool(parent)
        and child.startswith(parent)
        and child[len(parent) : len(parent) + 1] in {".", " ", "("}
        and bool(heading.inserted)
        and len(line) <= HEADING_MAX_CHARS
        and not line.endswith((".", ";", ":", ","))
    )


def attach_clause_references(body: dict[str, Any], loci: list[Locus]) -> None:
    """Each locus's clause reference, read from the converted text in document order.

    The revisions say which paragraph changed (its accepted text); the converted text has
    every paragraph with the headings before it. A paragraph not found in the text (or a
    document without text) still gets the numbering its own text starts with.
    """
    paragraphs = [p for p in str(body.get("text") or "").split("\n\n") if p.strip()]
    term, german = reference_style(str(body.get("text") or ""))
    titles = {
        squash(str(s.get("title") or ""))
        for s in body.get("sections") or []
        if int(s.get("level") or 0) == 0
    }
    skip = frozenset(i for i, p in enumerate(paragraphs) if squash(p) in titles)
    start = offset = 0
    for locus in loci:
        if _whole_paragraph_deleted(locus):
            found = _deleted_reference(paragraphs, locus, start, offset, term, german, skip)
        elif (at := locate(paragraphs, locus.paragraph, start)) is not None:
            start, offset = at, at - locus.paragraph_index
            found = clause_reference(paragraphs, at, term=term, german=german, skip=skip)
        elif locus.paragraph.strip():
            found = clause_reference([locus.paragraph], 0, term=term, german=german)
        else:
            found = None
        if found is not None:
            locus.clause, locus.heading = found.reference, found.heading


_LETTERS: Final = re.compile(r"[^\W\d_]{2,}")


def has_words(text: str) -> bool:
    """More than numbering: "5.3 " and "(2)" have no words."""
    return _LETTERS.search(text) is not None


def _whole_paragraph_deleted(locus: Locus) -> bool:
    """Nothing of the paragraph's words is left (at most its numbering, which Word keeps)."""
    return bool(locus.deleted) and not locus.inserted and not has_words(locus.paragraph)


def _deleted_reference(
    paragraphs: list[str],
    locus: Locus,
    start: int,
    offset: int,
    term: str,
    german: bool,
    skip: frozenset[int],
) -> ClauseRef | None:
    """A deleted paragraph's clause: its old wording put back where it stood in the text.

    The converted text is the accepted version, so the paragraph is not in it; it stood after
    the last paragraph found, as far on as its index says (text positions and paragraph
    indexes differ by the offset of the last paragraph found). Its old wording carries its
    numbering ("2.2 The Supplier ...", "(2) Die Untervermietung ..."), else the numbering Word
    kept for it ("5.3") goes in front, so "(2)" under "§ 7" reads "§ 7 Abs. 2".
    """
    old = " ".join((locus.before or " ".join(locus.deleted)).split())
    if read_label(old) is None and locus.paragraph.strip():
        old = f"{locus.paragraph.strip()} {old}"
    at = min(max(locus.paragraph_index + offset, start + 1 if start else 0), len(paragraphs))
    probe = [*paragraphs[:at], old, *paragraphs[at:]]
    shifted = frozenset(i if i < at else i + 1 for i in skip)
    return clause_reference(probe, at, term=term, german=german, skip=shifted)


def _int_or_none(value: Any) -> int | None:
    return int(value) if isinstance(value, int) else None


def _anchor(comment: CommentEvidence, loci: list[Locus]) -> Locus | None:
    """The locus a comment explains: by the paragraphs its range spans, else by its text.

    Position first: lawyers anchor comments on "(2)", a heading or nothing at all, and the
    same words recur in other paragraphs.
    """
    if comment.first_paragraph is not None:
        last = max(comment.last_paragraph or comment.first_paragraph, comment.first_paragraph)
        for locus in loci:
            if comment.first_paragraph <= locus.paragraph_index <= last:
                return locus
    anchor = comment.anchored_text.strip()
    if not anchor:
        return None
    for locus in loci:
        if anchor in locus.paragraph or any(anchor in t for t in locus.inserted + locus.deleted):
            return locus
    folded = _squash(anchor)
    for locus in loci:
        haystack = _squash(" ".join([locus.paragraph, *locus.inserted, *locus.deleted]))
        if folded and folded in haystack:
            return locus
    return None


def people(evidence: DecisionEvidence) -> list[str]:
    """Authors of revisions and comments, in order of first appearance."""
    out: list[str] = []
    for locus in evidence.loci:
        for name in [*locus.authors, *(c.author or "" for c in locus.comments)]:
            if name and name not in out:
                out.append(name)
    for c in evidence.document_comments:
        if c.author and c.author not in out:
            out.append(c.author)
    return out
