"""Turning a scanned page upright before OCR: a page fed in sideways reads as scrambled lines.

A scan rotated by 90 or 270 degrees still OCRs line by line (the engines turn tall crops), but
the lines come out in the wrong order and some as garbage. The check is cheap and works on a
downscaled copy: text lines are wider than tall when the page is upright or upside down, taller
than wide when it lies on its side; of the two remaining turns, the one whose lines the
recognizer reads with the higher confidence (no line classifier, so upside-down text scores
low) is upright. No OSD model is needed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

# (pixels, recognize) -> [(box, text, confidence)]; boxes are four (x, y) corners.
ReadLines = Callable[[Any, bool], Sequence[tuple[Any, str, float]]]

PROBE_SIDE = 1000  # pixels of the longer side of the copy the check reads
CONFIDENT = 0.9  # an upright page's lines read at least this well; no second reading then


def wide_share(boxes: Sequence[Any]) -> float:
    """Share of text (by box length) in lines wider than tall."""
    wide = tall = 0.0
    for box in boxes:
        (x0, y0), (x1, y1), (x2, y2) = box[0], box[1], box[2]
        width = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        height = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
        if width > height:
            wide += width
        else:
            tall += height
    return wide / (wide + tall) if wide + tall else 1.0


def _confidence(lines: Sequence[tuple[Any, str, float]]) -> float:
    """Mean confidence weighted by text length: a long line read well counts most."""
    total = sum(len(text) for _, text, _ in lines)
    return sum(len(text) * score for _, text, score in lines) / total if total else 0.0


def upright(image: Any, read: ReadLines) -> tuple[Any, int]:
    """The image turned upright (PIL, counter-clockwise degrees) and the turn applied."""
    import numpy as np

    scale = min(1.0, PROBE_SIDE / max(image.size))
    probe = image.convert("RGB")
    if scale < 1.0:
        probe = probe.resize((round(image.width * scale), round(image.height * scale)))
    boxes = [box for box, _, _ in read(np.array(probe), False)]
    if not boxes:
        return image, 0
    candidates = (0, 180) if wide_share(boxes) >= 0.5 else (90, 270)
    best_angle, best = candidates[0], -1.0
    for angle in candidates:
        turned = probe.rotate(angle, expand=True) if angle else probe
        score = _confidence(read(np.array(turned), True))
        if score > best:
            best_angle, best = angle, score
        if angle == candidates[0] and score >= CONFIDENT:
            break
    if best_angle == 0:
        return image, 0
    return image.rotate(best_angle, expand=True), best_angle
