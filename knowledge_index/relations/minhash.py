"""Near-duplicate detection: MinHash over word shingles, LSH band keys for an index lookup.

The band keys are stored in `near_duplicate_signatures.band_keys` (GIN-indexed), so finding the
candidates of a file is one `&&` overlap query instead of a comparison against every file.
"""

from __future__ import annotations

import re
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


def words(text: str) -> list[str]:
    # Case and punctuation are formatting, not content.
    return [w.lower() for w in _WORD.findall(text)]


def shingles(text: str, size: int = SHINGLE) -> set[str]:
    tokens = words(text)
    if len(tokens) < size:
        return {" ".join(tokens)} if tokens else set()
    return {" ".join(tokens[i : i + size]) for i in range(len(tokens) - size + 1)}


def signature(text: str) -> list[int]:
    mh = MinHash(num_perm=NUM_PERM, seed=SEED)
    for s in shingles(text):
        mh.update(s.encode("utf-8"))
    # Hash values are < 2**32, so they fit Postgres bigint unchanged.
    return [int(v) & _INT63 for v in mh.hashvalues]


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


def word_containment(a: str, b: str) -> float:
    """The share of the shorter text's distinct words that occur in the longer one (0 when the
    shorter has too few words to say anything)."""
    wa, wb = set(_WORD.findall(a.lower())), set(_WORD.findall(b.lower()))
    small, large = (wa, wb) if len(wa) <= len(wb) else (wb, wa)
    if len(small) < SCAN_MIN_WORDS:
        return 0.0
    return len(small & large) / len(small)
