"""Exact comparisons of integer results (ranks, counts) in the statement's own direction:
:func:`compare_ints` with ``==``, ``>=`` or ``<=``, accepting tnverify's rank objects.

The negative control moves the wanted integers by one the way that breaks the relation
(``==``: the first entry + 1; ``<=``: the first entry set to ``got − 1``; ``>=``: set to
``got + 1``), or compares ``control`` (the integers of a minimal wrong variant).
"""

from __future__ import annotations

import numpy as np

from ..errors import DTypeError, ShapeError, UsageError
from ..ranks.numerical import NumericalRank
from ..validation import as_int, as_int_array, as_mapping, as_text
from .evidence import Evidence

__all__ = ["compare_ints", "RELATIONS", "as_relation", "side_names"]


def _rank_int(x, name: str):
    """A rank object of tnverify (``GridRank``, ``CPRankBound``, ``MinCutBound``,
    ``GenericRank``, ``NumericalRank``) as ``(int, kind)``; None for anything else."""
    for attr in ("rank", "bound"):
        v = getattr(x, attr, None)
        if (
            v is not None
            and not callable(v)
            and hasattr(x, "__int__")
            and not isinstance(x, (bool, np.bool_))
        ):
            try:
                value = as_int(v, name)
            except (TypeError, ValueError):
                return None
            kind = getattr(x, "kind", None)
            if isinstance(x, NumericalRank):
                kind = "estimate"
            elif not isinstance(kind, str):
                kind = "certified" if getattr(x, "certified", True) else "estimate"
            return value, kind
    return None


def _int_list(xs, name: str) -> tuple[list[int], list[str] | None]:
    """``xs`` as a list of Python ints (any size) and, for rank objects, their kinds: a
    1-D sequence, integer array or tensor of integers, one integer, or tnverify rank
    objects (``GridRank`` …); floats, bools and strings are refused, never truncated."""
    one = _rank_int(xs, name)
    if one is not None:
        return [one[0]], [one[1]]
    if isinstance(xs, (int, np.integer)) and not isinstance(xs, (bool, np.bool_)):
        return [as_int(xs, name)], None
    if isinstance(xs, (str, bytes)) or not hasattr(xs, "__iter__"):
        raise DTypeError(
            f"{name} must be an integer, a rank object (GridRank, ...) or a "
            f"1-D sequence of them; got {xs!r}"
        )
    if hasattr(xs, "ndim") and xs.ndim != 1:
        raise ShapeError(f"{name} must be 1-D; got shape {tuple(xs.shape)}")
    if hasattr(xs, "detach") or isinstance(xs, np.ndarray):
        return as_int_array(xs, name, ndim=1).tolist(), None
    out, kinds = [], []
    for i, x in enumerate(xs):
        r = _rank_int(x, f"{name}[{i}]")
        out.append(r[0] if r else as_int(x, f"{name}[{i}]"))
        kinds.append(r[1] if r else "int")
    return out, (kinds if any(k != "int" for k in kinds) else None)


#: The relations of :func:`compare_ints` and :func:`compare_bound`, printed as the statement
#: reads them ("rank 27 ≥ bound 27").
RELATIONS = {"==": "=", ">=": "≥", "<=": "≤"}


def as_relation(relation) -> str:
    """``relation`` checked: one of :data:`RELATIONS` (else UsageError)."""
    if not isinstance(relation, str) or relation not in RELATIONS:
        raise UsageError(f"relation must be one of '==', '>=', '<='; got {relation!r}")
    return relation


def _statement(got, want, relation: str, names) -> str:
    """``got relation want`` in the statement's direction, e.g. ``rank 27 ≥ bound 27``."""
    g = got[0] if len(got) == 1 else got
    w = want[0] if len(want) == 1 else want
    return f"{names[0]} {g} {RELATIONS[relation]} {names[1]} {w}"


def side_names(names) -> tuple[str, str]:
    """Two strings naming the compared sides (``("rank", "bound")``)."""
    if isinstance(names, (str, bytes)) or not isinstance(names, (tuple, list)) or len(names) != 2:
        raise UsageError(
            f"names must be two strings (what got and want are, e.g. "
            f"('rank', 'bound')); got {names!r}"
        )
    return as_text(names[0], "names[0]"), as_text(names[1], "names[1]")


def compare_ints(
    compared,
    got,
    want=None,
    relation: str = "==",
    *,
    control=None,
    control_label: str | None = None,
    names=("got", "want"),
    sizes: dict | None = None,
) -> Evidence:
    """Exact comparison of integer results (ranks), elementwise ``==``, ``>=`` or ``<=``.

    Called ``compare_ints("what", got, want, relation=">=")`` or, without the words,
    ``compare_ints(got, want, relation=">=")`` (then ``compared`` is the statement
    itself).  ``got relation want`` is the statement's own direction: a lower bound is
    ``compare_ints(rank, bound, relation=">=")`` and prints ``rank 27 ≥ bound 27``
    (``Evidence.details["statement"]``, with ``names`` naming the two sides); got and
    want are never swapped.  ``sizes`` (optional) records the sizes the compared
    integers depend on (``Evidence.sizes``; a counterexample prints them).

    The negative control is the same comparison on ``control`` (the integers a minimal
    wrong variant gives: the printed-vs-meant edit, a shifted window, a wrong count) when
    given, else on the wanted integers moved by one the way that breaks the relation
    (``==``: the first wanted entry + 1; ``<=``: set to got − 1; ``>=``: set to got + 1).

    ``got`` and ``want`` are integers, tnverify's rank objects (:class:`GridRank`,
    :class:`CPRankBound`, :class:`~tnverify.networks.MinCutBound`,
    :class:`~tnverify.networks.GenericRank`, :class:`NumericalRank`; their kind —
    exact, lower bound, estimate — is kept in ``details["got_kinds"]``) or 1-D sequences
    of them; floats (even ``1.0``), bools, strings and nested lists raise
    :class:`~tnverify.errors.DTypeError` / :class:`~tnverify.errors.ShapeError`, so a
    comparison can never "hold" by truncation.

    Examples
    --------
    >>> compare_ints("ranks", [1, 2, 1], [1, 3, 1], "<=").verdict
    'holds'
    >>> compare_ints("ranks", [1, 2], [1, 3]).verdict
    'fails'
    >>> ev = compare_ints(27, 27, relation=">=", names=("rank", "bound"))
    >>> ev.details["statement"], ev.verdict, ev.control.verdict
    ('rank 27 ≥ bound 27', 'holds', 'fails')
    """
    if not isinstance(compared, str):  # compare_ints(got, want, relation=...)
        if want is not None and not (isinstance(want, str) and want in RELATIONS):
            raise UsageError(
                "compare_ints takes (compared, got, want) or (got, want): a "
                "third value must be the relation"
            )
        if isinstance(want, str):
            relation = want
        compared, got, want = None, compared, got
    elif want is None:
        raise UsageError("compare_ints(compared, got, want): want is missing")
    relation = as_relation(relation)
    names = side_names(names)
    control_label = as_text(control_label, "control_label", optional=True)
    sizes = as_mapping(sizes, "sizes")
    (got, got_kinds), (want, want_kinds) = _int_list(got, "got"), _int_list(want, "want")
    statement = _statement(got, want, relation, names)
    compared = statement if compared is None else as_text(compared, "compared")
    if len(got) != len(want):
        # operands that do not match: a broken check (verdict error), not a failure
        return Evidence(
            compared,
            invalid=f"got has {len(got)} integers and want "
            f"{len(want)}: the comparison pairs them entry by entry",
            details={"got": got, "want": want, "relation": relation},
        )
    ok = _ints_hold(got, want, relation)
    if control is not None:
        wrong_got, _ = _int_list(control, "control")
        what = control_label or "a minimal wrong variant"
        control = Evidence(
            f"control ({what}) of: {compared}",
            passed=_ints_hold(wrong_got, want, relation),
            details={
                "variant": what,
                "got": wrong_got,
                "statement": _statement(wrong_got, want, relation, names),
            },
        )
    elif got:
        wrong = list(want)
        if relation == "==":
            wrong[0], what = want[0] + 1, "first wanted entry + 1"
        elif relation == "<=":
            wrong[0], what = got[0] - 1, "first wanted entry set to got − 1"
        else:
            wrong[0], what = got[0] + 1, "first wanted entry set to got + 1"
        control = Evidence(
            f"control ({what}) of: {compared}",
            passed=_ints_hold(got, wrong, relation),
            details={
                "variant": what,
                "want": wrong,
                "statement": _statement(got, wrong, relation, names),
            },
        )
    else:
        control = None
    details = {"got": got, "want": want, "relation": relation, "statement": statement}
    if got_kinds:
        details["got_kinds"] = got_kinds
    if want_kinds:
        details["want_kinds"] = want_kinds
    return Evidence(
        compared,
        passed=ok,
        details=details,
        sizes=sizes,
        counterexample=None
        if ok
        else {"got": got, "want": want, "relation": relation, "statement": statement},
        control=control,
    )


def _ints_hold(got, want, relation) -> bool:
    ops = {"==": lambda g, w: g == w, "<=": lambda g, w: g <= w, ">=": lambda g, w: g >= w}
    return len(got) == len(want) and all(ops[relation](g, w) for g, w in zip(got, want))
