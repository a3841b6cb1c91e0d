"""Score a Knowledge Index export against the known answers of held-out estate B.

Held out: do not inspect while tuning.

    /work/main/.venv/bin/python -m knowledge_index_tests.heldout.scoring EXPORT.jsonl \
        [--answers answers.json] [--type-map product_to_canonical.json] [--json OUT.json]

EXPORT.jsonl is what `knowledge_index.export.write_jsonl` writes: one JSON object per line with at
least `path`, `matter_reference`, `matter_title`, `doc_type`, `title`, `parties` (name, role,
identifiers), `language`, `doc_date`. Rows are matched to answers by `path` (exact, or the answer
path as a '/'-bounded suffix of an absolute or source-prefixed path). No id field is read.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable
from itertools import combinations
from pathlib import Path

HERE = Path(__file__).resolve().parent
ANSWERS = HERE / "answers.json"
LOOSE = ("misfiled", "inbox", "scan", "top_level")
PHANTOM = "__phantom__"

# ------------------------------------------------------------------ normalization
_SEP = re.compile(r"[\s_/.\-]+")
_INITIALS = re.compile(r"^(.*\d)(-[A-Z]{2,4}){1,2}$")
_PREFIX = re.compile(r"^\s*((re|aw|wg|fw|fwd|antw|sv|tr)\s*(\[\d+\])?\s*:\s*)+", re.I)
_DASHES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2015\u2212"), "-")
_QUOTES = {ord(c): '"' for c in "\u201e\u201c\u201d\u00ab\u00bb"} | {ord(c): "'" for c in "\u201a\u2018\u2019"}
_HONORIFIC = re.compile(r"^((dr|prof|dipl[- ]?ing|herr|frau|mr|mrs|ms|sir)\.?\s+)+", re.I)


def norm_ref(ref: str) -> str:
    """'0412/23 RKe', '0412-23', '2024_0173/OT', '40117.003', '19-0042-WB' -> one comparable form."""
    s = unicodedata.normalize("NFKC", ref).strip().upper()
    s = _SEP.sub("-", s).strip("-")
    m = _INITIALS.match(s)
    while m:  # trailing lawyer initials, possibly two groups ("KL-SB")
        s = m.group(1)
        m = _INITIALS.match(s)
    return s


def norm_text(s: str) -> str:
    s = unicodedata.normalize("NFKC", s).translate(_DASHES).translate(_QUOTES).casefold()
    return " ".join(re.sub(r"[^\w]+", " ", s).split())


def norm_title(s: str | None, *, email: bool = False) -> str | None:
    if s is None:
        return None
    s = unicodedata.normalize("NFKC", s).translate(_DASHES).translate(_QUOTES)
    if email:
        s = _PREFIX.sub("", s)
    s = " ".join(s.split()).strip().casefold()
    return s or None


def norm_party(name: str) -> str:
    s = unicodedata.normalize("NFKC", name).translate(_DASHES).translate(_QUOTES).strip()
    s = _HONORIFIC.sub("", s)
    s = s.casefold().replace("&", " and ")
    s = re.sub(r"[.,;:\"'()\u00b7]", " ", s)
    return " ".join(s.split())


# ------------------------------------------------------------------ loading
def load_answers(path: Path = ANSWERS) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def load_export(path: Path) -> list[dict]:
    rows = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if line:
                rows.append(json.loads(line))
    return rows


def match_rows(rows: Iterable[dict], answer_paths: Iterable[str]) -> tuple[dict[str, dict], list[str]]:
    """Answer path -> export row; and the export paths that match no answer."""
    answer_paths = list(answer_paths)
    exact = set(answer_paths)
    by_suffix = sorted(answer_paths, key=len, reverse=True)
    out: dict[str, dict] = {}
    extra = []
    for row in rows:
        p = str(row.get("path", "")).replace("\\", "/")
        p = unicodedata.normalize("NFC", p)
        hit = p if p in exact else next((a for a in by_suffix if p.endswith("/" + a)), None)
        if hit is None:
            extra.append(p)
        else:
            out[hit] = row
    return out, extra


class MatterMapper:
    """Predicted (matter_reference, matter_title) -> a matter key of the answers, None, or phantom."""

    def __init__(self, matters: dict):
        self.refs: dict[str, str] = {}
        self.titles: dict[str, str] = {}
        for key, m in matters.items():
            for r in [key, *m.get("references", [])]:
                self.refs[norm_ref(r)] = key
            self.titles[norm_text(m["title"])] = key
            if not m.get("references"):  # matters named only by title: the key is a word of it
                self.titles[norm_text(key)] = key

    def _by_ref(self, ref: str) -> str | None:
        n = norm_ref(ref)
        if n in self.refs:
            return self.refs[n]
        first = ref.strip().split()[0] if ref.strip() else ""
        if first and norm_ref(first) in self.refs:  # a folder name used as reference: "0412-23 Fennick gg. Sarrow (RKe)"
            return self.refs[norm_ref(first)]
        return None

    def _by_title(self, text: str) -> str | None:
        t = norm_text(text)
        if not t:
            return None
        if t in self.titles:
            return self.titles[t]
        hits = {k for title, k in self.titles.items() if len(title) >= 8 and (title in t)}
        return hits.pop() if len(hits) == 1 else None

    def __call__(self, ref: str | None, title: str | None) -> str | None:
        ref = (ref or "").strip()
        title = (title or "").strip()
        if not ref and not title:
            return None
        if ref.upper().startswith("UNASSIGNED"):
            return None
        for found in (self._by_ref(ref) if ref else None, self._by_title(ref) if ref else None, self._by_title(title) if title else None):
            if found:
                return found
        return PHANTOM


def party_identity(p: dict) -> str | None:
    for k in ("entity_id", "entity", "entity_key", "id"):
        if p.get(k):
            return f"{k}:{p[k]}"
    ids = p.get("identifiers") or {}
    if ids:
        return json.dumps({k: norm_ref(str(v)) for k, v in sorted(ids.items())}, sort_keys=True)
    return None


def macro_f1(gold: list[str], pred: list[str | None]) -> tuple[float, dict[str, float]]:
    labels = sorted(set(gold))
    per = {}
    for lab in labels:
        tp = sum(1 for g, p in zip(gold, pred) if g == lab and p == lab)
        fp = sum(1 for g, p in zip(gold, pred) if g != lab and p == lab)
        fn = sum(1 for g, p in zip(gold, pred) if g == lab and p != lab)
        prec = tp / (tp + fp) if tp + fp else 0.0
        rec = tp / (tp + fn) if tp + fn else 0.0
        per[lab] = 2 * prec * rec / (prec + rec) if prec + rec else 0.0
    return (sum(per.values()) / len(per) if per else 0.0), per


# ------------------------------------------------------------------ scoring
def score(rows: list[dict], answers: dict, type_map: dict[str, str] | None = None) -> dict:
    files: dict[str, dict] = answers["files"]
    mapper = MatterMapper(answers["matters"])
    matched, extra = match_rows(rows, files)
    tmap = type_map or {}

    res: dict = {"files": len(files), "rows_matched": len(matched), "rows_unmatched": len(extra)}

    # matters
    correct = Counter()
    total = Counter()
    phantoms: dict[str, int] = defaultdict(int)
    for path, a in files.items():
        row = matched.get(path)
        pred = mapper(row.get("matter_reference"), row.get("matter_title")) if row else "__missing__"
        if pred == PHANTOM:
            ident = (row.get("matter_reference") or "") + " | " + (row.get("matter_title") or "")
            phantoms[ident] += 1
        ok = pred == a["matter"]
        for bucket in ("all", a["category"], *(("loose",) if a["category"] in LOOSE else ())):
            total[bucket] += 1
            correct[bucket] += ok
    res["matter_accuracy"] = correct["all"] / total["all"]
    res["matter_accuracy_loose"] = correct["loose"] / total["loose"] if total["loose"] else 1.0
    res["matter_accuracy_by_category"] = {c: correct[c] / total[c] for c in ("in_matter_folder", *LOOSE) if total[c]}
    res["phantom_matters"] = len(phantoms)
    res["phantom_files"] = sum(phantoms.values())
    res["phantom_examples"] = sorted(phantoms)[:10]

    # document types
    gold, pred = [], []
    unmapped = Counter()
    for path, a in files.items():
        row = matched.get(path) or {}
        t = row.get("doc_type")
        if t is not None and t in tmap:
            t = tmap[t]
        elif t is not None and type_map is not None and t not in tmap:
            unmapped[t] += 1
        gold.append(a["doc_type"])
        pred.append(t)
    res["doc_type_macro_f1"], per_type = macro_f1(gold, pred)
    res["doc_type_accuracy"] = sum(g == p for g, p in zip(gold, pred)) / len(gold)
    res["doc_type_worst"] = sorted(per_type.items(), key=lambda kv: kv[1])[:8]
    res["doc_type_unmapped_ids"] = dict(unmapped.most_common(10))

    # titles
    tot = ok = 0
    for path, a in files.items():
        if a["title"] is None:
            continue
        tot += 1
        row = matched.get(path) or {}
        is_mail = a["format"] == "eml"
        ok += norm_title(row.get("title"), email=is_mail) == norm_title(a["title"], email=is_mail)
    res["title_exact"] = ok / tot if tot else 1.0

    # parties (micro-averaged by normalized name), homonyms (entity identity)
    tp = fp = fn = 0
    mentions: dict[str, list[tuple[str, str | None]]] = defaultdict(list)  # norm name -> [(gold key, predicted identity)]
    keys_by_name: dict[str, set[str]] = defaultdict(set)
    for a in files.values():
        for p in a["parties"]:
            keys_by_name[norm_party(p["name"])].add(p["key"])
    homonym_names = {n for n, ks in keys_by_name.items() if len(ks) > 1}
    for path, a in files.items():
        row = matched.get(path) or {}
        g = {norm_party(p["name"]): p["key"] for p in a["parties"]}
        pr: dict[str, str | None] = {}
        for p in row.get("parties") or []:
            n = norm_party(str(p.get("name", "")))
            if n:
                pr.setdefault(n, party_identity(p))
        tp += len(set(g) & set(pr))
        fp += len(set(pr) - set(g))
        fn += len(set(g) - set(pr))
        for n in set(g) & set(pr) & homonym_names:
            mentions[n].append((g[n], pr[n]))
    res["parties_precision"] = tp / (tp + fp) if tp + fp else 1.0
    res["parties_recall"] = tp / (tp + fn) if tp + fn else 1.0

    pairs = agree = 0
    shown = True
    for n, ms in mentions.items():
        if any(ident is None for _, ident in ms):
            shown = False
        for (k1, i1), (k2, i2) in combinations(ms, 2):
            if i1 is None or i2 is None:
                continue
            pairs += 1
            agree += (k1 == k2) == (i1 == i2)
    res["homonym_names"] = sorted(homonym_names)
    res["homonym_identity_shown"] = shown and pairs > 0
    res["homonym_pair_accuracy"] = (agree / pairs) if pairs else None
    res["homonyms_kept_apart"] = (agree == pairs) if pairs else None

    # language and date (reported, not part of issue 12's thresholds)
    lang_ok = sum((matched.get(p) or {}).get("language") == a["language"] for p, a in files.items())
    date_ok = sum(str((matched.get(p) or {}).get("doc_date") or "")[:10] == a["date"] for p, a in files.items())
    res["language_accuracy"] = lang_ok / len(files)
    res["date_accuracy"] = date_ok / len(files)
    return res


def table(res: dict) -> str:
    def f(x):
        return "n/a" if x is None else (f"{x:.3f}" if isinstance(x, float) else str(x))

    lines = [
        "held-out estate B",
        f"{'files / rows matched / rows unmatched':44} {res['files']} / {res['rows_matched']} / {res['rows_unmatched']}",
        f"{'matter accuracy':44} {f(res['matter_accuracy'])}",
        f"{'  ... on misfiled/inbox/scan/top-level':44} {f(res['matter_accuracy_loose'])}",
    ]
    for c, v in res["matter_accuracy_by_category"].items():
        lines.append(f"{'      ' + c:44} {f(v)}")
    lines += [
        f"{'phantom matters (files)':44} {res['phantom_matters']} ({res['phantom_files']})",
        f"{'document type macro F1 (accuracy)':44} {f(res['doc_type_macro_f1'])} ({f(res['doc_type_accuracy'])})",
        f"{'title exact match':44} {f(res['title_exact'])}",
        f"{'parties precision / recall':44} {f(res['parties_precision'])} / {f(res['parties_recall'])}",
        f"{'homonyms kept apart (pair accuracy)':44} {f(res['homonyms_kept_apart'])} ({f(res['homonym_pair_accuracy'])})"
        + ("" if res["homonym_identity_shown"] else "  [entity identity not shown for every mention]"),
        f"{'language / date accuracy':44} {f(res['language_accuracy'])} / {f(res['date_accuracy'])}",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("export", type=Path)
    ap.add_argument("--answers", type=Path, default=ANSWERS)
    ap.add_argument("--type-map", type=Path, help="JSON object: product doc_type id -> canonical id of types.py")
    ap.add_argument("--json", type=Path, help="also write the full result as JSON")
    args = ap.parse_args(argv)
    tmap = json.loads(args.type_map.read_text(encoding="utf-8")) if args.type_map else None
    res = score(load_export(args.export), load_answers(args.answers), tmap)
    print(table(res))
    if args.json:
        args.json.write_text(json.dumps(res, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
