"""Word's automatic list and clause numbering, rendered as Word shows it ("1.1", "§ 5", "(2)").

Word does not store the numbers lawyers cite: a paragraph carries `w:numPr` (or inherits it
from its style) and Word counts at display time from `word/numbering.xml`. Docling renders
some of these markers wrongly ("(%2)" comes out as "1.1.") and our text dropped them, so the
labels are computed here from the raw OOXML and written into the package as literal text
before any reader sees it (`write_labels`), and prefixed to the revision contexts.

Counting follows Word: one counter set per abstract numbering shared by its `w:num`
instances, except that an instance with a `w:lvlOverride` counts on its own from its
override; using a level resets the levels below it (`w:lvlRestart` can stop that); `%N` in
`w:lvlText` is level N's counter in level N's format (decimal for all under `w:isLgl`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from lxml import etree

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
_P, _PPR, _RPR, _NUMPR = (f"{{{W}}}{n}" for n in ("p", "pPr", "rPr", "numPr"))
_LEVELS = 9
_ROMAN = ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
          (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"))  # fmt: skip
# Formats that show no counter of their own; a bullet's symbol is not a clause number, and
# Docling already renders bullet lists as lists.
_NOT_COUNTED = frozenset({"bullet", "none"})


def _val(element: etree._Element | None, name: str) -> str | None:
    if element is None:
        return None
    child = element.find(f"{{{W}}}{name}")
    return child.get(f"{{{W}}}val") if child is not None else None


def _int(value: str | None, default: int | None = None) -> int | None:
    try:
        return int(value) if value is not None else default
    except ValueError:
        return default


@dataclass(frozen=True)
class Level:
    start: int = 1
    fmt: str = "decimal"
    text: str = ""
    restart: int | None = None  # w:lvlRestart: 0 never resets, n resets after levels < n
    legal: bool = False  # w:isLgl: every counter in the label shown as a decimal
    style: str | None = None  # w:pStyle: the paragraph style this level belongs to

    @classmethod
    def parse(cls, lvl: etree._Element) -> Level:
        text = lvl.find(f"{{{W}}}lvlText")
        return cls(
            start=_int(_val(lvl, "start"), 1) or 0,
            fmt=_val(lvl, "numFmt") or "decimal",
            text=(text.get(f"{{{W}}}val") or "") if text is not None else "",
            restart=_int(_val(lvl, "lvlRestart")),
            legal=lvl.find(f"{{{W}}}isLgl") is not None
            and (_val(lvl, "isLgl") or "1") not in ("0", "false"),
            style=_val(lvl, "pStyle"),
        )


@dataclass
class Instance:
    """One w:num: which abstract numbering it counts in, with its own level overrides."""

    abstract: str
    levels: dict[int, Level]
    overridden: bool


@dataclass
class Numbering:
    """numbering.xml and the paragraph styles of styles.xml, as far as labels need them."""

    instances: dict[str, Instance] = field(default_factory=dict)
    # style id -> (numId, ilvl) as the style chain resolves them
    style_numbering: dict[str, tuple[str | None, int | None]] = field(default_factory=dict)

    @classmethod
    def parse(cls, numbering: etree._Element | None, styles: etree._Element | None) -> Numbering:
        found = cls()
        if styles is not None:
            found.style_numbering = _style_numbering(styles)
        if numbering is None:
            return found
        abstracts: dict[str, etree._Element] = {
            a.get(f"{{{W}}}abstractNumId") or "": a for a in numbering.iter(f"{{{W}}}abstractNum")
        }
        nums = {n.get(f"{{{W}}}numId") or "": n for n in numbering.iter(f"{{{W}}}num")}
        for num_id, num in nums.items():
            abstract_id = _val(num, "abstractNumId") or ""
            abstract = _linked_abstract(abstract_id, abstracts, nums, found.style_numbering)
            if abstract is None:
                continue
            abstract_id = abstract.get(f"{{{W}}}abstractNumId") or abstract_id
            levels = {
                _int(lvl.get(f"{{{W}}}ilvl"), 0) or 0: Level.parse(lvl)
                for lvl in abstract.iter(f"{{{W}}}lvl")
            }
            overrides = num.findall(f"{{{W}}}lvlOverride")
            for override in overrides:
                ilvl = _int(override.get(f"{{{W}}}ilvl"), 0) or 0
                replaced = override.find(f"{{{W}}}lvl")
                level = Level.parse(replaced) if replaced is not None else levels.get(ilvl, Level())
                start = _int(_val(override, "startOverride"))
                levels[ilvl] = replace(level, start=start) if start is not None else level
            found.instances[num_id] = Instance(abstract_id, levels, overridden=bool(overrides))
        return found

    def numbering_of(self, paragraph: etree._Element) -> tuple[str, int] | None:
        """(numId, ilvl) of a paragraph, from its own w:numPr or its style's; None if unnumbered."""
        ppr = paragraph.find(_PPR)
        numpr = ppr.find(_NUMPR) if ppr is not None else None
        style = _val(ppr, "pStyle")
        from_style = self.style_numbering.get(style or "", (None, None))
        num_id = _val(numpr, "numId") if numpr is not None else None
        ilvl = _int(_val(numpr, "ilvl")) if numpr is not None else None
        num_id = num_id if num_id is not None else from_style[0]
        if num_id is None or num_id == "0" or num_id not in self.instances:
            return None
        if ilvl is None:
            ilvl = from_style[1]
        if ilvl is None and style:
            # Style-linked numbering names its level by the style, not by w:ilvl.
            levels = self.instances[num_id].levels
            ilvl = next((i for i, lvl in levels.items() if lvl.style == style), None)
        return num_id, min(max(ilvl or 0, 0), _LEVELS - 1)


def _style_numbering(styles: etree._Element) -> dict[str, tuple[str | None, int | None]]:
    own: dict[str, tuple[str | None, int | None, str | None]] = {}
    for style in styles.iter(f"{{{W}}}style"):
        style_id = style.get(f"{{{W}}}styleId") or ""
        numpr = style.find(f"{_PPR}/{_NUMPR}")
        num_id = _val(numpr, "numId") if numpr is not None else None
        ilvl = _int(_val(numpr, "ilvl")) if numpr is not None else None
        own[style_id] = (num_id, ilvl, _val(style, "basedOn"))
    resolved: dict[str, tuple[str | None, int | None]] = {}
    for style_id in own:
        # numId and ilvl inherit separately through basedOn (Word's heading 2 has only ilvl).
        num_id, ilvl, parent = own[style_id]
        seen = {style_id}
        while parent and parent in own and parent not in seen and (num_id is None or ilvl is None):
            seen.add(parent)
            p_num, p_ilvl, parent_next = own[parent]
            num_id = num_id if num_id is not None else p_num
            ilvl = ilvl if ilvl is not None else p_ilvl
            parent = parent_next
        if num_id is not None:
            resolved[style_id] = (num_id, ilvl)
    return resolved


def _linked_abstract(
    abstract_id: str,
    abstracts: dict[str, etree._Element],
    nums: dict[str, etree._Element],
    style_numbering: dict[str, tuple[str | None, int | None]],
) -> etree._Element | None:
    """The abstract numbering that defines the levels, following w:numStyleLink to its style."""
    abstract = abstracts.get(abstract_id)
    seen: set[str] = set()
    while abstract is not None and (link := _val(abstract, "numStyleLink")) and link not in seen:
        seen.add(link)
        num_id = style_numbering.get(link, (None, None))[0]
        target = nums.get(num_id or "")
        if target is None:
            break
        abstract = abstracts.get(_val(target, "abstractNumId") or "")
    return abstract


def _letters(value: int) -> str:
    # Word repeats the letter past z: 27 is "aa", 28 "bb".
    if value <= 0:
        return str(value)
    return chr(ord("a") + (value - 1) % 26) * ((value - 1) // 26 + 1)


def _roman(value: int) -> str:
    if value <= 0:
        return str(value)
    out = []
    for amount, digits in _ROMAN:
        while value >= amount:
            out.append(digits)
            value -= amount
    return "".join(out)


def _ordinal(value: int) -> str:
    suffix = "th" if 10 <= value % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(value % 10, "th")
    return f"{value}{suffix}"


def format_counter(value: int, fmt: str) -> str:
    """A counter in a w:numFmt; formats without a rendering here fall back to decimal."""
    if fmt == "none":
        return ""
    if fmt == "lowerLetter":
        return _letters(value)
    if fmt == "upperLetter":
        return _letters(value).upper()
    if fmt == "lowerRoman":
        return _roman(value)
    if fmt == "upperRoman":
        return _roman(value).upper()
    if fmt == "decimalZero":
        return f"{value:02d}"
    if fmt == "ordinal":
        return _ordinal(value)
    return str(value)


def _body_paragraphs(root: etree._Element) -> Iterator[etree._Element]:
    for paragraph in root.iter(_P):
        # A text box is stored twice (DrawingML and a VML fallback); Word counts it once.
        if any(a.tag == f"{{{MC}}}Fallback" for a in paragraph.iterancestors()):
            continue
        yield paragraph


def _mark_deleted(paragraph: etree._Element) -> bool:
    ppr = paragraph.find(_PPR)
    mark = ppr.find(_RPR) if ppr is not None else None
    return mark is not None and mark.find(f"{{{W}}}del") is not None


def paragraph_labels(root: etree._Element, numbering: Numbering) -> dict[etree._Element, str]:
    """Every numbered paragraph of a document part and the label Word shows in front of it.

    A paragraph whose mark is a tracked deletion is not counted: accepted, it merges into the
    next paragraph, which keeps that one's numbering. Bullets and "none" levels get no label.
    """
    counters: dict[str, list[int | None]] = {}
    labels: dict[etree._Element, str] = {}
    for paragraph in _body_paragraphs(root):
        found = numbering.numbering_of(paragraph)
        if found is None or _mark_deleted(paragraph):
            continue
        num_id, ilvl = found
        instance = numbering.instances[num_id]
        key = f"num:{num_id}" if instance.overridden else f"abstract:{instance.abstract}"
        state = counters.setdefault(key, [None] * _LEVELS)
        level = instance.levels.get(ilvl, Level())
        current = state[ilvl]
        state[ilvl] = level.start if current is None else current + 1
        for deeper in range(ilvl + 1, _LEVELS):
            restart = instance.levels.get(deeper, Level()).restart
            if restart is None or ilvl < restart:
                state[deeper] = None
        if level.fmt in _NOT_COUNTED:
            continue
        label = render(level, state, instance.levels).strip()
        if label:
            labels[paragraph] = label
    return labels


def render(level: Level, state: list[int | None], levels: dict[int, Level]) -> str:
    """w:lvlText with each %N replaced by level N's counter (its start value if not yet used)."""
    out: list[str] = []
    text = level.text
    i = 0
    while i < len(text):
        char = text[i]
        if char == "%" and i + 1 < len(text) and text[i + 1].isdigit() and text[i + 1] != "0":
            index = int(text[i + 1]) - 1
            other = levels.get(index, Level())
            value = state[index] if state[index] is not None else other.start
            out.append(format_counter(value or 0, "decimal" if level.legal else other.fmt))
            i += 2
            continue
        out.append(char)
        i += 1
    return "".join(out)


def write_labels(root: etree._Element, labels: dict[etree._Element, str]) -> None:
    """Put each label into its paragraph as literal text and switch Word's numbering off there.

    numId 0 overrides a style's numbering too, so no reader adds a number of its own on top.
    A space, not Word's tab or nothing, separates label and text: "§ 1Kauf" would not tokenize.
    """
    for paragraph, label in labels.items():
        ppr = paragraph.find(_PPR)
        if ppr is None:
            ppr = etree.SubElement(paragraph, _PPR)
            paragraph.insert(0, ppr)
        numpr = ppr.find(_NUMPR)
        if numpr is None:
            numpr = etree.Element(_NUMPR)
            style = ppr.find(f"{{{W}}}pStyle")
            ppr.insert(ppr.index(style) + 1 if style is not None else 0, numpr)
        numpr.clear()
        etree.SubElement(numpr, f"{{{W}}}numId").set(f"{{{W}}}val", "0")
        run = etree.Element(f"{{{W}}}r")
        text = etree.SubElement(run, f"{{{W}}}t")
        text.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")
        text.text = f"{label} "
        paragraph.insert(paragraph.index(ppr) + 1, run)
