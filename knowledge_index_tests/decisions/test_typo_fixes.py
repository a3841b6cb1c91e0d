"""A one-letter typo fix in a redline is editorial, however the editor tracked it.

Word and LibreOffice track an edit inside a word as just the letters changed ("Partei[e]n",
"Wa[h]re"); judged by those letters alone a fix looked like a pure insertion of words, so it
became a decision. The fixture was written by LibreOffice (see convert/office/README.md).
"""

from __future__ import annotations

from knowledge_index.convert import ConvertOptions, convert_bytes
from knowledge_index.decisions.evidence import collect, is_editorial_rewording
from knowledge_index_tests.convert import samples


def test_letter_level_typo_fixes_are_editorial_a_negation_is_not() -> None:
    data = (samples.OFFICE / "typo-redline.docx").read_bytes()
    doc = convert_bytes(data, "typo-redline.docx", ConvertOptions()).document
    assert {r.text for r in doc.revisions} == {"e", "h", "nicht "}
    evidence = collect(doc.model_dump(mode="json"))
    verdicts = {locus.paragraph.split(".")[0]: locus.substantive for locus in evidence.loci}
    assert verdicts == {
        "§ 13 Schlussbestimmungen": False,
        "§ 2 Lieferung": False,
        "§ 7 Haftung": True,
    }
    assert [locus.clause for locus in evidence.substantive] == ["§ 7"]


def test_rewording_rules() -> None:
    assert is_editorial_rewording("Die Partein zahlen.", "Die Parteien zahlen.")
    assert is_editorial_rewording("3. Die Abnahme erfolgt", "4. Die Abnahme erfolgt.")
    assert is_editorial_rewording("Gewährleistnug", "Gewährleistung")  # a swap is 2 characters
    # A renumbered clause heading is numbering; a cross-reference inside the text is not.
    assert is_editorial_rewording("§ 5 Haftung", "§ 6 Haftung")
    assert is_editorial_rewording("(2) Die Mieterin zahlt.", "(3) Die Mieterin zahlt.")
    for before, after in [
        ("Die Haftung ist begrenzt.", "Die Haftung ist nicht begrenzt."),
        ("Frist 3 Tage.", "Frist 5 Tage."),
        ("Frist drei Tage.", "Frist zwei Tage."),
        ("Gerichtsstand ist Hamburg.", "Gerichtsstand ist München."),
        ("auf EUR 500.000 begrenzt", "auf EUR 1.000.000 begrenzt"),
        ("Der Käufer zahlt.", "Der Verkäufer zahlt."),
        (
            "Verschwiegenheit gemäß § 5 des Dienstvertrags.",
            "Verschwiegenheit gemäß § 4 des Dienstvertrags.",
        ),
        ("subject to Clause 4.1, the cap applies", "subject to Clause 4.2, the cap applies"),
    ]:
        assert not is_editorial_rewording(before, after), (before, after)
