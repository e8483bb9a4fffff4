"""Evidence: what a check compared and what it found, and the verdicts computed from it.

The verdicts (ARCHITECTURE.md, Design notes) are computed here, never stored by hand: ``holds``, ``fails``,
``ill-posed``, ``error`` (the check broke, or a comparison proved vacuous because its
negative control held too) and ``skipped``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Sequence

import numpy as np

from ..conventions import Tolerance

__all__ = ["HOLDS", "FAILS", "ILL_POSED", "ERROR", "SKIPPED", "VERDICTS", "Evidence"]

HOLDS, FAILS, ILL_POSED, ERROR, SKIPPED = "holds", "fails", "ill-posed", "error", "skipped"
VERDICTS = (HOLDS, FAILS, ILL_POSED, ERROR, SKIPPED)

# precedence when several outcomes are combined: the first present wins
_PRECEDENCE = (ERROR, ILL_POSED, FAILS, HOLDS, SKIPPED)


def worst_verdict(verdicts: Sequence[str]) -> str:
    for v in _PRECEDENCE:
        if v in verdicts:
            return v
    return SKIPPED


def jsonable(x: Any) -> Any:
    """Convert numpy scalars/arrays and tuples to plain JSON types."""
    if isinstance(x, Tolerance):
        return x.to_dict()
    if isinstance(x, Evidence):
        return x.to_dict()
    if isinstance(x, dict):
        return {str(k): jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [jsonable(v) for v in x]
    if isinstance(x, np.ndarray):
        return jsonable(x.tolist())
    if isinstance(x, (np.integer,)):
        return int(x)
    if isinstance(x, (np.floating, float)):
        v = float(x)
        return v if math.isfinite(v) else str(v)
    if isinstance(x, (np.bool_,)):
        return bool(x)
    if isinstance(x, complex):
        return {"real": x.real, "imag": x.imag}
    return x


@dataclass
class Evidence:
    """What a check compared and what it found.

    Parameters
    ----------
    compared : str
        The two (or more) things compared, in words.
    error, tolerance : float, Tolerance
        The discrepancy found and the named tolerance it is judged against.  ``passed``
        defaults to ``error <= tolerance``.
    passed : bool, optional
        Set explicitly for exact (integer/boolean) comparisons.
    sizes : dict
        Sizes used (vocabulary, length, ranks, ...).
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

    # -- derived -----------------------------------------------------------------
    @property
    def ok(self) -> bool:
        """Whether this single comparison is within tolerance."""
        if self.passed is not None:
            return bool(self.passed)
        if self.error is None or self.tolerance is None:
            return True
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
        own = HOLDS if self.ok else FAILS
        if own == HOLDS and self.vacuous:
            own = ERROR
        if self.parts:
            # a parent that compares nothing itself is as good as its parts: all of them
            # skipped means skipped, not holds
            has_own = self.error is not None or self.passed is not None
            return worst_verdict(([own] if has_own else []) + [p.verdict for p in self.parts.values()])
        return own

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
        for key in ("details", "counterexample", "parts", "readings", "ill_posed", "skipped",
                    "control", "ruled_out"):
            val = getattr(self, key)
            if val:
                d[key] = val
        if self.passed is not None:
            d["passed"] = self.passed
        if self.vacuous:
            d["vacuous"] = ("the negative control holds too: this comparison could not "
                            "have failed")
        return jsonable(d)
