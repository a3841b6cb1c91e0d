"""A scan or photo of some pages of a document is a near-duplicate of that document.

A phone photo of a contract's signature page or the first page of a signed lease shares too
few shingles with the whole text to be found by MinHash; relate finds the matter's document
that holds (nearly) all of the scan's words. Real OCR of a rendered page, the real stage.
"""

from __future__ import annotations

from knowledge_index_tests.convert.samples import make_png
from knowledge_index_tests.relations.relate_support import MATTER, classified_estate, relate_all
from knowledge_index_tests.relations.relate_support import relations as stored_relations

# Lines short enough for the rendered page (1100 px at 40 pt).
FIRST_PAGE = [
    "MIETVERTRAG",
    "abgeschlossen zwischen",
    "Berghof Immobilien GmbH, Linz,",
    "als Vermieterin, und",
    "Alpenbau Holding AG, Wien,",
    "als Mieterin",
    "Paragraph 1 Mietgegenstand",
    "Die Vermieterin ist Eigentuemerin",
    "der Liegenschaft EZ 2291 mit dem",
    "Buerogebaeude Hafenstrasse 47.",
    "Vermietet werden die Bueroflaechen",
    "im dritten und vierten Obergeschoss",
    "im Ausmass von rund 1.840 m2.",
]
REST = [
    f"Paragraph {n} {title}\nDie Mieterin {duty} gemaess den Bestimmungen dieses Vertrags."
    for n, (title, duty) in enumerate(
        [
            ("Mietdauer", "verzichtet fuer fuenf Jahre auf die ordentliche Kuendigung"),
            ("Mietzins", "zahlt monatlich EUR 14,20 pro Quadratmeter netto"),
            ("Betriebskosten", "traegt die anteiligen Betriebskosten nach Nutzflaechen"),
            ("Wertsicherung", "akzeptiert die Wertsicherung nach dem Verbraucherpreisindex"),
            ("Kaution", "leistet eine Kaution von sechs Bruttomonatsmieten"),
            ("Untervermietung", "bedarf fuer jede Untervermietung der Zustimmung"),
            ("Instandhaltung", "haelt die Mietflaechen in gutem Zustand"),
            ("Rueckgabe", "gibt die Flaechen am Ende geraeumt zurueck"),
        ],
        start=2,
    )
]
LEASE = "\n".join(FIRST_PAGE) + "\n" + "\n".join(REST) + "\nLinz, am 14. Mai 2024"
LETTER = (
    "Berghof Immobilien GmbH\nLinz, 3. Juni 2024\n\nSehr geehrte Damen und Herren,\n"
    "wir bestaetigen den Erhalt der Kaution und die Uebergabe der Schluessel fuer die"
    " Bueroflaechen in der Hafenstrasse 47 an die Alpenbau Holding AG."
)


def test_a_scan_of_a_documents_first_page_is_its_near_duplicate(engine, firm_env, tmp_path):
    root = tmp_path / "estate"
    files = {
        f"{MATTER}/Mietvertrag Hafenstrasse unterfertigt.txt": LEASE,
        f"{MATTER}/Schreiben Berghof Kaution.txt": LETTER,
    }
    scan = root / MATTER / "Scans" / "20240514_0003.png"
    scan.parent.mkdir(parents=True)
    scan.write_bytes(make_png(FIRST_PAGE))
    classified_estate(engine, root, files)
    relate_all(engine)
    found = {
        (s.rsplit("/", 1)[-1], t.rsplit("/", 1)[-1], r) for s, t, r in stored_relations(engine)
    }
    assert (
        "20240514_0003.png",
        "Mietvertrag Hafenstrasse unterfertigt.txt",
        "near_duplicate_of",
    ) in found, sorted(found)
    assert not any(s == "20240514_0003.png" and "Schreiben" in t for s, t, _ in found)
