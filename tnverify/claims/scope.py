"""A claim's scope: the sizes and cases its verdict covers, in one line.

A verdict is computed on finitely many cases: the small side's ``space`` (explicit
tensors) and the scaled side's cases at the default scale.  :func:`scope_line` says
which, derived from the claim's parameter spaces, after the hand-written caveat of
``Claim.scope`` where one matters (``ttlm-claim-b1`` holds for ``b = 0`` only).

Examples
--------
>>> describe_space(({"vocab_size": 2, "length": 3}, {"vocab_size": 4, "length": 5}))
'vocab_size ∈ {2, 4}, length ∈ {3, 5}'
>>> describe_space(({"M": 2}, {"M": 3}, {"M": 4}, {"M": 6}, {"M": 8}))
'2 ≤ M ≤ 8'
>>> describe_space(({},))
''
"""

from __future__ import annotations

from numbers import Real

__all__ = ["describe_space", "scope_line"]

#: How a failing claim's scope says that a side ran its cases only up to the first failure.
_STOPS = ", run in order, stopping at the first that fails"

#: At most this many distinct values are listed; more are given as a range.
_LISTED = 3


def _value(v) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float):
        return f"{v:g}"
    if isinstance(v, (list, tuple)):
        return "(" + ", ".join(_value(x) for x in v) + ")"
    return str(v)


def describe_space(space) -> str:
    """The parameter values of ``space`` (a sequence of parameter dicts) per key, in the
    order the keys first appear: ``k = v`` for one value, ``k ∈ {a, b}`` for a few,
    ``a ≤ k ≤ b`` for many numbers; ``""`` when no case has a parameter."""
    keys: dict[str, list] = {}
    seen: dict[str, int] = {}
    cases = list(space or ())
    for case in cases:
        for k in dict(case):
            seen[str(k)] = seen.get(str(k), 0) + 1
    for case in cases:
        for k, v in dict(case).items():
            vals = keys.setdefault(str(k), [])
            if not any(v == w and type(v) is type(w) for w in vals):
                vals.append(v)
    bits = []
    for k, vals in keys.items():
        numeric = all(isinstance(v, Real) and not isinstance(v, bool) for v in vals)
        if len(vals) == 1:
            bits.append(f"{k} = {_value(vals[0])}")
        elif numeric and len(vals) > _LISTED:
            lo, hi = min(vals), max(vals)
            bits.append(f"{_value(lo)} ≤ {k} ≤ {_value(hi)}")
        elif len(vals) <= _LISTED or numeric:
            ordered = sorted(vals) if numeric else vals
            bits.append(f"{k} ∈ {{{', '.join(_value(v) for v in ordered)}}}")
        else:
            bits.append(f"{k}: {len(vals)} values")
        if seen[k] < len(cases):
            bits[-1] += f" (in {seen[k]} of {len(cases)} cases)"
    return ", ".join(bits)


def scope_line(claim, scale: str = "small", result=None, *, stops: bool = False) -> str:
    """The claim's scope in one line: its hand-written caveat (``claim.scope``), then the
    small side's cases ("N small cases (…)") and the scaled side's at ``scale`` ("a larger
    run (…)"; the scale is named when it is not the default run's ``"small"``).  With a
    ``result`` whose small side ran a hypothesis test (a user's ``@given`` claim), the
    small side is counted in the examples hypothesis drew, not as one case.  ``stops=True``
    (a failing claim's line on an errata sheet) says of a side with several cases that its
    run stops at the first failing case, so later cases need not have run."""
    n = len(claim.space)
    small = describe_space(claim.space)
    drawn = [
        ev.details.get("examples")
        for ev in getattr(getattr(result, "small", None), "cases", ()) or ()
    ]
    if drawn and all(isinstance(k, int) and not isinstance(k, bool) for k in drawn):
        k = sum(drawn)
        parts = [
            f"{k} hypothesis example{'s' if k != 1 else ''} (drawn by the "
            "test's @given; what they drew is in the computed values)"
        ]
    else:
        parts = [
            f"{n} small case{'s' if n != 1 else ''}"
            + (f" ({small})" if small else " (fixed sizes, no size parameter)")
            + (_STOPS if stops and n > 1 else "")
        ]
    if claim.scaled is not None:
        cases = tuple(claim.scaled_space.get(scale, ()))
        if cases:
            scaled = describe_space(cases)
            parts.append(
                "a larger run"
                + (f" at scale {scale}" if scale != "small" else "")
                + (f" ({scaled})" if scaled else "")
                + (_STOPS if stops and len(cases) > 1 else "")
            )
    caveat = claim.scope.strip().rstrip(".") if claim.scope else ""
    return (caveat + "; checked on: " if caveat else "checked on: ") + "; ".join(parts)
