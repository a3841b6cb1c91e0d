"""Word recall of converted Office files: how much of what the package says reaches the text.

    PYTHONPATH=<tree> .venv/bin/python benchmarks/bench_ooxml_recall.py FILE_OR_DIR...

"What the file says" is every word (3+ letters, case-folded) of the package's visible text
parts: the text runs of the body, headers, footers, notes, comments, slides, speaker notes,
shared strings and chart caches; not deleted text (w:delText), field codes, styles, themes or
document properties. Recall is the share of those distinct words found in the converted
text or its comment list (a DOCX's comments are kept there, not in the text). Run it with
PYTHONPATH at two trees to compare their converters on the same files.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
import zipfile
from pathlib import Path

from lxml import etree

_WORD = re.compile(r"[^\W\d_]{3,}")
_TEXT_TAGS = {"t", "v", "text"}  # w:t, a:t, s:t, c:v, p:text, threadedComment text
_SKIP_PARTS = re.compile(
    r"^(docProps/|customXml/|\[Content_Types\]|.*_rels/|word/(styles|settings|fontTable|"
    r"numbering|webSettings|theme)|ppt/(theme|slideMasters|slideLayouts|notesMasters|"
    r"handoutMasters|presProps|viewProps|tableStyles)|xl/(styles|theme|calcChain))"
)
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, recover=True)


def package_words(data: bytes) -> set[str]:
    words: set[str] = set()
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        for name in archive.namelist():
            if not name.endswith(".xml") or _SKIP_PARTS.match(name):
                continue
            root = etree.fromstring(archive.read(name), _PARSER)
            if root is None:
                continue
            for node in root.iter():
                if not isinstance(node.tag, str) or etree.QName(node).localname not in _TEXT_TAGS:
                    continue
                if etree.QName(node).localname == "v" and "/worksheets/" in f"/{name}":
                    continue  # cell values: numbers or shared-string indexes
                words.update(w.casefold() for w in _WORD.findall("".join(node.itertext())))
    return words


def recall(path: Path) -> tuple[int, int, list[str]]:
    from knowledge_index.convert import ConvertOptions, convert_bytes

    data = path.read_bytes()
    wanted = package_words(data)
    document = convert_bytes(data, path.name, ConvertOptions()).document
    text = "\n".join([document.text, *(c.text for c in document.comments)])
    found = {w.casefold() for w in _WORD.findall(text)}
    missing = sorted(wanted - found)
    return len(wanted) - len(missing), len(wanted), missing


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--show-missing", type=int, default=8)
    args = parser.parse_args(argv)
    files = sorted(
        f
        for p in args.paths
        for f in ([p] if p.is_file() else p.rglob("*"))
        if f.suffix.lower() in (".docx", ".pptx", ".xlsx")
    )
    total_found = total_wanted = 0
    for path in files:
        try:
            found, wanted, missing = recall(path)
        except Exception as exc:
            print(f"{path.name}: FAILED {type(exc).__name__}: {exc}")
            continue
        total_found += found
        total_wanted += wanted
        share = found / wanted if wanted else 1.0
        print(f"{share:6.1%} {found:5d}/{wanted:<5d} {path.name}  {missing[: args.show_missing]}")
    if total_wanted:
        print(f"TOTAL {total_found / total_wanted:.1%} ({total_found}/{total_wanted} words)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
