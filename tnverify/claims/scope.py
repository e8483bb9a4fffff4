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

#: How a failing claim's scope line without a run says that a side runs its cases in
#: order and stops at the first failing one.
_STOPS = ", run in order until one fails"

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
    "error": "which stopped with an error",
    "skipped": "which judges nothing (it reports values only)",
}


def _ran(label: str, cases, evidence, name, probe) -> str:
    """The cases of a side that ran (``evidence``, one per case, in order; the run stops
    at the first failing case): each with its sizes and how it came out, all at once
    when they all ran and hold, then how many of the side's cases did not run.
    ``label`` names the side ("small", or "larger-run" for the scaled side)."""
    n, k = len(cases), len(evidence)
    verdicts = [getattr(ev, "verdict", "") for ev in evidence]
    small = label == "small"

    if k == n and verdicts and all(v == "holds" for v in verdicts):
        d = describe_space(cases, name, probe)
        sizes = f" ({d})" if d else " (fixed sizes, no size parameter)"
        if small:
            head = f"{n} small case{'s' if n != 1 else ''}"
        else:
            head = "a larger run" + (f" of {n} cases" if n != 1 else "")
        return head + sizes + (", which holds" if n == 1 else ", all of which hold")
    bits = []
    for i in range(k):
        d = describe_space(cases[i : i + 1], name, probe)
        word = _OUTCOME.get(verdicts[i], "")
        bits.append(f"({d or 'fixed sizes'})" + (f", {word}" if word else ""))
    head = f"{k} small case{'s' if k != 1 else ''}" if small else "a larger run"
    if k == 1:
        text = f"{head} {bits[0]}" if small or n == 1 else f"{head}: {bits[0]}"
    else:
        text = f"{head}, run in order: " + ", ".join(bits[:-1]) + f", then {bits[-1]}"
    if k < n:
        m = n - k
        what = f"{m} more {'small ' if small else ''}case{'s' if m != 1 else ''}"
        if not small:
            what += " of the larger run"
        text += (
            f"; {what} {'was' if m == 1 else 'were'} not run (the run stops at the first "
            "failing case)"
        )
    return text


def _side_cases(side) -> list:
    """The evidence of a side (a :class:`~tnverify.claims.runner.SideResult`) that ran,
    one per case that ran; empty when the side did not run."""
    return list(getattr(side, "cases", ()) or ())


def scope_line(
    claim,
    scale: str = "small",
    result=None,
    *,
    stops: bool = False,
    name=None,
    probe=None,
    unrun: str = "not run",
) -> str:
    """The claim's scope in one line: its hand-written caveat (``claim.scope``), then the
    small side's cases ("N small cases (…)") and the scaled side's at ``scale`` ("a larger
    run (…)"; the scale is named when it is not the default run's ``"small"``).  With a
    ``result`` whose small side ran a hypothesis test (a user's ``@given`` claim), the
    small side is counted in the examples hypothesis drew, not as one case.  Every case a
    side of ``result`` ran is listed with how it came out (all at once when they all
    hold), and the cases the run did not reach are counted (a run stops at its first
    failing case); a side with cases that ``result`` did not run is said to be
    ``unrun`` (the errata sheets run the small side only).  Without a result,
    ``stops=True`` (a failing claim's line) says of a side with several cases that its
    run stops at the first failing case.  ``name`` and ``probe`` write the sizes in a
    paper's notation (:func:`describe_space`)."""
    space = tuple(claim.space)
    n = len(space)
    small = describe_space(space, name, probe)
    drawn = [
        ev.details.get("examples")
        for ev in getattr(getattr(result, "small", None), "cases", ()) or ()
    ]
    ran = _side_cases(getattr(result, "small", None))
    if drawn and all(isinstance(k, int) and not isinstance(k, bool) for k in drawn):
        k = sum(drawn)
        parts = [
            f"{k} hypothesis example{'s' if k != 1 else ''} (drawn by the "
            "test's @given; what they drew is in the computed values)"
        ]
    elif ran:
        parts = [_ran("small", space, ran, name, probe)]
    else:
        parts = [
            f"{n} small case{'s' if n != 1 else ''}"
            + (f" ({small})" if small else " (fixed sizes, no size parameter)")
            + (_STOPS if stops and n > 1 and result is None else "")
            + (f", {unrun}" if result is not None and n else "")
        ]
    if claim.scaled is not None:
        cases = tuple(claim.scaled_space.get(scale, ()))
        ran = _side_cases(getattr(result, "scaled", None))
        at = f" at scale {scale}" if scale != "small" else ""
        if cases and ran:
            parts.append(
                _ran("larger-run", cases, ran, name, probe).replace(
                    "a larger run", "a larger run" + at, 1
                )
            )
        elif cases:
            scaled = describe_space(cases, name, probe)
            parts.append(
                "a larger run"
                + at
                + (f" ({scaled})" if scaled else "")
                + (_STOPS if stops and len(cases) > 1 and result is None else "")
                + (f", {unrun}" if result is not None else "")
            )
    caveat = claim.scope.strip().rstrip(".") if claim.scope else ""
    return (caveat + "; checked on: " if caveat else "checked on: ") + "; ".join(parts)
