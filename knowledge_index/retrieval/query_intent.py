"""What a query asks for, read from its words without a model call.

A why-question ("Warum wurde die Haftungsobergrenze angehoben?", "why was the notice period
extended") asks how a text came to be: the mark-ups, drafts and e-mails that changed it are
the answer, so the current-before-drafts bonus that serves "the signed supply agreement"
does not apply to it.
"""

from __future__ import annotations

import re

_WHY = re.compile(
    r"\b(?:warum|weshalb|wieso|weswegen|begründung|begründet|grund|gründe|why|reason|reasons"
    r"|rationale)\b",
    re.IGNORECASE,
)


def asks_why(query: str) -> bool:
    return _WHY.search(query) is not None
