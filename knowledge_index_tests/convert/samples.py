"""Generators for real test documents; nothing is checked in as a binary fixture."""

from __future__ import annotations

import hashlib
import io
import re
import struct
import zipfile
import zlib
from email.message import EmailMessage
from pathlib import Path

NUMBERED = Path(__file__).parent / "numbered"  # LibreOffice-written, see its README
OFFICE = Path(__file__).parent / "office"  # LibreOffice-written, see its README
FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


# --- PDF -------------------------------------------------------------------------------------


def _pdf_escape(text: str) -> str:
    # WinAnsiEncoding is cp1252, so umlauts go in as octal escapes of their cp1252 bytes.
    out = []
    for byte in text.encode("cp1252"):
        char = chr(byte)
        if char in "()\\":
            out.append("\\" + char)
        elif 32 <= byte < 127:
            out.append(char)
        else:
            out.append(f"\\{byte:03o}")
    return "".join(out)


def _assemble_pdf(objects: list[bytes], trailer_extra: str = "") -> bytes:
    """Write numbered objects (1..n, object 1 is the catalog) with a correct xref table."""
    buf = io.BytesIO()
    buf.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(buf.tell())
        buf.write(f"{number} 0 obj\n".encode() + body + b"\nendobj\n")
    xref = buf.tell()
    buf.write(f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode())
    for offset in offsets:
        buf.write(f"{offset:010d} 00000 n \n".encode())
    buf.write(
        f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R {trailer_extra}>>\n"
        f"startxref\n{xref}\n%%EOF\n".encode()
    )
    return buf.getvalue()


def _stream(data: bytes, extra: str = "") -> bytes:
    return f"<< /Length {len(data)} {extra}>>\nstream\n".encode() + data + b"\nendstream"


def make_text_pdf(pages: list[list[str]], trailer_extra: str = "") -> bytes:
    """A born-digital PDF: one Helvetica text line per string, one list per page."""
    n_pages = len(pages)
    font_obj = 3 + 2 * n_pages
    objects: list[bytes] = [b"<< /Type /Catalog /Pages 2 0 R >>"]
    kids = " ".join(f"{3 + 2 * i} 0 R" for i in range(n_pages))
    objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {n_pages} >>".encode())
    for index, lines in enumerate(pages):
        content_obj = 4 + 2 * index
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
            f"/Resources << /Font << /F1 {font_obj} 0 R >> >> "
            f"/Contents {content_obj} 0 R >>".encode()
        )
        ops = ["BT", "/F1 14 Tf", "72 720 Td", "18 TL"]
        for line in lines:
            ops.append(f"({_pdf_escape(line)}) Tj T*")
        ops.append("ET")
        objects.append(_stream("\n".join(ops).encode()))
    objects.append(
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
    )
    return _assemble_pdf(objects, trailer_extra)


def render_text_image(lines: list[str], width: int = 1100, size: int = 40):
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.truetype(str(FONT), size)
    height = 60 + len(lines) * (size + 30)
    image = Image.new("L", (width, height), 255)
    draw = ImageDraw.Draw(image)
    for index, line in enumerate(lines):
        draw.text((40, 30 + index * (size + 30)), line, fill=0, font=font)
    return image


def make_png(lines: list[str]) -> bytes:
    buf = io.BytesIO()
    render_text_image(lines).save(buf, format="PNG")
    return buf.getvalue()


def make_scanned_pdf(lines: list[str]) -> bytes:
    """A PDF whose only page is a picture of text: no text layer at all."""
    return image_pdf(render_text_image(lines))


def image_pdf(image) -> bytes:
    """A PDF whose only page is the (grayscale PIL) image, at 150 dpi, as a scanner writes it."""
    image = image.convert("L")
    width, height = image.size
    pixels = zlib.compress(image.tobytes())
    page_w, page_h = width * 72 / 150, height * 72 / 150
    content = f"q {page_w:.2f} 0 0 {page_h:.2f} 0 0 cm /Im1 Do Q".encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {page_w:.2f} {page_h:.2f}] "
        f"/Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>".encode(),
        _stream(content),
        _stream(
            pixels,
            f"/Type /XObject /Subtype /Image /Width {width} /Height {height} "
            f"/ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode ",
        ),
    ]
    return _assemble_pdf(objects)


_PAD = bytes.fromhex("28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a")


def _rc4(key: bytes, data: bytes) -> bytes:
    s = list(range(256))
    j = 0
    for i in range(256):
        j = (j + s[i] + key[i % len(key)]) % 256
        s[i], s[j] = s[j], s[i]
    out, i, j = bytearray(), 0, 0
    for byte in data:
        i = (i + 1) % 256
        j = (j + s[i]) % 256
        s[i], s[j] = s[j], s[i]
        out.append(byte ^ s[(s[i] + s[j]) % 256])
    return bytes(out)


def make_encrypted_pdf(user_password: bytes = b"secret") -> bytes:
    """A PDF locked with a user password (standard security handler, revision 2, RC4-40)."""
    doc_id = hashlib.md5(b"knowledge-index-test").digest()
    padded_user = (user_password + _PAD)[:32]
    owner_key = hashlib.md5((b"owner" + _PAD)[:32]).digest()[:5]
    o_value = _rc4(owner_key, padded_user)
    permissions = -44
    key = hashlib.md5(padded_user + o_value + struct.pack("<i", permissions) + doc_id).digest()
    u_value = _rc4(key[:5], _PAD)
    encrypt = (
        f"/Encrypt << /Filter /Standard /V 1 /R 2 /O <{o_value.hex()}> /U <{u_value.hex()}> "
        f"/P {permissions} >> /ID [<{doc_id.hex()}> <{doc_id.hex()}>] "
    )
    return make_text_pdf([["Confidential settlement"]], trailer_extra=encrypt)


# --- OOXML -----------------------------------------------------------------------------------

_DOCX_CONTENT_TYPES = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml"
 ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
<Override PartName="/word/comments.xml"
 ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml"/>
<Override PartName="/docProps/core.xml"
 ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>
</Types>"""

_DOCX_RELS = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1"
 Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"
 Target="word/document.xml"/>
<Relationship Id="rId2"
 Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties"
 Target="docProps/core.xml"/>
</Relationships>"""

_DOCUMENT_RELS = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1"
 Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments"
 Target="comments.xml"/>
</Relationships>"""

_CORE = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties
 xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties"
 xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/"
 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<dc:title>Kaufvertrag Müller</dc:title><dc:creator>Alice Anwalt</dc:creator>
<dcterms:created xsi:type="dcterms:W3CDTF">2024-02-28T09:00:00Z</dcterms:created>
<dcterms:modified xsi:type="dcterms:W3CDTF">2024-03-05T17:30:00Z</dcterms:modified>
</cp:coreProperties>"""

_DOCUMENT = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="{W_NS}"><w:body>
<w:p><w:r><w:t xml:space="preserve">The buyer is </w:t></w:r>
<w:ins w:id="1" w:author="Alice" w:date="2024-03-01T10:00:00Z"><w:r><w:t>Müller GmbH</w:t></w:r></w:ins>
<w:del w:id="2" w:author="Bob" w:date="2024-03-02T11:00:00Z"><w:r><w:delText>Schmidt AG</w:delText></w:r></w:del>
<w:r><w:t xml:space="preserve"> and pays the Gebühr.</w:t></w:r></w:p>
<w:p><w:commentRangeStart w:id="0"/><w:r><w:t>Purchase price</w:t></w:r><w:commentRangeEnd w:id="0"/>
<w:r><w:commentReference w:id="0"/></w:r><w:r><w:t xml:space="preserve"> is EUR 4711.</w:t></w:r></w:p>
<w:p><w:moveFromRangeStart w:id="10" w:name="move1" w:author="Carol" w:date="2024-03-03T09:00:00Z"/>
<w:moveFrom w:id="11" w:author="Carol" w:date="2024-03-03T09:00:00Z"><w:r><w:t>Clause moved away.</w:t></w:r></w:moveFrom>
<w:moveFromRangeEnd w:id="10"/></w:p>
<w:p><w:pPr><w:rPr><w:ins w:id="20" w:author="Dave" w:date="2024-03-04T08:00:00Z"/></w:rPr></w:pPr>
<w:ins w:id="21" w:author="Dave" w:date="2024-03-04T08:00:00Z"><w:r><w:t>Inserted paragraph.</w:t></w:r></w:ins></w:p>
<w:p><w:pPr><w:rPr><w:del w:id="30" w:author="Erin" w:date="2024-03-04T12:00:00Z"/></w:rPr></w:pPr>
<w:del w:id="31" w:author="Erin" w:date="2024-03-04T12:00:00Z"><w:r><w:delText>Deleted paragraph.</w:delText></w:r></w:del></w:p>
<w:p><w:r><w:t xml:space="preserve">Term: </w:t></w:r>
<w:ins w:id="40" w:author="Alice" w:date="2024-03-05T10:00:00Z"><w:r><w:t xml:space="preserve">five </w:t></w:r>
<w:del w:id="41" w:author="Bob" w:date="2024-03-05T11:00:00Z"><w:r><w:delText>ten </w:delText></w:r></w:del></w:ins>
<w:r><w:t>years.</w:t></w:r></w:p>
<w:p><w:moveToRangeStart w:id="50" w:name="move1" w:author="Carol" w:date="2024-03-03T09:00:00Z"/>
<w:moveTo w:id="51" w:author="Carol" w:date="2024-03-03T09:00:00Z"><w:r><w:t>Clause moved away.</w:t></w:r></w:moveTo>
<w:moveToRangeEnd w:id="50"/></w:p>
</w:body></w:document>"""  # noqa: E501

_COMMENTS = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:comments xmlns:w="{W_NS}">
<w:comment w:id="0" w:author="Frank" w:date="2024-03-02T15:00:00Z" w:initials="F">
<w:p><w:r><w:t>Please check against the term sheet.</w:t></w:r></w:p></w:comment>
</w:comments>"""


def make_tracked_docx() -> bytes:
    """A DOCX with insertions, deletions, a move, paragraph-mark changes, nesting, a comment."""
    buf = io.BytesIO()
    parts = {
        "[Content_Types].xml": _DOCX_CONTENT_TYPES,
        "_rels/.rels": _DOCX_RELS,
        "word/document.xml": _DOCUMENT,
        "word/_rels/document.xml.rels": _DOCUMENT_RELS,
        "word/comments.xml": _COMMENTS,
        "docProps/core.xml": _CORE,
    }
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in parts.items():
            # A fixed timestamp: writestr(name) stamps the clock, so two calls straddling a
            # two-second boundary gave different bytes and tests comparing them flaked.
            info = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, content)
    return buf.getvalue()


def make_docx() -> bytes:
    import docx

    document = docx.Document()
    document.core_properties.title = "Mandatsvereinbarung"
    document.core_properties.author = "Kanzlei Müller"
    document.add_heading("Vertrag Müller", level=1)
    document.add_paragraph("Die Gebühr für die Straße beträgt 100 EUR.")
    table = document.add_table(rows=2, cols=2)
    for (row, col), value in {(0, 0): "Name", (0, 1): "Betrag", (1, 0): "Müller"}.items():
        table.cell(row, col).text = value
    table.cell(1, 1).text = "4711"
    document.add_heading("Haftung", level=2)
    document.add_paragraph("Die Haftung ist beschränkt.")
    buf = io.BytesIO()
    document.save(buf)
    return buf.getvalue()


# --- packages spoiled the way real exports spoil them ---------------------------------------

_IMAGE_REL = (
    '<Relationship Id="rIdLost" Target="media/image1.png" Type="http://schemas.openxmlformats'
    '.org/officeDocument/2006/relationships/image"/></Relationships>'
)


def edit_package(docx: bytes, edits: dict[str, object]) -> bytes:
    """The package with parts rewritten (a callable on the text) or dropped (None)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(docx)) as source, zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            edit = edits.get(info.filename, ...)
            if edit is None:
                continue
            data = source.read(info)
            if callable(edit):
                data = edit(data.decode("utf-8")).encode("utf-8")
            target.writestr(info, data)
    return out.getvalue()


def with_xml_comments(xml: str) -> str:
    xml = xml.replace("<w:body>", "<w:body><!-- exported by DMS 4.2 -->", 1)
    xml = re.sub(r"(<w:p[ >])", r"<!-- paragraph -->\1", xml)
    xml = xml.replace("<w:r>", "<w:r><!-- run -->")
    return xml.replace("Die Gebühr", "Die <!-- kept -->Gebühr")


def missing_part(rels: str) -> str:
    return rels.replace("</Relationships>", _IMAGE_REL)


def make_pptx() -> bytes:
    from pptx import Presentation

    deck = Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[1])
    slide.shapes.title.text = "Mandantenpräsentation"
    slide.placeholders[1].text = "Übernahme der Schäfer KG"
    buf = io.BytesIO()
    deck.save(buf)
    return buf.getvalue()


def make_xlsx() -> bytes:
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.title = "Honorare"
    sheet.append(["Mandant", "Betrag"])
    sheet.append(["Größe AG", 1234])
    buf = io.BytesIO()
    book.save(buf)
    return buf.getvalue()


def make_chart_pptx() -> bytes:
    """A slide with a real chart (python-pptx writes the series caches) and speaker notes."""
    from pptx import Presentation
    from pptx.chart.data import CategoryChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Inches

    deck = Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[5])
    slide.shapes.title.text = "Umsatzentwicklung Zielgesellschaft"
    data = CategoryChartData()
    data.categories = ["Geschäftsjahr 2022", "Geschäftsjahr 2023"]
    data.add_series("Umsatz Mio EUR", (12.5, 17.25))
    data.add_series("EBITDA Mio EUR", (3.1, 4.4))
    frame = slide.shapes.add_chart(
        XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(1), Inches(2), Inches(6), Inches(4), data
    )
    frame.chart.has_title = True
    frame.chart.chart_title.text_frame.text = "Kennzahlen Wachstum"
    slide.notes_slide.notes_text_frame.text = "Sprechernotiz: Kaufpreisanpassung erwähnen"
    buf = io.BytesIO()
    deck.save(buf)
    return buf.getvalue()


_P188 = "http://schemas.microsoft.com/office/powerpoint/2018/8/main"
_MODERN_COMMENT = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<p188:cmLst xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p188="{_P188}">
<p188:cm id="{{C1}}" authorId="{{A1}}" created="2024-04-02T08:30:00.000">
<p188:txBody><a:bodyPr/><a:p><a:r><a:t>Quelle der Umsatzzahlen angeben</a:t></a:r></a:p></p188:txBody>
<p188:replyLst><p188:reply id="{{R1}}" authorId="{{A2}}" created="2024-04-02T09:00:00.000">
<p188:txBody><a:bodyPr/><a:p><a:r><a:t>Aus dem testierten Abschluss</a:t></a:r></a:p></p188:txBody>
</p188:reply></p188:replyLst></p188:cm></p188:cmLst>"""  # noqa: E501
_MODERN_AUTHORS = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<p188:authorLst xmlns:p188="{_P188}">
<p188:author id="{{A1}}" name="Greta Gutachterin" initials="GG" userId="greta" providerId="None"/>
<p188:author id="{{A2}}" name="Hans Mandant" initials="HM" userId="hans" providerId="None"/>
</p188:authorLst>"""
_REL_TYPE = "http://schemas.microsoft.com/office/2018/10/relationships"


def with_modern_comment(pptx: bytes) -> bytes:
    """PowerPoint 365's comment parts on slide 1 (python-pptx cannot write comments)."""
    slide_rel = (
        f'<Relationship Id="rIdCm" Type="{_REL_TYPE}/comments" '
        'Target="../comments/modernComment_100_0.xml"/></Relationships>'
    )
    types = (
        '<Override PartName="/ppt/comments/modernComment_100_0.xml" '
        'ContentType="application/vnd.ms-powerpoint.comments+xml"/>'
        '<Override PartName="/ppt/authors.xml" '
        'ContentType="application/vnd.ms-powerpoint.authors+xml"/></Types>'
    )
    edited = edit_package(
        pptx,
        {
            "ppt/slides/_rels/slide1.xml.rels": lambda x: x.replace("</Relationships>", slide_rel),
            "[Content_Types].xml": lambda x: x.replace("</Types>", types),
        },
    )
    return add_parts(
        edited,
        {
            "ppt/comments/modernComment_100_0.xml": _MODERN_COMMENT,
            "ppt/authors.xml": _MODERN_AUTHORS,
        },
    )


def add_parts(package: bytes, parts: dict[str, str]) -> bytes:
    out = io.BytesIO(package)
    with zipfile.ZipFile(out, "a") as archive:
        for name, text in parts.items():
            archive.writestr(name, text.encode("utf-8"))
    return out.getvalue()


_TC = "http://schemas.microsoft.com/office/spreadsheetml/2018/threadedcomments"
_THREADED = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<ThreadedComments xmlns="{_TC}">
<threadedComment ref="A3" dT="2024-05-06T10:00:00.00" personId="{{P1}}" id="{{T1}}">
<text>Klein KG zahlt in Raten</text></threadedComment>
<threadedComment ref="A3" dT="2024-05-06T11:00:00.00" personId="{{P2}}" id="{{T2}}" parentId="{{T1}}">
<text>Ratenplan liegt in der Akte</text></threadedComment>
</ThreadedComments>"""  # noqa: E501
_PERSONS = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<personList xmlns="{_TC}">
<person displayName="Ina Buchhaltung" id="{{P1}}" userId="ina" providerId="None"/>
<person displayName="Jan Partner" id="{{P2}}" userId="jan" providerId="None"/>
</personList>"""


def make_commented_xlsx(*, threaded: bool = False) -> bytes:
    """openpyxl's cell comment on B2; with `threaded`, Excel 365's threaded comment on A3."""
    from openpyxl import Workbook
    from openpyxl.comments import Comment

    book = Workbook()
    sheet = book.active
    sheet.title = "Honorare"
    sheet.append(["Mandant", "Betrag"])
    sheet.append(["Größe AG", 1234])
    sheet.append(["Klein KG", 99])
    sheet["B2"].comment = Comment("Rabatt mit Partnerin abgestimmt", "Dora Partnerin")
    buf = io.BytesIO()
    book.save(buf)
    if not threaded:
        return buf.getvalue()
    rel = (
        f'<Relationship Id="rIdTc" Type="{_REL_TYPE}/threadedComment" '
        'Target="../threadedComments/threadedComment1.xml"/></Relationships>'
    )
    edited = edit_package(
        buf.getvalue(),
        {"xl/worksheets/_rels/sheet1.xml.rels": lambda x: x.replace("</Relationships>", rel)},
    )
    return add_parts(
        edited,
        {"xl/threadedComments/threadedComment1.xml": _THREADED, "xl/persons/person.xml": _PERSONS},
    )


# --- e-mail and containers -------------------------------------------------------------------


def make_eml(*, html_only: bool = False, attachment: bytes | None = None) -> bytes:
    message = EmailMessage()
    message["From"] = "Anna Anwältin <anna@kanzlei.example>"
    message["To"] = "Max Mandant <max@client.example>, bob@client.example"
    message["Cc"] = "Clara <clara@kanzlei.example>"
    message["Subject"] = "AW: Entwurf Kaufvertrag – Gebühr"
    message["Date"] = "Tue, 05 Mar 2024 10:15:00 +0100"
    message["Message-ID"] = "<msg-3@kanzlei.example>"
    message["In-Reply-To"] = "<msg-2@client.example>"
    message["References"] = "<msg-1@kanzlei.example> <msg-2@client.example>"
    if html_only:
        message.set_content(
            "<html><body><p>Sehr geehrter Herr Müller,</p><p>anbei der <b>Entwurf</b>.</p>"
            "<script>alert(1)</script></body></html>",
            subtype="html",
        )
    else:
        message.set_content("Sehr geehrter Herr Müller,\nanbei der Entwurf.\n")
        message.add_alternative("<p>HTML version should not win</p>", subtype="html")
    if attachment is not None:
        message.add_attachment(
            attachment,
            maintype="application",
            subtype="vnd.openxmlformats-officedocument.wordprocessingml.document",
            filename="Entwurf Kaufvertrag.docx",
        )
    return message.as_bytes()


def make_zip(entries: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return buf.getvalue()


def make_zip_bomb(expanded_mb: int = 64) -> bytes:
    """A small zip that inflates to `expanded_mb` of zeros: a ratio of about 1000:1."""
    return make_zip({"zeros.txt": b"\0" * (expanded_mb * 1024 * 1024)})


def make_mail(attachments: dict[str, bytes], subject: str = "Akte") -> bytes:
    """A plain mail with each attachment as application/octet-stream under its name."""
    message = EmailMessage()
    message["From"] = "anna@kanzlei.example"
    message["To"] = "max@client.example"
    message["Subject"] = subject
    message["Message-ID"] = f"<{subject}@kanzlei.example>"
    message.set_content("Anbei.\n")
    for name, data in attachments.items():
        message.add_attachment(data, maintype="application", subtype="octet-stream", filename=name)
    return message.as_bytes()


def make_matryoshka() -> bytes:
    """zip > mail > zip > mail > zip > mail > zip > leaf: seven levels, each harmless alone."""
    data = make_zip({"leaf.txt": b"deep"})
    for level in range(3):
        data = make_mail({f"level{level}.zip": data}, subject=f"level{level}")
        data = make_zip({f"level{level}.eml": data})
    return data
