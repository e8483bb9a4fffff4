"""Terminal tables that never cut a claim id: :class:`Column` and :func:`print_table`
(rich on a terminal; a plain layout with no width limit off a terminal, so that nothing in
a pipe, a file or a CI log is wrapped or cut).  Used by :mod:`tnverify.report.table` and
the command line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Column", "print_table"]


@dataclass(frozen=True)
class Column:
    """One column of :func:`print_table`.

    ``keep``: never cut or folded (the claim id, which users copy); ``drop``: dropped
    first (lowest number first) when the terminal is too narrow for the kept columns;
    other columns fold (wrap inside the cell) before anything is dropped.
    """

    name: str
    justify: str = "left"
    keep: bool = False
    drop: int | None = None


def _plain_table(con, columns: Sequence[Column], rows: Sequence[Sequence]) -> None:
    """Aligned columns, no width limit, one line per row; the droppable (wide, secondary)
    columns go last, so that a narrow pager wraps only the tail of a row."""
    order = sorted(
        range(len(columns)), key=lambda i: (columns[i].drop is not None, -(columns[i].drop or 0))
    )
    columns = [columns[i] for i in order]
    rows = [[row[i] for i in order] for row in rows]
    texts = [[c if isinstance(c, str) else c[0] for c in row] for row in rows]
    widths = [max([len(col.name)] + [len(r[i]) for r in texts]) for i, col in enumerate(columns)]

    def line(cells):
        out = [
            (c.rjust(w) if col.justify == "right" else c.ljust(w))
            for c, w, col in zip(cells, widths, columns)
        ]
        return "  ".join(out).rstrip()

    con.out(line([c.name for c in columns]), highlight=False)
    con.out(line(["-" * w for w in widths]), highlight=False)
    for r in texts:
        con.out(line(r), highlight=False)


#: The narrowest a folded column may get before a droppable column goes instead.
_READABLE = 16


def _fitting(columns: Sequence[Column], rows, width: int) -> list[int]:
    """Indices of the columns kept at ``width``: drop the ``drop`` columns (in order)
    while the kept columns at full width, plus up to ``_READABLE`` characters per foldable
    column (folded narrower, a title becomes a tower of words), plus the borders, do not
    fit."""
    texts = [[c if isinstance(c, str) else c[0] for c in row] for row in rows]
    natural = [max([len(col.name)] + [len(r[i]) for r in texts]) for i, col in enumerate(columns)]
    chosen = list(range(len(columns)))
    order = sorted(
        (i for i, c in enumerate(columns) if c.drop is not None), key=lambda i: columns[i].drop
    )

    def need(idx):
        body = sum(
            natural[i] if columns[i].keep else min(natural[i], max(_READABLE, len(columns[i].name)))
            for i in idx
        )
        return body + 3 * len(idx) + 1

    for i in order:
        if need(chosen) <= width:
            break
        chosen.remove(i)
    return chosen


def print_table(con, columns: Sequence[Column], rows: Sequence[Sequence]) -> None:
    """Print a table: a rich table on a terminal (kept columns never cut; others fold,
    then the ``drop`` columns go), a plain aligned layout elsewhere.

    A cell is a string or ``(string, style)``; styles only colour the terminal table.
    """
    if not con.is_terminal:
        _plain_table(con, columns, rows)
        return
    from rich.table import Table
    from rich.text import Text

    chosen = _fitting(columns, rows, con.width)
    t = Table(header_style="bold")
    for i in chosen:
        col = columns[i]
        if col.keep:
            width = max(
                [len(col.name)] + [len(r[i] if isinstance(r[i], str) else r[i][0]) for r in rows]
            )
            t.add_column(col.name, justify=col.justify, no_wrap=True, min_width=width)
        else:
            t.add_column(col.name, justify=col.justify, overflow="fold")
    for row in rows:
        cells = []
        for i in chosen:
            cell = row[i]
            cells.append(Text(cell) if isinstance(cell, str) else Text(cell[0], style=cell[1]))
        t.add_row(*cells)
    con.print(t)
