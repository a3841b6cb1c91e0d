"""Containers (zip archives, OOXML/OpenDocument packages, e-mails, mailboxes) under one budget.

A hostile file can nest containers of different kinds (an e-mail attaching a zip holding an
e-mail attaching a zip ...) so that each level looks harmless alone. One `ContainerBudget` is
therefore passed down every level and kind of the tree: entries, expanded bytes and depth add
up across all of them, and the whole tree is checked when its outermost container converts.
A child's own conversion later starts its budget at the child's depth, so a level that the
outer walk could not see into (an encoding it does not sniff) still counts.

Over budget raises UnsupportedDocument: the container is quarantined on the first attempt with a
one-line reason; its source and its siblings carry on.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from knowledge_index.convert import tnef
from knowledge_index.convert.mime import (
    AttachmentRole,
    attachment_parts,
    part_payload,
    part_role,
    part_role_by_name,
)
from knowledge_index.convert.model import ChildDocument
from knowledge_index.errors import UnsupportedDocument

_READ_CHUNK = 1024 * 1024
_SNIFF = 64 * 1024
_ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06")
_PACKAGE_MAIN_PARTS = frozenset({"word/document.xml", "ppt/presentation.xml", "xl/workbook.xml"})

ContainerKind = Literal["zip", "package", "e-mail", "mailbox"]


class ContainerLimits(BaseModel):
    """One tree of containers, all levels and kinds together (`KI_CONVERT__CONTAINER__*`)."""

    model_config = ConfigDict(extra="forbid")

    max_entries: int = Field(
        default=10_000,
        ge=1,
        description="Zip entries, e-mail parts and mailbox (PST) messages of the whole tree: "
        "each may become a document.",
    )
    max_package_parts: int = Field(
        default=100_000,
        ge=1,
        description="Parts of OOXML/OpenDocument packages in the tree (a DOCX has ~15).",
    )
    max_total_bytes: int = Field(default=2 * 1024**3, ge=1, description="Expanded, all levels.")
    max_entry_bytes: int = Field(default=512 * 1024**2, ge=1)
    max_ratio: float = Field(default=200.0, gt=1, description="Expanded / compressed per entry.")
    max_depth: int = Field(
        default=5,
        ge=1,
        description="Containers inside containers, counting the outer: zip, package, e-mail "
        "or mailbox.",
    )


class ContainerBudget:
    """Running totals for one tree of containers, so a bomb cannot split itself to hide.

    `depth` starts at the number of containers around the first one walked (0 for a file a
    source listed), so converting a child later does not reset the nesting count.
    """

    def __init__(self, limits: ContainerLimits, top: str, *, depth: int = 0) -> None:
        self.limits = limits
        self.top = top
        self.depth = depth
        self.entries = 0
        self.parts = 0
        self.total = 0
        self._trail: list[str] = []

    def reject(self, cause: str) -> UnsupportedDocument:
        where = f" in {'!/'.join(self._trail[1:])}" if len(self._trail) > 1 else ""
        # One line whatever the names hold: repr() escapes newlines in file names.
        # UnsupportedDocument, the class `ki quarantine` and `ki retry --class` already know.
        return UnsupportedDocument(f"container {self.top!r} rejected{where}: {cause}")

    @contextmanager
    def level(self, kind: ContainerKind, name: str) -> Iterator[None]:
        self.depth += 1
        self._trail.append(name)
        try:
            if self.depth > self.limits.max_depth:
                raise self.reject(
                    f"containers (zip, package, e-mail, mailbox) nested deeper than "
                    f"{self.limits.max_depth} levels"
                )
            yield
        finally:
            self._trail.pop()
            self.depth -= 1

    def count(self, kind: ContainerKind, n: int) -> None:
        if kind == "package":
            self.parts += n
            if self.parts > self.limits.max_package_parts:
                raise self.reject(f"more than {self.limits.max_package_parts} package parts in all")
            return
        self.entries += n
        if self.entries > self.limits.max_entries:
            raise self.reject(
                f"more than {self.limits.max_entries} entries in all"
                " (zip entries, mail parts and mailbox messages)"
            )

    def declare(self, expanded: int) -> None:
        if self.total + expanded > self.limits.max_total_bytes:
            raise self.reject(
                f"declares {expanded} expanded bytes "
                f"(limit {self.limits.max_total_bytes} in all) — looks like a zip bomb"
            )

    def charge(self, name: str, size: int) -> None:
        """Bytes that are already expanded (a decoded mail part)."""
        if size > self.limits.max_entry_bytes:
            raise self.reject(
                f"entry {name!r} is {size} bytes (limit {self.limits.max_entry_bytes})"
            )
        self.total += size
        if self.total > self.limits.max_total_bytes:
            raise self.reject(
                f"expands past {self.limits.max_total_bytes} bytes in total — looks like a bomb"
            )

    def read_zip_entry(self, archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
        limits = self.limits
        # Declared sizes are checked first (cheap), then enforced while inflating because a
        # crafted header can lie about them.
        if info.file_size > limits.max_entry_bytes:
            raise self.reject(
                f"entry {info.filename!r} expands to {info.file_size} bytes "
                f"(limit {limits.max_entry_bytes})"
            )
        # Small files may legitimately compress very well; the ratio only matters at bomb scale.
        ratio = info.file_size / max(info.compress_size, 1)
        if info.file_size > _READ_CHUNK and ratio > limits.max_ratio:
            raise self.reject(
                f"entry {info.filename!r} has compression ratio "
                f"{ratio:.0f}:1 (limit {limits.max_ratio:.0f}:1) — looks like a zip bomb"
            )
        out = io.BytesIO()
        try:
            with archive.open(info) as stream:
                while chunk := stream.read(_READ_CHUNK):
                    out.write(chunk)
                    self.total += len(chunk)
                    size = out.tell()
                    if size > limits.max_entry_bytes:
                        raise self.reject(
                            f"entry {info.filename!r} inflates past {limits.max_entry_bytes} bytes"
                        )
                    if self.total > limits.max_total_bytes:
                        raise self.reject(
                            f"inflates past {limits.max_total_bytes} bytes "
                            "in total — looks like a zip bomb"
                        )
                    if size > max(info.compress_size, 1) * limits.max_ratio and size > _READ_CHUNK:
                        raise self.reject(
                            f"entry {info.filename!r} inflates beyond ratio "
                            f"{limits.max_ratio:.0f}:1 — looks like a zip bomb"
                        )
        except RuntimeError as exc:  # zipfile raises RuntimeError for encrypted entries
            raise self.reject(f"entry {info.filename!r} is encrypted ({exc})") from exc
        except (zipfile.BadZipFile, EOFError, OSError, NotImplementedError) as exc:
            raise self.reject(f"entry {info.filename!r} is corrupt ({exc})") from exc
        return out.getvalue()


def container_kind(data: bytes) -> ContainerKind | None:
    """Whether bytes found inside a container are a container themselves (cheap sniffing)."""
    if data[:4] in _ZIP_MAGIC:
        # OOXML and OpenDocument are zips too: budgeted the same, their parts never children.
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                names = set(archive.namelist())
        except (zipfile.BadZipFile, OSError, ValueError):
            return None  # not readable: its own conversion reports why
        # Only what detect_format converts as a document is a package; any other zip (one
        # that merely holds a `[Content_Types].xml`) is an archive whose entries are children.
        if "mimetype" in names or ("[Content_Types].xml" in names and names & _PACKAGE_MAIN_PARTS):
            return "package"
        return "zip"
    from knowledge_index.convert.detect import looks_like_email

    if looks_like_email(data[:_SNIFF].lstrip(b"\xef\xbb\xbf \r\n\t")):
        return "e-mail"
    return None


def walk(data: bytes, name: str, budget: ContainerBudget) -> None:
    """Check whatever containers `data` is (or holds) against the budget; leaves cost nothing."""
    kind = container_kind(data)
    if kind == "e-mail":
        walk_email(data, name, budget)
    elif kind is not None:
        walk_zip(data, name, budget, kind=kind)


def walk_zip(
    data: bytes, name: str, budget: ContainerBudget, *, kind: ContainerKind = "zip"
) -> list[tuple[str, bytes]]:
    """The zip's files (name, bytes), after checking each, and everything nested, on the budget."""
    with budget.level(kind, name):
        try:
            archive = zipfile.ZipFile(io.BytesIO(data))
        except (zipfile.BadZipFile, OSError, ValueError) as exc:
            raise budget.reject(f"{name!r} is not a readable zip ({exc})") from exc
        with archive:
            entries = [info for info in archive.infolist() if not info.is_dir()]
            budget.count(kind, len(entries))
            budget.declare(sum(info.file_size for info in entries))
            files: list[tuple[str, bytes]] = []
            for info in entries:
                payload = budget.read_zip_entry(archive, info)
                # Validated now so the whole tree is bounded; converted later as its own child.
                walk(payload, info.filename, budget)
                files.append((info.filename, payload))
            return files


@dataclass(frozen=True)
class MailPart:
    part: EmailMessage
    filename: str
    payload: bytes
    role: AttachmentRole
    # Set when the file came out of a TNEF part (the MIME part is then the winmail.dat).
    content_type: str | None = None
    # The TNEF part itself: what was decoded from it, or why it could not be.
    tnef_contents: tnef.TnefContents | None = None
    tnef_error: str | None = None


def parse_email(data: bytes, name: str, budget: ContainerBudget) -> EmailMessage:
    try:
        message = BytesParser(policy=policy.default).parsebytes(data)
    except RecursionError as exc:
        raise budget.reject(f"e-mail {name!r} nests its MIME parts too deeply") from exc
    assert isinstance(message, EmailMessage)  # policy.default parses into EmailMessage
    return message


def walk_message(message: EmailMessage, name: str, budget: ContainerBudget) -> list[MailPart]:
    """The mail's attachment parts, after checking them and what they hold on the budget.

    Every MIME part counts as an entry; only `document` attachments are walked into (the
    others are recorded parts of the mail, never converted).
    """
    with budget.level("e-mail", name):
        try:
            budget.count("e-mail", sum(1 for _ in message.walk()))
            found = attachment_parts(message)
        except RecursionError as exc:
            raise budget.reject(f"e-mail {name!r} nests its MIME parts too deeply") from exc
        parts: list[MailPart] = []
        for index, part in enumerate(found, start=1):
            payload = part_payload(part)
            filename = part.get_filename() or f"attachment-{index}"
            budget.charge(filename, len(payload))
            if tnef.is_tnef(part, filename, payload):
                parts += _tnef_parts(part, filename, payload, budget)
                continue
            role = part_role(part, filename)
            if role == "document":
                walk(payload, filename, budget)
            parts.append(MailPart(part=part, filename=filename, payload=payload, role=role))
        return parts


def _tnef_parts(
    part: EmailMessage, name: str, payload: bytes, budget: ContainerBudget
) -> list[MailPart]:
    """A winmail.dat as a recorded part of the mail, then its attachments, each an attachment
    of the mail on the mail's budget.

    A damaged one costs its own files, not the mail: the part stays recorded with the cause.
    """
    try:
        contents = tnef.read_tnef(payload, name)
    except UnsupportedDocument as exc:
        return [MailPart(part, name, payload, "tnef", tnef_error=str(exc))]
    out = [MailPart(part, name, payload, "tnef", tnef_contents=contents)]
    budget.count("e-mail", len(contents.attachments))
    for filename, data in contents.attachments:
        budget.charge(filename, len(data))
        role = part_role_by_name(filename)
        if role == "document":
            walk(data, filename, budget)
        out.append(MailPart(part, filename, data, role, content_type=tnef.content_type(filename)))
    return out


def walk_email(data: bytes, name: str, budget: ContainerBudget) -> list[MailPart]:
    return walk_message(parse_email(data, name, budget), name, budget)


def expand_zip(
    data: bytes, filename: str, limits: ContainerLimits, *, depth: int = 0
) -> list[ChildDocument]:
    """The archive's files as children, after checking the whole nested tree against `limits`."""
    budget = ContainerBudget(limits, filename, depth=depth)
    return [
        ChildDocument(filename=name, data=payload, relation="zip_entry")
        for name, payload in walk_zip(data, filename, budget)
    ]


def check_package(data: bytes, filename: str, limits: ContainerLimits, *, depth: int = 0) -> None:
    """An OOXML/OpenDocument file's parts (and anything embedded) on the budget, before parsing.

    A package is a zip: without this, a zip bomb named `[Content_Types].xml`-and-all went
    straight to the converter unchecked.
    """
    walk_zip(data, filename, ContainerBudget(limits, filename, depth=depth), kind="package")


def zip_listing(children: list[ChildDocument]) -> str:
    """The text a zip contributes itself: its table of contents, not its members' bytes."""
    return "\n".join(f"{child.filename} ({len(child.data)} bytes)" for child in children)
