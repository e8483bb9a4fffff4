"""Stable keys of an evidence's parts and readings (:attr:`Evidence.key
<tnverify.claims.Evidence.key>`).

The label a part is filed under in ``Evidence.parts`` is for readers and may be reworded;
its key is what code and tests look it up by (``Evidence.part(key)``,
``Evidence.reading(key)``): a lowercase slug, :data:`KEY_PATTERN`, unique among its
siblings.  A reading's key is its evidence's ``key`` or, when that is not set, the
reading's name if the name is itself a key (a
:class:`~tnverify.claims.readings.Reading`'s name is a key by declaration).
"""

from __future__ import annotations

import re

from ..errors import ClaimError, DTypeError, EvidenceKeyError
from ..validation import as_text
from ..validation.scalars import show_value

__all__ = ["KEY_PATTERN", "as_key", "by_key", "find_key"]

#: The form of a stable key: a lowercase slug (``"printed-ranges"``, ``"eq-5.11-tanh"``).
KEY_PATTERN = r"[a-z0-9][a-z0-9.-]*"
_KEY = re.compile(KEY_PATTERN)


def as_key(key, name: str = "key") -> str:
    """A stable key: a lowercase slug matching :data:`KEY_PATTERN`.

    Raises
    ------
    DTypeError
        ``key`` is not a string.
    ClaimError
        ``key`` is not a lowercase slug (``"Printed ranges"``, ``""``, ``"-a"``).

    Examples
    --------
    >>> as_key("eq-5.11-tanh")
    'eq-5.11-tanh'
    >>> as_key("Printed ranges")
    Traceback (most recent call last):
    ...
    tnverify.errors.ClaimError: key must be a lowercase slug ([a-z0-9][a-z0-9.-]*: letters a-z, digits, '.' and '-', not first); got 'Printed ranges'
    """
    if not isinstance(key, str):
        raise DTypeError(f"{name} must be a string; got {show_value(key)}")
    if not _KEY.fullmatch(key):
        raise ClaimError(
            f"{name} must be a lowercase slug ({KEY_PATTERN}: letters a-z, "
            f"digits, '.' and '-', not first); got {key!r}"
        )
    return key


def by_key(ev, *fields: str) -> dict:
    """The evidence of ``ev``'s ``fields`` (``"parts"``, or ``"readings"`` and
    ``"ruled_out"``) by key; two with the same key raise
    :class:`~tnverify.errors.ClaimError` (keys are unique among siblings)."""
    out: dict = {}
    for f in fields:
        for name, sub in (getattr(ev, f) or {}).items():
            k = sub.key
            if k is None and f != "parts" and _KEY.fullmatch(name):
                k = name  # a reading's name that is itself a key
            if k is None:
                continue
            if k in out:
                raise ClaimError(
                    f"two {'parts' if f == 'parts' else 'readings'} of "
                    f"{ev.compared!r} have the key {k!r} (keys are unique "
                    f"among siblings)"
                )
            out[k] = sub
    return out


def find_key(ev, what: str, key, keys: dict):
    """``keys[key]``, or :class:`~tnverify.errors.EvidenceKeyError` naming ``ev`` and
    listing the keys there are (``what``: "part", "reading", ...)."""
    key = as_text(key, f"the key of the {what}")
    if key in keys:
        return keys[key]
    have = ", ".join(repr(k) for k in keys) or "none (no key is set)"
    raise EvidenceKeyError(
        f"no {what} of {ev.compared!r} has the key {key!r}; the keys are: {have}"
    )
