"""Tables that fit the terminal: wide when they fit, stacked (one column per row) when not.

Rich squeezes a table that is wider than the terminal by truncating its headers ("sou…",
"obs…"). A table is measured first: if its narrowest rendering (every header and cell wrapped at
word boundaries) fits, it is printed as is; otherwise it is transposed, each original row
becoming a column, split into as many tables as needed. Nothing is ever cut.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.measure import Measurement
from rich.table import Table


def _table(
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    title: str | None,
    *,
    fold: bool = True,
) -> Table:
    table = Table(title=title)
    for i, header in enumerate(headers):
        # Numbers right-aligned; the first column names the row. Printed tables fold, never
        # ellipsize (a word longer than its column breaks instead of losing its end); measured
        # ones keep words whole, so "fits" means no word has to break.
        table.add_column(
            header,
            justify="left" if i == 0 else "right",
            overflow="fold" if fold else "ellipsis",
        )
    for row in rows:
        table.add_row(*row)
    return table


def _fits(console: Console, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> bool:
    measured = _table(headers, rows, None, fold=False)
    # Measured without the terminal's limit (rich clamps a measurement to the width it is
    # given): the minimum is then every column at its longest word.
    unbounded = console.options.update_width(10_000)
    return Measurement.get(console, unbounded, measured).minimum <= console.width


def fitted_tables(
    console: Console,
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    title: str | None = None,
) -> list[Table]:
    """The table of `headers` x `rows`, or its stacked form split to fit `console.width`."""
    if not rows or _fits(console, headers, rows):
        return [_table(headers, rows, title)]
    label, fields = headers[0], list(headers[1:])
    groups: list[list[Sequence[str]]] = [[]]
    for row in rows:
        trial = _stacked(label, fields, [*groups[-1], row])
        if groups[-1] and not _fits(console, *trial):
            groups.append([row])
        else:
            groups[-1].append(row)
    return [
        _table(*_stacked(label, fields, group), title if i == 0 else None)
        for i, group in enumerate(groups)
    ]


def _stacked(
    label: str, fields: Sequence[str], rows: Sequence[Sequence[str]]
) -> tuple[list[str], list[list[str]]]:
    """Headers and rows of the transposed table: one column per original row."""
    headers = [label, *(row[0] for row in rows)]
    body = [[field, *(row[i + 1] for row in rows)] for i, field in enumerate(fields)]
    return headers, body


def print_fitted(
    console: Console,
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    title: str | None = None,
) -> None:
    for table in fitted_tables(console, headers, rows, title=title):
        console.print(table)
