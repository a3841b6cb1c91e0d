"""Format writers for held-out estate B (deterministic: fixed zip timestamps, fixed core properties).

Held out: do not inspect while tuning.
"""

from __future__ import annotations

import base64
import hashlib
import io
import random
import re
import zipfile
from datetime import datetime, timezone

FIXED_ZIP_TIME = (2024, 1, 2, 3, 4, 6)


def normalize_zip(data: bytes) -> bytes:
    """Rewrite an OOXML zip with fixed entry timestamps and order so output is byte-stable."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        names = src.namelist()
        # [Content_Types].xml first, as Office writes it
        names.sort(key=lambda n: (n != "[Content_Types].xml", n))
        for name in names:
            info = zipfile.ZipInfo(name, date_time=FIXED_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o600 << 16
            body = src.read(name)
            if name == "docProps/core.xml":  # openpyxl stamps "modified" with the wall clock on save
                m = re.search(rb"<dcterms:created[^>]*>([^<]+)</dcterms:created>", body)
                if m:
                    body = re.sub(rb"(<dcterms:modified[^>]*>)[^<]+(</dcterms:modified>)", lambda x: x.group(1) + m.group(1) + x.group(2), body)
            dst.writestr(info, body)
    return out.getvalue()


# ---------------------------------------------------------------- DOCX
def docx_bytes(blocks, *, author: str, when: datetime, heading_style: bool = True,
               revisions: list[tuple[int, str, str]] | None = None,
               comments: list[tuple[int, str, str]] | None = None,
               rev_author: str = "", lang: str = "de") -> bytes:
    """blocks: list of (kind, text) with kind in h (title), h2, p, b (bold), c (centered), sig.

    revisions: (block index, inserted text, deleted text) tracked changes by rev_author.
    comments: (block index, comment text, comment author).
    """
    import docx
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn
    from docx.shared import Pt

    d = docx.Document()
    cp = d.core_properties
    cp.author = author
    cp.last_modified_by = rev_author or author
    cp.created = when
    cp.modified = when
    cp.revision = 3
    cp.title = ""
    cp.comments = ""
    cp.subject = ""
    cp.keywords = ""
    cp.category = ""
    cp.language = "de-DE" if lang == "de" else "en-GB"
    paras = []
    for kind, text in blocks:
        if kind == "h":
            if heading_style:
                p = d.add_heading(text, level=1)
            else:
                p = d.add_paragraph()
                r = p.add_run(text)
                r.bold = True
                r.font.size = Pt(15)
                p.alignment = WD_ALIGN_PARAGRAPH.CENTER
        elif kind == "h2":
            p = d.add_heading(text, level=2) if heading_style else d.add_paragraph()
            if not heading_style:
                p.add_run(text).bold = True
        elif kind == "b":
            p = d.add_paragraph()
            p.add_run(text).bold = True
        elif kind == "c":
            p = d.add_paragraph(text)
            p.alignment = WD_ALIGN_PARAGRAPH.CENTER
        else:
            p = d.add_paragraph(text)
        paras.append(p)
    stamp = when.strftime("%Y-%m-%dT%H:%M:%SZ")
    def _mark(tag, text, n):
        el = OxmlElement(tag)
        el.set(qn("w:id"), str(100 + n))
        el.set(qn("w:author"), rev_author or author)
        el.set(qn("w:date"), stamp)
        r = OxmlElement("w:r")
        t = OxmlElement("w:delText" if tag == "w:del" else "w:t")
        t.set(qn("xml:space"), "preserve")
        t.text = text
        r.append(t)
        el.append(r)
        return el

    for n, (idx, ins, dele) in enumerate(revisions or []):
        para = paras[idx]
        full = para.text
        anchor = ins if ins and ins in full else (dele if dele and dele in full else None)
        if anchor and len(para.runs) == 1:
            # in place: before + <del>old</del><ins>new</ins> + after (the paragraph's text is the accepted text)
            pos = full.index(anchor)
            before, after = full[:pos], full[pos + len(anchor):]
            para.runs[0].text = before
            if dele:
                para._p.append(_mark("w:del", dele, 2 * n))
            if ins:
                para._p.append(_mark("w:ins", ins, 2 * n + 1))
            if after:
                para.add_run(after)
        else:
            if dele:
                para._p.append(_mark("w:del", " " + dele, 2 * n))
            if ins:
                para._p.append(_mark("w:ins", " " + ins, 2 * n + 1))
    for idx, text, who in comments or []:
        runs = paras[idx].runs
        if runs:
            initials = "".join(w[0] for w in who.replace(",", " ").split() if w[:1].isalpha())[:3]
            c = d.add_comment(runs, text=text, author=who, initials=initials)
            c._comment_elm.set(qn("w:date"), stamp)
    buf = io.BytesIO()
    d.save(buf)
    return normalize_zip(buf.getvalue())


# ---------------------------------------------------------------- XLSX
def xlsx_bytes(sheets, *, author: str, when: datetime) -> bytes:
    """sheets: list of (sheet name, rows); first row of the first sheet is the visible title."""
    import openpyxl
    from openpyxl.styles import Font

    wb = openpyxl.Workbook()
    wb.properties.creator = author
    wb.properties.lastModifiedBy = author
    wb.properties.created = when
    wb.properties.modified = when
    first = True
    for name, rows in sheets:
        ws = wb.active if first else wb.create_sheet()
        ws.title = name[:31]
        for row in rows:
            ws.append(list(row))
        if first and rows:
            ws["A1"].font = Font(bold=True, size=14)
        first = False
    buf = io.BytesIO()
    wb.save(buf)
    return normalize_zip(buf.getvalue())


# ---------------------------------------------------------------- PPTX
def pptx_bytes(slides, *, author: str, when: datetime) -> bytes:
    """slides: list of (title, bullet lines); slide 1 is a title slide (title, subtitle lines)."""
    from pptx import Presentation

    prs = Presentation()
    cp = prs.core_properties
    cp.author = author
    cp.last_modified_by = author
    cp.created = when
    cp.modified = when
    cp.revision = 2
    cp.title = ""
    cp.comments = ""
    cp.subject = ""
    cp.keywords = ""
    for i, (title, lines) in enumerate(slides):
        if i == 0:
            s = prs.slides.add_slide(prs.slide_layouts[0])
            s.shapes.title.text = title
            s.placeholders[1].text = "\n".join(lines)
        else:
            s = prs.slides.add_slide(prs.slide_layouts[1])
            s.shapes.title.text = title
            tf = s.placeholders[1].text_frame
            tf.text = lines[0] if lines else ""
            for line in lines[1:]:
                tf.add_paragraph().text = line
    buf = io.BytesIO()
    prs.save(buf)
    return normalize_zip(buf.getvalue())


# ---------------------------------------------------------------- minimal text-layer PDF (scans)
def _pdf_str(s: str) -> bytes:
    b = s.encode("cp1252", errors="replace")
    return b"(" + b.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def _wrap(line: str, width: int = 92) -> list[str]:
    out, cur = [], ""
    for w in line.split(" "):
        if len(cur) + len(w) + 1 > width and cur:
            out.append(cur)
            cur = w
        else:
            cur = (cur + " " + w) if cur else w
    out.append(cur)
    return out


def scan_pdf_bytes(lines: list[str], *, producer: str, when: datetime, title_size_first: bool = True) -> bytes:
    """A PDF with a text layer only, as an OCR'd scan from a copier arrives (Helvetica, WinAnsi)."""
    pages, cur, y_budget = [], [], 0
    for i, line in enumerate(lines):
        for part in (_wrap(line) if line else [""]):
            cur.append((i, part))
            y_budget += 1
            if y_budget >= 52:
                pages.append(cur)
                cur, y_budget = [], 0
    if cur:
        pages.append(cur)
    objs: list[bytes] = []
    objs.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    kids = " ".join(f"{4 + 2 * k} 0 R" for k in range(len(pages)))
    objs.append(f"<< /Type /Pages /Kids [{kids}] /Count {len(pages)} >>".encode())
    objs.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    for page in pages:
        ops = [b"BT", b"/F1 10 Tf", b"14 TL", b"56 790 Td"]
        for idx, text in page:
            size = 13 if (title_size_first and idx == 0) else 10
            ops.append(f"/F1 {size} Tf".encode())
            ops.append(_pdf_str(text) + b" Tj T*")
        ops.append(b"ET")
        stream = b"\n".join(ops)
        objs.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents {len(objs) + 2} 0 R >>".encode())
        objs.append(f"<< /Length {len(stream)} >>\nstream\n".encode() + stream + b"\nendstream")
    d = when.strftime("D:%Y%m%d%H%M%S+01'00'")
    objs.append(f"<< /Producer ({producer}) /Creator ({producer}) /CreationDate ({d}) /ModDate ({d}) >>".encode())
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for n, body in enumerate(objs, start=1):
        offsets.append(out.tell())
        out.write(f"{n} 0 obj\n".encode() + body + b"\nendobj\n")
    xref = out.tell()
    out.write(f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode())
    for off in offsets:
        out.write(f"{off:010d} 00000 n \n".encode())
    fid = hashlib.md5(b"".join(objs)).hexdigest()
    out.write(f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R /Info {len(objs)} 0 R /ID [<{fid}> <{fid}>] >>\nstartxref\n{xref}\n%%EOF\n".encode())
    return out.getvalue()


def stabilize_pdf(data: bytes, when: datetime) -> bytes:
    """Make a LibreOffice PDF byte-stable: fixed dates and document ID (same lengths, xref stays valid)."""
    d = when.strftime("%Y%m%d%H%M%S")
    data = re.sub(rb"D:\d{14}", b"D:" + d.encode(), data)
    fid = hashlib.md5(d.encode()).hexdigest().upper().encode()

    def _id(m):
        return b"<" + fid[: len(m.group(1))].ljust(len(m.group(1)), b"0") + b">"
    data = re.sub(rb"<([0-9A-Fa-f]{32})>", _id, data)
    data = re.sub(rb"/DocChecksum /[0-9A-F]{32}", b"/DocChecksum /" + b"0" * 32, data)
    data = data.replace(b"/DocChecksum /" + b"0" * 32, b"/DocChecksum /" + hashlib.md5(data).hexdigest().upper().encode())
    # XMP timestamps
    data = re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?", lambda m: when.strftime("%Y-%m-%dT%H:%M:%S").encode() + (b"." + b"0" * (len(m.group(1)) - 1) if m.group(1) else b""), data)
    return data


# ---------------------------------------------------------------- E-mail
def b64_wrapped(data: bytes, width: int = 76) -> str:
    s = base64.b64encode(data).decode()
    return "\n\t ".join(s[i:i + width] for i in range(0, len(s), width))


def fake_b64(rng: random.Random, n: int) -> str:
    return base64.b64encode(bytes(rng.getrandbits(8) for _ in range(n))).decode()


def utc(dt: datetime) -> datetime:
    return dt.astimezone(timezone.utc)
