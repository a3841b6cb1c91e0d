"""Outlook data files (.pst, .ost) through libpff: a container of folders holding mails.

Each mail becomes a child document: an RFC 822 rebuild of it (`mapi_mail`), named by its
folder path, so it converts, threads and unpacks its own attachments exactly like a .eml. The
mailbox counts on the one container budget with zips and mails: every mail is an entry,
every mail's bytes and parts are charged, and the whole tree is checked before any child is
returned. libpff (libpff-python, LGPL-3.0) is optional; without it a mailbox is stored
degraded with the install hint, and installing it re-converts exactly those mailboxes.
"""

from __future__ import annotations

import importlib.util
import io
import re
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any, Final

from knowledge_index.convert import mapi
from knowledge_index.convert.containers import ContainerBudget, ContainerLimits, walk_email
from knowledge_index.convert.mapi import MapiAttachment, MapiMessage, MapiProps, string_codec
from knowledge_index.convert.model import (
    ChildDocument,
    ConversionResult,
    Provenance,
    StructuredDocument,
)
from knowledge_index.errors import UnsupportedDocument

NO_LIBPFF: Final = "no-libpff"
INSTALL_HINT: Final = (
    "install libpff-python (pip install 'knowledge-index[pst]'; LGPL-3.0), then `ki run`"
    " re-converts these mailboxes"
)
# Mail-like items; contacts, calendar entries, tasks and notes are counted, not converted.
_MAIL_CLASSES = ("ipm.note", "ipm.schedule.meeting", "ipm.post", "report.ipm.note")
_UNSAFE = re.compile(r"[\x00-\x1f/\\]+")


def available() -> bool:
    return importlib.util.find_spec("pypff") is not None


def convert_pst(
    data: bytes, filename: str, limits: ContainerLimits | None = None, *, depth: int = 0
) -> ConversionResult:
    """The mailbox's folder listing as its text and every mail as a child .eml."""
    started = time.perf_counter()
    if not available():
        return _degraded(filename, started)
    import pypff

    budget = ContainerBudget(limits or ContainerLimits(), filename, depth=depth)
    with budget.level("mailbox", filename):
        pst = pypff.file()
        try:
            pst.open_file_object(io.BytesIO(data))
        except Exception as exc:  # libpff raises OSError with its own error chain
            raise UnsupportedDocument(
                f"Outlook data file {filename!r} is corrupt or not a PST/OST ({_first(exc)})"
            ) from exc
        try:
            children, folders, skipped = _read(pst, filename, budget)
        except UnsupportedDocument:
            raise
        except Exception as exc:
            raise budget.reject(f"mailbox is corrupt ({_first(exc)})") from exc
        finally:
            pst.close()
    listing = "\n".join(f"{path} ({count} mails)" for path, count in folders.items())
    document = StructuredDocument(
        format="pst",
        text=listing,
        markdown=listing,
        metadata={"mails": len(children), "folders": folders, "skipped_items": dict(skipped)},
        provenance=Provenance(
            converter="libpff",
            converter_version=str(pypff.get_version()),
            pipeline="container",
            timings={"total": time.perf_counter() - started},
        ),
    )
    return ConversionResult(document=document, children=children)


def _read(
    pst: Any, filename: str, budget: ContainerBudget
) -> tuple[list[ChildDocument], dict[str, int], Counter[str]]:
    from knowledge_index.convert.mapi_mail import to_rfc822

    store = pst.get_message_store()
    if store is not None and (_props(store).int32(mapi.PST_PASSWORD) or 0):
        raise UnsupportedDocument(
            f"Outlook data file {filename!r} is password-protected: remove the password in"
            " Outlook (Data File Settings) and export it again"
        )
    folders = list(_folders(pst.get_root_folder(), ""))
    # Counted before a single mail is read: an over-budget mailbox is refused at once.
    budget.count("mailbox", sum(folder.number_of_sub_messages for _, folder in folders))
    children: list[ChildDocument] = []
    per_folder: dict[str, int] = {}
    skipped: Counter[str] = Counter()
    for path, folder in folders:
        for index in range(folder.number_of_sub_messages):
            item = folder.get_sub_message(index)
            props = _props(item)
            kind = (props.text(mapi.MESSAGE_CLASS) or "IPM.Note").strip()
            if not kind.lower().startswith(_MAIL_CLASSES) or not hasattr(item, "attachments"):
                skipped[kind] += 1  # a contact, appointment, task, note or distribution list
                continue
            message = _message(item, props, budget)
            subject = _UNSAFE.sub(" ", message.props.text(mapi.SUBJECT) or "").strip()
            name = f"{path}/{index + 1:04d} {subject[:80] or 'no subject'}.eml".lstrip("/")
            eml, _kind = to_rfc822(message, name, budget)
            _check_size(budget, name, len(eml))
            # Its parts and nested containers on the same budget; the walk charges each
            # attachment's bytes once (the .eml's base64 of them is not charged again).
            walk_email(eml, name, budget)
            children.append(ChildDocument(filename=name, data=eml, relation="mailbox_message"))
            per_folder[path or "/"] = per_folder.get(path or "/", 0) + 1
    return children, per_folder, skipped


def _folders(folder: Any, path: str) -> Iterator[tuple[str, Any]]:
    yield path, folder
    for index in range(folder.number_of_sub_folders):
        sub = folder.get_sub_folder(index)
        name = _UNSAFE.sub(" ", sub.name or f"folder-{index + 1}").strip()
        yield from _folders(sub, f"{path}/{name}" if path else name)


def _props(item: Any, codec: str | None = None) -> MapiProps:
    bag = MapiProps()
    for record_set in item.record_sets:
        for entry in record_set.entries:
            pid = entry.entry_type
            if pid is None or pid in bag.values or pid == mapi.ATTACH_DATA:
                continue  # attachment bytes are read on their own, after the budget allows
            data = entry.data
            if data is not None:
                bag.values[pid] = (entry.value_type, bytes(data))
    bag.codec = codec or string_codec(
        bag.int32(mapi.MESSAGE_CODEPAGE), bag.int32(mapi.MESSAGE_LOCALE_ID)
    )
    return bag


def _message(item: Any, props: MapiProps, budget: ContainerBudget) -> MapiMessage:
    message = MapiMessage(props=props)
    recipients = getattr(item, "recipients", None)
    if recipients is not None:
        message.recipients = [_record(rs, props.codec) for rs in recipients.record_sets]
    for attachment in item.attachments:
        found = MapiAttachment(props=_props(attachment, props.codec))
        method = found.props.int32(mapi.ATTACH_METHOD)
        if method == mapi.ATTACH_EMBEDDED_MSG and attachment.number_of_sub_items:
            with budget.level("e-mail", found.props.text(mapi.DISPLAY_NAME) or "message"):
                found.message = _embedded(attachment, budget)
        elif attachment.size is not None and attachment.size > 0:
            name = found.props.text(mapi.ATTACH_LONG_FILENAME) or "attachment"
            _check_size(budget, name, attachment.size)  # refused before the bytes are read
            found.data = bytes(attachment.read_buffer(attachment.size))
        message.attachments.append(found)
    return message


def _embedded(attachment: Any, budget: ContainerBudget) -> MapiMessage | None:
    """The attached message, or None when libpff cannot give it as one.

    Not seen in a real test mailbox yet: a mail whose attached message libpff cannot read
    loses that attachment, not the whole mailbox.
    """
    try:
        inner = attachment.get_sub_item(0)
        if not hasattr(inner, "attachments"):
            return None
        return _message(inner, _props(inner), budget)
    except (AttributeError, OSError, IndexError):
        return None


def _record(record_set: Any, codec: str) -> MapiProps:
    bag = MapiProps(codec=codec)
    for entry in record_set.entries:
        if entry.entry_type is not None and entry.data is not None:
            bag.values.setdefault(entry.entry_type, (entry.value_type, bytes(entry.data)))
    return bag


def _check_size(budget: ContainerBudget, name: str, size: int) -> None:
    if size > budget.limits.max_entry_bytes:
        raise budget.reject(
            f"entry {name!r} is {size} bytes (limit {budget.limits.max_entry_bytes})"
        )


def _first(exc: BaseException) -> str:
    """libpff's error is a chain "api: failed. cause: detail. ..."; the cause is what helps."""
    chain = [part.strip() for part in re.split(r"\.\s+", " ".join(str(exc).split())) if part]
    return (chain[1] if len(chain) > 1 else chain[0] if chain else type(exc).__name__)[:160]


def _degraded(filename: str, started: float) -> ConversionResult:
    document = StructuredDocument(
        format="pst",
        text="",
        metadata={"needs": "libpff"},
        provenance=Provenance(
            converter="none",
            converter_version="-",
            pipeline=NO_LIBPFF,
            degraded=True,
            degraded_reason=f"Outlook data file {filename!r} needs libpff: {INSTALL_HINT}",
            timings={"total": time.perf_counter() - started},
        ),
    )
    return ConversionResult(document=document)
