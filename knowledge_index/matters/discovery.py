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
from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Final

from pydantic import BaseModel, Field

from knowledge_index.matters.references import ReferenceScheme

MIN_IDENTIFIED: Final = 2  # matter folders with an identifier needed across the source
MIN_SHARE: Final = 0.5  # of the siblings in one container that begin with an identifier
# Styles that say little on their own: no identifier, or one no firm configured.
_WEAK: Final = frozenset({"", "unconfigured"})
# An identifier nobody configured: short, at least two digits, no spaces.
_TOKEN: Final = re.compile(r"^(?=(?:\S*?\d){2})[^\s]{3,24}")
_NOT_IDENTIFIER: Final = re.compile(
    r"^(?:(?:19|20)\d{2}|\d{1,2}[./]\d{1,2}[./]\d{2,4}|(?:19|20)\d{2}-\d{2}(?:-\d{2})?)$"
)
# What a document management system exports: a label word and a zero-padded number
# (`Workspace_104233`, `Matter_0007`, `Akte 004711`); the number is the identifier.
_LABELLED: Final = re.compile(r"^[^\W\d_]{2,12}[ _-]?(?P<number>\d{4,10})$")
_LEADING_NUMBER: Final = re.compile(r"^(?P<number>\d{4,10})(?:[ _-]|$)")
# Words that make a folder name a company's (the legal forms of the firms' home markets).
_LEGAL_FORM_WORDS: Final = frozenset(
    [
        "gmbh",
        "ag",
        "kg",
        "ohg",
        "gbr",
        "ug",
        "se",
        "kgaa",
        "partg",
        "mbb",
        "ev",
        "eg",
        "gesmbh",
        "privatstiftung",
        "stiftung",
        "verein",
        "ltd",
        "limited",
        "plc",
        "llp",
        "llc",
        "inc",
        "corp",
        "sa",
        "sarl",
        "sàrl",
        "bv",
        "nv",
        "spa",
        "srl",
        "oy",
        "ab",
        "as",
        "aps",
    ]
)
# A client folder named after a person: `Albers, Dr. Katrin`, `Huber, Mag. Eva`.
_PERSON: Final = re.compile(r"^[^\W\d_][\w'-]+, (?:[^\W\d_]{2,5}\. )*[^\W\d_]")


class DiscoveredMatter(BaseModel):
    path: str
    client: str = Field("", description="The folder above: the client the matter is filed under.")
    reference: str | None = Field(None, description="The identifier the name begins with.")
    key: str | None = Field(None, description="Its canonical key (None: named by title only).")
    title: str
    style: str = Field("", description="Configured pattern name, 'unconfigured', or ''.")


class MatterConvention(BaseModel):
    """What discovery found. Each top-level folder files its matters at its own level
    (`levels`: container -> depth, 0 for top-level folders); `depth` is the most common one,
    None when no level qualifies anywhere."""

    depth: int | None = None
    containers: list[str] = Field(default_factory=list)
    levels: dict[str, int] = Field(default_factory=dict)
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
    labelled = _LABELLED.match(name)
    if labelled is not None and not _NOT_IDENTIFIER.match(labelled.group("number")):
        return name, scheme.key(name), "labelled", name
    m = _TOKEN.match(name)
    if m is None:
        return None
    token = m.group(0).rstrip(".,;:")
    if _NOT_IDENTIFIER.match(token) or sum(c.isalpha() for c in token) > 4:
        return None
    title = name[m.end() :].strip(" -_·") or name
    return token, scheme.key(token), "unconfigured", title


def client_number(name: str) -> str | None:
    """The number a client folder carries (`Workspace_104233`, `300517 Montafoner Quellen`)."""
    m = _LABELLED.match(name) or _LEADING_NUMBER.match(name)
    if m is None or _NOT_IDENTIFIER.match(m.group("number")):
        return None
    return m.group("number")


def without_client_number(name: str) -> str:
    """A client folder's name without the number it begins with (`104233 Hartwell Logistics
    Ltd` -> `Hartwell Logistics Ltd`)."""
    m = _LEADING_NUMBER.match(name)
    if m is None or _NOT_IDENTIFIER.match(m["number"]) or name[m.end() :][:1].isdigit():
        return name  # no number, a year, or a reference (`0412-24 Br Elbwerft`)
    return name[m.end() :].strip()


def looks_like_client(name: str, scheme: ReferenceScheme) -> bool:
    """A folder named the way firms name clients: a company, a person, or a client number."""
    words = {w.strip(".,()").casefold().replace(".", "") for w in name.split()}
    return bool(
        words & _LEGAL_FORM_WORDS
        or _PERSON.match(name)
        or client_number(name)
        or identifier(name, scheme) is not None
    )


def folders_of(paths: Iterable[str]) -> set[str]:
    out: set[str] = set()
    for p in paths:
        parts = p.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            out.add("/".join(parts[:i]))
    return out


def signature(folders: Iterable[str]) -> str:
    return hashlib.sha256("\n".join(sorted(folders)).encode()).hexdigest()[:16]


def _container(folder: str) -> str:
    """Where a matter folder's siblings are counted: two levels up, at least its top folder."""
    parts = folder.split("/")
    depth = len(parts) - 1
    return "/".join(parts[: max(1, depth - 1)]) if depth else ""


def _by_container(members: list[str]) -> dict[str, list[str]]:
    groups: dict[str, list[str]] = defaultdict(list)
    for f in members:
        groups[_container(f)].append(f)
    return groups


def _most_common(votes: dict[int, int]) -> int:
    """The level most matter folders sit at; the shallower one on a tie."""
    return max(votes, key=lambda d: (votes[d], -d))


def _qualifying(
    members: list[str],
    scheme: ReferenceScheme,
    numbered_parents: frozenset[str] | set[str] = frozenset(),
) -> tuple[int, dict[str, list[str]]]:
    """(identified, containers kept) for candidate matter folders at one level. A numbered
    folder holding numbered folders (`Workspace_104233/Matter_0007`) is the client level."""
    kept: dict[str, list[str]] = {}
    identified = 0
    for container, names in _by_container(members).items():
        hits = sum(
            identifier(n.rsplit("/", 1)[-1], scheme) is not None and n not in numbered_parents
            for n in names
        )
        if hits >= 1 and hits / len(names) >= MIN_SHARE:
            kept[container] = names
            identified += hits
    return identified, kept


def _levels(folders: set[str], scheme: ReferenceScheme) -> dict[str, list[str]]:
    """Container -> its matter folders. Top-level matter folders first (when the root holds
    them); then, in every other top-level folder, the level where its siblings begin with
    identifiers, most identified and then shallowest. A top-level folder with no such level
    files its matters at the level most common elsewhere, when the folders above that level
    look like clients (a company, a person, a client number): matters named only by title,
    under clients named only by name."""
    by_top: dict[str, dict[int, list[str]]] = defaultdict(lambda: defaultdict(list))
    for f in folders:
        parts = f.split("/")
        by_top[parts[0] if len(parts) > 1 else ""][len(parts) - 1].append(f)
    children: dict[str, list[str]] = defaultdict(list)
    for f in folders:
        if "/" in f:
            children[f.rsplit("/", 1)[0]].append(f)
    numbered_parents = _numbered_parents(children, scheme)
    chosen: dict[str, list[str]] = {}
    at_root = by_top.pop("", {}).get(0, [])
    identified, kept = _qualifying(at_root, scheme, numbered_parents)
    matter_tops: set[str] = set()
    if identified >= MIN_IDENTIFIED:
        # Top-level folders have one container, the root; only the identified ones are matters.
        matter_tops = {f for f in kept.get("", []) if identifier(f, scheme) is not None}
        chosen[""] = sorted(matter_tops)
    # A level found only by identifiers nobody configured is weak evidence: `300517 Montafoner
    # Quellen` may be a client number above title-only matters. Where the configured styles
    # file their matters deeper, the common level decides for such a top-level folder.
    picks: dict[str, tuple[int, bool, dict[str, list[str]]]] = {}
    unplaced: list[str] = []
    for top in sorted(by_top):
        if top in matter_tops:
            continue
        best: tuple[int, int, dict[str, list[str]]] | None = None
        for depth, members in by_top[top].items():
            hits, kept = _qualifying(members, scheme, numbered_parents)
            if hits and (best is None or (hits, -depth) > best[:2]):
                best = (hits, -depth, kept)
        if best is None:
            unplaced.append(top)
            continue
        names = [n.rsplit("/", 1)[-1] for v in best[2].values() for n in v]
        strong = any(_style(n, scheme) not in _WEAK for n in names)
        picks[top] = (-best[1], strong, best[2])
    if (
        sum(len(v) for v in chosen.values())
        + sum(len(n) for p in picks.values() for n in p[2].values())
        < MIN_IDENTIFIED
    ):
        return {}
    depth_votes: dict[int, int] = defaultdict(int)
    any_strong = any(p[1] for p in picks.values())
    for depth, strong, kept in picks.values():
        if strong or not any_strong:
            depth_votes[depth] += sum(len(v) for v in kept.values())
    common = _most_common(depth_votes) if depth_votes else None
    for top, (depth, strong, kept) in picks.items():
        if not strong and common is not None and common > depth:
            structural = _by_clients(by_top[top].get(common, []), scheme)
            if structural:
                chosen.update(structural)
                continue
        chosen.update(kept)
    for top in unplaced if common is not None and common >= 2 else []:
        chosen.update(_by_clients(by_top[top].get(common or 0, []), scheme))
    return {c: _unfold_groups(v, children, scheme) for c, v in chosen.items() if v}


def _numbered_parents(children: dict[str, list[str]], scheme: ReferenceScheme) -> set[str]:
    """Folders at the client level although they carry a number: the parent of a labelled
    folder (`Workspace_104233/Matter_0007`), and a client-numbered folder whose subfolders
    mostly begin with identifiers (`104233 Hartwell Logistics Ltd/00012 Munich warehouse
    lease`): the billing system numbers clients and, inside each, their matters."""
    out: set[str] = set()
    for parent, kids in children.items():
        names = [k.rsplit("/", 1)[-1] for k in kids]
        if any(_LABELLED.match(n) for n in names):
            out.add(parent)
        elif client_number(parent.rsplit("/", 1)[-1]) is not None:
            identified = sum(identifier(n, scheme) is not None for n in names)
            if identified and identified / len(names) >= MIN_SHARE:
                out.add(parent)
    return out


def _unfold_groups(
    members: list[str], children: dict[str, list[str]], scheme: ReferenceScheme
) -> list[str]:
    """A folder at the matter level named by no identifier, whose own subfolders mostly begin
    with a configured reference style, groups matters (`Mandate/Altakten 2024/0412-24 Br
    Elbwerft`, an archive, a year, a practice group): its subfolders are the matter folders."""
    out: list[str] = []
    for folder in members:
        if identifier(folder.rsplit("/", 1)[-1], scheme) is None:
            kids = sorted(children.get(folder, []))
            styled = [k for k in kids if _style(k.rsplit("/", 1)[-1], scheme) not in _WEAK]
            if styled and len(styled) / len(kids) >= MIN_SHARE:
                out.extend(kids)
                continue
        out.append(folder)
    return out


def _style(name: str, scheme: ReferenceScheme) -> str:
    ident = identifier(name, scheme)
    return ident[2] if ident else ""


def _by_clients(members: list[str], scheme: ReferenceScheme) -> dict[str, list[str]]:
    """Container -> these candidate matter folders, where the folders above them look like
    clients (half of them or more)."""
    out: dict[str, list[str]] = {}
    for container, names in _by_container(members).items():
        clients = {n.rsplit("/", 1)[0] for n in names}
        named = sum(looks_like_client(c.rsplit("/", 1)[-1], scheme) for c in clients)
        if named / len(clients) >= MIN_SHARE:
            out[container] = names
    return out


def _discovered(path: str, scheme: ReferenceScheme) -> DiscoveredMatter:
    name = path.rsplit("/", 1)[-1]
    client = path.rsplit("/", 2)[-2] if "/" in path else ""
    ident = identifier(name, scheme)
    if ident is None:
        return DiscoveredMatter(path=path, client=client, title=name)
    written, key, style, title = ident
    if style == "unconfigured" and written.isdigit():
        # `104233 Hartwell Logistics Ltd/00012 Munich warehouse lease`: the matter's number
        # inside its client's; together they are the firm's reference when a configured style
        # says so (client.matter), the way the firm writes it in letters.
        number = client_number(client)
        configured = scheme.leading(f"{number}.{written}") if number else None
        if configured is not None and configured.end == len(number or "") + 1 + len(written):
            written, key, style = configured.written, configured.key, configured.pattern
    elif style == "labelled":
        # `Workspace_104233/Matter_0007`: the matter's number only means something together
        # with its client's, and together they may well be a configured style (104233-0007).
        labelled = _LABELLED.match(written)
        matter_number = labelled.group("number") if labelled else written
        number = client_number(client)
        if number is not None:
            written = f"{number}-{matter_number}"
            configured = scheme.leading(written)
            if configured is not None and configured.end == len(written):
                key, style = configured.key, configured.pattern
            else:
                key = scheme.key(written)
    return DiscoveredMatter(
        path=path, client=client, reference=written, key=key, title=title, style=style
    )


def discover(paths: Iterable[str], scheme: ReferenceScheme) -> MatterConvention:
    """The matter-folder convention of a source whose files have these paths."""
    folders = folders_of(paths)
    sig = signature(folders)
    chosen = _levels(folders, scheme)
    if not chosen:
        return MatterConvention(signature=sig)
    levels = {c: _most_common(Counter(m.count("/") for m in v)) for c, v in sorted(chosen.items())}
    votes: dict[int, int] = defaultdict(int)
    for c, v in chosen.items():
        votes[levels[c]] += len(v)
    styles: dict[str, int] = defaultdict(int)
    found: list[DiscoveredMatter] = []
    for container in sorted(chosen):
        for path in sorted(chosen[container]):
            matter = _discovered(path, scheme)
            styles[matter.style or "title only"] += 1
            found.append(matter)
    return MatterConvention(
        depth=_most_common(votes),
        containers=sorted(chosen),
        levels=levels,
        styles=dict(sorted(styles.items())),
        matter_folders=found,
        signature=sig,
    )
