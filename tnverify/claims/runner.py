"""Running claims: each side's cases, the combined verdict, and the result records.

``run_claim`` runs a claim's small side over its ``space`` and its scaled side over
``scaled_space[scale]``; each case draws from ``derive_seed(seed, claim.id, side, index)``
(on the scaled side ``claim.scaled_seed_key`` in place of the id when it is set)
and stops at the first failing case (the minimal counterexample).  A check that raises
is an ``error`` verdict, never a crash.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass

from ..conventions import derive_seed
from ..errors import ClaimError, DTypeError, TnverifyError
from ..validation import as_callable, as_device, as_seed
from . import ERROR, FAILS, ILL_POSED, SKIPPED, Claim, Evidence, get_claim
from .evidence import jsonable, worst_verdict

__all__ = ["SideResult", "ClaimResult", "run_claim"]


@dataclass
class SideResult:
    """All cases of one side (small or scaled) of a claim."""

    verdict: str
    cases: list[Evidence]
    seconds: float
    error_message: str | None = None

    @property
    def counterexample(self) -> dict | None:
        """The first re-runnable counterexample (of a failing, or an ill-posed case)."""
        for ev in self.cases:
            if ev.verdict in (FAILS, ILL_POSED) and ev.counterexample:
                return ev.counterexample
        return None

    @property
    def ratio(self) -> float | None:
        rs = [ev.ratio for ev in self.cases if ev.ratio is not None]
        return max(rs) if rs else None

    def to_dict(self) -> dict:
        d = {
            "verdict": self.verdict,
            "seconds": round(self.seconds, 4),
            "cases": [ev.to_dict() for ev in self.cases],
        }
        if self.error_message:
            d["error_message"] = self.error_message
        return d


@dataclass
class ClaimResult:
    """The outcome of running one claim: verdict, both sides, timing."""

    claim: Claim
    verdict: str
    small: SideResult
    scaled: SideResult
    seconds: float
    settings: dict

    @property
    def as_expected(self) -> bool:
        return self.verdict == self.claim.expected

    @property
    def counterexample(self) -> dict | None:
        return self.small.counterexample or self.scaled.counterexample

    @property
    def ratio(self) -> float | None:
        rs = [r for r in (self.small.ratio, self.scaled.ratio) if r is not None]
        return max(rs) if rs else None

    def validate(self) -> ClaimResult:
        """Check every case's evidence again (:meth:`Evidence.validate`: it may have been
        edited after it was made), naming the claim and case: a report writer calls this
        before it opens a file, so an unrecordable value is one error, never a json
        TypeError halfway through."""
        for side in ("small", "scaled"):
            for i, ev in enumerate(getattr(self, side).cases):
                try:
                    ev.validate()
                except TnverifyError as exc:
                    raise type(exc)(f"claim {self.claim.id}, {side} case {i}: {exc}") from None
        return self

    def to_dict(self) -> dict:
        c = self.claim
        return jsonable(
            {
                "id": c.id,
                "package": c.package,
                "title": c.title,
                "topic": c.topic,
                "group": c.topic,
                "statement": c.statement,
                "refs": [r.to_dict() for r in c.refs],
                "verdict": self.verdict,
                "expected": c.expected,
                "small": self.small.to_dict(),
                "scaled": self.scaled.to_dict(),
                "counterexample": self.counterexample,
                "readings": [r.to_dict() for r in c.readings.values()],
                "defect": c.defect.to_dict() if c.defect else None,
                "remarks": list(c.remarks),
                "corrected_by": c.corrected_by,
                "corrects": c.corrects,
                "uses": list(c.uses),
                "proof": c.proof,
                "seconds": round(self.seconds, 4),
                **({"control_of": c.control_of} if c.control_of else {}),
            }
        )


def _run_side(
    claim: Claim, side: str, cases: Sequence[dict], seed: int, device: str | None, on_case=None
) -> SideResult:
    t0 = time.perf_counter()
    evidence: list[Evidence] = []
    for index, params in enumerate(cases):
        if on_case is not None:
            on_case(side, index, len(cases))
        key = claim.scaled_seed_key if side == "scaled" and claim.scaled_seed_key else claim.id
        case_seed = derive_seed(seed, key, side, index)
        try:
            if side == "small":
                ev = claim.run_small(params, case_seed)
            else:
                ev = claim.run_scaled(params, device or "cpu", case_seed)
            if isinstance(ev, Evidence):
                ev.validate()  # fields set after construction are checked too
        except Exception as exc:  # noqa: BLE001 - a broken check is a verdict, not a crash
            msg = f"{type(exc).__name__}: {exc}"
            evidence.append(
                Evidence(
                    f"{side} check raised",
                    passed=False,
                    seed=case_seed,
                    details={"traceback": traceback.format_exc(limit=6)},
                )
            )
            return SideResult(ERROR, evidence, time.perf_counter() - t0, msg)
        evidence.append(ev)
        if ev.verdict == FAILS:
            break  # the first (smallest) failing case is the minimal counterexample
    verdict = worst_verdict([ev.verdict for ev in evidence])
    # an error verdict without a raise (a comparison that compares nothing, operands that
    # do not match, a vacuous control) says why
    why = (
        next((f"case {i}: {ev.problem}" for i, ev in enumerate(evidence) if ev.problem), None)
        if verdict == ERROR
        else None
    )
    return SideResult(verdict, evidence, time.perf_counter() - t0, why)


def run_claim(
    claim: Claim | str,
    *,
    seed: int = 0,
    scale: str = "small",
    device: str = "cpu",
    sides: Sequence[str] = ("small", "scaled"),
    on_case=None,
) -> ClaimResult:
    """Run a claim's checks and compute its verdict.

    Parameters
    ----------
    claim : Claim or str
        The claim or its id.
    seed : int
        Base seed; each case draws from ``derive_seed(seed, claim.id, side, index)``.
    scale : {"small", "large"}
        Which ``scaled_space`` to use on the scaled side.
    device : {"cpu", "cuda"}
        Already resolved device (see :func:`tnverify.device.resolve_device`).
    sides : sequence of {"small", "scaled"}
        Which sides to run.
    on_case : callable, optional
        ``on_case(side, index, n_cases)``, called before each case runs (a progress hook:
        ``tnverify verify`` moves its progress display with it during a long claim).

    Returns
    -------
    ClaimResult
        Overall verdict: ``error`` if a side broke; ``ill-posed`` if the small side found
        the statement ill-posed; ``fails`` if either side failed; ``holds`` otherwise
        (``skipped`` only if nothing ran).
    """
    if isinstance(claim, str):
        claim = get_claim(claim)
    if not isinstance(claim, Claim):
        raise DTypeError(f"claim must be a Claim or a claim id; got {type(claim).__name__}")
    if not isinstance(scale, str) or scale not in ("small", "large"):
        raise ClaimError(f"scale must be 'small' or 'large'; got {scale!r}")
    # optional arguments go through the same checks as required ones: a seed of 5.5 or
    # True is refused (never truncated), the device is checked for form, on_case callable
    seed = as_seed(seed)
    device = as_device(device)
    if on_case is not None:
        as_callable(on_case, "on_case")
    if (
        isinstance(sides, str)
        or not isinstance(sides, (list, tuple))
        or not all(isinstance(x, str) for x in sides)
    ):
        raise DTypeError(f"sides must be a sequence of 'small' / 'scaled'; got {sides!r}")
    unknown = [x for x in sides if x not in ("small", "scaled")]
    if unknown or not sides:
        raise ClaimError(f"sides must name 'small' and/or 'scaled'; got {list(sides)!r}")
    t0 = time.perf_counter()
    skipped = SideResult(SKIPPED, [], 0.0)
    small = (
        _run_side(claim, "small", claim.space, seed, None, on_case) if "small" in sides else skipped
    )
    if "scaled" in sides and claim.scaled is not None:
        cases = claim.scaled_space.get(scale, ())
        scaled = _run_side(claim, "scaled", cases, seed, device, on_case) if cases else skipped
    else:
        scaled = skipped
    verdicts = [small.verdict, scaled.verdict]
    if ERROR in verdicts:
        verdict = ERROR
    elif small.verdict == ILL_POSED:
        verdict = ILL_POSED
    else:
        verdict = worst_verdict(verdicts)
    settings = {"seed": seed, "scale": scale, "device": device}
    return ClaimResult(claim, verdict, small, scaled, time.perf_counter() - t0, settings)
