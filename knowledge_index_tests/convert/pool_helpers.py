"""Test-only conversion functions; module level so spawned workers can import them."""

from __future__ import annotations

import time

from knowledge_index.convert import ConversionResult, ConvertOptions, convert_bytes


def hang_or_convert(data: bytes, filename: str, options: ConvertOptions) -> ConversionResult:
    if data.startswith(b"HANG"):
        time.sleep(3600)
    return convert_bytes(data, filename, options)


def hog_or_convert(data: bytes, filename: str, options: ConvertOptions) -> ConversionResult:
    if data.startswith(b"HOG"):
        hoard = bytearray(4 * 1024**3)  # well past the fence the test sets
        hoard[-1] = 1
    return convert_bytes(data, filename, options)
