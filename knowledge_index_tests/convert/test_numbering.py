"""Word's generated list and clause numbers are in the converted text as Word shows them.

The DOCX files under numbered/ were written by LibreOffice (see numbered/README.md); the
renderer's counting rules are checked on numbering.xml snippets.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from knowledge_index.convert import ConvertOptions, convert_bytes
from knowledge_index.convert.model import StructuredDocument
from knowledge_index.convert.numbering import Numbering, format_counter, paragraph_labels
from knowledge_index.decisions.evidence import collect
from knowledge_index.retrieval.chunking import ChunkingConfig, ChunkingInput, chunk_document
from knowledge_index_tests.convert import samples

HERE = samples.NUMBERED
W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def _convert(data: bytes, name: str = "vertrag.docx") -> StructuredDocument:
    return convert_bytes(data, name, ConvertOptions()).document


@pytest.fixture(scope="module")
def vertrag() -> StructuredDocument:
    return _convert((HERE / "vertrag.docx").read_bytes())


def test_fixture_uses_word_numbering_not_literal_numbers() -> None:
    with zipfile.ZipFile(HERE / "vertrag.docx") as archive:
        body = archive.read("word/document.xml").decode()
        assert "word/numbering.xml" in archive.namelist()
    assert body.count("<w:numPr>") >= 10
    assert "§ 1" not in body and "(1)" not in body


def test_clause_numbers_are_in_the_text_as_word_renders_them(vertrag: StructuredDocument) -> None:
    paragraphs = vertrag.text.split("\n\n")
    expected = [
        "§ 1 Kaufgegenstand",
        "(1) Die Verkäuferin verkauft der Käuferin sämtliche Geschäftsanteile.",
        "(2) Der Kaufpreis wird in zwei Raten gezahlt:",
        "a) die erste Rate bei Vollzug,",
        "b) die zweite Rate nach zwölf Monaten.",
        "§ 2 Haftung",
        "(1) Die Haftung der Verkäuferin ist auf EUR 75.000 begrenzt.",
        "(2) Ansprüche verjähren nach achtzehn Monaten.",
        "1. Definitions",
        "1.1 Affiliate means any entity controlling a party.",
        "(i) directly or indirectly",
        "1.2 Business Day means a day banks are open in Frankfurt.",
        "2. Term",
        "E. Fifth schedule item",  # start value 5, upper letters
        "F. Sixth schedule item",
    ]
    assert [p for p in paragraphs if p in expected] == expected
    # Docling's own markers ("(%2)" rendered as "1.1.") must not come on top.
    assert "1.1. " not in vertrag.text and "§ 1 § 1" not in vertrag.text
    assert "(1) Die Haftung" in vertrag.markdown


def test_clause_reference_of_a_redline_in_an_auto_numbered_contract(
    vertrag: StructuredDocument,
) -> None:
    (revised,) = {r.paragraph_index for r in vertrag.revisions}
    assert all(r.context.startswith("(1)") for r in vertrag.revisions)
    evidence = collect(vertrag.model_dump(mode="json"))
    (locus,) = evidence.loci
    assert locus.paragraph_index == revised
    assert (locus.clause, locus.heading) == ("§ 2 Abs. 1", "§ 2 Haftung")
    assert locus.comments and "75.000" in locus.comments[0].text


def test_chunks_carry_the_clause_numbers(vertrag: StructuredDocument) -> None:
    config = ChunkingConfig(chunk_chars=120, chunk_overlap_chars=0)
    chunks = chunk_document(ChunkingInput(text=vertrag.text), config)
    liability = next(c for c in chunks if "EUR 75.000" in c.text)
    assert "(1) Die Haftung" in liability.text


def test_heading_numbering_from_the_heading_styles() -> None:
    doc = _convert((HERE / "headings.docx").read_bytes(), "headings.docx")
    titles = [s.title for s in doc.sections]
    assert titles == [
        "Clause 1 Definitions",
        "1.1 Affiliates",
        "1.2 Business Days",
        "Clause 2 Liability",
        "2.1 Cap",
    ]
    assert "An affiliate is controlled." in doc.text  # body paragraphs stay unnumbered


def test_python_docx_list_number_style() -> None:
    import docx

    document = docx.Document()
    for text in ("Erstens", "Zweitens", "Drittens"):
        document.add_paragraph(text, style="List Number")
    document.add_paragraph("Ein Punkt", style="List Bullet")
    buf = io.BytesIO()
    document.save(buf)
    text = _convert(buf.getvalue(), "liste.docx").text
    assert "1. Erstens\n\n2. Zweitens\n\n3. Drittens" in text
    assert "Ein Punkt" in text and "4." not in text  # a bullet is not a clause number


@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice (soffice) not installed")
@pytest.mark.parametrize("name", ["vertrag", "headings"])
def test_committed_fixtures_match_what_libreoffice_writes(name: str, tmp_path: Path) -> None:
    shutil.copy(HERE / f"{name}.fodt", tmp_path)
    subprocess.run(
        ["soffice", "--headless", "--convert-to", "docx", "--outdir", str(tmp_path),
         str(tmp_path / f"{name}.fodt")],
        check=True, capture_output=True, timeout=120,
        env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    fresh = _convert((tmp_path / f"{name}.docx").read_bytes(), f"{name}.docx")
    committed = _convert((HERE / f"{name}.docx").read_bytes(), f"{name}.docx")
    assert fresh.text == committed.text


# --- counting rules on numbering.xml --------------------------------------------------------


def _labels(numbering_xml: str, paragraphs: list[tuple[str, int]]) -> list[str]:
    body = "".join(
        f'<w:p><w:pPr><w:numPr><w:ilvl w:val="{ilvl}"/><w:numId w:val="{num}"/></w:numPr>'
        f"</w:pPr><w:r><w:t>x</w:t></w:r></w:p>"
        for num, ilvl in paragraphs
    )
    root = etree.fromstring(f'<w:document xmlns:w="{W}"><w:body>{body}</w:body></w:document>')
    numbering = Numbering.parse(
        etree.fromstring(f'<w:numbering xmlns:w="{W}">{numbering_xml}</w:numbering>'), None
    )
    labels = paragraph_labels(root, numbering)
    return [labels.get(p, "") for p in root.iter(f"{{{W}}}p")]


def _lvl(ilvl: int, fmt: str, text: str, extra: str = "") -> str:
    return (
        f'<w:lvl w:ilvl="{ilvl}"><w:start w:val="1"/><w:numFmt w:val="{fmt}"/>'
        f'<w:lvlText w:val="{text}"/>{extra}</w:lvl>'
    )


LEGAL = (
    '<w:abstractNum w:abstractNumId="0">'
    + _lvl(0, "decimal", "%1.")
    + _lvl(1, "decimal", "%1.%2")
    + _lvl(2, "lowerLetter", "(%3)")
    + "</w:abstractNum>"
)


def test_counters_continue_across_instances_and_reset_lower_levels() -> None:
    nums = '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>'
    nums += '<w:num w:numId="2"><w:abstractNumId w:val="0"/></w:num>'
    got = _labels(LEGAL + nums, [("1", 0), ("1", 1), ("1", 2), ("1", 2), ("2", 1), ("1", 0),
                                 ("1", 1), ("1", 2)])  # fmt: skip
    assert got == ["1.", "1.1", "(a)", "(b)", "1.2", "2.", "2.1", "(a)"]


def test_start_override_restarts_its_own_instance() -> None:
    nums = '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>'
    nums += (
        '<w:num w:numId="3"><w:abstractNumId w:val="0"/>'
        '<w:lvlOverride w:ilvl="0"><w:startOverride w:val="7"/></w:lvlOverride></w:num>'
    )
    got = _labels(LEGAL + nums, [("1", 0), ("1", 0), ("3", 0), ("3", 1), ("3", 0)])
    assert got == ["1.", "2.", "7.", "7.1", "8."]


def test_legal_numbering_and_paragraph_sign_templates() -> None:
    abstract = (
        '<w:abstractNum w:abstractNumId="5">'
        + _lvl(0, "upperRoman", "§ %1")
        + _lvl(1, "lowerLetter", "%1.%2", "<w:isLgl/>")
        + _lvl(2, "lowerLetter", "%3)", '<w:lvlRestart w:val="0"/>')
        + "</w:abstractNum>"
        '<w:num w:numId="9"><w:abstractNumId w:val="5"/></w:num>'
    )
    got = _labels(abstract, [("9", 0), ("9", 1), ("9", 2), ("9", 0), ("9", 1), ("9", 2)])
    # isLgl shows every counter as a decimal; lvlRestart 0 keeps counting across clauses.
    assert got == ["§ I", "1.1", "a)", "§ II", "2.1", "b)"]


def test_counter_formats() -> None:
    assert [format_counter(n, "lowerLetter") for n in (1, 26, 27, 28)] == ["a", "z", "aa", "bb"]
    assert format_counter(14, "upperRoman") == "XIV"
    assert format_counter(4, "decimalZero") == "04"
    assert format_counter(2, "ordinal") == "2nd"
    assert format_counter(3, "none") == ""


def test_numbering_style_link_and_style_named_levels() -> None:
    # Word's multilevel list styles: the w:num a paragraph names points at an abstractNum that
    # only links to a numbering style; that style's own w:num holds the levels, and heading
    # styles pick their level by w:pStyle rather than w:ilvl.
    numbering_xml = (
        '<w:abstractNum w:abstractNumId="1"><w:numStyleLink w:val="LegalList"/></w:abstractNum>'
        '<w:abstractNum w:abstractNumId="2"><w:styleLink w:val="LegalList"/>'
        + _lvl(0, "decimal", "Article %1", '<w:pStyle w:val="Heading1"/>')
        + _lvl(1, "decimal", "%1.%2", '<w:pStyle w:val="Heading2"/>')
        + "</w:abstractNum>"
        '<w:num w:numId="4"><w:abstractNumId w:val="1"/></w:num>'
        '<w:num w:numId="5"><w:abstractNumId w:val="2"/></w:num>'
    )
    styles_xml = (
        f'<w:styles xmlns:w="{W}">'
        '<w:style w:type="numbering" w:styleId="LegalList"><w:pPr><w:numPr>'
        '<w:numId w:val="5"/></w:numPr></w:pPr></w:style>'
        '<w:style w:type="paragraph" w:styleId="Heading1"><w:pPr><w:numPr>'
        '<w:numId w:val="4"/></w:numPr></w:pPr></w:style>'
        '<w:style w:type="paragraph" w:styleId="Heading2"><w:basedOn w:val="Heading1"/>'
        "</w:style></w:styles>"
    )
    body = "".join(
        f'<w:p><w:pPr><w:pStyle w:val="{style}"/></w:pPr><w:r><w:t>x</w:t></w:r></w:p>'
        for style in ("Heading1", "Heading2", "Heading2", "Heading1", "Heading2")
    )
    root = etree.fromstring(f'<w:document xmlns:w="{W}"><w:body>{body}</w:body></w:document>')
    numbering = Numbering.parse(
        etree.fromstring(f'<w:numbering xmlns:w="{W}">{numbering_xml}</w:numbering>'),
        etree.fromstring(styles_xml),
    )
    labels = paragraph_labels(root, numbering)
    got = [labels.get(p, "") for p in root.iter(f"{{{W}}}p")]
    assert got == ["Article 1", "1.1", "1.2", "Article 2", "2.1"]
