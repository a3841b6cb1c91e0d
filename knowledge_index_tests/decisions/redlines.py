"""Real Word redlines for the decision tests: tracked insertions/deletions and anchored comments.

A paragraph is a list of segments: `text("...")`, `ins(author, "...")`, `dele(author, "...")`
and `note(author, "anchored words", "comment text")`, which writes the anchored words as a
comment range with its reference, exactly as Word stores a comment.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass
from xml.sax.saxutils import escape

from knowledge_index_tests.convert.samples import (
    _CORE,
    _DOCUMENT_RELS,
    _DOCX_CONTENT_TYPES,
    _DOCX_RELS,
    W_NS,
)

DATE = "2024-03-01T10:00:00Z"


@dataclass(frozen=True)
class Seg:
    kind: str  # text | ins | del | note
    text: str
    author: str = ""
    comment: str = ""


def text(value: str) -> Seg:
    return Seg("text", value)


def ins(author: str, value: str) -> Seg:
    return Seg("ins", value, author)


def dele(author: str, value: str) -> Seg:
    return Seg("del", value, author)


def note(author: str, anchored: str, comment: str) -> Seg:
    return Seg("note", anchored, author, comment)


def _run(value: str, tag: str = "t") -> str:
    return f'<w:r><w:{tag} xml:space="preserve">{escape(value)}</w:{tag}></w:r>'


def redline_docx(paragraphs: list[list[Seg]]) -> bytes:
    body: list[str] = []
    comments: list[str] = []
    rev = 100
    for para in paragraphs:
        parts: list[str] = []
        for seg in para:
            rev += 1
            if seg.kind == "text":
                parts.append(_run(seg.text))
            elif seg.kind == "ins":
                parts.append(
                    f'<w:ins w:id="{rev}" w:author="{escape(seg.author)}" w:date="{DATE}">'
                    f"{_run(seg.text)}</w:ins>"
                )
            elif seg.kind == "del":
                parts.append(
                    f'<w:del w:id="{rev}" w:author="{escape(seg.author)}" w:date="{DATE}">'
                    f"{_run(seg.text, 'delText')}</w:del>"
                )
            else:
                cid = len(comments)
                parts.append(
                    f'<w:commentRangeStart w:id="{cid}"/>{_run(seg.text)}'
                    f'<w:commentRangeEnd w:id="{cid}"/>'
                    f'<w:r><w:commentReference w:id="{cid}"/></w:r>'
                )
                comments.append(
                    f'<w:comment w:id="{cid}" w:author="{escape(seg.author)}" w:date="{DATE}">'
                    f"<w:p>{_run(seg.comment)}</w:p></w:comment>"
                )
        body.append("<w:p>" + "".join(parts) + "</w:p>")
    document = (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<w:document xmlns:w="{W_NS}"><w:body>{"".join(body)}</w:body></w:document>'
    )
    comments_xml = (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<w:comments xmlns:w="{W_NS}">{"".join(comments)}</w:comments>'
    )
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", _DOCX_CONTENT_TYPES)
        archive.writestr("_rels/.rels", _DOCX_RELS)
        archive.writestr("word/document.xml", document)
        archive.writestr("word/_rels/document.xml.rels", _DOCUMENT_RELS)
        archive.writestr("word/comments.xml", comments_xml)
        archive.writestr("docProps/core.xml", _CORE)
    return buf.getvalue()


def plain_docx(paragraphs: list[str]) -> bytes:
    return redline_docx([[text(p)] for p in paragraphs])


# -- the negotiation the tests read -----------------------------------------------------------

LAWYER = "Anna Berger"
COUNSEL = "Klaus Zimmermann"
CLIENT = "Acme Maschinenbau GmbH"
COUNTERPARTY = "Beta Logistik AG"
CLIENT_CONTACT = "Schneider"
COUNTERPARTY_CONTACT = "Hoffmann"
# Every name that must not survive into a stored decision.
NAMES = (
    LAWYER,
    "Berger",
    COUNSEL,
    "Zimmermann",
    "Klaus",
    CLIENT,
    "Acme",
    COUNTERPARTY,
    "Beta Logistik",
    CLIENT_CONTACT,
    COUNTERPARTY_CONTACT,
)

TITLE = [text(f"Liefervertrag zwischen der {CLIENT} und der {COUNTERPARTY}")]


def negotiated_redline() -> bytes:
    """Three substantive changes (liability, payment, jurisdiction) and two typo fixes."""
    return redline_docx(
        [
            TITLE,
            [
                text(f"§ 7 Haftung. Die Haftung der {COUNTERPARTY} ist auf EUR "),
                dele(COUNSEL, "500.000"),
                ins(LAWYER, "1.000.000"),
                text(" je Schadensfall begrenzt. "),
                note(
                    LAWYER,
                    "Haftung",
                    f"Marktüblich für Lieferverträge dieser Größe; Herr {CLIENT_CONTACT} von"
                    f" der {CLIENT} hat der höheren Haftungsgrenze zugestimmt.",
                ),
            ],
            [
                text("§ 9 Zahlung. Das Zahlungsziel beträgt "),
                dele(COUNSEL, "14"),
                ins(COUNSEL, "30"),
                text(" Tage nach Rechnungsstellung. "),
                note(
                    COUNSEL,
                    "Zahlungsziel",
                    f"Nur für diesen Deal akzeptiert, auf Wunsch von Frau {COUNTERPARTY_CONTACT}.",
                ),
            ],
            [
                text("§ 12 Gerichtsstand. Ausschließlicher Gerichtsstand ist "),
                dele(LAWYER, "Hamburg"),
                ins(LAWYER, "München"),
                text("."),
            ],
            [
                text("§ 13 Schlussbestimmungen. Die "),
                dele(LAWYER, "Partein"),
                ins(LAWYER, "Parteien"),
                text(" vereinbaren die Schriftform."),
            ],
            # A typo fixed inside the word, tracked as the one letter Word marks.
            [
                text("§ 14 Salvatorische Klausel. Der Vertrag bleibt im Übrigen wirk"),
                ins(COUNSEL, "s"),
                text("am."),
            ],
        ]
    )


def editorial_redline() -> bytes:
    """Only a typo, a punctuation mark and a renumbering: nothing was negotiated."""
    return redline_docx(
        [
            TITLE,
            [
                text("§ 2 Lieferung. Der Lieferant liefert die "),
                dele(LAWYER, "Wahre"),
                ins(LAWYER, "Ware"),
                text(" frei Haus."),
            ],
            [text("§ 3 Der Liefer"), dele(LAWYER, "r"), text("ant trägt die Gefahr.")],
            [
                dele(COUNSEL, "3."),
                ins(COUNSEL, "4."),
                text(" Die Abnahme erfolgt schriftlich"),
                ins(COUNSEL, "."),
            ],
        ]
    )


def plain_contract() -> bytes:
    return plain_docx(
        [
            f"Liefervertrag zwischen der {CLIENT} und der {COUNTERPARTY}",
            "§ 7 Haftung. Die Haftung ist auf EUR 500.000 je Schadensfall begrenzt.",
            "§ 9 Zahlung. Das Zahlungsziel beträgt 14 Tage nach Rechnungsstellung.",
        ]
    )
