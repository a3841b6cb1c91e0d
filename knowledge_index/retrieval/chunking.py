"""Structure-following chunking sized by the embedding model's tokenizer.

A chunk is always a contiguous slice of the converted text (`text[char_start:char_end]`), so a
citation can point back into the document. Chunks never cross a section boundary, prefer to
break between paragraphs, then lines, then sentences, then words, and only cut inside a word
when a single word is larger than the budget (base64, hashes). `chunk_chars` and
`chunk_overlap_chars` are upper bounds; the token budget always wins, and a final pass re-counts
every chunk with the real tokenizer so nothing is ever truncated by the model.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from knowledge_index.retrieval.tokens import (
    MINILM_MAX_TOKENS,
    SPECIAL_TOKENS,
    TokenCounter,
    minilm_counter,
)

# Coarsest first: paragraph, line, sentence, word.
_SEPARATORS = (
    re.compile(r"\n[ \t]*\n\s*"),
    re.compile(r"\s*\n\s*"),
    re.compile(r"(?<=[.!?;:])\s+"),
    re.compile(r"\s+"),
)
_SENTENCE_START = re.compile(r"(?:(?<=[.!?;:])|(?<=\n))\s+(?=\S)")
_WORD_START = re.compile(r"(?<=\s)(?=\S)")
HEADER_SEPARATOR = "\n\n"


class Section(BaseModel):
    model_config = ConfigDict(frozen=True)

    level: int = Field(ge=1)
    title: str
    start: int = Field(ge=0)


class PageMark(BaseModel):
    model_config = ConfigDict(frozen=True)

    page: int = Field(ge=1)
    start: int = Field(ge=0)


class ChunkingInput(BaseModel):
    text: str
    sections: list[Section] = Field(default_factory=list)
    pages: list[PageMark] = Field(default_factory=list)


class ChunkingConfig(BaseModel):
    model_config = ConfigDict(frozen=True)

    chunk_chars: int = Field(900, ge=50)
    chunk_overlap_chars: int = Field(120, ge=0)
    # The model's whole window, special tokens included.
    model_max_tokens: int = Field(MINILM_MAX_TOKENS, ge=16)
    # Reserved for the context header prepended at embedding time.
    header_tokens: int = Field(32, ge=0)

    @property
    def content_tokens(self) -> int:
        return self.model_max_tokens - SPECIAL_TOKENS - self.header_tokens


class Chunk(BaseModel):
    model_config = ConfigDict(frozen=True)

    ordinal: int
    text: str
    char_start: int
    char_end: int
    section_path: list[str]
    page: int | None = None
    page_end: int | None = None
    token_count: int


def chunk_document(
    doc: ChunkingInput,
    config: ChunkingConfig | None = None,
    counter: TokenCounter | None = None,
) -> list[Chunk]:
    config = config or ChunkingConfig()
    counter = counter or minilm_counter()
    if config.content_tokens < 8:
        raise ValueError("header_tokens leaves no room for content in the model window")
    splitter = _Splitter(doc.text, config, counter)
    spans: list[tuple[int, int, list[str]]] = []
    for start, end, path in _section_spans(doc.text, doc.sections):
        spans.extend((a, b, path) for a, b in splitter.pack(start, end))
    spans = splitter.enforce_token_limit(spans)
    page_starts = sorted(doc.pages, key=lambda p: p.start)
    chunks = []
    for ordinal, (a, b, path) in enumerate(spans):
        text = doc.text[a:b]
        chunks.append(
            Chunk(
                ordinal=ordinal,
                text=text,
                char_start=a,
                char_end=b,
                section_path=path,
                page=_page_at(page_starts, a),
                page_end=_page_at(page_starts, b - 1),
                token_count=counter.count(text),
            )
        )
    return chunks


def context_header(
    title: str | None,
    doc_type: str | None,
    matter: str | None,
    max_tokens: int = 32,
    counter: TokenCounter | None = None,
) -> str:
    """`title | doc type | matter`, cut to the reserved token budget; used for embedding only."""
    header = " | ".join(p.strip() for p in (title, doc_type, matter) if p and p.strip())
    if not header or max_tokens <= 0:
        return ""
    counter = counter or minilm_counter()
    starts = counter.token_starts(header)
    if len(starts) > max_tokens:
        header = header[: starts[max_tokens]].rstrip()
    return header


def embedding_input(header: str, chunk_text: str) -> str:
    return f"{header}{HEADER_SEPARATOR}{chunk_text}" if header else chunk_text


def _section_spans(text: str, sections: Sequence[Section]) -> list[tuple[int, int, list[str]]]:
    ordered = sorted((s for s in sections if s.start < len(text)), key=lambda s: s.start)
    spans: list[tuple[int, int, list[str]]] = []
    stack: list[Section] = []
    cursor = 0
    path: list[str] = []
    for section in ordered:
        if section.start > cursor:
            spans.append((cursor, section.start, path))
        while stack and stack[-1].level >= section.level:
            stack.pop()
        stack.append(section)
        cursor, path = max(cursor, section.start), [s.title for s in stack]
    spans.append((cursor, len(text), path))
    return spans


def _page_at(pages: Sequence[PageMark], pos: int) -> int | None:
    index = bisect.bisect_right([p.start for p in pages], pos) - 1
    return pages[index].page if index >= 0 else None


class _Splitter:
    def __init__(self, text: str, config: ChunkingConfig, counter: TokenCounter) -> None:
        self.text = text
        self.config = config
        self.counter = counter
        self.max_tokens = config.content_tokens
        # One tokenization of the whole document; spans cut at whitespace count additively.
        self.starts = counter.token_starts(text)

    def tokens(self, a: int, b: int) -> int:
        return bisect.bisect_left(self.starts, b) - bisect.bisect_left(self.starts, a)

    def fits(self, a: int, b: int) -> bool:
        return b - a <= self.config.chunk_chars and self.tokens(a, b) <= self.max_tokens

    def trim(self, a: int, b: int) -> tuple[int, int]:
        while a < b and self.text[a].isspace():
            a += 1
        while b > a and self.text[b - 1].isspace():
            b -= 1
        return a, b

    def pieces(self, a: int, b: int, level: int = 0) -> list[tuple[int, int]]:
        a, b = self.trim(a, b)
        if a >= b:
            return []
        if self.fits(a, b):
            return [(a, b)]
        if level == len(_SEPARATORS):
            return self.hard_split(a, b)
        parts, cursor = [], a
        for match in _SEPARATORS[level].finditer(self.text, a, b):
            parts.append((cursor, match.start()))
            cursor = match.end()
        parts.append((cursor, b))
        out: list[tuple[int, int]] = []
        for pa, pb in parts:
            out.extend(self.pieces(pa, pb, level + 1))
        return out

    def hard_split(self, a: int, b: int) -> list[tuple[int, int]]:
        # Half the budget per piece: a word cut at a token boundary can re-tokenize longer.
        step_tokens = max(1, self.max_tokens // 2)
        step_chars = max(1, self.config.chunk_chars // 2)
        cuts = [p for p in self.starts[bisect.bisect_right(self.starts, a) :] if p < b]
        out, cursor, taken = [], a, 0
        for cut in cuts:
            taken += 1
            if taken >= step_tokens or cut - cursor >= step_chars:
                out.extend(self._char_split(cursor, cut, step_chars))
                cursor, taken = cut, 0
        out.extend(self._char_split(cursor, b, step_chars))
        return [span for span in out if span[0] < span[1]]

    @staticmethod
    def _char_split(a: int, b: int, step: int) -> list[tuple[int, int]]:
        return [(p, min(p + step, b)) for p in range(a, b, step)]

    def pack(self, start: int, end: int) -> list[tuple[int, int]]:
        chunks: list[tuple[int, int]] = []
        cur: tuple[int, int] | None = None
        for pa, pb in self.pieces(start, end):
            if cur is None:
                cur = (pa, pb)
            elif self.fits(cur[0], pb):
                cur = (cur[0], pb)
            else:
                chunks.append(cur)
                overlap = self.overlap_start(cur, pb)
                cur = (overlap if overlap is not None else pa, pb)
        if cur is not None:
            chunks.append(cur)
        return chunks

    def overlap_start(self, prev: tuple[int, int], piece_end: int) -> int | None:
        """Earliest sentence (else word) start in the tail of `prev` that still fits."""
        budget = self.config.chunk_overlap_chars
        if budget <= 0:
            return None
        lo = max(prev[0] + 1, prev[1] - budget)
        for pattern in (_SENTENCE_START, _WORD_START):
            for match in pattern.finditer(self.text, lo, prev[1]):
                candidate = match.end()
                if lo <= candidate < prev[1] and self.fits(candidate, piece_end):
                    return candidate
        return None

    def enforce_token_limit(
        self, spans: list[tuple[int, int, list[str]]]
    ) -> list[tuple[int, int, list[str]]]:
        """Re-count with the real tokenizer and split anything the estimate got wrong."""
        pending = spans
        while True:
            counts = self.counter.count_many([self.text[a:b] for a, b, _ in pending])
            if all(c <= self.max_tokens for c in counts):
                return pending
            fixed: list[tuple[int, int, list[str]]] = []
            for (a, b, path), count in zip(pending, counts, strict=True):
                if count <= self.max_tokens or b - a < 2:
                    fixed.append((a, b, path))
                    continue
                middle = self._split_point(a, b)
                for sa, sb in ((a, middle), (middle, b)):
                    sa, sb = self.trim(sa, sb)
                    if sa < sb:
                        fixed.append((sa, sb, path))
            pending = fixed

    def _split_point(self, a: int, b: int) -> int:
        middle = (a + b) // 2
        left = self.text.rfind(" ", a + 1, middle)
        return left if left > a else middle
