"""Which document types a query names, read from the ontology's labels and terms.

"Klagebeantwortung Seehotel", "Side Letter Projekt Gipfel Earn-out", "Bankgarantie Kaution
Hafenstraße": a question that names a kind of document without putting it in the filters asks
for documents of that kind first, and for the passages of other documents that merely mention
it second. The names are the ontology's (labels and terms, German, English and French), so a
firm's own ontology brings its own words. A German compound names its last part's type
("Bankgarantie" is a Garantie), as `compounds` reads compounds for the index.
"""

from __future__ import annotations

import functools
import re

from knowledge_index.retrieval.compounds import MIN_WORD

_WORD = re.compile(r"\w+")
# A compound's tail names a type only when it is a word of its own, not a fragment ("rede").
MIN_TYPE_TAIL = 6


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


@functools.cache
def _names() -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]:
    """Phrase (words joined by a space) -> the types it names, each with its narrower types;
    and the same for one-word names long enough to be a compound's tail."""
    from knowledge_index.ontology import load_ontology

    nodes = load_ontology().data.nodes
    # What a type may turn out to be: its narrower types and its refinements (an
    # Abtretungsvertrag that assigns a Geschäftsanteil is typed a share purchase).
    children: dict[str, list[str]] = {}
    for node in nodes:
        if node.parent:
            children.setdefault(node.parent, []).append(node.id)
        for refinement in node.refinements:
            children.setdefault(node.id, []).append(refinement.node)

    def with_narrower(node_id: str, seen: frozenset[str] = frozenset()) -> set[str]:
        found = {node_id}
        for child in children.get(node_id, []):
            if child not in seen:
                found |= with_narrower(child, seen | {node_id})
        return found

    phrases: dict[str, set[str]] = {}
    for node in nodes:
        if node.parent is None:
            continue  # a top-level group ("finance", "court") is a subject, not a kind
        names = [*node.label_en.split(" / "), *node.label_de.split(" / "), *node.terms]
        for name in names:
            if words := _words(name):
                phrases.setdefault(" ".join(words), set()).update(with_narrower(node.id))
    tails = {p: ids for p, ids in phrases.items() if " " not in p and len(p) >= MIN_TYPE_TAIL}
    return (
        {p: frozenset(ids) for p, ids in phrases.items()},
        {p: frozenset(ids) for p, ids in tails.items()},
    )


def named_types(query: str) -> frozenset[str]:
    """The ontology type ids (with their narrower types) the query names; empty if none. A name
    inside a longer one names nothing of its own ("letter" in "side letter")."""
    words = _words(query)
    phrases, tails = _names()
    longest = max((p.count(" ") + 1 for p in phrases), default=0)
    spans: list[tuple[int, int, frozenset[str]]] = []
    for start in range(len(words)):
        for end in range(start + 1, min(len(words), start + longest) + 1):
            if (ids := phrases.get(" ".join(words[start:end]))) is not None:
                spans.append((start, end, ids))
    found: set[str] = set()
    for start, end, ids in spans:
        if not any(s <= start and end <= e and (s, e) != (start, end) for s, e, _ in spans):
            found |= ids
    for word in words:
        if len(word) < MIN_WORD or word in phrases:
            continue
        for start in range(3, len(word) - MIN_TYPE_TAIL + 1):
            if (ids := tails.get(word[start:])) is not None:
                found |= ids
                break  # the longest tail that is a name says it
    return frozenset(found)
