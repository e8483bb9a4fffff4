"""Where each claim was registered: the module whose code registered it and its place among
that module's registrations (:data:`ORIGIN`).  The report order
(:func:`tnverify.claims.order.report_order`) reads it, so the order of the claims does not
depend on which claim module happened to be imported first (a test importing one
directly, a plugin importing a built-in module).
"""

from __future__ import annotations

import inspect

__all__ = ["ORIGIN", "record_origin"]

#: Claim id -> (the dotted name of the module that registered it, its place among that
#: module's registrations, from 0).
ORIGIN: dict[str, tuple[str, int]] = {}
#: How many claims each module has registered so far (the next claim's place).
_COUNT: dict[str, int] = {}

#: The registration machinery: the first caller outside these modules registered a claim.
_MACHINERY = frozenset({"tnverify.claims", "tnverify.claims.registration", __name__})


def _registering_module() -> str:
    frame = inspect.currentframe()
    while frame is not None:
        name = frame.f_globals.get("__name__", "")
        if name not in _MACHINERY:
            return name
        frame = frame.f_back
    return ""


def record_origin(claim_id: str) -> tuple[str, int]:
    """Record (once) and return where the claim ``claim_id`` is being registered: the first
    module on the call stack outside the registration machinery, and how many claims that
    module registered before it."""
    if claim_id not in ORIGIN:
        module = _registering_module()
        ORIGIN[claim_id] = (module, _COUNT.get(module, 0))
        _COUNT[module] = ORIGIN[claim_id][1] + 1
    return ORIGIN[claim_id]
