"""The document-type ontology the extract_metadata agent walks (shipped default: German/English).

Nodes form a tree (contract > supply agreement, ...). The active scope is a set of root ids (all
roots by default); its fingerprint is stored with every typing, so a later, richer ontology can
re-type exactly the documents judged under an older scope. Clause types for notable clauses ship
in the same file.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from pathlib import Path
from typing import Final

from pydantic import BaseModel, Field

DEFAULT_ONTOLOGY: Final = Path(__file__).with_name("default_doc_types.json")
# Terms shorter than this must stand as whole words ("nda", "memo", "ladung": an Einladung is
# no summons); longer ones may end a German compound ("Rahmenliefervertrag" is a Liefervertrag).
COMPOUND_MIN: Final = 7
# Longer terms rank higher, but only up to this length: past it, where a term stands decides
# ("1. Nachtrag zum Gewerbemietvertrag" is an amendment, not a lease).
LENGTH_BONUS_CAP: Final = 12
# How much a later match loses (position as a fraction of the query): the head noun of a title
# comes first ("Anlage 1 zum Gewerbemietvertrag" is an annex).
POSITION_WEIGHT: Final = 0.8
CUE_WEIGHT: Final = 0.5
_LETTER_WORD: Final = re.compile(r"\bletter\b", re.I)


class Refinement(BaseModel):
    """A narrower type a document of this node is when its text says so.

    "Abtretungsvertrag" names an assignment; one that assigns a GmbH share is the share deal's
    deed (Austrian practice), whatever its heading. `when` are phrases of the document's text
    (matched as terms are, case-insensitive).
    """

    node: str
    when: list[str] = Field(min_length=1)


class OntologyNode(BaseModel):
    id: str
    parent: str | None = None
    label_en: str
    label_de: str
    terms: list[str] = Field(default_factory=list)
    cues: list[str] = Field(default_factory=list)
    # File extensions (lower case, no dot) whose format alone suggests this type (pptx ->
    # presentation); a weak signal that a heading or file name naming a type outranks.
    formats: list[str] = Field(default_factory=list)
    refinements: list[Refinement] = Field(default_factory=list)
    description: str = ""


class ClauseType(BaseModel):
    id: str
    label_en: str
    label_de: str
    terms: list[str] = Field(default_factory=list)


class OntologyFile(BaseModel):
    name: str
    version: str
    description: str = ""
    nodes: list[OntologyNode]
    clauses: list[ClauseType] = Field(default_factory=list)


class NodeView(BaseModel):
    """What a tool shows the model about one node."""

    id: str
    label_en: str
    label_de: str
    description: str
    parent: str | None
    ancestors: list[str]
    has_children: bool
    score: float | None = None


def _norm(value: str) -> str:
    return re.sub(r"\s+", " ", value.lower()).strip()


# A verb particle alone in front of a nominalised verb makes another verb's noun: "Abberufung"
# (removal from office) is no "Berufung" (appeal), "Verpfändung" (pledge) no "Pfändung"
# (attachment), "Einladung" no "Ladung" (summons), "Verrechnung" no "Rechnung".
_PARTICLES: Final = ("ab", "an", "aus", "ein", "ent", "er", "miss", "ver", "zer", "weg", "um")


def _term_pattern(term: str) -> re.Pattern[str]:
    head = r"(?<![\wäöüß])" if len(term) < COMPOUND_MIN else ""
    if head == "" and term.endswith("ung") and " " not in term:
        head = "".join(rf"(?<!(?<![\wäöüß]){p})" for p in _PARTICLES)
    return re.compile(head + re.escape(term) + r"(?![\wäöüß])")


class Ontology:
    def __init__(self, data: OntologyFile, scope: tuple[str, ...] | None = None) -> None:
        self.data = data
        self.nodes = {n.id: n for n in data.nodes}
        self.roots_all = [n.id for n in data.nodes if n.parent is None]
        self.scope_roots = tuple(scope) if scope else tuple(self.roots_all)
        unknown = [r for r in self.scope_roots if r not in self.nodes]
        if unknown:
            raise KeyError(f"scope names unknown ontology nodes: {unknown}")
        self._patterns = {n.id: self._compile(n) for n in data.nodes}
        missing = [
            f"{n.id} -> {r.node}"
            for n in data.nodes
            for r in n.refinements
            if r.node not in self.nodes
        ]
        if missing:
            raise KeyError(f"refinements name unknown ontology nodes: {missing}")
        self._refinements = {
            n.id: [(r.node, [_term_pattern(_norm(w)) for w in r.when]) for r in n.refinements]
            for n in data.nodes
            if n.refinements
        }
        # An ontology does not change once loaded (load_ontology keeps one per file and scope),
        # and every document searches it and states its fingerprint: work both out once.
        self._scoped = tuple(n for n in data.nodes if self.in_scope(n.id))
        self._fingerprint: str | None = None
        self._exact: dict[str, str] | None = None

    @staticmethod
    def _compile(node: OntologyNode) -> list[tuple[str, re.Pattern[str], int, float]]:
        out = []
        terms = [(t, 1.0) for t in [node.label_en, node.label_de, *node.terms]]
        terms += [(c, CUE_WEIGHT) for c in node.cues]
        for term, weight in terms:
            t = _norm(term)
            out.append((t, _term_pattern(t), len(t), weight))
        return out

    def refine(self, node_id: str, text: str) -> tuple[str, str] | None:
        """The in-scope narrower node `text` makes `node_id`, with the phrase that said so."""
        refinements = self._refinements.get(node_id)
        if not refinements:
            return None
        q = _norm(text)
        for target, patterns in refinements:
            for pattern in patterns:
                match = pattern.search(q)
                if match and self.in_scope(target):
                    return target, match.group(0)
        return None

    @property
    def fingerprint(self) -> str:
        if self._fingerprint is None:
            self._fingerprint = self._fingerprint_of_scope()
        return self._fingerprint

    def _fingerprint_of_scope(self) -> str:
        nodes = sorted(
            (n.model_dump(include={"id", "parent", "label_en", "label_de"}) for n in self.scoped()),
            key=lambda d: d["id"],
        )
        payload = json.dumps({"name": self.data.name, "nodes": nodes}, sort_keys=True)
        return (
            f"{self.data.name}@{self.data.version}:"
            + hashlib.sha256(payload.encode()).hexdigest()[:16]
        )

    def ancestors(self, node_id: str) -> list[str]:
        out, parent = [], self.nodes[node_id].parent
        while parent is not None:
            out.append(parent)
            parent = self.nodes[parent].parent
        return out

    def root_of(self, node_id: str) -> str:
        """The top-level node above `node_id` (itself when it is one)."""
        return [node_id, *self.ancestors(node_id)][-1]

    def in_scope(self, node_id: str) -> bool:
        if node_id not in self.nodes:
            return False
        chain = [node_id, *self.ancestors(node_id)]
        return chain[-1] in self.scope_roots

    def scoped(self) -> list[OntologyNode]:
        return list(self._scoped)

    def view(self, node_id: str, score: float | None = None) -> NodeView:
        node = self.nodes[node_id]
        return NodeView(
            id=node.id,
            label_en=node.label_en,
            label_de=node.label_de,
            description=node.description,
            parent=node.parent,
            ancestors=self.ancestors(node_id),
            has_children=any(n.parent == node_id for n in self.data.nodes),
            score=score,
        )

    def roots(self) -> list[NodeView]:
        return [self.view(r) for r in self.scope_roots]

    def children(self, node_id: str) -> list[NodeView]:
        if not self.in_scope(node_id):
            raise KeyError(f"{node_id!r} is not an in-scope ontology node")
        return [self.view(n.id) for n in self.data.nodes if n.parent == node_id]

    def search(self, query: str) -> list[NodeView]:
        """Every in-scope node a term of which occurs in `query`, best first.

        Earlier and longer matches rank higher: a title "Nachtrag Nr. 1 zum Liefervertrag" is an
        amendment, "Unternehmenskaufvertrag" a share purchase rather than a contract in general.
        """
        q = _norm(query)
        if not q:
            return []
        scored: list[tuple[float, str]] = []
        for node in self._scoped:
            best = 0.0
            for term, pattern, length, weight in self._patterns[node.id]:
                # The plain substring test rules out nearly every term at C speed; only a
                # term that occurs needs its word-boundary pattern (1,271 terms per search).
                if term not in q:
                    continue
                match = pattern.search(q)
                if match is None:
                    continue
                position = match.start() / max(len(q), 1)
                value = weight * (
                    1.0 - POSITION_WEIGHT * position + 0.02 * min(length, LENGTH_BONUS_CAP)
                )
                best = max(best, value)
            if best > 0:
                scored.append((best + 0.01 * len(self.ancestors(node.id)), node.id))
        scored.sort(key=lambda t: (-t[0], t[1]))
        return [self.view(node_id, round(score, 4)) for score, node_id in scored]

    def letter_shaped(self, node_id: str) -> bool:
        """A kind of document that is itself a letter (a side letter, an engagement letter, a
        letter of intent): in a letter's layout its name says what it is, not its subject."""
        node = self.nodes.get(node_id)
        return node is not None and bool(_LETTER_WORD.search(node.label_en))

    def names_as_letter(self, node_id: str, text: str) -> bool:
        """`text` names this kind by a term that is itself a kind of letter ("Facility
        Letter", "Letter of Claim"): in a letter's layout that is what the letter is."""
        q = _norm(text)
        return node_id in self._patterns and any(
            _LETTER_WORD.search(term) and term in q and pattern.search(q)
            for term, pattern, _, _ in self._patterns[node_id]
        )

    def named_exactly(self, phrase: str) -> str | None:
        """The in-scope node one of whose labels or terms is exactly `phrase` (no cue)."""
        if self._exact is None:
            # Every citation by name looks its words up here: one table, built once.
            exact: dict[str, str] = {}
            for node in self._scoped:
                for term, _, _, weight in self._patterns[node.id]:
                    if weight == 1.0:
                        exact.setdefault(term, node.id)
            self._exact = exact
        return self._exact.get(_norm(phrase))

    def clause_types(self) -> list[ClauseType]:
        return list(self.data.clauses)


@functools.cache
def load_ontology(path: Path = DEFAULT_ONTOLOGY, scope: tuple[str, ...] | None = None) -> Ontology:
    data = OntologyFile.model_validate_json(path.read_text(encoding="utf-8"))
    return Ontology(data, scope)


def active_ontology(ontology_path: str = "") -> Ontology:
    """The firm's ontology (`firm.ontology_path`, same format as the default) or the default.

    Its fingerprint changes with the file's nodes, so switching files re-types exactly the
    documents whose type left the scope or that were left untyped under another fingerprint.
    """
    return load_ontology(Path(ontology_path).expanduser() if ontology_path else DEFAULT_ONTOLOGY)
