"""Discover a source's matter-folder convention from its folder tree.

Firms file matters as `<container>/<client>/<reference title>/...` (or flatter, or deeper), and
each firm writes its references its own way. Discovery looks for the folder level at which
sibling names begin with an identifier-like token (a configured reference style, or any token
that looks like a number someone assigned: two digits or more, not a date or a bare year),
consistently across the client folders of one container. Every folder at that level inside such
a container is a matter folder, including the ones named only by a title: they sit where matters
sit. The result is recorded on the source row, shown by `ki source show`, and read by
classify_matter as evidence. It is a pure function of the folder paths, so it is cheap to redo
whenever a sync changes the tree.
"""

from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from collections.abc import Iterable
from typing import Final

from pydantic import BaseModel, Field

from knowledge_index.matters.references import ReferenceScheme

MIN_IDENTIFIED: Final = 2  # matter folders with an identifier needed to call a level
MIN_SHARE: Final = 0.5  # of the siblings in one container that begin with an identifier
# An identifier nobody configured: short, at least two digits, no spaces.
_TOKEN: Final = re.compile(r"^(?=(?:\S*?\d){2})[^\s]{3,24}")
_NOT_IDENTIFIER: Final = re.compile(
    r"^(?:(?:19|20)\d{2}|\d{1,2}[./]\d{1,2}[./]\d{2,4}|(?:19|20)\d{2}-\d{2}(?:-\d{2})?)$"
)


class DiscoveredMatter(BaseModel):
    path: str
    client: str = Field("", description="The folder above: the client the matter is filed under.")
    reference: str | None = Field(None, description="The identifier the name begins with.")
    key: str | None = Field(None, description="Its canonical key (None: named by title only).")
    title: str
    style: str = Field("", description="Configured pattern name, 'unconfigured', or ''.")


class MatterConvention(BaseModel):
    """What discovery found: `depth` is 0 for top-level folders; None when no level qualifies."""

    depth: int | None = None
    containers: list[str] = Field(default_factory=list)
    styles: dict[str, int] = Field(default_factory=dict)
    matter_folders: list[DiscoveredMatter] = Field(default_factory=list)
    signature: str = ""

    def matter_folder_of(self, path: str) -> DiscoveredMatter | None:
        """The matter folder a file sits in (at any depth below it), if any."""
        best: DiscoveredMatter | None = None
        for m in self.matter_folders:
            if path.startswith(m.path + "/") and (best is None or len(m.path) > len(best.path)):
                best = m
        return best


def identifier(name: str, scheme: ReferenceScheme) -> tuple[str, str, str, str] | None:
    """(as written, key, style, title) when `name` begins with an identifier-like token."""
    configured = scheme.leading(name)
    if configured is not None:
        written = configured.written
        if configured.spaced_initials and name[configured.end :].strip():
            written = name[configured.start : configured.core_end]  # `2023_0542 JV Sonnenfeld`
        return written, configured.key, configured.pattern, scheme.title_of(name)
    m = _TOKEN.match(name)
    if m is None:
        return None
    token = m.group(0).rstrip(".,;:")
    if _NOT_IDENTIFIER.match(token) or sum(c.isalpha() for c in token) > 4:
        return None
    title = name[m.end() :].strip(" -_·") or name
    return token, scheme.key(token), "unconfigured", title


def folders_of(paths: Iterable[str]) -> set[str]:
    out: set[str] = set()
    for p in paths:
        parts = p.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            out.add("/".join(parts[:i]))
    return out


def signature(folders: Iterable[str]) -> str:
    return hashlib.sha256("\n".join(sorted(folders)).encode()).hexdigest()[:16]


def discover(paths: Iterable[str], scheme: ReferenceScheme) -> MatterConvention:
    """The matter-folder convention of a source whose files have these paths."""
    folders = folders_of(paths)
    sig = signature(folders)
    by_depth: dict[int, list[str]] = defaultdict(list)
    for f in folders:
        by_depth[f.count("/")].append(f)
    best: tuple[int, int, dict[str, list[str]]] | None = None  # (identified, -depth, groups)
    for depth, names in by_depth.items():
        groups: dict[str, list[str]] = defaultdict(list)
        for f in names:
            # The container: two levels up (above the client folder); the root when shallower.
            parts = f.split("/")
            groups["/".join(parts[: max(0, depth - 1)])].append(f)
        kept: dict[str, list[str]] = {}
        identified = 0
        for container, members in groups.items():
            hits = sum(identifier(m.rsplit("/", 1)[-1], scheme) is not None for m in members)
            if hits >= 1 and hits / len(members) >= MIN_SHARE:
                kept[container] = members
                identified += hits
        if identified >= MIN_IDENTIFIED and (best is None or (identified, -depth) > best[:2]):
            best = (identified, -depth, kept)
    if best is None:
        return MatterConvention(signature=sig)
    depth = -best[1]
    styles: dict[str, int] = defaultdict(int)
    found: list[DiscoveredMatter] = []
    for container in sorted(best[2]):
        for path in sorted(best[2][container]):
            name = path.rsplit("/", 1)[-1]
            client = path.rsplit("/", 2)[-2] if "/" in path else ""
            ident = identifier(name, scheme)
            if ident is None:
                styles["title only"] += 1
                found.append(DiscoveredMatter(path=path, client=client, title=name))
                continue
            written, key, style, title = ident
            styles[style] += 1
            found.append(
                DiscoveredMatter(
                    path=path, client=client, reference=written, key=key, title=title, style=style
                )
            )
    return MatterConvention(
        depth=depth,
        containers=sorted(best[2]),
        styles=dict(sorted(styles.items())),
        matter_folders=found,
        signature=sig,
    )
