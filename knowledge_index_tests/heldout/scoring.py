"""Score a Knowledge Index export against the known answers of held-out estate B.

Held out: do not inspect while tuning.

    /work/main/.venv/bin/python -m knowledge_index_tests.heldout.scoring EXPORT.jsonl \
        [--answers answers.json] [--type-map product_to_canonical.json] [--json OUT.json]

EXPORT.jsonl is what `knowledge_index.export.write_jsonl` writes: one JSON object per line with at
least `path`, `matter_reference`, `matter_title`, `doc_type`, `title`, `parties` (name, role,
identifiers), `language`, `doc_date`, and for relations and decisions `relations`, `version`, `threads`,
`decisions`. Rows are matched to answers by `path` (exact, or the answer path as a '/'-bounded suffix of
an absolute or source-prefixed path); paths inside relations, versions and threads are resolved the same
way. No id field is read.

Relations and decisions are scored as estate A's scorer scores them
(knowledge_index_tests/evaluation/scoring.py `_relations`, `_decisions`):

relations annex_of, amends, references, responds_to, attachment_of, near_duplicate_of, redline_of,
          duplicate_of: edge F1 over (source path, target path) per kind with answer edges;
          near_duplicate_of and duplicate_of are undirected. Predicted edges: every entry of a row's
          `relations` (relation name mapped by DEFAULT_RELATION_MAP, estate A's alias map, and
          --relation-map; `direction` outgoing = this row -> `path`, incoming = `path` -> this row) and
          `version.duplicate_of` / `version.redline_against`. Edges with an endpoint outside the answers
          are ignored. This estate has no answer edge of some kinds (attachment_of, redline_of,
          duplicate_of); edges predicted for them are counted under `rel_unexpected` (all wrong).
chains    pairwise same-`version.logical_document_id` F1 over the files of the answer chains; order =
          share of answer pairs (older, newer) with version_number older < newer in one logical document.
threads   pairwise same-`threads[].thread_id` F1 over the e-mails of the answer threads.
decisions per file, predicted `decisions` are matched one-to-one to the answer decisions by normalized
          locus (estate A's norm_locus: "§ 5 Abs. 1" -> "§5(1)", "Clause 6.1" / "Ziff. 6.1" -> "6.1");
          an answer locus of an unnumbered paragraph (its opening words, e.g. "Gerichtsstand") matches a
          predicted locus whose folded text starts with it or is a start of it (at least 4 characters).
          F1 over (file, locus); unmatched predictions (also on files without answer decisions) are false
          positives. Over matched pairs: rationale accuracy (`rationale_category` equal to the answer's),
          topic accuracy and change-type accuracy. Topics are compared as ids after folding (casefold,
          every run of non-alphanumerics -> "_"): "Liability cap" = "liability_cap", but "haftung" or
          "cap_on_liability" is not "liability_cap" - a product whose topic ids are worded differently
          scores low here by design. change_type is folded the same way. Topic and change-type accuracy
          are n/a when no matched prediction has the field.
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
RELATIONS = ("annex_of", "amends", "references", "responds_to", "attachment_of", "near_duplicate_of", "redline_of",
             "duplicate_of")
UNDIRECTED = {"near_duplicate_of", "duplicate_of"}
# estate A's alias map (knowledge_index_tests/evaluation/scoring.py), product relation name -> canonical
DEFAULT_RELATION_MAP = {"annex": "annex_of", "schedule_of": "annex_of", "amendment_of": "amends",
                        "refers_to": "references", "reference": "references", "reply_to": "responds_to",
                        "replies_to": "responds_to", "attachment": "attachment_of", "attached_to": "attachment_of",
                        "near_duplicate": "near_duplicate_of", "redline_against": "redline_of",
                        "exact_duplicate_of": "duplicate_of", "duplicate": "duplicate_of"}

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


_LOCUS_DE = re.compile(r"§\s*(\d+[a-z]?)(?:\s*(?:abs\.?|absatz)\s*(\d+))?", re.I)
_LOCUS_EN = re.compile(r"(?:clause|section|ziff(?:er)?\.?|paragraph|para\.?)?\s*(\d+(?:\.\d+)*)", re.I)
_NUMBERED = re.compile(r"\s*(§|\d|(clause|section|ziff(er)?|nr|para(graph)?|art(ikel)?)\.?\s*\d)", re.I)


def norm_free(t: str | None) -> str:
    return " ".join(re.sub(r"[^\w]+", " ", unicodedata.normalize("NFC", t or "").casefold()).split())


def norm_locus(loc: str | None) -> str:
    """Estate A's rule: "§ 5 Abs. 1" -> "§5(1)", "Clause 6.1" -> "6.1", else the folded text."""
    if not loc:
        return ""
    m = _LOCUS_DE.search(loc)
    if m:
        return f"§{m.group(1)}" + (f"({m.group(2)})" if m.group(2) else "")
    m = _LOCUS_EN.search(loc)
    return m.group(1) if m else norm_free(loc)


def locus_matches(pred: str | None, gold: str) -> bool:
    """A predicted locus names the answer locus: equal after norm_locus; for an answer locus of an unnumbered
    paragraph (its opening words), a folded prefix either way of at least 4 characters."""
    if not pred:
        return False
    if _NUMBERED.match(gold):
        return norm_locus(pred) == norm_locus(gold)
    p, g = norm_free(pred), norm_free(gold)
    return len(min(p, g, key=len)) >= 4 and (p.startswith(g) or g.startswith(p))


def fold_id(s) -> str:
    """Topic / change-type ids: casefold, every run of non-alphanumerics -> "_"."""
    return re.sub(r"[\W_]+", "_", str(s or "").casefold()).strip("_")


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


def path_resolver(answer_paths: Iterable[str]):
    """A function: an exported path -> the answer path it names (exact or '/'-bounded suffix), else None."""
    answer_paths = list(answer_paths)
    exact = set(answer_paths)
    by_suffix = sorted(answer_paths, key=len, reverse=True)
    cache: dict[str, str | None] = {}

    def resolve(path) -> str | None:
        if not path:
            return None
        p = unicodedata.normalize("NFC", str(path).replace("\\", "/"))
        if p not in cache:
            cache[p] = p if p in exact else next((a for a in by_suffix if p.endswith("/" + a)), None)
        return cache[p]
    return resolve


def match_rows(rows: Iterable[dict], answer_paths: Iterable[str]) -> tuple[dict[str, dict], list[str]]:
    """Answer path -> export row; and the export paths that match no answer."""
    resolve = path_resolver(answer_paths)
    out: dict[str, dict] = {}
    extra = []
    for row in rows:
        hit = resolve(row.get("path", ""))
        if hit is None:
            extra.append(unicodedata.normalize("NFC", str(row.get("path", "")).replace("\\", "/")))
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
def score(rows: list[dict], answers: dict, type_map: dict[str, str] | None = None,
          relation_map: dict[str, str] | None = None) -> dict:
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

    if "chains" in answers:  # relations and decisions (issue 13)
        resolve = path_resolver(files)
        res.update(_relations(matched, answers, {**DEFAULT_RELATION_MAP, **(relation_map or {})}, resolve))
        res.update(_decisions(matched, answers))
    return res


def f1(tp: int, fp: int, fn: int) -> dict:
    p = tp / (tp + fp) if tp + fp else (1.0 if not fn else 0.0)
    r = tp / (tp + fn) if tp + fn else 1.0
    return {"precision": p, "recall": r, "f1": (2 * p * r / (p + r)) if p + r else 0.0, "tp": tp, "fp": fp, "fn": fn}


def set_f1(pred: set, gold: set) -> dict:
    return f1(len(pred & gold), len(pred - gold), len(gold - pred))


def _edge(rel: str, src: str, tgt: str) -> tuple[str, str]:
    return tuple(sorted((src, tgt))) if rel in UNDIRECTED else (src, tgt)


def _relations(matched: dict[str, dict], answers: dict, relation_map: dict[str, str], resolve) -> dict:
    files = answers["files"]
    gold: dict[str, set] = {r: set() for r in RELATIONS}
    for path, a in files.items():
        for rel, tgts in (a.get("relations") or {}).items():
            for t in tgts:
                gold[rel].add(_edge(rel, path, t))
    pred: dict[str, set] = {r: set() for r in RELATIONS}
    exported = False
    for path, row in matched.items():
        for e in row.get("relations") or []:
            exported = True
            rel = relation_map.get(e.get("relation"), e.get("relation"))
            other = resolve(e.get("path"))
            if rel not in pred or other is None or other == path:
                continue
            src, tgt = (path, other) if e.get("direction", "outgoing") == "outgoing" else (other, path)
            pred[rel].add(_edge(rel, src, tgt))
        v = row.get("version") or {}
        exported = exported or bool(v)
        for field, rel in (("duplicate_of", "duplicate_of"), ("redline_against", "redline_of")):
            d = v.get(field)
            other = resolve(d.get("path")) if isinstance(d, dict) else None
            if other is not None and other != path:
                pred[rel].add(_edge(rel, path, other))
    out: dict = {"relations_exported": exported}
    for rel in RELATIONS:
        if gold[rel]:
            out[f"rel_{rel}"] = set_f1(pred[rel], gold[rel])
    out["rel_unexpected"] = {rel: len(pred[rel]) for rel in RELATIONS if not gold[rel] and pred[rel]}

    chains = answers["chains"]
    in_chain = sorted({p for c in chains for p in c})
    gp = {tuple(sorted(x)) for c in chains for x in combinations(c, 2)}
    version = {p: (matched.get(p) or {}).get("version") or {} for p in in_chain}
    logical = {p: version[p].get("logical_document_id") for p in in_chain}
    pp = {(a, b) for a, b in combinations(in_chain, 2) if logical[a] and logical[a] == logical[b]}
    out["chains"] = set_f1(pp, gp)
    ordered = total = 0
    for c in chains:
        for i, j in combinations(range(len(c)), 2):
            total += 1
            vi, vj = version[c[i]].get("version_number"), version[c[j]].get("version_number")
            ordered += (vi is not None and vj is not None and logical[c[i]] is not None
                        and logical[c[i]] == logical[c[j]] and vi < vj)
    out["chain_order"] = ordered / total if total else None

    threads = answers["threads"]
    members = sorted({p for t in threads for p in t})
    gp = {tuple(sorted(x)) for t in threads for x in combinations(t, 2)}
    tid = {p: {t.get("thread_id") for t in (matched.get(p) or {}).get("threads") or []} - {None} for p in members}
    pp = {(a, b) for a, b in combinations(members, 2) if tid[a] & tid[b]}
    out["threads"] = set_f1(pp, gp)
    return out


def _decisions(matched: dict[str, dict], answers: dict) -> dict:
    tp = fp = fn = 0
    why_ok = topic_ok = topic_n = type_ok = type_n = 0
    for path, a in answers["files"].items():
        gold = a.get("decisions") or []
        used: set[int] = set()
        for d in (matched.get(path) or {}).get("decisions") or []:
            hit = next((i for i, g in enumerate(gold) if i not in used and locus_matches(d.get("locus"), g["locus"])),
                       None)
            if hit is None:
                fp += 1
                continue
            used.add(hit)
            tp += 1
            g = gold[hit]
            why_ok += d.get("rationale_category") == g["rationale_category"]
            if "topic" in d:
                topic_n += 1
                topic_ok += fold_id(d.get("topic")) == fold_id(g["topic"])
            if "change_type" in d:
                type_n += 1
                type_ok += fold_id(d.get("change_type")) == fold_id(g["change_type"])
        fn += len(gold) - len(used)
    return {"decisions": f1(tp, fp, fn),
            "decision_rationale_accuracy": why_ok / tp if tp else None,
            "decision_topic_accuracy": topic_ok / topic_n if topic_n else "n/a",
            "decision_change_type_accuracy": type_ok / type_n if type_n else "n/a"}


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
    if "chains" in res:
        def e(x):
            return f"{x['f1']:.3f} (P {x['precision']:.3f} / R {x['recall']:.3f})"  # counts only in --json

        lines.append("relations (edge F1)" + ("" if res["relations_exported"] else "  [export has no relations]"))
        lines += [f"{'  ' + k[4:]:44} {e(res[k])}" for k in (f"rel_{r}" for r in RELATIONS) if k in res]
        if res["rel_unexpected"]:
            lines.append(f"{'  edges of kinds without answers (all wrong)':44} "
                         + ", ".join(f"{k} {n}" for k, n in res["rel_unexpected"].items()))
        lines += [
            f"{'version chains F1 / order':44} {e(res['chains'])} / {f(res['chain_order'])}",
            f"{'threads F1':44} {e(res['threads'])}",
            f"{'decisions F1 (matched by locus)':44} {e(res['decisions'])}",
            f"{'decision rationale / topic / change type':44} {f(res['decision_rationale_accuracy'])} / "
            f"{f(res['decision_topic_accuracy'])} / {f(res['decision_change_type_accuracy'])}",
        ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("export", type=Path)
    ap.add_argument("--answers", type=Path, default=ANSWERS)
    ap.add_argument("--type-map", type=Path, help="JSON object: product doc_type id -> canonical id of types.py")
    ap.add_argument("--relation-map", type=Path, help="JSON object: product relation name -> canonical relation "
                                                      "(added to estate A's alias map)")
    ap.add_argument("--json", type=Path, help="also write the full result as JSON")
    args = ap.parse_args(argv)
    tmap = json.loads(args.type_map.read_text(encoding="utf-8")) if args.type_map else None
    rmap = json.loads(args.relation_map.read_text(encoding="utf-8")) if args.relation_map else None
    res = score(load_export(args.export), load_answers(args.answers), tmap, rmap)
    print(table(res))
    if args.json:
        args.json.write_text(json.dumps(res, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
