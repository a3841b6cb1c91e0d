"""The converted form of one document: what every later stage reads instead of the raw bytes."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

# Bumped whenever a field changes meaning, so stored artifacts can be told apart and re-converted.
SCHEMA_VERSION = 1

DocumentFormat = Literal[
    "docx",
    "pptx",
    "xlsx",
    "html",
    "markdown",
    "csv",
    "pdf",
    "image",
    "text",
    "email",
    "zip",
    # Outlook: a .msg reads as an "email" document; a PST/OST mailbox is a container.
    "msg",
    "pst",
    # Legacy Office, OpenDocument and RTF: LibreOffice turns them into OOXML first.
    "doc",
    "xls",
    "ppt",
    "rtf",
    "odt",
    "ods",
    "odp",
]
RevisionKind = Literal[
    "insert", "delete", "move_from", "move_to", "paragraph_insert", "paragraph_delete"
]


class Page(BaseModel):
    number: int
    text: str


class Section(BaseModel):
    level: int
    title: str
    start: int = Field(description="Character offset of the heading in `text`.")


class Table(BaseModel):
    caption: str | None = None
    rows: list[list[str]]


class Revision(BaseModel):
    kind: RevisionKind
    author: str | None = None
    date: datetime | None = None
    text: str = ""
    paragraph_index: int = Field(description="0-based index of the body paragraph it sits in.")
    context: str = Field(default="", description="The paragraph as Word shows it, accepted.")
    revision_id: str | None = None
    nested_in: str | None = Field(
        default=None, description="revision_id of the enclosing change (e.g. a delete in an insert)"
    )
    # Word tracks a one-letter fix as that letter ("Partei[e]n"), so a typo is only visible in
    # the words around it: the paragraph's wording before and after all its changes, moves
    # left out of both. "" in artifacts converted before these fields existed.
    paragraph_before: str = ""
    paragraph_after: str = ""


class Comment(BaseModel):
    id: str
    author: str | None = None
    initials: str | None = None
    date: datetime | None = None
    text: str
    anchored_text: str = ""
    # Where the comment's range starts and ends (0-based body paragraphs, as Revision counts
    # them): a comment anchored on "(2)" or on nothing at all is still placed by position.
    # None in artifacts converted before these fields existed.
    paragraph_index: int | None = None
    end_paragraph_index: int | None = None


class Attachment(BaseModel):
    filename: str
    content_type: str
    size: int
    sha256: str
    # "document": converted as a child document of its own. The others are parts of the mail,
    # recorded here but never converted: a signature, a calendar invitation, an inline image.
    role: Literal["document", "signature", "calendar", "inline_image", "tnef"] = "document"


class EmailHeaders(BaseModel):
    message_id: str | None = None
    in_reply_to: str | None = None
    references: list[str] = Field(default_factory=list)
    subject: str | None = None
    date: datetime | None = None
    from_: list[str] = Field(default_factory=list, alias="from")
    to: list[str] = Field(default_factory=list)
    cc: list[str] = Field(default_factory=list)
    # Known for mail a mailbox sent (Outlook's recipient table); a received mail never shows it.
    bcc: list[str] = Field(default_factory=list)
    participants: list[str] = Field(
        default_factory=list, description="Lower-cased addresses of everyone on the message."
    )

    model_config = {"populate_by_name": True}


class Provenance(BaseModel):
    converter: str
    converter_version: str
    pipeline: str
    degraded: bool = False
    degraded_reason: str | None = None
    ocr_engine: str | None = None
    ocr_languages: list[str] = Field(default_factory=list)
    ocr_pages: list[int] = Field(default_factory=list)
    timings: dict[str, float] = Field(default_factory=dict)
    remote: dict[str, str] | None = Field(
        default=None,
        description="Set when a docling-serve converted it: host and the versions it reported.",
    )
    converted_from: str | None = Field(
        default=None,
        description="The file's own format when LibreOffice turned it into OOXML first (doc).",
    )


class StructuredDocument(BaseModel):
    schema_version: int = SCHEMA_VERSION
    format: DocumentFormat
    text: str
    markdown: str = ""
    pages: list[Page] = Field(default_factory=list)
    sections: list[Section] = Field(default_factory=list)
    tables: list[Table] = Field(default_factory=list)
    metadata: dict[str, Any] = Field(default_factory=dict)
    revisions: list[Revision] = Field(default_factory=list)
    comments: list[Comment] = Field(default_factory=list)
    attachments: list[Attachment] = Field(default_factory=list)
    email: EmailHeaders | None = None
    provenance: Provenance


class ChildDocument(BaseModel):
    """A document found inside another one; the caller converts it as a document of its own."""

    filename: str
    data: bytes = Field(repr=False)
    relation: Literal["zip_entry", "email_attachment", "mailbox_message"]


class ConversionResult(BaseModel):
    document: StructuredDocument
    children: list[ChildDocument] = Field(default_factory=list)
