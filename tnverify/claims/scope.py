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


def describe_space(space, name=None, probe=None) -> str:
    """The parameter values of ``space`` (a sequence of parameter dicts) per key, in the
    order the keys first appear: ``k = v`` for one value, ``k ∈ {a, b}`` for a few,
    ``a ≤ k ≤ b`` for many numbers; ``""`` when no case has a parameter.  ``name`` (a
    callable, key -> symbol) writes each key in a paper's notation; the keys that
    ``probe`` (a callable, key -> bool) calls probe sizes are listed last, after
    "probe sizes"."""
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
    model: list[str] = []
    probes: list[str] = []
    for k, vals in keys.items():
        bits = probes if probe is not None and probe(k) else model
        sym = name(k) if name is not None else k
        numeric = all(isinstance(v, Real) and not isinstance(v, bool) for v in vals)
        if len(vals) == 1:
            bits.append(f"{sym} = {_value(vals[0])}")
        elif numeric and len(vals) > _LISTED:
            lo, hi = min(vals), max(vals)
            bits.append(f"{_value(lo)} ≤ {sym} ≤ {_value(hi)}")
        elif len(vals) <= _LISTED or numeric:
            ordered = sorted(vals) if numeric else vals
            bits.append(f"{sym} ∈ {{{', '.join(_value(v) for v in ordered)}}}")
        else:
            bits.append(f"{sym}: {len(vals)} values")
        if seen[k] < len(cases):
            bits[-1] += f" (in {seen[k]} of {len(cases)} cases)"
    text = ", ".join(model)
    if probes:
        text += ("; " if text else "") + "probe sizes " + ", ".join(probes)
    return text


#: How a case that ran came out, in words.
_OUTCOME = {
    "holds": "which holds",
    "fails": "which fails",
    "ill-posed": "which is ill-posed",
    "error": "which raised",
}


def _ran(label: str, cases, evidence, name, probe) -> str:
    """The cases of a side whose last case that ran did not hold (the run stops at the
    first failing case): those that ran, in order, each with its sizes and how it came
    out, then how many scheduled cases did not run."""
    n, k = len(cases), len(evidence)
    bits = []
    for i in range(k):
        d = describe_space(cases[i : i + 1], name, probe)
        word = _OUTCOME.get(getattr(evidence[i], "verdict", ""), "")
        bits.append(f"({d or 'fixed sizes'})" + (f", {word}" if word else ""))
    if k == 1:
        text = f"1 {label} case {bits[0]}"
    else:
        text = f"{k} {label} cases, run in order: " + ", ".join(bits[:-1]) + f", then {bits[-1]}"
    if k < n:
        text += (
            f"; {n - k} further scheduled case{'s' if n - k != 1 else ''} not run: "
            "the first failure decides"
        )
    return text


def _stopped(side) -> list:
    """The evidence of a side (a :class:`~tnverify.claims.runner.SideResult`) that ran and
    stopped at a case that did not hold; empty otherwise."""
    cases = list(getattr(side, "cases", ()) or ())
    if cases and getattr(cases[-1], "verdict", "holds") in ("fails", "ill-posed", "error"):
        return cases
    return []


def scope_line(
    claim, scale: str = "small", result=None, *, stops: bool = False, name=None, probe=None
) -> str:
    """The claim's scope in one line: its hand-written caveat (``claim.scope``), then the
    small side's cases ("N small cases (…)") and the scaled side's at ``scale`` ("a larger
    run (…)"; the scale is named when it is not the default run's ``"small"``).  With a
    ``result`` whose small side ran a hypothesis test (a user's ``@given`` claim), the
    small side is counted in the examples hypothesis drew, not as one case.  A side of
    ``result`` that stopped at a failing case among several lists the cases that ran, each
    with its sizes, and says how many scheduled cases did not run; without a result of
    that side, ``stops=True`` (a failing claim's line on an errata sheet) says of a side
    with several cases that its run stops at the first failing case.  ``name`` and
    ``probe`` write the sizes in a paper's notation (:func:`describe_space`)."""
    space = tuple(claim.space)
    n = len(space)
    small = describe_space(space, name, probe)
    drawn = [
        ev.details.get("examples")
        for ev in getattr(getattr(result, "small", None), "cases", ()) or ()
    ]
    ran = _stopped(getattr(result, "small", None))
    if drawn and all(isinstance(k, int) and not isinstance(k, bool) for k in drawn):
        k = sum(drawn)
        parts = [
            f"{k} hypothesis example{'s' if k != 1 else ''} (drawn by the "
            "test's @given; what they drew is in the computed values)"
        ]
    elif ran and n > 1:
        parts = [_ran("small", space, ran, name, probe)]
    else:
        parts = [
            f"{n} small case{'s' if n != 1 else ''}"
            + (f" ({small})" if small else " (fixed sizes, no size parameter)")
            + (_STOPS if stops and n > 1 and result is None else "")
        ]
    if claim.scaled is not None:
        cases = tuple(claim.scaled_space.get(scale, ()))
        ran = _stopped(getattr(result, "scaled", None))
        at = f" at scale {scale}" if scale != "small" else ""
        if cases and ran and len(cases) > 1:
            parts.append(_ran("larger-run" + at, cases, ran, name, probe))
        elif cases:
            scaled = describe_space(cases, name, probe)
            ran_scaled = bool(getattr(getattr(result, "scaled", None), "cases", ()))
            parts.append(
                "a larger run"
                + at
                + (f" ({scaled})" if scaled else "")
                + (_STOPS if stops and len(cases) > 1 and not ran_scaled else "")
            )
    caveat = claim.scope.strip().rstrip(".") if claim.scope else ""
    return (caveat + "; checked on: " if caveat else "checked on: ") + "; ".join(parts)
