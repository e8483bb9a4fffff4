"""One registration shape for the built-in claims: a claim reads as its data plus its check.

:func:`claim` builds a :class:`~tnverify.claims.Claim` and registers it; :func:`refs`
writes the references as ``paper, locator`` pairs; :func:`pin` writes one pinned case;
:func:`corrected_pair` registers a claim that does not hold as printed together with its
``-corrected`` twin, linked both ways (``corrected_by`` / ``corrects``).  Every keyword these
helpers do not name is passed to :class:`~tnverify.claims.Claim` unchanged, so a field added
to ``Claim`` is written the same way here.

Examples
--------
>>> from tnverify.claims import HOLDS, Evidence
>>> from tnverify.claims.registration import claim, pin, refs
>>> c = claim("tnverify-doc-example", "1 + 1 = 2", "one and one make two",
...           refs("tnverify", "docstring"), lambda p, rng: Evidence("1+1 vs 2", passed=True),
...           topic="tensor-trains", pinned=(pin({}, 0, "the only case"),), register=False)
>>> c.refs[0].where, c.expected == HOLDS, c.pinned[0]["seed"]
('docstring', True, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import Claim, Ref, SmallCheck
from . import register as add_to_registry  # `register` is a parameter of claim() below

__all__ = ["claim", "corrected_pair", "pin", "refs"]


def refs(*paper_where: str) -> tuple[Ref, ...]:
    """``refs("thesis", "§5.4, Eq. 5.18", "ttlm", "§4.2")`` → two :class:`Ref`."""
    if len(paper_where) % 2:
        from ..errors import ClaimError

        raise ClaimError(
            f"refs takes paper, locator pairs; got an odd number of strings: {paper_where!r}"
        )
    return tuple(Ref(p, w) for p, w in zip(paper_where[::2], paper_where[1::2]))


def pin(params: Mapping[str, Any], seed: int, note: str, **more: Any) -> dict:
    """One pinned case: the parameters, the recorded seed and why it is pinned (``more``
    adds keys such as ``verdict``)."""
    return {"params": dict(params), "seed": seed, "note": note, **more}


def claim(
    id: str,
    title: str,
    statement: str,
    refs: tuple[Ref, ...],
    small: SmallCheck,
    *,
    register: bool = True,
    **fields: Any,
) -> Claim:
    """Build the :class:`Claim` ``id`` and add it to the registry.

    ``fields`` are the remaining :class:`Claim` fields (``topic``, ``space``, ``scaled``,
    ``scaled_space``, ``pinned``, ``readings``, ``uses``, ``proof``, ``expected``, ... and
    any field added later), passed unchanged.  ``register=False`` builds without
    registering (for tests and examples).
    """
    c = Claim(id=id, title=title, statement=statement, refs=tuple(refs), small=small, **fields)
    if register:
        add_to_registry(c)
    return c


def corrected_pair(
    id: str, *, common: Mapping[str, Any], printed: Mapping[str, Any], corrected: Mapping[str, Any]
) -> tuple[Claim, Claim]:
    """Register ``id`` (the statement as printed) and ``id-corrected`` (the edit that makes
    it hold), linked both ways.

    ``common`` holds the fields both share (``topic``, ``refs``, ``space``, ...);
    ``printed`` and ``corrected`` each claim's own (``title``, ``statement``, ``small``,
    ``expected``, ...), which override ``common``.  The printed claim gets
    ``corrected_by=id-corrected``, the twin ``corrects=id``.
    """
    twin = f"{id}-corrected"
    first = add_to_registry(Claim(id=id, **{**common, **printed, "corrected_by": twin}))
    second = add_to_registry(Claim(id=twin, **{**common, **corrected, "corrects": id}))
    return first, second
