"""Near-duplicate detection: MinHash over word shingles, LSH band keys for an index lookup.

The band keys are stored in `near_duplicate_signatures.band_keys` (GIN-indexed), so finding the
candidates of a file is one `&&` overlap query instead of a comparison against every file.
"""

from __future__ import annotations

import hashlib
import re
import threading
from typing import Final

import numpy as np
from datasketch import MinHash

NUM_PERM: Final = 128
BANDS: Final = 32  # 32 bands of 4 rows: pairs above ~0.45 Jaccard share a band
ROWS: Final = NUM_PERM // BANDS
SHINGLE: Final = 3
SEED: Final = 1
# Above this estimated Jaccard two texts are the same document apart from formatting or a
# sentence; between FAMILY and NEAR they are plausibly versions of one another.
NEAR_DUPLICATE: Final = 0.8
FAMILY: Final = 0.45
# Share of the shorter text's words found in the longer one for a scan to be a copy.
SCAN_CONTAINMENT: Final = 0.9
SCAN_MIN_WORDS: Final = 25
_WORD = re.compile(r"\w+", re.UNICODE)
_INT63: Final = (1 << 63) - 1
# Signatures of recently signed texts by digest (128 ints each: a few MB at most).
_SIGNATURES_KEPT: Final = 4096
_SIGNATURES: dict[bytes, tuple[int, ...]] = {}
_SIGNATURES_LOCK = threading.Lock()


def words(text: str) -> list[str]:
    # Case and punctuation are formatting, not content.
    return [w.lower() for w in _WORD.findall(text)]


def has_words(text: str) -> bool:
    """Whether `shingles(text)` is not empty, without building them."""
    return _WORD.search(text) is not None


def shingles(text: str, size: int = SHINGLE) -> set[str]:
    tokens = words(text)
    if len(tokens) < size:
        return {" ".join(tokens)} if tokens else set()
    return {" ".join(tokens[i : i + size]) for i in range(len(tokens) - size + 1)}


def signature(text: str) -> list[int]:
    # Relate signs a file and, for each file it relates, the texts of its candidates: the same
    # text is signed many times per run. Keyed by a digest, so no text is kept alive.
    key = hashlib.blake2b(text.encode("utf-8"), digest_size=20).digest()
    sig = _SIGNATURES.get(key)
    if sig is None:
        mh = MinHash(num_perm=NUM_PERM, seed=SEED)
        # One vectorised update: the minimum over all shingles is the same in any order.
        mh.update_batch([s.encode("utf-8") for s in shingles(text)])
        # Hash values are < 2**32, so they fit Postgres bigint unchanged.
        sig = tuple(int(v) & _INT63 for v in mh.hashvalues)
        with _SIGNATURES_LOCK:
            if len(_SIGNATURES) >= _SIGNATURES_KEPT:
                _SIGNATURES.pop(next(iter(_SIGNATURES)))  # the oldest entry
            _SIGNATURES[key] = sig
    return list(sig)


def band_keys(sig: list[int]) -> list[str]:
    return [
        f"{b}:" + "-".join(format(v, "x") for v in sig[b * ROWS : (b + 1) * ROWS])
        for b in range(BANDS)
    ]


def jaccard(a: list[int], b: list[int]) -> float:
    if not a or not b or len(a) != len(b):
        return 0.0
    return float(np.mean(np.array(a) == np.array(b)))


def exact_jaccard(a: str, b: str) -> float:
    sa, sb = shingles(a), shingles(b)
    if not sa and not sb:
        return 1.0
    return len(sa & sb) / len(sa | sb)


def held_words(small: str, large: str) -> float:
    """The share of `small`'s distinct words that occur in `large`, a longer text (0 when
    `small` has too few words to say anything or is the longer one)."""
    ws, wl = set(_WORD.findall(small.lower())), set(_WORD.findall(large.lower()))
    if len(ws) < SCAN_MIN_WORDS or len(wl) < len(ws):
        return 0.0
    return len(ws & wl) / len(ws)


def word_containment(a: str, b: str) -> float:
    """The share of the shorter text's distinct words that occur in the longer one (0 when the
    shorter has too few words to say anything)."""
    return max(held_words(a, b), held_words(b, a))
