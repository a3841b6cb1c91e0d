"""Deterministic file writers for estate F (no network, fixed timestamps).

Copied from estate E's `_writers_e.py` and extended (Word template name, transport headers given as
(name, value) pairs so Exchange Online / ARC / Received-SPF stacks can be written in server order,
LibreOffice's `rtf` target, a phone-photo JPEG). Estate E's writers were copied from estate D's writers (themselves adapted from estate C's) (raw WordprocessingML for docx so tracked changes and comments are
exactly what the generator says; RFC 5322 mail with transport headers), but without reportlab:
text PDFs are LibreOffice prints of a docx (volatile bytes pinned), scans are Pillow images saved
as image-only PDF, TIFF G4 or JPEG.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import re
import shutil
import subprocess
import tempfile
import textwrap
import zipfile
from xml.sax.saxutils import escape


def x(s: str) -> str:
    return escape(s, {'"': "&quot;"})


# ---------------------------------------------------------------- zip normalisation
def normalize_zip(data: bytes, dt, core_date: str | None = None, odf: bool = False) -> bytes:
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            body = src.read(info.filename)
            if core_date and info.filename == "docProps/core.xml":
                t = body.decode("utf-8")
                t = re.sub(r"(<dcterms:created[^>]*>)[^<]*(</dcterms:created>)", r"\g<1>%s\g<2>" % core_date, t)
                t = re.sub(r"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)", r"\g<1>%s\g<2>" % core_date, t)
                body = t.encode("utf-8")
            if odf and info.filename in ("settings.xml", "content.xml", "styles.xml", "meta.xml"):
                t = body.decode("utf-8")
                t = re.sub(r'(config:name="Rsid(?:Root)?" config:type="int">)\d+', r"\g<1>1000", t)
                t = re.sub(r'(officeooo:(?:paragraph-)?rsid=")[0-9a-f]+', r"\g<1>000a0b0c", t)
                if core_date:
                    t = re.sub(r"(<meta:creation-date>)[^<]*", r"\g<1>" + core_date[:19], t)
                    t = re.sub(r"(<dc:date>)[^<]*", r"\g<1>" + core_date[:19], t)
                t = re.sub(r"<meta:editing-duration>[^<]*</meta:editing-duration>", "", t)
                body = t.encode("utf-8")
            zi = zipfile.ZipInfo(info.filename, date_time=dt)
            zi.compress_type = zipfile.ZIP_STORED if info.filename == "mimetype" else zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            zi.create_system = 0
            dst.writestr(zi, body)
    return out.getvalue()


# ---------------------------------------------------------------- docx
W_NS = ('xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" '
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"')


def _styles(lang: str, font: str) -> str:
    return f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles {W_NS}><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="{font}" w:hAnsi="{font}" w:cs="{font}"/><w:sz w:val="21"/><w:lang w:val="{lang}"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="120"/></w:pPr></w:pPrDefault></w:docDefaults>
<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>
<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:jc w:val="center"/><w:spacing w:after="240"/></w:pPr><w:rPr><w:b/><w:sz w:val="30"/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="240"/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/><w:sz w:val="23"/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="CommentText"><w:name w:val="annotation text"/><w:basedOn w:val="Normal"/><w:rPr><w:sz w:val="20"/></w:rPr></w:style>
<w:style w:type="character" w:styleId="CommentReference"><w:name w:val="annotation reference"/><w:rPr><w:sz w:val="16"/></w:rPr></w:style>
</w:styles>"""


class Doc:
    """A docx in the making: paragraphs of runs; runs are (kind, text) with kind t|b|i|ins|del."""

    def __init__(self, lang="de-DE", author="BOL", date="2025-01-01T09:00:00Z", font="Arial"):
        self.lang, self.author, self.date, self.font = lang, author, date, font
        self.paras: list[str] = []
        self.comments: list[tuple[int, str, str, str, str]] = []
        self._rev = 100
        self.rev_author, self.rev_date = author, date

    def _run(self, kind, text, size=None):
        self._rev += 1
        t = x(text)
        if kind == "ins":
            return (f'<w:ins w:id="{self._rev}" w:author="{x(self.rev_author)}" w:date="{self.rev_date}">'
                    f'<w:r><w:t xml:space="preserve">{t}</w:t></w:r></w:ins>')
        if kind == "del":
            return (f'<w:del w:id="{self._rev}" w:author="{x(self.rev_author)}" w:date="{self.rev_date}">'
                    f'<w:r><w:delText xml:space="preserve">{t}</w:delText></w:r></w:del>')
        rpr = {"b": "<w:b/>", "i": "<w:i/>"}.get(kind, "")
        if size:
            rpr += f'<w:sz w:val="{size}"/>'
        rpr = f"<w:rPr>{rpr}</w:rPr>" if rpr else ""
        t = t.replace("\n", '</w:t><w:br/><w:t xml:space="preserve">')
        return f'<w:r>{rpr}<w:t xml:space="preserve">{t}</w:t></w:r>'

    def p(self, *runs, style=None, align=None, bold=False, comment=None, size=None, ins_para=False):
        ppr = ""
        if style:
            ppr += f'<w:pStyle w:val="{style}"/>'
        if align:
            ppr += f'<w:jc w:val="{align}"/>'
        if ins_para:
            self._rev += 1
            ppr += f'<w:rPr><w:ins w:id="{self._rev}" w:author="{x(self.rev_author)}" w:date="{self.rev_date}"/></w:rPr>'
        body = ""
        if comment is not None:
            body += f'<w:commentRangeStart w:id="{comment}"/>'
        for r in runs:
            if isinstance(r, str):
                r = ("b" if bold else "t", r)
            body += self._run(r[0], r[1], size)
        if comment is not None:
            body += (f'<w:commentRangeEnd w:id="{comment}"/><w:r><w:rPr><w:rStyle w:val="CommentReference"/>'
                     f'</w:rPr><w:commentReference w:id="{comment}"/></w:r>')
        self.paras.append(f"<w:p>{'<w:pPr>' + ppr + '</w:pPr>' if ppr else ''}{body}</w:p>")
        return self

    def comment(self, text, author, initials, date) -> int:
        cid = len(self.comments)
        self.comments.append((cid, author, initials, date, text))
        return cid

    def table(self, rows):
        cells = "".join(
            "<w:tr>" + "".join(f'<w:tc><w:tcPr><w:tcW w:w="0" w:type="auto"/></w:tcPr><w:p><w:r><w:t xml:space="preserve">{x(str(c))}</w:t></w:r></w:p></w:tc>' for c in row) + "</w:tr>"
            for row in rows)
        self.paras.append(f'<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/>'
                          f'<w:tblBorders><w:top w:val="single" w:sz="4"/><w:bottom w:val="single" w:sz="4"/><w:left w:val="single" w:sz="4"/><w:right w:val="single" w:sz="4"/>'
                          f'<w:insideH w:val="single" w:sz="4"/><w:insideV w:val="single" w:sz="4"/></w:tblBorders></w:tblPr>{cells}</w:tbl>')
        return self

    def pagebreak(self):
        self.paras.append('<w:p><w:r><w:br w:type="page"/></w:r></w:p>')

    def bytes(self, title="", core_author=None, app="Microsoft Office Word", template="Normal.dotm") -> bytes:
        core_author = core_author or self.author
        files = {}
        ct = ['<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>',
              '<Default Extension="xml" ContentType="application/xml"/>',
              '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>',
              '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>',
              '<Override PartName="/word/settings.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml"/>',
              '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>',
              '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>']
        rels = ['<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>',
                '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/settings" Target="settings.xml"/>']
        if self.comments:
            ct.append('<Override PartName="/word/comments.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml"/>')
            rels.append('<Relationship Id="rId4" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments" Target="comments.xml"/>')
            cm = "".join(
                f'<w:comment w:id="{cid}" w:author="{x(a)}" w:date="{d}" w:initials="{x(ini)}"><w:p><w:pPr><w:pStyle w:val="CommentText"/></w:pPr>'
                f'<w:r><w:rPr><w:rStyle w:val="CommentReference"/></w:rPr><w:annotationRef/></w:r><w:r><w:t xml:space="preserve">{x(t)}</w:t></w:r></w:p></w:comment>'
                for cid, a, ini, d, t in self.comments)
            files["word/comments.xml"] = f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:comments {W_NS}>{cm}</w:comments>'
        files["[Content_Types].xml"] = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                                        + "".join(ct) + "</Types>")
        files["_rels/.rels"] = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                                '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>'
                                '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>'
                                '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/></Relationships>')
        files["word/_rels/document.xml.rels"] = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                                                 + "".join(rels) + "</Relationships>")
        files["word/styles.xml"] = _styles(self.lang, self.font)
        files["word/settings.xml"] = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:settings {W_NS}><w:defaultTabStop w:val="708"/>'
                                      f'<w:compat><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="15"/></w:compat></w:settings>')
        files["word/document.xml"] = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document {W_NS}><w:body>'
                                      + "".join(self.paras)
                                      + '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1417" w:right="1417" w:bottom="1134" w:left="1417" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>')
        files["docProps/core.xml"] = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
                                      'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'
                                      f'<dc:title>{x(title)}</dc:title><dc:creator>{x(core_author)}</dc:creator><cp:lastModifiedBy>{x(self.rev_author)}</cp:lastModifiedBy><cp:revision>4</cp:revision>'
                                      f'<dcterms:created xsi:type="dcterms:W3CDTF">{self.date}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">{self.date}</dcterms:modified></cp:coreProperties>')
        files["docProps/app.xml"] = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">'
                                     f'<Application>{x(app)}</Application><AppVersion>16.0000</AppVersion><Template>{x(template)}</Template></Properties>')
        out = io.BytesIO()
        dt = tuple(int(v) for v in re.split(r"[-T:Z]", self.date)[:6])
        with zipfile.ZipFile(out, "w") as z:
            for name in ["[Content_Types].xml", "_rels/.rels", "word/document.xml", "word/_rels/document.xml.rels",
                         "word/styles.xml", "word/settings.xml", "word/comments.xml",
                         "docProps/core.xml", "docProps/app.xml"]:
                if name in files:
                    zi = zipfile.ZipInfo(name, date_time=dt)
                    zi.compress_type = zipfile.ZIP_DEFLATED
                    z.writestr(zi, files[name].encode("utf-8"))
        return out.getvalue()


# ---------------------------------------------------------------- scans (Pillow only)
_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
_FONT_B = "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf"


def scan_image(lines, rng, angle=0.6, width=992):
    """lines: list of (style, text), style 'h' for a heading. A4 at 120 dpi, speckles, skew."""
    from PIL import Image, ImageDraw, ImageFont

    W, H = width, int(width * 1.414)
    img = Image.new("L", (W, H), 246)
    d = ImageDraw.Draw(img)
    f = ImageFont.truetype(_FONT, 18)
    fb = ImageFont.truetype(_FONT_B, 23)
    y = 90
    for style, text in lines:
        if not text:
            y += 14
            continue
        font = fb if style == "h" else f
        for ln in textwrap.wrap(text, 46 if style == "h" else 76):
            if y > H - 80:
                break
            if style == "h":
                tw = d.textlength(ln, font=font)
                d.text(((W - tw) / 2, y), ln, fill=25, font=font)
                y += 36
            else:
                d.text((95, y), ln, fill=30, font=font)
                y += 27
        y += 6
    for _ in range(900):
        px, py = rng.randrange(W), rng.randrange(H)
        d.point((px, py), fill=rng.choice((60, 120, 180)))
    d.rectangle((0, 0, 12, H), fill=205)
    return img.rotate(angle, resample=Image.BILINEAR, fillcolor=240)


def scan_pdf(pages, rng, date: str, angle=0.6) -> bytes:
    """pages: list of line lists. Image-only PDF (no text layer), dates pinned to the scan date."""
    from datetime import datetime
    when = datetime(*[int(v) for v in date.split("-")], 8, 12, 0)
    imgs = [scan_image(lines, rng, angle) for lines in pages]
    b = io.BytesIO()
    imgs[0].save(b, "PDF", resolution=120.0, save_all=True, append_images=imgs[1:], producer="KONICA MINOLTA bizhub C300i",
                 creator="KONICA MINOLTA bizhub C300i", creationDate=when.timetuple(), modDate=when.timetuple())
    return b.getvalue()


def scan_raster(lines, rng, fmt="TIFF", angle=-0.4) -> bytes:
    img = scan_image(lines, rng, angle)
    b = io.BytesIO()
    if fmt == "TIFF":
        img.point(lambda v: 255 if v > 150 else 0).convert("1").save(b, "TIFF", compression="group4")
    else:
        img.save(b, "JPEG", quality=62)
    return b.getvalue()


# ---------------------------------------------------------------- LibreOffice
def _pin_pdf(data: bytes, date: str) -> bytes:
    d = "D:" + date.replace("-", "") + "090000Z'"
    data = re.sub(rb"/CreationDate\(D:[0-9]{14}[^)]*\)", lambda m: b"/CreationDate(" + (d.encode() + b" " * 40)[:len(m.group(0)) - 15] + b")", data)
    data = re.sub(rb"/DocChecksum /[0-9A-F]{32}", b"/DocChecksum /" + b"0" * 32, data)
    digest = hashlib.md5(re.sub(rb"/ID \[ <[0-9A-F]{32}>\s*<[0-9A-F]{32}> \]", b"", data)).hexdigest().upper().encode()
    data = re.sub(rb"/ID \[ <[0-9A-F]{32}>\s*<[0-9A-F]{32}> \]", b"/ID [ <" + digest + b">\n<" + digest + b"> ]", data)
    return data


def soffice_convert(jobs):
    """jobs: list of (src_bytes, src_ext, target_ext, key, date). Returns {key: bytes}."""
    if not shutil.which("soffice"):
        raise RuntimeError("soffice (LibreOffice) is required to write estate F (PDF prints, .odt, .doc, .rtf)")
    out = {}
    by_target: dict[str, list] = {}
    for j in jobs:
        by_target.setdefault(j[2], []).append(j)
    for target, js in by_target.items():
        with tempfile.TemporaryDirectory() as td:
            prof = os.path.join(td, "profile")
            srcs = []
            for i, (b, ext, _t, _key, _d) in enumerate(js):
                p = os.path.join(td, f"in{i:03d}.{ext}")
                with open(p, "wb") as fh:
                    fh.write(b)
                srcs.append(p)
            outdir = os.path.join(td, "out")
            filt = {"pdf": "pdf:writer_pdf_Export", "odt": "odt", "doc": "doc:MS Word 97", "rtf": "rtf:Rich Text Format"}[target]
            subprocess.run(["soffice", f"-env:UserInstallation=file://{prof}", "--headless", "--convert-to", filt,
                            "--outdir", outdir, *srcs], check=True, capture_output=True, timeout=900,
                           env={**os.environ, "TZ": "UTC", "LC_ALL": "C.UTF-8", "HOME": td})
            for i, (_b, _e, _t, key, date) in enumerate(js):
                with open(os.path.join(outdir, f"in{i:03d}.{target}"), "rb") as fh:
                    data = fh.read()
                if target == "pdf":
                    data = _pin_pdf(data, date)
                elif target in ("doc", "rtf"):
                    pass
                else:
                    dt = tuple(int(v) for v in date.split("-")) + (9, 0, 0)
                    data = normalize_zip(data, dt, core_date=date + "T09:00:00Z", odf=True)
                out[key] = data
    return out


# ---------------------------------------------------------------- e-mail
def qp(text: str) -> str:
    import quopri
    return quopri.encodestring(text.replace("\n", "\r\n").encode("utf-8")).decode("ascii")


def b64(data: bytes) -> str:
    s = base64.b64encode(data).decode("ascii")
    return "\r\n".join(s[i:i + 76] for i in range(0, len(s), 76))


def rfc2047(s: str) -> str:
    if all(ord(ch) < 128 for ch in s):
        return s
    return "=?utf-8?B?" + base64.b64encode(s.encode("utf-8")).decode("ascii") + "?="


def eml_bytes(*, frm, to, subject, date, msgid, body, cc=None, irt=None, refs=(), atts=(), html=None,
              thread_index=None, hops=(), enc="qp", dkim_domain=None, auth_host="mx1.bol-law.de",
              lang="de-DE", extra=(), mailer=None) -> bytes:
    """A transport-complete RFC 5322 message. hops: Received header values, newest first."""
    h = [hop if isinstance(hop, tuple) else ("Received", hop) for hop in hops]
    if dkim_domain:
        sig = base64.b64encode(hashlib.sha256(msgid.encode()).digest() * 4).decode()
        bh = base64.b64encode(hashlib.sha256((body or html).encode()).digest()).decode()
        h.append(("DKIM-Signature", f"v=1; a=rsa-sha256; c=relaxed/relaxed; d={dkim_domain}; s=s2048;\r\n\th=From:To:Date:Subject:Message-ID:Content-Type:MIME-Version;\r\n\tbh={bh};\r\n\tb={sig[:64]}\r\n\t {sig[64:128]}"))
        h.append(("Authentication-Results", f"{auth_host};\r\n\tdkim=pass header.d={dkim_domain} header.s=s2048;\r\n\tspf=pass smtp.mailfrom={dkim_domain};\r\n\tdmarc=pass (p=quarantine) header.from={dkim_domain}"))
    h += [("From", frm), ("To", to)]
    if cc:
        h.append(("Cc", cc))
    h.append(("Subject", rfc2047(subject)))
    if thread_index:
        topic = re.sub(r"^((AW|WG|RE|Re|Fwd|FW|TR|Antw):\s*)+", "", subject)
        h += [("Thread-Topic", rfc2047(topic)), ("Thread-Index", thread_index)]
    h += [("Date", date), ("Message-ID", msgid)]
    if irt:
        h.append(("In-Reply-To", irt))
    if refs:
        h.append(("References", "\r\n ".join(refs)))
    h.append(("Content-Language", lang))
    if mailer:
        h.append(("X-Mailer", mailer))
    h += list(extra)
    h.append(("MIME-Version", "1.0"))
    bnd = "----=_NextPart_" + hashlib.md5(msgid.encode()).hexdigest()[:20]
    alt = "----=_Alt_" + hashlib.md5((msgid + "a").encode()).hexdigest()[:20]

    def text_part():
        if enc == "qp":
            return "Content-Type: text/plain; charset=\"utf-8\"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" + qp(body) + "\r\n"
        if enc == "base64":
            return "Content-Type: text/plain; charset=\"utf-8\"\r\nContent-Transfer-Encoding: base64\r\n\r\n" + b64(body.replace("\n", "\r\n").encode()) + "\r\n"
        if enc == "latin1":
            import quopri
            return "Content-Type: text/plain; charset=\"iso-8859-1\"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" + quopri.encodestring(body.replace("\n", "\r\n").encode("latin-1")).decode() + "\r\n"
        return "Content-Type: text/plain; charset=\"utf-8\"\r\nContent-Transfer-Encoding: 8bit\r\n\r\n" + body.replace("\n", "\r\n") + "\r\n"

    def body_part():
        if html is not None and body is None:
            return "Content-Type: text/html; charset=\"utf-8\"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" + qp(html) + "\r\n"
        if html is None:
            return text_part()
        hp = "Content-Type: text/html; charset=\"utf-8\"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" + qp(html) + "\r\n"
        return (f"Content-Type: multipart/alternative;\r\n\tboundary=\"{alt}\"\r\n\r\n--{alt}\r\n" + text_part()
                + f"--{alt}\r\n" + hp + f"--{alt}--\r\n")

    head = "".join(f"{k}: {v}\r\n" for k, v in h)
    if not atts:
        return (head + body_part()).encode("utf-8")
    out = head + f"Content-Type: multipart/mixed;\r\n\tboundary=\"{bnd}\"\r\n\r\nThis is a multi-part message in MIME format.\r\n\r\n--{bnd}\r\n" + body_part()
    for name, data, ctype in atts:
        if all(ord(ch) < 128 for ch in name):
            disp = f'attachment; filename="{name}"'
            ctn = f'{ctype}; name="{name}"'
        else:
            from urllib.parse import quote
            disp = f"attachment;\r\n\tfilename*=utf-8''{quote(name)}"
            ctn = f'{ctype}; name="{rfc2047(name)}"'
        out += f"--{bnd}\r\nContent-Type: {ctn}\r\nContent-Disposition: {disp}\r\nContent-Transfer-Encoding: base64\r\n\r\n{b64(data)}\r\n"
    out += f"--{bnd}--\r\n"
    return out.encode("utf-8")


def xlsx_bytes(sheets, date: str, title="", creator="BOL") -> bytes:
    """sheets: list of (name, rows). Fixed core dates and zip times."""
    from datetime import datetime

    import openpyxl
    from openpyxl.styles import Font

    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for name, rows in sheets:
        ws = wb.create_sheet(name)
        for i, row in enumerate(rows):
            ws.append(list(row))
            if i == 0:
                for c in ws[1]:
                    c.font = Font(bold=True)
        for col in ws.columns:
            ws.column_dimensions[col[0].column_letter].width = max(10, min(60, max(len(str(c.value or "")) for c in col) + 2))
    dtv = datetime(*[int(v) for v in date.split("-")], 9, 0, 0)
    wb.properties.created = dtv
    wb.properties.modified = dtv
    wb.properties.creator = creator
    wb.properties.lastModifiedBy = creator
    wb.properties.title = title
    b = io.BytesIO()
    wb.save(b)
    dt = tuple(int(v) for v in date.split("-")) + (9, 0, 0)
    return normalize_zip(b.getvalue(), dt, core_date=date + "T09:00:00Z")


def pptx_bytes(slides, date: str, title="", creator="BOL") -> bytes:
    """slides: list of (title, [bullet, ...]). python-pptx, fixed core dates and zip times."""
    from datetime import datetime

    from pptx import Presentation
    from pptx.util import Pt

    prs = Presentation()
    for i, (head, bullets) in enumerate(slides):
        layout = prs.slide_layouts[0 if i == 0 else 1]
        s = prs.slides.add_slide(layout)
        s.shapes.title.text = head
        body = s.placeholders[1].text_frame
        body.text = bullets[0] if bullets else ""
        for b in bullets[1:]:
            para = body.add_paragraph()
            para.text = b
            para.font.size = Pt(18)
    dtv = datetime(*[int(v) for v in date.split("-")], 9, 0, 0)
    prs.core_properties.created = dtv
    prs.core_properties.modified = dtv
    prs.core_properties.last_printed = dtv
    prs.core_properties.author = creator
    prs.core_properties.last_modified_by = creator
    prs.core_properties.title = title
    prs.core_properties.revision = 3
    b = io.BytesIO()
    prs.save(b)
    dt = tuple(int(v) for v in date.split("-")) + (9, 0, 0)
    return normalize_zip(b.getvalue(), dt, core_date=date + "T09:00:00Z")


def scan_png(lines, rng, angle=0.3) -> bytes:
    img = scan_image(lines, rng, angle)
    b = io.BytesIO()
    img.save(b, "PNG", optimize=False)
    return b.getvalue()


def photo_jpeg(lines, rng, angle=2.2) -> bytes:
    """A phone photo of a signed page: grey-brown table around the sheet, stronger skew, JPEG."""
    from PIL import Image

    page = scan_image(lines, rng, angle)
    W, H = page.size
    bg = Image.new("L", (W + 160, H + 200), 118)
    bg.paste(page.resize((W, H)), (80, 110))
    b = io.BytesIO()
    bg.convert("RGB").save(b, "JPEG", quality=58)
    return b.getvalue()


def dkim_header(domain: str, selector: str, msgid: str, body: str) -> tuple[str, str]:
    sig = base64.b64encode(hashlib.sha256(msgid.encode()).digest() * 4).decode()
    bh = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
    return ("DKIM-Signature", f"v=1; a=rsa-sha256; c=relaxed/relaxed; d={domain};\r\n\ts={selector}; t=1740000000;\r\n\t"
            f"h=from:to:subject:date:message-id:references:in-reply-to:content-type:mime-version;\r\n\tbh={bh};\r\n\t"
            f"b={sig[:70]}\r\n\t {sig[70:140]}")
