"""Score what relate and extract_decisions stored against the estate's known answers.

Reads document_versions, relations, thread_members and decisions (joined to
source_objects.path). A relation counts whether the stage stored it as a `relations` row or as
the `document_versions` pointer (duplicate_of / redline_against), so the score does not depend
on which of the two the stage writes. Copies are interchangeable: of a byte-identical (or
near-identical) group any one member may be the original, and an edge from a copy of the
expected source is as good as one from the source. annex_of, amends and references are
scored against the target's logical document (any version of "the Liefervertrag"), and edges
from one file to several versions of one document count once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import combinations

from sqlalchemy import Engine, text

from knowledge_index_tests.relations.estate import (
    FAMILY_TARGET,
    RELATION_TYPES,
    UNDIRECTED,
    Expected,
)


@dataclass
class PR:
    precision: float
    recall: float
    expected: int
    stored: int


@dataclass
class Scores:
    files: int
    identity: float  # new_document / new_version / duplicate / near_duplicate
    logical_documents: float  # pairwise F1 of "same logical document"
    version_order: float  # pairwise order agreement within each expected family
    label: float  # draft / redline / counterparty_redline / final / executed
    relations: dict[str, PR]
    threads: float  # pairwise F1 of "same thread" over the e-mails
    threads_apart: bool  # the shared-subject threads stayed apart
    decision_recall: float  # expected (redline, category) pairs found
    decision_pair: float  # share of found decisions linked to the right version pair
    spurious_decision_files: list[str]  # decisions on files that have none
    leaked_names: list[str]  # person/party names in stored decision text
    misses: dict[str, list[str]] = field(default_factory=dict)

    def relation(self, kind: str) -> PR:
        return self.relations[kind]

    def table(self) -> str:
        rows = [
            ("identity", f"{self.identity:.3f}"),
            ("logical documents (F1)", f"{self.logical_documents:.3f}"),
            ("version order", f"{self.version_order:.3f}"),
            ("version label", f"{self.label:.3f}"),
        ]
        for kind, pr in self.relations.items():
            rows.append(
                (
                    f"{kind} P/R",
                    f"{pr.precision:.3f} / {pr.recall:.3f}"
                    f"  ({pr.stored} stored, {pr.expected} expected)",
                )
            )
        rows += [
            ("threads (pairwise F1)", f"{self.threads:.3f}"),
            ("shared subject apart", str(self.threads_apart)),
            ("decision recall", f"{self.decision_recall:.3f}"),
            ("decision version pair", f"{self.decision_pair:.3f}"),
            ("spurious decision files", str(len(self.spurious_decision_files))),
            ("names leaked", str(len(self.leaked_names))),
        ]
        return "\n".join(f"{k:<26}{v}" for k, v in rows)


def _f1(expected: set, got: set) -> float:
    if not expected and not got:
        return 1.0
    tp = len(expected & got)
    precision = tp / len(got) if got else 0.0
    recall = tp / len(expected) if expected else 1.0
    return 0.0 if tp == 0 else 2 * precision * recall / (precision + recall)


def _same_pairs(groups: dict[str, str], paths: set[str]) -> set[frozenset[str]]:
    by_group: dict[str, list[str]] = {}
    for path, group in groups.items():
        if path in paths and group is not None:
            by_group.setdefault(group, []).append(path)
    return {frozenset(p) for members in by_group.values() for p in combinations(sorted(members), 2)}


def load(engine: Engine) -> dict:
    """The stored answers, keyed by path."""
    with engine.connect() as conn:
        versions = {
            r["path"]: dict(r)
            for r in conn.execute(
                text(
                    "SELECT o.path, v.logical_document_id, v.identity, v.version_number,"
                    " v.version_label, d.path AS duplicate_of, r.path AS redline_against"
                    " FROM document_versions v JOIN source_objects o ON o.id = v.source_object_id"
                    " LEFT JOIN source_objects d ON d.id = v.duplicate_of"
                    " LEFT JOIN source_objects r ON r.id = v.redline_against"
                )
            ).mappings()
        }
        relations = {
            (s, rel, t)
            for s, rel, t in conn.execute(
                text(
                    "SELECT s.path, r.relation, t.path FROM relations r"
                    " JOIN source_objects s ON s.id = r.source_object_id"
                    " JOIN source_objects t ON t.id = r.target_source_object_id"
                )
            )
        }
        threads = dict(
            conn.execute(
                text(
                    "SELECT o.path, m.thread_id FROM thread_members m"
                    " JOIN source_objects o ON o.id = m.source_object_id"
                )
            ).all()
        )
        decisions: dict[str, list[dict]] = {}
        for r in conn.execute(
            text(
                "SELECT o.path, a.path AS against, d.topic, d.rationale_category, d.locus,"
                " d.change_summary, d.rationale_text FROM decisions d"
                " JOIN source_objects o ON o.id = d.source_object_id"
                " LEFT JOIN source_objects a ON a.id = d.against_source_object_id"
                " ORDER BY o.path, d.ordinal"
            )
        ).mappings():
            decisions.setdefault(r["path"], []).append(dict(r))
    for path, v in versions.items():
        if v["duplicate_of"]:
            kind = "near_duplicate_of" if v["identity"] == "near_duplicate" else "duplicate_of"
            relations.add((path, kind, v["duplicate_of"]))
        if v["redline_against"]:
            relations.add((path, "redline_against", v["redline_against"]))
    return {
        "versions": versions,
        "relations": relations,
        "threads": threads,
        "decisions": decisions,
    }


def score(engine: Engine, expected: Expected) -> Scores:
    stored = load(engine)
    versions: dict[str, dict] = stored["versions"]
    files = expected.files
    misses: dict[str, list[str]] = {}

    def miss(kind: str, message: str) -> None:
        misses.setdefault(kind, []).append(message)

    # Identity: within a copy group (or near-copy group) exactly one member is the original.
    identity_ok = 0
    grouped: set[str] = set()
    for attr, copy_identity in (("copy_of", "duplicate"), ("near_of", "near_duplicate")):
        for group in expected.groups(attr):
            grouped |= group
            got = {p: (versions.get(p) or {}).get("identity") for p in group}
            base = next(files[p].identity for p in group if not getattr(files[p], attr))
            copies = sum(1 for g in got.values() if g == copy_identity)
            originals = sum(1 for g in got.values() if g == base)
            ok = min(copies, len(group) - 1) + min(originals, 1)
            identity_ok += ok
            if ok < len(group):
                miss(
                    "identity", f"{sorted(group)}: want one {base}, rest {copy_identity}; got {got}"
                )
    for path, f in files.items():
        if path in grouped:
            continue
        got = (versions.get(path) or {}).get("identity")
        if got == f.identity:
            identity_ok += 1
        else:
            miss("identity", f"{path}: want {f.identity} got {got}")

    # Logical documents: which files are one agreement/letter (pairwise F1).
    all_paths = set(files)
    want_pairs = _same_pairs({p: f.family for p, f in files.items()}, all_paths)
    got_pairs = _same_pairs({p: v["logical_document_id"] for p, v in versions.items()}, all_paths)
    logical = _f1(want_pairs, got_pairs)
    for pair in sorted(want_pairs ^ got_pairs, key=sorted):
        miss("logical_documents", f"{'missing' if pair in want_pairs else 'extra'}: {sorted(pair)}")

    # Version order: every pair of versions of one family ordered as expected (copies tie).
    order_ok = order_n = 0
    families: dict[str, list[str]] = {}
    for p, f in files.items():
        if f.version is not None:
            families.setdefault(f.family, []).append(p)
    for members in families.values():
        for a, b in combinations(sorted(members), 2):
            va, vb = files[a].version, files[b].version
            ga, gb = versions.get(a) or {}, versions.get(b) or {}
            order_n += 1
            same_doc = ga.get("logical_document_id") and ga.get("logical_document_id") == gb.get(
                "logical_document_id"
            )
            na, nb = ga.get("version_number"), gb.get("version_number")
            ok = bool(same_doc and na is not None and nb is not None) and (
                (va > vb) - (va < vb) == (na > nb) - (na < nb)
            )
            order_ok += ok
            if not ok:
                miss("version_order", f"{a} (v{va}) vs {b} (v{vb}): got {na} / {nb}")
    labelled = [p for p, f in files.items() if f.label]
    label_ok = 0
    for p in labelled:
        got = (versions.get(p) or {}).get("version_label")
        label_ok += got == files[p].label
        if got != files[p].label:
            miss("label", f"{p}: want {files[p].label} got {got}")

    # Relations, per type.
    copy_group: dict[str, frozenset[str]] = {}
    for group in expected.groups("copy_of"):
        for p in group:
            copy_group[p] = frozenset(group)

    def family_of(path: str) -> str:
        return files[path].family if path in files else path

    def same_source(a: str, b: str) -> bool:
        return a == b or b in copy_group.get(a, ())

    def target_ok(kind: str, got: str, want: str) -> bool:
        if kind in FAMILY_TARGET:
            return got in files and files[got].family == files[want].family
        return same_source(got, want)

    def matches(kind: str, got: tuple[str, str], want: tuple[str, str]) -> bool:
        (gs, gt), (ws, wt) = got, want
        forward = same_source(gs, ws) and target_ok(kind, gt, wt)
        if kind in UNDIRECTED:
            return forward or (same_source(gs, wt) and same_source(gt, ws))
        return forward

    relation_scores: dict[str, PR] = {}
    for kind in RELATION_TYPES:
        want = [(s, t) for s, k, t in expected.relations if k == kind]
        got = sorted((s, t) for s, k, t in stored["relations"] if k == kind and s in files)
        if kind in UNDIRECTED:  # one stored direction is enough; both count once
            got = list({frozenset(e): e for e in got}.values())
        elif kind in FAMILY_TARGET:  # an edge to every version of one document counts once
            got = list(
                {(copy_group.get(s, frozenset({s})), family_of(t)): (s, t) for s, t in got}.values()
            )
        found = [w for w in want if any(matches(kind, g, w) for g in got)]
        right = [g for g in got if any(matches(kind, g, w) for w in want)]
        for w in want:
            if w not in found:
                miss(kind, f"missing {w[0]} -> {w[1]}")
        for g in got:
            if g not in right:
                miss(kind, f"wrong {g[0]} -> {g[1]}")
        relation_scores[kind] = PR(
            precision=len(right) / len(got) if got else 1.0,
            recall=len(found) / len(want) if want else 1.0,
            expected=len(want),
            stored=len(got),
        )

    # Threads: pairwise F1 over the e-mails' thread membership.
    emails = {p for p, f in files.items() if f.email}
    want_threads = {frozenset(p) for t in expected.threads for p in combinations(sorted(t), 2)}
    got_threads = _same_pairs(stored["threads"], emails)
    threads = _f1(want_threads, got_threads)
    for pair in sorted(want_threads ^ got_threads, key=sorted):
        miss("threads", f"{'missing' if pair in want_threads else 'merged'}: {sorted(pair)}")
    apart = all(
        stored["threads"].get(a) is not None
        and stored["threads"].get(b) is not None
        and stored["threads"][a] != stored["threads"][b]
        for a, b in expected.apart
    )

    # Decisions: each expected one found by category on its redline, against the right version.
    decisions: dict[str, list[dict]] = stored["decisions"]
    want_n = found_n = pair_ok = 0
    for path, f in files.items():
        if f.copy_of:  # a copy of a redline may or may not repeat its decisions
            continue
        got = list(decisions.get(path, []))
        want_n += len(f.decisions)
        for categories in f.decisions:
            hit = next((d for d in got if d["topic"] in categories), None)
            if hit is None:
                stored_categories = [d["topic"] for d in decisions.get(path, [])]
                miss(
                    "decisions",
                    f"{path}: no decision in {sorted(categories)} (stored: {stored_categories})",
                )
                continue
            got.remove(hit)
            found_n += 1
            if hit["against"] and same_source(hit["against"], f.redline_against or ""):
                pair_ok += 1
            else:
                miss("decision_pair", f"{path}: against {hit['against']}, want {f.redline_against}")
    spurious = sorted(
        p for p in decisions if p in files and not files[p].decisions and not files[p].copy_of
    )
    name_patterns = {
        n: re.compile(rf"(?<!\w){re.escape(n)}(?!\w)", re.IGNORECASE) for n in expected.names
    }
    leaked = sorted(
        {
            f"{path}: {name}"
            for path, rows in decisions.items()
            for d in rows
            for name, pattern in name_patterns.items()
            if pattern.search(" ".join((d["locus"], d["change_summary"], d["rationale_text"])))
        }
    )
    for path, rows in decisions.items():
        for d in rows:
            whole = " | ".join((d["locus"], d["change_summary"], d["rationale_text"]))
            for name, pattern in name_patterns.items():
                if m := pattern.search(whole):
                    context = whole[max(0, m.start() - 60) : m.end() + 60]
                    miss("names", f"{path}: {name!r} in ...{context}...")
    return Scores(
        files=len(files),
        identity=identity_ok / len(files),
        logical_documents=logical,
        version_order=order_ok / order_n if order_n else 1.0,
        label=label_ok / len(labelled) if labelled else 1.0,
        relations=relation_scores,
        threads=threads,
        threads_apart=apart,
        decision_recall=found_n / want_n if want_n else 1.0,
        decision_pair=pair_ok / found_n if found_n else 0.0,
        spurious_decision_files=spurious,
        leaked_names=leaked,
        misses=misses,
    )
