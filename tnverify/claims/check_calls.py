"""Calling one check of a claim (:meth:`tnverify.claims.Claim.run_small` /
``run_scaled``): the outcomes under ruled-out readings set aside, the seed recorded and
the counterexample of a failing case found (its failing part or reading named under
``"where"``) with the parameters and seed that re-run it."""

from __future__ import annotations

import numpy as np

from ..errors import ClaimError
from .evidence import FAILS, ILL_POSED, Evidence

__all__ = ["apply_readings", "call_check", "failing_detail"]


def apply_readings(ev: Evidence, claim) -> None:
    """Move the outcomes under ruled-out readings out of the deciding ``readings``
    (recursively, through parts), so only admissible readings decide."""
    if ev.readings and claim.readings:
        ruled = {
            k: v
            for k, v in ev.readings.items()
            if k in claim.readings and not claim.readings[k].admissible
        }
        if ruled:
            ev.ruled_out = {**(ev.ruled_out or {}), **ruled}
            ev.readings = {k: v for k, v in ev.readings.items() if k not in ruled} or None
    for sub in (ev.parts or {}).values():
        apply_readings(sub, claim)


def failing_detail(ev: Evidence) -> dict:
    """The counterexample of ``ev`` or, failing that, of its first failing part or
    reading (named under ``"where"``)."""
    if ev.counterexample:
        found = dict(ev.counterexample)
        found.setdefault("compared", ev.compared)
        return found
    if ev.ill_posed and not ev.readings:
        return {"compared": ev.compared, "why": ev.ill_posed}
    for kind, subs in (("part", ev.parts), ("reading", ev.readings)):
        for name, sub in (subs or {}).items():
            if sub.verdict in (FAILS, ILL_POSED):
                found = failing_detail(sub)
                inner = found.get("where")
                found["where"] = f"{kind} {name!r}" + (f" / {inner}" if inner else "")
                return found
    return {}


def call_check(fn, params: dict, seed: int, claim=None) -> Evidence:
    """Run one check ``fn(rng)`` with ``numpy.random.default_rng(seed)``: the outcomes
    under readings ``claim`` rules out moved aside (:func:`apply_readings`), the seed
    recorded and, on failure, the counterexample (:func:`failing_detail`) with the case's
    ``params`` and the seed that re-run it."""
    ev = fn(np.random.default_rng(seed))
    if not isinstance(ev, Evidence):
        raise ClaimError(f"a check must return Evidence; got {type(ev).__name__}")
    if claim is not None:
        apply_readings(ev, claim)
    ev.seed = int(seed)
    if ev.verdict in (FAILS, ILL_POSED):
        ce = failing_detail(ev)
        if ce or ev.verdict == FAILS:
            ce.setdefault("params", dict(params))
            # an explicit None is kept: the check drew nothing from the seeded generator
            # (a user's plain test), so no seed reproduces anything
            if not ("seed" in ce and ce["seed"] is None):
                ce["seed"] = int(seed)
            ev.counterexample = ce
    return ev
