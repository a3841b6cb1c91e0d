"""Score a product export (JSON Lines from knowledge_index.export.write_jsonl) against an estate's answers.

    python -m knowledge_index_tests.evaluation.scoring EXPORT.jsonl [ANSWERS.json] [--types MAP.json]
                                                       [--relations MAP.json] [--prefix PATH_PREFIX]

Rows are joined to answers by `path` (relative to the estate's files/ folder; --prefix strips a
leading folder). The row id (`document_id` / `source_object_id`) is never used. Rules:

matter   A row's predicted matter is mapped to a canonical key: "unassigned" when there is no
         matter_reference or it starts with "UNASSIGNED-"; else by the reference normalized
         (upper case; separators / - _ . and blanks -> "/"; leading zeros of numbers dropped;
         trailing lawyer initials dropped; a leading "AZ"/"AZ." kept only if the matter's form has
         it, and a number/two-digit-year also matches year/number) against every form the matter
         is written in; else by matter_title (casefolded, punctuation-free) equal to one of the
         matter's title forms or containing one. A predicted matter that maps to nothing is a
         phantom; phantoms are counted (distinct reference/title pairs) and listed.
doc type Predicted doc_type -> canonical id: the identity when it is a canonical id, else through
         the mapping table passed in (product id -> canonical id). Macro and micro F1.
title    Exact match after normalization: NFC, whitespace collapsed, leading reply/forward
         prefixes (Re:, AW:, WG:, Fwd:, FW:, Antw:, TR:, repeated) removed, surrounding quotes and
         trailing punctuation removed, casefolded.
parties  A predicted party matches an answer party of the same file when its normalized name
         equals the answer name or an alias (casefold, punctuation removed, legal forms unified:
         "gesellschaft mit beschränkter haftung" -> gmbh, "limited" -> ltd, ...). Micro precision/recall.
homonyms Two companies with one name must be two entities: judged from party rows' entity id
         (`entity_id`/`id`), else from their register identifiers; n/a when the export has neither.
relations annex_of, amends, references, responds_to, attachment_of, near_duplicate_of, redline_of,
         duplicate_of: edge F1 over (source path, target path); near_duplicate_of and duplicate_of
         are undirected. Sources: outgoing `relations` (names mapped by --relations), and
         `version.duplicate_of` / `version.redline_against`. Chains: pairwise same-logical-document
         F1 over files in answer chains, order = share of answer pairs ordered by version_number.
         Threads: pairwise same-thread F1 over e-mails in answer threads.
decisions Per redline file, predicted decisions are matched to answers by normalized locus
         ("§ 5 Abs. 1" -> "§5(1)", "Clause 6.1" -> "6.1"). F1; rationale accuracy and topic accuracy
         over matched pairs (topic n/a when the export has no topic field).
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import sys
import unicodedata
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
RELATIONS = ("annex_of", "amends", "references", "responds_to", "attachment_of", "near_duplicate_of", "redline_of",
             "duplicate_of")
UNDIRECTED = {"near_duplicate_of", "duplicate_of"}
DEFAULT_RELATION_MAP = {"annex": "annex_of", "schedule_of": "annex_of", "amendment_of": "amends",
                        "refers_to": "references", "reference": "references", "reply_to": "responds_to",
                        "replies_to": "responds_to", "attachment": "attachment_of", "attached_to": "attachment_of",
                        "near_duplicate": "near_duplicate_of", "redline_against": "redline_of",
                        "exact_duplicate_of": "duplicate_of", "duplicate": "duplicate_of"}


# ---------------------------------------------------------------------------- normalization

_PREFIX = re.compile(r"^\s*((re|aw|wg|fwd?|fw|antw|tr|sv|vs)\s*(\[\d+\])?\s*:\s*)+", re.I)


def norm_title(t: str | None) -> str:
    if not t:
        return ""
    t = unicodedata.normalize("NFC", t)
    t = re.sub(r"\s+", " ", t).strip()
    t = _PREFIX.sub("", t)
    t = t.strip(" \"'„“”‚‘’«»").rstrip(".:;,").strip()
    return t.casefold()


_FORMS = [(r"gesellschaft mit beschränkter haftung", "gmbh"), (r"aktiengesellschaft", "ag"),
          (r"\blimited\b", "ltd"), (r"\bl\.?l\.?p\.?\b", "llp"), (r"partnerschaftsgesellschaft", "partg"),
          (r"\bgmbh\s*&\s*co\.?\s*kg\b", "gmbh co kg"), (r"\bkommanditgesellschaft\b", "kg")]


def norm_name(n: str | None) -> str:
    if not n:
        return ""
    n = unicodedata.normalize("NFC", n).casefold()
    for pat, rep in _FORMS:
        n = re.sub(pat, rep, n)
    n = re.sub(r"^(herrn?|frau|mr|mrs|ms)\s+", "", n)
    n = re.sub(r"[^\w]+", " ", n)
    return re.sub(r"\s+", " ", n).strip()


def norm_ref(r: str | None) -> str:
    if not r:
        return ""
    r = unicodedata.normalize("NFC", r).upper().strip()
    r = re.sub(r"^(UNSER ZEICHEN|IHR ZEICHEN|OUR REF|YOUR REF|MATTER NO|AKTE|AKTENZEICHEN)\.?\s*:?\s*", "", r)
    r = re.sub(r"(?<=\d)[\s/_-]*[A-Z]{2,3}$", "", r)  # trailing lawyer initials
    r = re.sub(r"[\s/_.\-]+", "/", r).strip("/")
    r = re.sub(r"(?<![A-Z0-9])0+(?=\d)", "", r)
    return r


def ref_variants(r: str) -> set[str]:
    n = norm_ref(r)
    out = {n} if n else set()
    parts = n.split("/")
    if parts and parts[0] in ("AZ", "AZ."):
        out.add("/".join(parts[1:]))
    for v in list(out):
        p = v.split("/")
        if len(p) == 2 and p[0].isdigit() and p[1].isdigit():
            a, b = p
            if len(b) == 2 and len(a) <= 4:
                out.add(f"20{b}/{int(a)}")
            if len(a) == 4 and a.startswith("20"):
                out.add(f"{int(b)}/{a[2:]}")
    return out


def norm_free(t: str | None) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[^\w]+", " ", unicodedata.normalize("NFC", t or "").casefold())).strip()


_LOCUS_DE = re.compile(r"§\s*(\d+[a-z]?)(?:\s*(?:abs\.?|absatz)\s*(\d+))?", re.I)
_LOCUS_EN = re.compile(r"(?:clause|section|ziff(?:er)?\.?|paragraph|para\.?)?\s*(\d+(?:\.\d+)*)", re.I)


def norm_locus(loc: str | None) -> str:
    if not loc:
        return ""
    m = _LOCUS_DE.search(loc)
    if m:
        return f"§{m.group(1)}" + (f"({m.group(2)})" if m.group(2) else "")
    m = _LOCUS_EN.search(loc)
    return m.group(1) if m else norm_free(loc)


# ---------------------------------------------------------------------------- helpers

def f1(tp: int, fp: int, fn: int) -> dict:
    p = tp / (tp + fp) if tp + fp else (1.0 if not fn else 0.0)
    r = tp / (tp + fn) if tp + fn else 1.0
    return {"precision": p, "recall": r, "f1": (2 * p * r / (p + r)) if p + r else 0.0, "tp": tp, "fp": fp, "fn": fn}


def set_f1(pred: set, gold: set) -> dict:
    return f1(len(pred & gold), len(pred - gold), len(gold - pred))


class MatterMap:
    def __init__(self, answers: dict):
        self.by_ref: dict[str, str] = {}
        self.titles: list[tuple[str, str]] = []
        for key, m in answers["matters"].items():
            for form in m["reference_forms"] + ([m["reference"]] if m["reference"] else []):
                for v in ref_variants(form):
                    other = self.by_ref.setdefault(v, key)
                    assert other == key, f"reference form {v} of {key} collides with {other}"
            for t in m["title_forms"] + [m["folder"].rsplit("/", 1)[-1]]:
                nt = norm_free(t)
                if nt:
                    self.titles.append((nt, key))

    def key(self, reference: str | None, title: str | None) -> tuple[str | None, bool]:
        """(canonical key or None for unassigned, is_phantom)."""
        if not reference or str(reference).upper().startswith("UNASSIGNED-"):
            return None, False
        for v in ref_variants(reference):
            if v in self.by_ref:
                return self.by_ref[v], False
        # a reference embedded in a folder-like string: "2024-0173 Verkauf Alpentec"
        for tok in re.findall(r"[A-Za-z]{1,3}[\s-]?\d[\d./_-]*\d|\d[\d./_-]*\d", str(reference)):
            for v in ref_variants(tok):
                if v in self.by_ref:
                    return self.by_ref[v], False
        for cand in (title, reference):
            nt = norm_free(cand)
            if not nt:
                continue
            for t, k in self.titles:
                if nt == t or (len(t) >= 8 and t in nt):
                    return k, False
        return None, True


def load_export(path: Path | str, prefix: str = "") -> dict[str, dict]:
    rows = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if not line:
                continue
            r = json.loads(line)
            p = r["path"]
            if prefix and p.startswith(prefix):
                p = p[len(prefix):]
            p = p.lstrip("/")
            if p.startswith("files/"):
                p = p[len("files/"):]
            r["path"] = p
            rows[p] = r
    return rows


def _strip(p: str | None, prefix: str) -> str | None:
    if p is None:
        return None
    if prefix and p.startswith(prefix):
        p = p[len(prefix):]
    p = p.lstrip("/")
    return p[len("files/"):] if p.startswith("files/") else p


# ---------------------------------------------------------------------------- scoring

def score(rows: dict[str, dict], answers: dict, *, type_map: dict | None = None, relation_map: dict | None = None,
          prefix: str = "") -> dict:
    from .types import DOC_TYPE_IDS

    files = answers["files"]
    mm = MatterMap(answers)
    type_map = type_map or {}
    relation_map = {**DEFAULT_RELATION_MAP, **(relation_map or {})}
    res: dict = {"files": len(files), "rows": len(rows), "missing_rows": sorted(set(files) - set(rows))[:20],
                 "n_missing_rows": len(set(files) - set(rows))}

    # matters
    correct = hard_correct = hard_n = 0
    phantoms: dict[tuple, int] = defaultdict(int)
    errors = []
    for path, a in files.items():
        r = rows.get(path, {})
        key, ph = mm.key(r.get("matter_reference"), r.get("matter_title"))
        if ph:
            phantoms[(r.get("matter_reference"), r.get("matter_title"))] += 1
        ok = key == a["matter"]
        correct += ok
        if a["category"] != "in_matter_folder":
            hard_n += 1
            hard_correct += ok
        if not ok:
            errors.append((path, a["matter"], key))
    res["matter_accuracy"] = correct / len(files)
    res["matter_accuracy_hard"] = hard_correct / hard_n if hard_n else None
    res["phantom_matters"] = len(phantoms)
    res["phantom_matter_files"] = sum(phantoms.values())
    res["phantom_list"] = [list(k) for k in sorted(phantoms, key=str)][:30]
    res["matter_errors"] = errors[:30]

    # doc types
    per: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    tp_all = fp_all = fn_all = 0
    for path, a in files.items():
        pred = rows.get(path, {}).get("doc_type")
        if pred is not None and pred not in DOC_TYPE_IDS:
            pred = type_map.get(pred)
        gold = a["doc_type"]
        if pred == gold:
            per[gold][0] += 1
            tp_all += 1
        else:
            per[gold][2] += 1
            fn_all += 1
            if pred is not None:
                per[pred][1] += 1
                fp_all += 1
    golds = {a["doc_type"] for a in files.values()}
    res["doc_type_macro_f1"] = sum(f1(*per[t])["f1"] for t in golds) / len(golds)
    res["doc_type_micro_f1"] = f1(tp_all, fp_all, fn_all)["f1"]
    res["doc_type_classes"] = len(golds)

    # titles
    hits = sum(norm_title(rows.get(p, {}).get("title")) == norm_title(a["title"]) for p, a in files.items())
    res["title_exact"] = hits / len(files)

    # language, date
    res["language_accuracy"] = sum((rows.get(p, {}).get("language") or "")[:2] == a["language"]
                                   for p, a in files.items()) / len(files)
    res["date_accuracy"] = sum(str(rows.get(p, {}).get("doc_date") or "")[:10] == a["date"]
                               for p, a in files.items()) / len(files)

    # parties
    tp = fp = fn = 0
    for path, a in files.items():
        gold = [{norm_name(x["name"]), *(norm_name(y) for y in x["aliases"])} for x in a["parties"]]
        used = set()
        for pp in rows.get(path, {}).get("parties") or []:
            n = norm_name(pp.get("name"))
            hit = next((i for i, g in enumerate(gold) if i not in used and n in g), None)
            if hit is None:
                fp += 1
            else:
                used.add(hit)
                tp += 1
        fn += len(gold) - len(used)
    pr = f1(tp, fp, fn)
    res["parties_precision"], res["parties_recall"] = pr["precision"], pr["recall"]

    res["homonyms_kept_apart"] = _homonyms(rows, answers)
    res.update(_relations(rows, answers, relation_map, prefix))
    res.update(_decisions(rows, answers, prefix))
    return res


def _homonyms(rows, answers):
    files = answers["files"]
    verdicts = []
    for group in answers["homonyms"]:
        ids: dict[str, set] = defaultdict(set)
        basis = None
        for path, a in files.items():
            gold = {x["company"]: norm_name(x["name"]) for x in a["parties"] if x["company"] in group}
            if not gold:
                continue
            for pp in rows.get(path, {}).get("parties") or []:
                n = norm_name(pp.get("name"))
                for comp, gn in gold.items():
                    if n != gn:
                        continue
                    eid = pp.get("entity_id") or pp.get("id")
                    if eid:
                        basis = "entity_id"
                        ids[comp].add(("id", str(eid)))
                    else:
                        reg = " ".join(sorted(str(v) for v in (pp.get("identifiers") or {}).values()))
                        if reg:
                            basis = basis or "register"
                            ids[comp].add(("reg", re.sub(r"\D", "", reg)))
        if basis is None or len(ids) < len(group):
            verdicts.append(None)
            continue
        sets = [ids[c] for c in group]
        apart = all(not (x & y) for x, y in itertools.combinations(sets, 2))
        verdicts.append(apart)
    if all(v is None for v in verdicts):
        return "n/a"
    return all(v for v in verdicts if v is not None)


def _relations(rows, answers, relation_map, prefix):
    files = answers["files"]
    gold: dict[str, set] = {r: set() for r in RELATIONS}
    for path, a in files.items():
        for rel, tgts in a["relations"].items():
            for t in tgts:
                gold[rel].add(tuple(sorted((path, t))) if rel in UNDIRECTED else (path, t))
    pred: dict[str, set] = {r: set() for r in RELATIONS}
    has = False
    for path, r in rows.items():
        for e in r.get("relations") or []:
            has = True
            rel = relation_map.get(e.get("relation"), e.get("relation"))
            if rel not in pred:
                continue
            other = _strip(e.get("path"), prefix)
            src, tgt = (path, other) if e.get("direction", "outgoing") == "outgoing" else (other, path)
            pred[rel].add(tuple(sorted((src, tgt))) if rel in UNDIRECTED else (src, tgt))
        v = r.get("version") or {}
        if v:
            has = True
        for field, rel in (("duplicate_of", "duplicate_of"), ("redline_against", "redline_of")):
            d = v.get(field)
            if d and d.get("path"):
                t = _strip(d["path"], prefix)
                pred[rel].add(tuple(sorted((path, t))) if rel in UNDIRECTED else (path, t))
    out: dict = {}
    if not has:
        return {"relations": "n/a"}
    for rel in RELATIONS:
        if gold[rel]:
            out[f"rel_{rel}"] = set_f1(pred[rel] & _universe(files), gold[rel])
    # chains
    chains = answers["chains"]
    in_chain = {p for c in chains for p in c}
    gp = {tuple(sorted(x)) for c in chains for x in itertools.combinations(c, 2)}
    logical = {p: (rows.get(p, {}).get("version") or {}).get("logical_document_id") for p in in_chain}
    pp = {tuple(sorted((a, b))) for a, b in itertools.combinations(sorted(in_chain), 2)
          if logical.get(a) and logical.get(a) == logical.get(b)}
    out["chains"] = set_f1(pp, gp)
    ordered = total = 0
    for c in chains:
        for i, j in itertools.combinations(range(len(c)), 2):
            total += 1
            vi = (rows.get(c[i], {}).get("version") or {}).get("version_number")
            vj = (rows.get(c[j], {}).get("version") or {}).get("version_number")
            ordered += vi is not None and vj is not None and vi < vj and logical.get(c[i]) == logical.get(c[j])
    out["chain_order"] = ordered / total if total else None
    # threads
    th = answers["threads"]
    members = {p for t in th for p in t}
    gp = {tuple(sorted(x)) for t in th for x in itertools.combinations(t, 2)}
    tid = {p: {t.get("thread_id") for t in rows.get(p, {}).get("threads") or []} for p in members}
    pp = {tuple(sorted((a, b))) for a, b in itertools.combinations(sorted(members), 2) if tid[a] & tid[b]}
    out["threads"] = set_f1(pp, gp)
    return out


def _universe(files):
    class _All:
        def __rand__(self, other):
            return {e for e in other if e[0] in files and e[1] in files}
    return _All()


def _decisions(rows, answers, prefix):
    files = answers["files"]
    tp = fp = fn = 0
    why_ok = topic_ok = topic_n = matched = 0
    any_pred = False
    for path, a in files.items():
        gold = {norm_locus(d["locus"]): d for d in a["decisions"]}
        preds = rows.get(path, {}).get("decisions") or []
        any_pred = any_pred or bool(preds)
        seen = set()
        for d in preds:
            loc = norm_locus(d.get("locus"))
            if loc in gold and loc not in seen:
                seen.add(loc)
                tp += 1
                matched += 1
                g = gold[loc]
                why_ok += d.get("rationale_category") == g["rationale_category"]
                if "topic" in d:
                    topic_n += 1
                    topic_ok += d.get("topic") == g["topic"]
            else:
                fp += 1
        fn += len(gold) - len(seen)
    if not any_pred and not tp:
        return {"decisions": f1(0, 0, fn), "decision_rationale_accuracy": None, "decision_topic_accuracy": "n/a"}
    return {"decisions": f1(tp, fp, fn),
            "decision_rationale_accuracy": why_ok / matched if matched else None,
            "decision_topic_accuracy": topic_ok / topic_n if topic_n else "n/a"}


# ---------------------------------------------------------------------------- table

def table(res: dict) -> str:
    def fmt(v):
        if isinstance(v, dict):
            return f"{v['f1']:.2f} (P {v['precision']:.2f} / R {v['recall']:.2f})"
        if isinstance(v, float):
            return f"{v:.2f}"
        return str(v)

    keys = ["matter_accuracy", "matter_accuracy_hard", "phantom_matters", "doc_type_macro_f1", "doc_type_micro_f1",
            "title_exact", "parties_precision", "parties_recall", "homonyms_kept_apart", "language_accuracy",
            "date_accuracy"]
    keys += [k for k in res if k.startswith("rel_")] + ["chains", "chain_order", "threads", "decisions",
                                                        "decision_rationale_accuracy", "decision_topic_accuracy"]
    labels = {"matter_accuracy_hard": "matter accuracy on misfiled/inbox/scan/top-level"}
    lines = [f"| task | value |", "| --- | --- |"]
    lines.append(f"| files / rows (missing) | {res['files']} / {res['rows']} ({res['n_missing_rows']}) |")
    for k in keys:
        if k in res:
            lines.append(f"| {labels.get(k, k.replace('_', ' '))} | {fmt(res[k])} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("export")
    ap.add_argument("answers", nargs="?", default=str(HERE / "estate_a" / "answers.json"))
    ap.add_argument("--types", help="JSON file: product doc_type -> canonical id")
    ap.add_argument("--relations", help="JSON file: product relation name -> canonical relation")
    ap.add_argument("--prefix", default="", help="strip this prefix from exported paths")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    answers = json.loads(Path(a.answers).read_text(encoding="utf-8"))
    rows = load_export(a.export, a.prefix)
    res = score(rows, answers, type_map=json.loads(Path(a.types).read_text()) if a.types else None,
                relation_map=json.loads(Path(a.relations).read_text()) if a.relations else None, prefix=a.prefix)
    print(json.dumps(res, ensure_ascii=False, indent=1, default=str) if a.json else table(res))
    if res["phantom_list"]:
        print("\nphantom matters:", res["phantom_list"][:10])
    return 0


if __name__ == "__main__":
    sys.exit(main())
