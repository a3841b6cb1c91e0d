"""Writers for the evaluation estate: one block model, rendered to DOCX, PDF, TXT, MD, scans.

A document body is a list of blocks (tuples):
  ("title", text)            the visible heading (Heading style or bold centred, per variant)
  ("h", text)                a clause / section heading
  ("p", text)                a paragraph
  ("small", text)            letterhead / footer noise
  ("right", text)            right-aligned line (date, place)
  ("b", text)                bold paragraph (Betreff / Re:)
  ("table", [[cells], ...])  a table, first row header
  ("sig", [(label, name), ...]) signature block
  ("red", [(kind, text), ...], comment|None)  a tracked-changes paragraph: kind t / ins / del
  ("pagebreak",)
Everything deterministic: fixed core properties, fixed zip timestamps, reportlab invariant mode.
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import tempfile
import zipfile
from datetime import date, datetime
from pathlib import Path

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")


def _fixed_zip(path: Path, when: date) -> None:
    """Rewrite an OOXML zip with fixed entry timestamps so reruns give identical bytes."""
    stamp = (when.year, when.month, when.day, 9, 30, 0)
    with zipfile.ZipFile(path) as zin:
        items = [(i.filename, zin.read(i.filename)) for i in zin.infolist()]
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zout:
        for name, data in items:
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            zout.writestr(info, data)
    path.write_bytes(buf.getvalue())


def _plain(blocks) -> list[str]:
    out: list[str] = []
    for b in blocks:
        k = b[0]
        if k in ("title", "h", "p", "small", "right", "b"):
            out.append(b[1])
        elif k == "table":
            for row in b[1]:
                out.append(" | ".join(str(c) for c in row))
        elif k == "sig":
            for label, name in b[1]:
                out.append("")
                out.append("_" * 32)
                out.append(f"{name}" + (f" ({label})" if label else ""))
        elif k == "red":
            out.append("".join(t for kind, t in b[1] if kind != "del"))
        elif k == "pagebreak":
            out.append("")
    return out


def to_text(blocks, *, markdown: bool = False) -> str:
    lines: list[str] = []
    for b in blocks:
        k = b[0]
        if markdown and k == "title":
            lines += [f"# {b[1]}", ""]
        elif markdown and k == "h":
            lines += [f"## {b[1]}", ""]
        elif markdown and k == "b":
            lines += [f"**{b[1]}**", ""]
        elif markdown and k == "table":
            rows = b[1]
            lines.append("| " + " | ".join(map(str, rows[0])) + " |")
            lines.append("|" + "---|" * len(rows[0]))
            for r in rows[1:]:
                lines.append("| " + " | ".join(map(str, r)) + " |")
            lines.append("")
        else:
            for line in _plain([b]):
                lines.append(line)
            if k in ("title", "h", "p", "b", "table", "sig", "red"):
                lines.append("")
    return "\n".join(lines).rstrip() + "\n"


# --------------------------------------------------------------------------- DOCX

def _tracked_paragraph(doc, segments, comment, author, when: datetime, ids):
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn
    from docx.text.run import Run

    p = doc.add_paragraph()
    anchor = None
    stamp = when.strftime("%Y-%m-%dT%H:%M:00Z")
    for kind, text in segments:
        r = OxmlElement("w:r")
        t = OxmlElement("w:delText" if kind == "del" else "w:t")
        t.set(qn("xml:space"), "preserve")
        t.text = text
        r.append(t)
        if kind == "t":
            p._p.append(r)
            if anchor is None or comment is not None:
                anchor = anchor or Run(r, p)
        else:
            wrap = OxmlElement("w:ins" if kind == "ins" else "w:del")
            ids[0] += 1
            wrap.set(qn("w:id"), str(ids[0]))
            wrap.set(qn("w:author"), author)
            wrap.set(qn("w:date"), stamp)
            wrap.append(r)
            p._p.append(wrap)
    if comment:
        text, c_author = comment
        runs = [Run(r, p) for r in p._p.findall(qn("w:r"))]
        target = runs[0] if runs else p.add_run(" ")
        doc.add_comment(target, text=text, author=c_author, initials="".join(w[0] for w in c_author.split()[:2]))
    return p


def write_docx(path: Path, blocks, *, when: date, author: str, heading_styles: bool = True,
               redline_author: str = "", redline_when: datetime | None = None, title_prop: str = "") -> None:
    from docx import Document
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.shared import Pt

    doc = Document()
    st = doc.styles["Normal"]
    st.font.name = "Arial" if heading_styles else "Times New Roman"
    st.font.size = Pt(10.5 if heading_styles else 11)
    ids = [100]
    for b in blocks:
        k = b[0]
        if k == "title":
            if heading_styles:
                doc.add_heading(b[1], level=0 if len(b[1]) < 60 else 1)
            else:
                p = doc.add_paragraph()
                p.alignment = WD_ALIGN_PARAGRAPH.CENTER
                r = p.add_run(b[1])
                r.bold = True
                r.font.size = Pt(14)
        elif k == "h":
            if heading_styles:
                doc.add_heading(b[1], level=2)
            else:
                doc.add_paragraph().add_run(b[1]).bold = True
        elif k == "p":
            doc.add_paragraph(b[1])
        elif k == "b":
            doc.add_paragraph().add_run(b[1]).bold = True
        elif k == "small":
            r = doc.add_paragraph().add_run(b[1])
            r.font.size = Pt(8)
        elif k == "right":
            p = doc.add_paragraph(b[1])
            p.alignment = WD_ALIGN_PARAGRAPH.RIGHT
        elif k == "table":
            rows = b[1]
            t = doc.add_table(rows=len(rows), cols=len(rows[0]))
            t.style = "Table Grid"
            for i, row in enumerate(rows):
                for j, c in enumerate(row):
                    t.cell(i, j).text = str(c)
            doc.add_paragraph()
        elif k == "sig":
            t = doc.add_table(rows=3, cols=len(b[1]))
            for j, (label, name) in enumerate(b[1]):
                t.cell(0, j).text = "\n\n"
                t.cell(1, j).text = "______________________________"
                t.cell(2, j).text = name + (f"\n{label}" if label else "")
        elif k == "red":
            _tracked_paragraph(doc, b[1], b[2] if len(b) > 2 else None, redline_author or author,
                               redline_when or datetime(when.year, when.month, when.day, 10, 0), ids)
        elif k == "pagebreak":
            doc.add_page_break()
    cp = doc.core_properties
    cp.author = author
    cp.last_modified_by = redline_author or author
    cp.created = datetime(when.year, when.month, when.day, 9, 0)
    cp.modified = datetime(when.year, when.month, when.day, 17, 30)
    cp.revision = 3
    cp.title = title_prop
    path.parent.mkdir(parents=True, exist_ok=True)
    doc.save(str(path))
    _fixed_zip(path, when)


# --------------------------------------------------------------------------- PDF (reportlab)

def _fonts():
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if "DejaVu" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("DejaVu", str(FONT_DIR / "DejaVuSans.ttf")))
        pdfmetrics.registerFont(TTFont("DejaVu-Bold", str(FONT_DIR / "DejaVuSans-Bold.ttf")))
        pdfmetrics.registerFont(TTFont("DejaVuSerif", str(FONT_DIR / "DejaVuSerif.ttf")))


def write_pdf(path: Path, blocks, *, when: date, author: str, title_prop: str = "", serif: bool = False) -> None:
    from reportlab import rl_config
    from reportlab.lib.enums import TA_CENTER, TA_RIGHT
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.lib.units import cm
    from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table
    from xml.sax.saxutils import escape

    rl_config.invariant = 1
    _fonts()
    base = "DejaVuSerif" if serif else "DejaVu"
    body = ParagraphStyle("b", fontName=base, fontSize=10, leading=13.5, spaceAfter=6)
    small = ParagraphStyle("s", parent=body, fontSize=7.5, leading=9)
    head = ParagraphStyle("h", parent=body, fontName="DejaVu-Bold", fontSize=10.5, spaceBefore=6)
    title = ParagraphStyle("t", parent=head, fontSize=14, leading=18, alignment=TA_CENTER, spaceAfter=12)
    right = ParagraphStyle("r", parent=body, alignment=TA_RIGHT)
    story = []
    for b in blocks:
        k = b[0]
        if k == "title":
            story.append(Paragraph(escape(b[1]), title))
        elif k in ("h", "b"):
            story.append(Paragraph(escape(b[1]), head))
        elif k == "p":
            story.append(Paragraph(escape(b[1]), body))
        elif k == "small":
            story.append(Paragraph(escape(b[1]), small))
        elif k == "right":
            story.append(Paragraph(escape(b[1]), right))
        elif k == "table":
            data = [[Paragraph(escape(str(c)), small) for c in row] for row in b[1]]
            story.append(Table(data, style=[("GRID", (0, 0), (-1, -1), 0.4, "#888888")]))
            story.append(Spacer(1, 8))
        elif k == "sig":
            story.append(Spacer(1, 24))
            story.append(Table([["_" * 28 for _ in b[1]],
                                [Paragraph(escape(n + (f" ({lbl})" if lbl else "")), small) for lbl, n in b[1]]]))
        elif k == "red":
            story.append(Paragraph(escape("".join(t for kind, t in b[1] if kind != "del")), body))
        elif k == "pagebreak":
            story.append(PageBreak())
    path.parent.mkdir(parents=True, exist_ok=True)
    doc = SimpleDocTemplate(str(path), pagesize=A4, leftMargin=2.5 * cm, rightMargin=2 * cm,
                            topMargin=2 * cm, bottomMargin=2 * cm, author=author, title=title_prop,
                            creator="Microsoft® Word für Microsoft 365" if not serif else "Canon iR-ADV C5535 PDF")
    doc.build(story)


def soffice_convert(src: Path, dest: Path, fmt: str) -> bool:
    """Convert with LibreOffice when installed (real Writer output); False when not available."""
    exe = shutil.which("soffice")
    if not exe:
        return False
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, HOME=tmp)
        r = subprocess.run([exe, "--headless", "--convert-to", fmt, "--outdir", tmp, str(src)],
                           capture_output=True, env=env, timeout=180)
        produced = Path(tmp) / (src.stem + "." + fmt.split(":")[0])
        if r.returncode != 0 or not produced.exists():
            return False
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(produced, dest)
    return True


# --------------------------------------------------------------------------- scans

def scan_image(blocks, rng, *, width: int = 850):
    """A page of text as a scanner would return it: 1-bit, slightly skewed, speckled."""
    from PIL import Image, ImageDraw, ImageFont

    height = int(width * 1.414)
    img = Image.new("L", (width, height), 255)
    draw = ImageDraw.Draw(img)
    f_body = ImageFont.truetype(str(FONT_DIR / "DejaVuSerif.ttf"), 15)
    f_bold = ImageFont.truetype(str(FONT_DIR / "DejaVuSans-Bold.ttf"), 18)
    y = 60
    import textwrap

    for b in blocks:
        if b[0] == "pagebreak":
            break
        lines = _plain([b])
        font = f_bold if b[0] in ("title", "h", "b") else f_body
        for line in lines:
            for chunk in textwrap.wrap(line, 82) or [""]:
                if y > height - 60:
                    break
                draw.text((70, y), chunk, fill=20, font=font)
                y += 22
        y += 8
    img = img.rotate(rng.uniform(-1.2, 1.2), fillcolor=255, resample=Image.BICUBIC)
    px = img.load()
    for _ in range(1500):
        px[rng.randrange(width), rng.randrange(height)] = rng.choice((0, 90, 160))
    return img.point(lambda v: 0 if v < 150 else 255, mode="1")


def write_scan(path: Path, blocks, rng) -> None:
    img = scan_image(blocks, rng)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix.lower() == ".pdf":
        img.save(str(path), "PDF", resolution=100.0)
    else:
        img.save(str(path), "PNG", optimize=True)
