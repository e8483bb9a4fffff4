"""Evidence: what a check compared and what it found, and the verdicts computed from it.

The verdicts (ARCHITECTURE.md, Design notes) are computed here, never stored by hand: ``holds``, ``fails``,
``ill-posed``, ``error`` (the check broke, or a comparison proved vacuous because its
negative control held too) and ``skipped``.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from ..conventions import Tolerance
from ..errors import DTypeError, EvidenceKeyError, ToleranceError
from ..validation import as_seed, as_text
from ..validation.records import check_record
from ..validation.scalars import as_bool, show_value
from .json_values import jsonable
from .keys import KEY_PATTERN, as_key, by_key, find_key

__all__ = ["HOLDS", "FAILS", "ILL_POSED", "ERROR", "SKIPPED", "VERDICTS", "Evidence", "KEY_PATTERN"]

HOLDS, FAILS, ILL_POSED, ERROR, SKIPPED = "holds", "fails", "ill-posed", "error", "skipped"
VERDICTS = (HOLDS, FAILS, ILL_POSED, ERROR, SKIPPED)

# precedence when several outcomes are combined: the first present wins
_PRECEDENCE = (ERROR, ILL_POSED, FAILS, HOLDS, SKIPPED)


def worst_verdict(verdicts: Sequence[str]) -> str:
    for v in _PRECEDENCE:
        if v in verdicts:
            return v
    return SKIPPED


@dataclass
class Evidence:
    """What a check compared and what it found.

    Parameters
    ----------
    compared : str
        The two (or more) things compared, in words.
    error, tolerance : float, Tolerance
        The discrepancy found (a real number ``>= 0``; NaN or inf fail) and the named
        tolerance it is judged against (finite, ``>= 0``).  ``passed`` defaults to
        ``error <= tolerance``.  A tolerance with no error, an infinite or negative
        tolerance, and strings or bools raise :class:`~tnverify.errors.ToleranceError` /
        :class:`~tnverify.errors.DTypeError` when the evidence is made.
    passed : bool, optional
        Set explicitly for exact (integer/boolean) comparisons: ``True``, ``False`` (or a
        numpy bool) only — ``"no"``, ``nan`` or ``1`` raise
        :class:`~tnverify.errors.DTypeError` (a verdict is never read from truthiness).
    sizes : dict
        Sizes used (vocabulary, length, ranks, ...).  ``sizes``, ``details`` and
        ``counterexample`` hold only values a report can record
        (:func:`tnverify.validation.records.check_record`: numbers, strings, arrays,
        lists, dicts); ``object()``, ``bytes`` or a set raise
        :class:`~tnverify.errors.DTypeError` when the evidence is made.
    seed : int
        The seed of the ``numpy.random.Generator`` the check drew from (filled by the
        runner).
    details : dict
        Further numbers worth reporting (singular-value gaps, per-entry errors, ...).
    counterexample : dict
        On failure, what fails (the runner adds ``params`` and ``seed``).
    parts : dict of Evidence
        Sub-comparisons that must *all* hold (e.g. side A vs B and side A vs C).
    readings : dict of Evidence
        Outcomes under each reading of an ambiguous statement.
    ill_posed : str
        Why the printed statement is not well-typed or is ambiguous.
    skipped : str
        Why the check did not run.
    control : Evidence, optional
        The negative control: the same comparison on a minimal wrong variant (the
        printed-vs-meant edit, a transposed index, an entry perturbed by a few times the
        tolerance, the nearest false alternative of a statistical test).  It must fail; a
        comparison whose control holds too is vacuous and its verdict is ``error``.
    ruled_out : dict of Evidence
        Outcomes under readings the text rules out (filled by the runner from the claim's
        :class:`~tnverify.claims.readings.Reading` list): shown, never deciding.
    invalid : str, optional
        Why the comparison itself is broken (operands whose shapes do not match): the
        verdict is ``error`` — a broken check says nothing about the statement.
    key : str, optional
        A stable id of this evidence among its siblings (the other parts, or the other
        readings, of the same evidence): a lowercase slug, :data:`KEY_PATTERN`
        (``"printed-ranges"``, ``"eq-5.11-tanh"``).  The label a part is filed under in
        ``parts`` is for readers and may be reworded; the key is what code and tests look
        the part up by (:meth:`part`, :meth:`reading`).  Set it where the part is made
        (``Evidence(..., key=...)``, or :meth:`keyed` on evidence a helper such as
        :func:`~tnverify.claims.compare.compare_values` built).  It is recorded in the
        JSON report (:meth:`to_dict`) and shown nowhere else.  A key not of that form
        raises :class:`~tnverify.errors.ClaimError` (a non-string
        :class:`~tnverify.errors.DTypeError`), and so do two siblings with the same key.

    Notes
    -----
    A reading's key is its evidence's ``key`` or, when that is not set, the reading's name
    if the name is itself a key (``"a"``, ``"total"``): a
    :class:`~tnverify.claims.readings.Reading`'s name is a key by declaration, and the
    check files the reading's evidence under it.

    An evidence that compares nothing (no error, no ``passed``, no parts, readings,
    ``ill_posed``, ``skipped`` or ``invalid``), or an error with no tolerance to judge it
    by, has the verdict ``error``; :attr:`problem` says why (a check that compares
    nothing must not read as ``holds``).

    Examples
    --------
    >>> Evidence("x").verdict, Evidence("x").problem
    ('error', 'compares nothing (no error, tolerance or passed, and no parts)')
    >>> Evidence("x", error=0.0, tolerance=1e-12).verdict
    'holds'
    >>> ev = Evidence("both sides", parts={
    ...     "side A vs side B (Eq. 3)": Evidence("A vs B", passed=True, key="a-vs-b")})
    >>> ev.part("a-vs-b").compared
    'A vs B'
    >>> ev.part("a-vs-c")
    Traceback (most recent call last):
    ...
    tnverify.errors.EvidenceKeyError: no part of 'both sides' has the key 'a-vs-c'; the keys are: 'a-vs-b'
    >>> Evidence("x", passed="no")
    Traceback (most recent call last):
    ...
    tnverify.errors.DTypeError: Evidence.passed must be True, False or None (a verdict is never read from truthiness); got 'no' (str)
    """

    compared: str
    error: float | None = None
    tolerance: Tolerance | float | None = None
    passed: bool | None = None
    sizes: dict = field(default_factory=dict)
    seed: int | None = None
    details: dict = field(default_factory=dict)
    counterexample: dict | None = None
    parts: dict[str, Evidence] | None = None
    readings: dict[str, Evidence] | None = None
    ill_posed: str | None = None
    skipped: str | None = None
    control: Evidence | None = None
    ruled_out: dict[str, Evidence] | None = None
    invalid: str | None = None
    key: str | None = None

    def __post_init__(self) -> None:
        self.validate(recursive=False)

    def validate(self, *, recursive: bool = True) -> Evidence:
        """Check every field (and, with ``recursive``, every part, reading and control):
        the values :class:`Evidence` documents, or a :class:`~tnverify.errors.TnverifyError`
        naming the field.  Run when the evidence is made and again by
        :func:`tnverify.check` and the runner (fields may be set after construction).
        ``passed`` given as a numpy bool becomes a Python bool; returns ``self``."""
        self.compared = as_text(self.compared, "Evidence.compared")
        if self.passed is not None:
            if not isinstance(self.passed, (bool, np.bool_)):
                raise DTypeError(
                    f"Evidence.passed must be True, False or None (a verdict is "
                    f"never read from truthiness); got {show_value(self.passed)}"
                )
            self.passed = bool(self.passed)
        if self.error is not None:
            self.error = _real(self.error, "Evidence.error")
            if self.error < 0:  # NaN and inf stay: they fail the comparison
                raise ToleranceError(
                    f"Evidence.error is a discrepancy, >= 0; got "
                    f"{self.error!r} (a negative error holds under every "
                    f"tolerance)"
                )
        if self.tolerance is not None:
            tol = _real(self.tolerance, "Evidence.tolerance")
            if not math.isfinite(tol) or tol < 0:
                raise ToleranceError(
                    f"Evidence.tolerance must be finite and >= 0 (an "
                    f"infinite tolerance makes every comparison hold); got "
                    f"{tol!r}"
                )
            if self.error is None:
                raise ToleranceError(
                    f"Evidence {self.compared!r} has a tolerance "
                    f"({tol:g}) but no error to judge against it"
                )
        for key in ("ill_posed", "skipped", "invalid"):
            setattr(self, key, as_text(getattr(self, key), f"Evidence.{key}", optional=True))
        if self.seed is not None:
            self.seed = as_seed(self.seed, "Evidence.seed")
        for key in ("sizes", "details"):
            val = getattr(self, key)
            if not isinstance(val, dict):
                raise DTypeError(f"Evidence.{key} must be a dict; got {show_value(val)}")
            check_record(val, f"Evidence.{key}")
        if self.counterexample is not None:
            if not isinstance(self.counterexample, dict):
                raise DTypeError(
                    f"Evidence.counterexample must be a dict or None; got "
                    f"{show_value(self.counterexample)}"
                )
            check_record(self.counterexample, "Evidence.counterexample")
        if self.key is not None:
            self.key = as_key(self.key, "Evidence.key")
        for key in ("parts", "readings", "ruled_out"):
            val = getattr(self, key)
            if val is None:
                continue
            if not isinstance(val, dict) or not all(
                isinstance(k, str) and isinstance(v, Evidence) for k, v in val.items()
            ):
                raise DTypeError(
                    f"Evidence.{key} must map names (str) to Evidence; got {show_value(val)}"
                )
            if recursive:
                for v in val.values():
                    v.validate()
        by_key(self, "parts")  # ClaimError: two siblings, one key
        by_key(self, "readings", "ruled_out")
        if self.control is not None:
            if not isinstance(self.control, Evidence):
                raise DTypeError(
                    f"Evidence.control must be an Evidence or None; got {show_value(self.control)}"
                )
            if recursive:
                self.control.validate()
        return self

    # -- stable keys -------------------------------------------------------------
    def keyed(self, key: str) -> Evidence:
        """Set :attr:`key` (a lowercase slug, :data:`KEY_PATTERN`) and return ``self``:
        ``parts={"printed sum vs tensordot": compare_values(...).keyed("printed-sum")}``.

        Raises
        ------
        ClaimError
            ``key`` is not a lowercase slug (``DTypeError`` when not a string).
        """
        self.key = as_key(key, "Evidence.key")
        return self

    def part(self, key: str) -> Evidence:
        """The part whose :attr:`key` is ``key`` (whatever label it is filed under).

        Raises
        ------
        EvidenceKeyError
            No part has that key; the message lists the keys the parts have.
        """
        return find_key(self, "part", key, by_key(self, "parts"))

    def reading(self, key: str, *, ruled_out: bool = False) -> Evidence:
        """The admissible reading whose key is ``key`` (the reading's :attr:`key`, or its
        name when that is a key: see the Notes); with ``ruled_out=True``, the reading of
        that key among the ruled-out ones (:attr:`ruled_out`).

        Raises
        ------
        EvidenceKeyError
            No such reading; the message lists the keys there are (and says so when the
            key is that of a reading on the other side of admissible / ruled out).
        """
        ruled_out = as_bool(ruled_out, "Evidence.reading(ruled_out=)")
        keys = by_key(self, "readings", "ruled_out")
        field_ = "ruled_out" if ruled_out else "readings"
        mine = {
            k: ev
            for k, ev in keys.items()
            if any(ev is sub for sub in (getattr(self, field_) or {}).values())
        }
        if key in keys and key not in mine:
            raise EvidenceKeyError(
                f"the reading {key!r} of {self.compared!r} is "
                f"{'admissible' if ruled_out else 'ruled out'}: look it up with "
                f"reading({key!r}{'' if ruled_out else ', ruled_out=True'})"
            )
        return find_key(self, "ruled-out reading" if ruled_out else "reading", key, mine)

    # -- derived -----------------------------------------------------------------
    @property
    def ok(self) -> bool:
        """Whether this single comparison is within tolerance."""
        if self.passed is not None:
            return bool(self.passed)
        if self.error is None or self.tolerance is None:
            return True  # nothing to judge here: ``problem`` makes it an error
        err = float(self.error)
        return math.isfinite(err) and err <= float(self.tolerance)

    @property
    def verdict(self) -> str:
        if self.skipped:
            return SKIPPED
        if self.readings:
            # only admissible readings are here (the runner moves ruled-out ones to
            # ``ruled_out``): ill-posed when they disagree; a note written for the
            # disagreement no longer applies once a reading has been ruled out
            outcomes = {name: ev.verdict for name, ev in self.readings.items()}
            if len(set(outcomes.values())) > 1 or (self.ill_posed and not self.ruled_out):
                return ILL_POSED
            return next(iter(outcomes.values()))
        if self.ill_posed:
            return ILL_POSED
        if self._own_problem() is not None:
            return ERROR
        own = HOLDS if self.ok else FAILS
        if own == HOLDS and self.vacuous:
            own = ERROR
        if self.parts:
            # a parent that compares nothing itself is as good as its parts: all of them
            # skipped means skipped, not holds
            has_own = self.error is not None or self.passed is not None
            return worst_verdict(
                ([own] if has_own else []) + [p.verdict for p in self.parts.values()]
            )
        return own

    def _own_problem(self) -> str | None:
        """Why this evidence, by its own fields, is broken (None if it is not)."""
        if self.invalid:
            return f"the comparison is broken: {self.invalid}"
        if self.passed is None and self.error is not None and self.tolerance is None:
            return "an error with no tolerance (and no passed) to judge it by"
        if self.passed is None and self.error is None and not self.parts:
            return "compares nothing (no error, tolerance or passed, and no parts)"
        return None

    @property
    def problem(self) -> str | None:
        """Why the verdict is ``error`` (a broken or vacuous comparison, here or in a
        part, reading or control), in words; None when the verdict is not ``error``."""
        if self.verdict != ERROR:
            return None
        if self.readings:
            for name, ev in self.readings.items():
                if ev.problem:
                    return f"reading {name}: {ev.problem}"
        own = self._own_problem()
        if own is not None:
            return own
        if self.vacuous:
            return "the negative control holds too: this comparison could not have failed"
        for name, ev in (self.parts or {}).items():
            if ev.problem:
                return f"part {name}: {ev.problem}"
        return None

    @property
    def has_comparison(self) -> bool:
        """Whether this evidence compares something itself (not only through parts)."""
        return self.error is not None or self.passed is not None

    @property
    def vacuous(self) -> bool:
        """A comparison whose negative control does not fail: it could not have failed."""
        return self.control is not None and self.control.verdict != FAILS

    @property
    def ratio(self) -> float | None:
        """Largest error/tolerance over this evidence and its parts (None if exact)."""
        ratios = []
        if self.error is not None and self.tolerance is not None and float(self.tolerance) > 0:
            ratios.append(float(self.error) / float(self.tolerance))
        for sub in list((self.parts or {}).values()) + list((self.readings or {}).values()):
            r = sub.ratio
            if r is not None:
                ratios.append(r)
        return max(ratios) if ratios else None

    def failing_parts(self) -> list[str]:
        """Names of the parts that neither hold nor were skipped."""
        return [k for k, p in (self.parts or {}).items() if p.verdict not in (HOLDS, SKIPPED)]

    def to_dict(self) -> dict:
        d = {
            "compared": self.compared,
            "verdict": self.verdict,
            "error": self.error,
            "tolerance": self.tolerance,
            "sizes": self.sizes,
            "seed": self.seed,
        }
        for key in (
            "details",
            "counterexample",
            "parts",
            "readings",
            "ill_posed",
            "skipped",
            "control",
            "ruled_out",
            "invalid",
        ):
            val = getattr(self, key)
            if val:
                d[key] = val
        if self.passed is not None:
            d["passed"] = self.passed
        if self.key is not None:
            d["key"] = self.key
        if self.vacuous:
            d["vacuous"] = "the negative control holds too: this comparison could not have failed"
        problem = self.problem
        if problem:
            d["problem"] = problem
        return jsonable(d)


def _real(x, name: str) -> float:
    """A real number as float (numpy scalars and 0-d arrays included); bools, strings and
    complex numbers raise :class:`DTypeError`."""
    if isinstance(x, Tolerance):
        return float(x)
    if isinstance(x, np.ndarray) and x.ndim == 0:
        x = x.item()
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, numbers.Real):
        raise DTypeError(f"{name} must be a real number; got {show_value(x)}")
    return float(x)
