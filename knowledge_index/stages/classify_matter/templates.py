"""Templates and precedents: files that resemble a matter's documents by design.

A firm's "Letter before claim – [Claimant] v [Defendant]" reads like every debt claim it has
filed, so what its content resembles says nothing about a matter; only a marker, a matter
folder, another reference folder or a filed copy does. A file is a template when a folder above
it is one of the firm's template folders (`firm.template_folders`), when its name or first line
says it is one of the firm's publications (a "Mandanteninformation", a newsletter, a client
alert), or when its opening text has several distinct bracketed placeholders.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

# "[Date]", "[Claimant]", "[ref]", "{{client}}", "«Name»": words to fill in. Not "[●]" (a
# draft's open figure) and not a Markdown link ("[text](url)").
PLACEHOLDER: Final = re.compile(
    r"\[(?=[^\]\n]*[^\W\d_])([^\[\]\n]{2,40})\](?!\()|\{\{\s*([^{}\n]{1,40}?)\s*\}\}|«([^«»\n]{1,40})»"
)
# The firm's own publications (a client alert, a newsletter) are about a subject, never a
# client's matter, however closely their words resemble one.
PUBLICATION: Final = re.compile(
    r"(?i)\b(?:mandanten-?info(?:rmation)?(?:en)?|newsletter|client alert|legal update)\b"
)
PLACEHOLDERS_MIN: Final = 4
OPENING_CHARS: Final = 3_000


def template_sign(path: str, text: str, template_folders: Iterable[str]) -> str | None:
    """Why this file is a template, or None."""
    names = {f.casefold() for f in template_folders}
    for folder in path.split("/")[:-1]:
        if folder.strip().casefold() in names:
            return f"in the template folder {folder!r}"
    title = next((line for line in text[:OPENING_CHARS].splitlines() if line.strip()), "")
    for where in (path.rsplit("/", 1)[-1], title):
        if PUBLICATION.search(where):
            return f"a publication of the firm ({where.strip()[:60]!r})"
    found = {
        next(g for g in m.groups() if g).strip().casefold()
        for m in PLACEHOLDER.finditer(text[:OPENING_CHARS])
    }
    if len(found) >= PLACEHOLDERS_MIN:
        return f"{len(found)} placeholders ({', '.join(sorted(found)[:3])}, ...)"
    return None
