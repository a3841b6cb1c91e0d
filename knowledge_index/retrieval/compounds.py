"""German compound heads for the lexical index: "Geschäftsanteilskaufvertrag" is a Kaufvertrag.

German compounds put the kind last, so the word's tails ("anteilskaufvertrag", "kaufvertrag",
"vertrag") are what a shorter query word names. Indexing every tail of a long word in a field of
its own (low weight) finds the compound from its head without a dictionary: tails that are not
words simply never match a query. Heads shorter than MIN_TAIL are not split off (too ambiguous).
"""

from __future__ import annotations

import re

MIN_WORD = 9
MIN_TAIL = 5
_WORD = re.compile(rf"[^\W\d_]{{{MIN_WORD},}}")


def compound_tails(text: str) -> str:
    """Every proper tail of MIN_TAIL+ letters of each long word, space separated."""
    tails: dict[str, None] = {}
    for match in _WORD.finditer(text):
        word = match.group(0).lower()
        for start in range(3, len(word) - MIN_TAIL + 1):
            tails.setdefault(word[start:])
    return " ".join(tails)
