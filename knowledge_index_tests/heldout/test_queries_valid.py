"""The held-out search queries (queries.json) are well formed and grounded in the answer key:
schema, unique ids, known styles and languages, filters in the answers' own vocabulary, and every
graded path a file of answers.json that satisfies the query's filters. The validator is shown to
reject broken sets. Not a product run.

Held out: do not inspect while tuning (the queries' texts and relevance are the test).
"""

from __future__ import annotations

import copy
import datetime as dt
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from knowledge_index_tests.heldout.types import DOC_TYPES

HERE = Path(__file__).parent
ANS = json.loads((HERE / "answers.json").read_text(encoding="utf-8"))
QUERIES = json.loads((HERE / "queries.json").read_text(encoding="utf-8"))

STYLES = ("reference", "identifier", "party", "doc_type_in_matter", "natural", "phrase", "lookup",
          "thread", "cross_lingual", "filtered")
LANGUAGES = ("de", "en")
QUERY_KEYS = {"id", "text", "language", "style", "filters", "relevant"}
FILTER_KEYS = {"matter_reference", "doc_type", "language", "date_from", "date_to"}
ID_RE = re.compile(r"B\d{3}")


def _matter_keys(answers: dict, reference: str) -> set[str]:
    """Matter keys a filter value names: the key itself or a reference as the answers write it."""
    matters = answers["matters"]
    return {k for k, m in matters.items() if reference in (k, *m["references"])}


def _date(value: object) -> dt.date | None:
    if not isinstance(value, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        return None


def _filter_problems(qid: str, filters: object, answers: dict) -> list[str]:
    if not isinstance(filters, dict):
        return [f"{qid}: filters is not an object"]
    out = [f"{qid}: unknown filter {k!r}" for k in filters if k not in FILTER_KEYS]
    for k, v in filters.items():
        if k in FILTER_KEYS and (not isinstance(v, str) or not v):
            out.append(f"{qid}: filter {k} is not a non-empty string")
    if isinstance(filters.get("matter_reference"), str) and not _matter_keys(
            answers, filters["matter_reference"]):
        ref = filters["matter_reference"]
        out.append(f"{qid}: matter_reference {ref!r} is no matter of the answers")
    used_types = {f["doc_type"] for f in answers["files"].values()}
    if isinstance(filters.get("doc_type"), str) and (
            filters["doc_type"] not in DOC_TYPES or filters["doc_type"] not in used_types):
        out.append(f"{qid}: doc_type {filters['doc_type']!r} is not a doc type of the answers")
    if "language" in filters and filters["language"] not in LANGUAGES:
        out.append(f"{qid}: language filter {filters['language']!r}")
    dates = {k: _date(filters[k]) for k in ("date_from", "date_to") if k in filters}
    out += [f"{qid}: {k} is not YYYY-MM-DD" for k, d in dates.items() if d is None]
    if dates.get("date_from") and dates.get("date_to") and dates["date_from"] > dates["date_to"]:
        out.append(f"{qid}: date_from after date_to")
    return out


def _satisfies(file: dict, filters: dict, answers: dict) -> bool:
    """Whether an answer file passes the query's filters (a relevant file must, or no system could
    return it)."""
    if "matter_reference" in filters and file["matter"] not in _matter_keys(
            answers, filters["matter_reference"]):
        return False
    if "doc_type" in filters and file["doc_type"] != filters["doc_type"]:
        return False
    if "language" in filters and file["language"] != filters["language"]:
        return False
    if "date_from" in filters and (file["date"] or "") < filters["date_from"]:
        return False
    return not ("date_to" in filters and (file["date"] or "9999") > filters["date_to"])


def problems(data: object, answers: dict = ANS) -> list[str]:
    """Everything wrong with a query set; empty when it is valid."""
    if not isinstance(data, dict) or set(data) != {"version", "queries"}:
        return ["top level must be exactly {version, queries}"]
    out = [] if data["version"] == 1 else ["version must be 1"]
    queries = data["queries"]
    if not isinstance(queries, list) or not queries:
        return [*out, "queries must be a non-empty list"]
    files = answers["files"]
    ids = Counter(q.get("id") for q in queries if isinstance(q, dict))
    out += [f"duplicate id {i!r}" for i, n in ids.items() if n > 1]
    for n, q in enumerate(queries):
        if not isinstance(q, dict):
            out.append(f"query #{n} is not an object")
            continue
        qid = q.get("id", f"#{n}")
        if set(q) != QUERY_KEYS:
            out.append(f"{qid}: keys {sorted(q)} != {sorted(QUERY_KEYS)}")
            continue
        if not isinstance(qid, str) or not ID_RE.fullmatch(qid):
            out.append(f"{qid!r}: id must look like B001")
        if not isinstance(q["text"], str) or not q["text"].strip():
            out.append(f"{qid}: empty text")
        if q["language"] not in LANGUAGES:
            out.append(f"{qid}: language {q['language']!r}")
        if q["style"] not in STYLES:
            out.append(f"{qid}: style {q['style']!r} is not one of the ten")
        fp = _filter_problems(qid, q["filters"], answers)
        out += fp
        rel = q["relevant"]
        if not isinstance(rel, dict) or not rel:
            out.append(f"{qid}: relevant must be a non-empty object")
            continue
        for path, grade in rel.items():
            if path not in files:
                out.append(f"{qid}: {path!r} is not a file of answers.json")
            elif not fp and not _satisfies(files[path], q["filters"], answers):
                out.append(f"{qid}: {path!r} does not pass the query's filters")
            if type(grade) is not int or grade not in (1, 2, 3):
                out.append(f"{qid}: grade {grade!r} for {path!r} is not 1, 2 or 3")
        if 3 not in rel.values():
            out.append(f"{qid}: no document graded 3")
    return out


def test_queries_are_valid():
    assert problems(QUERIES) == []


def test_every_style_and_both_languages_are_covered():
    queries = QUERIES["queries"]
    styles = Counter(q["style"] for q in queries)
    assert set(styles) == set(STYLES)
    assert min(styles.values()) >= 0.75 * len(queries) / len(STYLES)  # roughly even
    languages = Counter(q["language"] for q in queries)
    assert set(languages) == set(LANGUAGES)
    assert min(languages.values()) >= 0.35 * len(queries)
    assert 70 <= len(queries) <= 90


def _first(data: dict, pred=lambda q: True) -> dict:
    return next(q for q in data["queries"] if pred(q))


def _break_path(d):
    _first(d)["relevant"]["Hamburg/nicht/vorhanden.pdf"] = 3


def _break_duplicate(d):
    d["queries"][1]["id"] = d["queries"][0]["id"]


def _break_style(d):
    _first(d)["style"] = "keyword"


def _break_grade(d):
    q = _first(d)
    q["relevant"][next(iter(q["relevant"]))] = 4


def _break_no_top(d):
    q = _first(d)
    q["relevant"] = {p: 1 for p in q["relevant"]}


def _break_filter_value(d):
    q = _first(d, lambda q: "matter_reference" in q["filters"])
    q["filters"]["matter_reference"] = "9999/99"


def _break_filter_key(d):
    _first(d)["filters"]["client"] = "kestrel"


def _break_doc_type(d):
    _first(d, lambda q: "doc_type" in q["filters"])["filters"]["doc_type"] = "Rechnung"


def _break_date(d):
    _first(d, lambda q: "date_from" in q["filters"])["filters"]["date_from"] = "01.06.2024"


def _break_filtered_relevance(d):
    q = _first(d, lambda q: "doc_type" in q["filters"])
    other = next(p for p, f in ANS["files"].items() if f["doc_type"] != q["filters"]["doc_type"])
    q["relevant"][other] = 1


def _break_language(d):
    _first(d)["language"] = "fr"


def _break_extra_key(d):
    _first(d)["notes"] = "x"


def _break_version(d):
    d["version"] = 2


@pytest.mark.parametrize("breaker", [
    _break_path, _break_duplicate, _break_style, _break_grade, _break_no_top, _break_filter_value,
    _break_filter_key, _break_doc_type, _break_date, _break_filtered_relevance, _break_language,
    _break_extra_key, _break_version,
])
def test_validator_rejects_broken_query_sets(breaker):
    data = copy.deepcopy(QUERIES)
    breaker(data)
    assert problems(data), breaker.__name__
