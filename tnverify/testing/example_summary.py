"""What a hypothesis claim drew, summarised over its examples: each example's parameters
by kind (numbers as they are, arrays and tensor networks by shape and ranks), the range of
every drawn value, and per check how many examples held with the worst err/tol and the
tightest margins (the numbers a report shows for a ``@given`` claim)."""

from __future__ import annotations

from ..claims import HOLDS

__all__ = ["FIXTURES", "drawn_kinds", "drawn_summary", "per_check", "worst_ratio"]


#: The fixture names tnverify serves (never reported as a test's parameters).
FIXTURES = ("tnverify_oracle", "tnverify_tolerance", "tnverify_compare", "tnverify_rng")


def worst_ratio(log) -> float | None:
    """The largest err/tol of some checks (``None`` when none has a float error)."""
    rs = [e.ratio for e in log if e.ratio is not None]
    return max(rs) if rs else None


def _kind(v, depth: int = 0):
    """What was drawn, without its numbers: a number itself, an array or a tensor network
    by its shape (and ranks), a short tuple element by element."""
    import numpy as np

    if isinstance(v, (bool, np.bool_)):
        return bool(v)
    if isinstance(v, (int, float, np.integer, np.floating)):
        return v.item() if isinstance(v, np.generic) else v
    shape = getattr(v, "shape", None)
    if isinstance(shape, tuple):
        text = f"shape {tuple(int(x) for x in shape)}"
        ranks = getattr(v, "ranks", None)
        rank = getattr(v, "rank", None)
        if isinstance(ranks, tuple):
            text += f", ranks {tuple(int(x) for x in ranks)}"
        elif isinstance(rank, (int, np.integer)):
            text += f", rank {int(rank)}"
        return text
    if isinstance(v, (list, tuple)) and len(v) <= 8 and depth < 2:
        return tuple(_kind(x, depth + 1) for x in v)
    if isinstance(v, str) and len(v) <= 40:
        return v
    return type(v).__name__


def drawn_kinds(kwargs: dict) -> dict:
    """An example's parameters as :func:`_kind` describes them, a short tuple's elements
    under ``name[i]``."""
    out = {}
    for k, v in kwargs.items():
        if k in FIXTURES:
            continue
        kind = _kind(v)
        if isinstance(kind, tuple):
            out.update({f"{k}[{i}]": x for i, x in enumerate(kind)})
        else:
            out[k] = kind
    return out


def _fmt(x) -> str:
    return f"{x:.4g}" if isinstance(x, float) else str(x)


def drawn_summary(examples: list) -> dict:
    """What a ``@given`` run drew, over all its examples: per parameter the range of a
    number (and how many distinct values) or the shapes/ranks seen with their counts."""
    import collections

    values: dict = {}
    for e in examples:
        for k, v in (e.get("drawn") or {}).items():
            values.setdefault(k, []).append(v)
    out = {}
    for k, vals in values.items():
        if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in vals):
            lo, hi = min(vals), max(vals)
            out[k] = (
                f"{_fmt(lo)} to {_fmt(hi)} ({len(set(vals))} distinct values)"
                if lo != hi
                else f"always {_fmt(lo)}"
            )
            continue
        counts = collections.Counter(str(v) for v in vals).most_common()
        shown = [f"{v} ×{c}" for v, c in counts[:4]]
        if len(counts) > 4:
            shown.append(f"… {len(counts) - 4} more kinds")
        out[k] = " / ".join(shown)
    return out


def per_check(examples: list) -> dict:
    """Each check of a ``@given`` run over all its examples: in how many it ran and held,
    its worst err/tol and, for a bound, its smallest and largest margin (the slack
    ``(bound − value)/scale``) and how many examples were equality up to the tolerance
    (``|margin| ≤ tolerance``: a bound that is attained, or a round-off case where both
    sides are 0)."""
    rows: dict = {}  # by position in the example: a name may carry its numbers
    for e in examples:
        for i, ev in enumerate(e["log"]):
            rows.setdefault(i, []).append(ev)
    out = {}
    for i, evs in rows.items():
        names = {ev.compared for ev in evs}
        name = names.pop() if len(names) == 1 else f"check {i + 1}"
        held = sum(ev.verdict == HOLDS for ev in evs)
        bits = [f"{len(evs)} example{'s' if len(evs) != 1 else ''} ({held} hold)"]
        r = worst_ratio(evs)
        if r is not None:
            bits.append(f"worst err/tol {r:.4g}")
        margins = [
            (float(ev.details["margin"]), ev.tolerance)
            for ev in evs
            if isinstance(ev.details.get("margin"), (int, float))
        ]
        if margins:
            ms = [m for m, _ in margins]
            tight = sum(abs(m) <= float(t) for m, t in margins if t is not None)
            bits.append(
                f"margin {min(ms):.4g} to {max(ms):.4g}, equality up to the tolerance in {tight}"
            )
        out[name] = ", ".join(bits)
    return out
