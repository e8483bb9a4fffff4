"""The structure of an errata sheet, checked before it is rendered.

:func:`check_sheet` walks the dict :func:`tnverify.report.errata.build_errata` returns and
raises :class:`~tnverify.errors.DTypeError` naming the first entry that is missing or of
the wrong type (``sheet['errata'][0]['claims'][1]['printed']``), so a hand-edited or
truncated sheet fails with one line, never a ``KeyError`` or ``TypeError`` deep in the
renderer.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import DTypeError
from ..validation import show_value

__all__ = ["check_sheet"]

_PAPER = {"key": str, "title": str, "citation": str}
_CLAIM = {"id": str, "where": str, "verdict": str, "printed": str, "meant": str, "reproduce": str}
_CLAIM_OPTIONAL = ("corrected_by", "edit_of", "shows")
_REMARK = {"id": str, "where": str, "remarks": list}


def _need(obj, key, kind, where: str):
    if not isinstance(obj, dict) or key not in obj:
        raise DTypeError(f"errata sheet: {where} has no {key!r} entry")
    val = obj[key]
    if not isinstance(val, kind) or (kind is int and isinstance(val, bool)):
        raise DTypeError(
            f"errata sheet: {where}[{key!r}] must be a {kind.__name__}; got {show_value(val)}"
        )
    return val


def _fields(obj, fields: dict, where: str) -> None:
    if not isinstance(obj, dict):
        raise DTypeError(f"errata sheet: {where} must be a dict; got {show_value(obj)}")
    for key, kind in fields.items():
        _need(obj, key, kind, where)


def check_sheet(sheet, kinds: Iterable[str]) -> dict:
    """``sheet`` unchanged if it has the structure of an errata sheet whose erratum kinds
    are among ``kinds``; else :class:`DTypeError` naming the entry."""
    kinds = tuple(kinds)
    if not isinstance(sheet, dict):
        raise DTypeError(f"sheet must be the dict build_errata returns; got {show_value(sheet)}")
    paper = _need(sheet, "paper", dict, "sheet")
    _fields(paper, _PAPER, "sheet['paper']")
    if paper.get("version") is not None and not isinstance(paper["version"], str):
        raise DTypeError(
            f"errata sheet: sheet['paper']['version'] must be a str; got "
            f"{show_value(paper['version'])}"
        )
    _need(sheet, "seed", int, "sheet")
    _need(sheet, "mathematical", int, "sheet")
    counts = _need(sheet, "counts", dict, "sheet")
    _need(counts, "editorial", int, "sheet['counts']")
    for k, n in counts.items():
        if not isinstance(k, str) or isinstance(n, bool) or not isinstance(n, int):
            raise DTypeError(
                f"errata sheet: sheet['counts'] must map kinds to integers; got "
                f"{show_value(k)}: {show_value(n)}"
            )
    for i, e in enumerate(_need(sheet, "errata", list, "sheet")):
        where = f"sheet['errata'][{i}]"
        kind = _need(e, "kind", str, where)
        if kind not in kinds:
            raise DTypeError(f"errata sheet: {where}['kind'] must be one of {kinds}; got {kind!r}")
        claims = _need(e, "claims", list, where)
        if not claims:
            raise DTypeError(f"errata sheet: {where}['claims'] is empty")
        for j, c in enumerate(claims):
            cw = f"{where}['claims'][{j}]"
            _fields(c, _CLAIM, cw)
            for key in _CLAIM_OPTIONAL:
                if c.get(key) is not None and not isinstance(c[key], str):
                    raise DTypeError(
                        f"errata sheet: {cw}[{key!r}] must be a str or None; "
                        f"got {show_value(c[key])}"
                    )
            sizes = c.get("sizes")
            if sizes is not None and not (
                isinstance(sizes, dict)
                and all(isinstance(k, str) and isinstance(v, str) for k, v in sizes.items())
            ):
                raise DTypeError(
                    f"errata sheet: {cw}['sizes'] must map size symbols to their meanings "
                    f"(str to str); got {show_value(sizes)}"
                )
    for i, r in enumerate(_need(sheet, "remarks", list, "sheet")):
        _fields(r, _REMARK, f"sheet['remarks'][{i}]")
        if not all(isinstance(t, str) for t in r["remarks"]):
            raise DTypeError(
                f"errata sheet: sheet['remarks'][{i}]['remarks'] must be a list of str"
            )
    missing = _need(sheet, "without_defect", list, "sheet")
    if not all(isinstance(x, str) for x in missing):
        raise DTypeError("errata sheet: sheet['without_defect'] must be a list of claim ids")
    return sheet
