"""Check of the Born-machine claim ``thesis-eq-3.2`` (and its ``-corrected`` twin) in
:mod:`tnverify.claims.thesis.born.statements`: the D^L entries of Eq. 3.2's tensor and the
space complexity claimed for them, in exact integers."""

from __future__ import annotations

import math

from ....definitions.explicit import max_entries
from ... import Evidence
from ...compare import compare_ints

__all__ = ["first_exceeding", "small_eq32"]

#: The fixed constants C of a bound D^L ≤ C·b^L (big-O with constant C) that the check
#: confronts with the ratio D^L/b^L, and the lengths L at which it shows the ratio.
_EQ32_CONSTANTS = (10, 10**3, 10**6, 10**12)
_EQ32_CONSTANTS_TEXT = "10, 10³, 10⁶, 10¹²"
_EQ32_SHOWN_L = (1, 2, 8, 16, 32, 64)


def first_exceeding(D, b, C):
    """The smallest L ≥ 1 with D^L > C·b^L, in exact integers; None when D ≤ b.

    The ratio D^L/b^L = (D/b)^L is geometric.  For D ≤ b it is at most 1 ≤ C at every L,
    so no L exceeds C; for D > b it grows without bound and first exceeds C at
    L = ⌊ln C / ln(D/b)⌋ + 1 (found from that estimate and fixed by exact comparisons).

    Parameters
    ----------
    D, b : int
        The local dimension and the base of the bound b^L.
    C : int
        The fixed constant of the bound D^L ≤ C·b^L (C ≥ 1).

    Returns
    -------
    int or None
        The first L at which the bound fails (it fails at every larger L too), or None
        when it holds at every L.

    Examples
    --------
    >>> first_exceeding(3, 2, 10), first_exceeding(3, 2, 10**12), first_exceeding(2, 2, 10)
    (6, 69, None)
    """
    if D <= b:
        return None
    L = max(1, math.floor(math.log(C) / math.log(D / b)))
    while D**L <= C * b**L:
        L += 1
    while L > 1 and D ** (L - 1) > C * b ** (L - 1):
        L -= 1
    return L


def small_eq32(params, rng, corrected=False):
    """Eq. 3.2's tensor 𝐂 has D^L entries (exact integers, L = 1, …, 64), and D^L = O(2^L)
    (printed; ``corrected``: O(D^L)) is confronted with fixed constants C: the first L from
    which D^L > C·b^L (:func:`first_exceeding`).  Control: the base one smaller."""
    D = params["dim"]
    Ls = range(1, 65)
    counts = [D**L for L in Ls]  # exact integers: entries of 𝐂
    parts = {
        "entries = D^L": compare_ints(
            "entries of the order-L tensor vs D^L", [math.prod([D] * L) for L in Ls], counts
        )
    }
    base, sym = (D, "D") if corrected else (2, "2")

    # D^L = O(b^L) iff some fixed C bounds D^L/b^L at every L: for each C of the list, the
    # first L from which D^L > C·b^L (None: no L, the ratio stays ≤ 1)
    first = {C: first_exceeding(D, base, C) for C in _EQ32_CONSTANTS}
    ok = all(v is None for v in first.values())
    shown = ", ".join(map(str, _EQ32_SHOWN_L))
    why = (
        "the ratio D^L/D^L is 1"
        if corrected
        else "the ratio D^L/2^L = (D/2)^L is geometric: for D > 2 it exceeds any fixed C "
        "from L = ⌊ln C / ln(D/2)⌋ + 1 on, so no C bounds it"
    )
    parts[f"D^L = O({sym}^L)"] = Evidence(
        f"D^L ≤ C·{sym}^L at every L, for each fixed C = {_EQ32_CONSTANTS_TEXT} (exact "
        f"integers; {why})",
        passed=ok,
        key="big-o",
        details={"ratio_at_L64": float(D**64 / base**64)},
        counterexample=None
        if ok
        else {
            "D": D,
            f"(D/{sym})^L at L = {shown}": [float(D**L / base**L) for L in _EQ32_SHOWN_L],
            f"first L from which D^L > C·{sym}^L, for C = {_EQ32_CONSTANTS_TEXT}": [
                first[C] for C in _EQ32_CONSTANTS
            ],
        },
        control=Evidence(
            f"control (base {'D − 1 = ' if corrected else ''}{base - 1} in place of {sym}) "
            f"of: D^L ≤ C·{sym}^L at every L",
            passed=all(first_exceeding(D, base - 1, C) is None for C in _EQ32_CONSTANTS),
        ),
    )
    guard = max_entries()
    fits = max(L for L in Ls if D**L <= guard) if D <= guard else 0
    return Evidence(
        "entries of 𝐂 vs the claimed space complexity",
        parts=parts,
        sizes={"dim": D},
        details={
            "size_guard_entries": guard,
            "largest_L_under_guard": fits,
            "bytes_float64_L64": float(8 * D**64),
        },
    )
