"""Legacy Office, OpenDocument and RTF through LibreOffice headless: first into OOXML.

`.doc`, `.xls`, `.ppt`, `.odt`, `.ods`, `.odp` and `.rtf` become `.docx`, `.xlsx` or `.pptx`,
then take the normal OOXML path, so a `.doc` redline keeps its tracked changes and comments.
This runs inside the conversion pool's worker (its wall-clock and memory fences cover the
LibreOffice child too). LibreOffice is a system package: without it the document is stored
degraded with the install hint, and installing it re-converts exactly those documents.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path
from typing import Final

from knowledge_index.convert.model import DocumentFormat
from knowledge_index.errors import ConversionTimeout, UnsupportedDocument

LEGACY_FORMATS: Final[dict[str, DocumentFormat]] = {
    "doc": "docx",
    "rtf": "docx",
    "odt": "docx",
    "xls": "xlsx",
    "ods": "xlsx",
    "ppt": "pptx",
    "odp": "pptx",
}
# LibreOffice's export filters for the OOXML targets.
_FILTERS: Final[dict[str, str]] = {
    "docx": "docx:MS Word 2007 XML",
    "xlsx": "xlsx:Calc MS Excel 2007 XML",
    "pptx": "pptx:Impress MS PowerPoint 2007 XML",
}
NO_LIBREOFFICE: Final = "no-libreoffice"
INSTALL_HINT: Final = (
    "install LibreOffice (Debian/Ubuntu: apt-get install libreoffice-writer-nogui"
    " libreoffice-calc-nogui libreoffice-impress-nogui), then `ki run` re-converts these"
    " documents"
)


def soffice() -> str | None:
    """The LibreOffice binary on PATH (or KI_SOFFICE), None when it is not installed."""
    configured = os.environ.get("KI_SOFFICE")
    if configured:
        return configured if Path(configured).exists() else None
    return shutil.which("soffice") or shutil.which("libreoffice")


def to_ooxml(
    data: bytes, fmt: DocumentFormat, filename: str, timeout_seconds: float
) -> tuple[bytes, DocumentFormat]:
    """The document as OOXML bytes and their format. Raises UnsupportedDocument, timeout."""
    binary = soffice()
    if binary is None:
        raise FileNotFoundError("LibreOffice is not installed")
    target = LEGACY_FORMATS[fmt]
    with tempfile.TemporaryDirectory(prefix="ki-lo-") as tmp:
        work = Path(tmp)
        source = work / f"input.{fmt}"
        source.write_bytes(data)
        out = work / "out"
        # A profile of its own: concurrent workers must not share LibreOffice's user profile.
        profile = (work / "profile").as_uri()
        command = [
            binary,
            f"-env:UserInstallation={profile}",
            "--headless",
            "--norestore",
            "--nologo",
            "--convert-to",
            _FILTERS[target],
            "--outdir",
            str(out),
            str(source),
        ]
        proc = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # so a timeout kills LibreOffice's helpers too
        )
        try:
            output, _ = proc.communicate(timeout=timeout_seconds)
        except subprocess.TimeoutExpired as exc:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            raise ConversionTimeout(
                f"LibreOffice took longer than {timeout_seconds:.0f} s to open {filename!r}"
            ) from exc
        converted = out / f"input.{target}"
        if proc.returncode != 0 or not converted.is_file() or converted.stat().st_size == 0:
            said = output.decode("utf-8", "replace").strip().splitlines()
            detail = next((line for line in reversed(said) if "Error" in line), "")
            raise UnsupportedDocument(
                f"LibreOffice could not open {filename!r} as {fmt}"
                + (f": {detail[:200]}" if detail else " (corrupt or password-protected?)")
            )
        return converted.read_bytes(), target
