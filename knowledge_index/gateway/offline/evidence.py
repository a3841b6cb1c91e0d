"""Reading evidence like a careful clerk: queries from the prompt, candidates from tool results.

Identifiers (reference numbers, register numbers) are the strongest evidence in a legal estate,
so they are tried first and weigh most; salient title and folder words come next.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from knowledge_index.gateway.offline.context import ToolExchange

IDENTIFIER_PATTERNS: Final = (
    re.compile(r"(?<![\w/])\d{2,4}\s?/\s?\d{2,6}(?:-[A-Za-z]{1,5})?(?![\w/])"),  # 2024/0173-MS
    re.compile(r"(?<![\w-])\d{4}-\d{3,6}(?:-[A-Za-z]{1,5})?(?![\w-])"),  # 2024-0173
    re.compile(r"\b(?:HRA|HRB|GnR|PR|VR)\s?\d{2,7}\b"),  # HRB 12345
    re.compile(r"\b[A-Z]{2,6}-\d{2,}(?:-\d+)*\b"),  # INV-2024-17
)
# Keys of `key: value` prompt lines whose values name the document (best query material).
TITLE_KEYS: Final = re.compile(r"(title|file ?name|subject|betreff|folder|path|name)", re.I)
WORD: Final = re.compile(r"[^\W\d_][\w\-äöüÄÖÜß]{2,}", re.UNICODE)
_STOPWORD_TEXT: Final = """
    the and for with from this that these those into onto over under about your you are was were
    been has have had not but all any can will would should could which what when where who whom
    file files folder path name title document documents subject page text content user system
    tool tools result results query please find match matter matters none null true false
    der die das den dem des und oder mit von vom zum zur für fuer auf aus bei nach über ueber
    unter ein eine einer eines einem einen ist sind war wird werden nicht auch als wie dass sich
    docx pdf txt msg eml xlsx pptx html
"""
STOPWORDS: Final = frozenset(_STOPWORD_TEXT.split())
ID_KEYS: Final = ("id", "ref", "uuid", "path")


def normalize_identifier(value: str) -> str:
    return re.sub(r"[\s/\-_.]", "", value).lower()


def identifiers(text: str) -> list[str]:
    """Identifiers, most specific pattern first; a match inside an earlier one is not another."""
    spans: list[tuple[int, int, str]] = []
    for pattern in IDENTIFIER_PATTERNS:
        for match in pattern.finditer(text):
            start, end = match.span()
            if any(start < e and s < end for s, e, _ in spans):
                continue
            spans.append((start, end, match.group(0).strip()))
    found: list[str] = []
    for _, _, value in spans:
        if all(normalize_identifier(value) != normalize_identifier(f) for f in found):
            found.append(value)
    return found


def salient_words(text: str, limit: int = 6) -> list[str]:
    words: list[str] = []
    for word in WORD.findall(text):
        lower = word.lower()
        if lower in STOPWORDS or lower in (w.lower() for w in words):
            continue
        words.append(word)
        if len(words) >= limit:
            break
    return words


def _title_values(text: str) -> list[str]:
    values = []
    for line in text.splitlines():
        key, sep, value = line.partition(":")
        if sep and value.strip() and TITLE_KEYS.search(key) and len(key) <= 40:
            # Path components and file stems read as words; separators and extensions do not.
            values.append(re.sub(r"[/\\_.]+", " ", value.strip()))
    return values


@dataclass(frozen=True)
class Queries:
    identifiers: list[str]
    words: list[str]

    @classmethod
    def from_text(cls, text: str) -> Queries:
        titled = " ".join(_title_values(text))
        words = salient_words(titled) or salient_words(text)
        idents = identifiers(text)
        return cls(identifiers=idents, words=[w for w in words if w not in " ".join(idents)])

    def candidates(self) -> list[str]:
        """Search strings in the order a careful searcher would try them."""
        out = list(self.identifiers)
        if self.words:
            out.append(" ".join(self.words[:4]))
        return out


@dataclass
class Candidate:
    """An entity some tool returned, merged across tools by its first id."""

    key: str
    fields: dict[str, Any]
    rank: int
    tools: list[str] = field(default_factory=list)
    score: float = 0.0

    def text(self) -> str:
        return " ".join(_strings(self.fields))

    def id_value(self, name: str) -> Any:
        """The value for an id-like field `name`: exact key first, then a generic id key."""
        if name in self.fields and _scalar(self.fields[name]):
            return self.fields[name]
        stem = name.removesuffix("s") if name.endswith("_ids") else name
        if stem in self.fields and _scalar(self.fields[stem]):
            return self.fields[stem]
        for key in (*ID_KEYS, *(k for k in self.fields if _id_like(k))):
            if key in self.fields and _scalar(self.fields[key]):
                return self.fields[key]
        return None


def _scalar(value: Any) -> bool:
    return isinstance(value, (str, int)) and not isinstance(value, bool) and value != ""


def _id_like(key: str) -> bool:
    lower = key.lower()
    return lower in ID_KEYS or lower.endswith(("_id", "_ref", "_path"))


def _strings(node: Any, depth: int = 0) -> Iterator[str]:
    if depth > 4:
        return
    if isinstance(node, Mapping):
        for value in node.values():
            yield from _strings(value, depth + 1)
    elif isinstance(node, (list, tuple)):
        for value in node[:50]:
            yield from _strings(value, depth + 1)
    elif isinstance(node, (str, int)) and not isinstance(node, bool):
        yield str(node)


def _entities(node: Any, depth: int = 0) -> Iterator[dict[str, Any]]:
    """Dicts carrying an id-like key, outermost first, in the order the tool listed them."""
    if depth > 4:
        return
    if isinstance(node, Mapping):
        if any(_id_like(str(k)) and _scalar(v) for k, v in node.items()):
            yield dict(node)
            return
        for value in node.values():
            yield from _entities(value, depth + 1)
    elif isinstance(node, (list, tuple)):
        for value in node:
            yield from _entities(value, depth + 1)


def collect_candidates(exchanges: Iterable[ToolExchange]) -> list[Candidate]:
    found: dict[str, Candidate] = {}
    for exchange in exchanges:
        if exchange.failed or not isinstance(exchange.result, (dict, list)):
            continue
        for rank, entity in enumerate(_entities(exchange.result)):
            key_field = next(k for k in entity if _id_like(str(k)) and _scalar(entity[k]))
            key = str(entity[key_field])
            if key in found:
                found[key].fields.update(entity)
                found[key].rank = min(found[key].rank, rank)
                found[key].tools.append(exchange.name)
            else:
                found[key] = Candidate(key=key, fields=entity, rank=rank, tools=[exchange.name])
    return list(found.values())


def score(candidate: Candidate, queries: Queries) -> float:
    text = candidate.text()
    compact = normalize_identifier(text)
    lower = text.lower()
    value = 0.0
    for ident in queries.identifiers:
        if normalize_identifier(ident) in compact:
            value += 10.0
    for word in queries.words:
        if word.lower() in lower:
            value += 1.0
    reported = candidate.fields.get("score")
    if isinstance(reported, (int, float)) and 0 <= reported <= 1:
        value += 0.5 * float(reported)
    # Tool order breaks ties: search tools rank before we do.
    return value - 0.01 * candidate.rank


FIT_THRESHOLD: Final = 1.0


def ranked(candidates: list[Candidate], queries: Queries) -> list[Candidate]:
    for c in candidates:
        c.score = score(c, queries)
    return sorted(candidates, key=lambda c: (-c.score, c.rank, c.key))


def fitting(candidates: list[Candidate]) -> list[Candidate]:
    return [c for c in candidates if c.score >= FIT_THRESHOLD - 0.5]
