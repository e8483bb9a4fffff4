"""Checks of claim ``gtm-xi-operators`` (gtm §4.1 "Generalized outer product",
"Initial hidden state"; §4.2; App. B, Table 1): associativity, commutativity and the unit of
each ξ of :mod:`tnverify.generalized.xi`, numerically (random triples, a grid of candidate units) and
symbolically (sympy, real symbols, a case split on the signs of the variables).

Error measure: |lhs − rhs| divided by the forward-error scale ξ(ξ(|x|, |y|), |z|) (ξ on
absolute values bounds every intermediate of both sides), tolerance(float64, n=4, norm=1):
each side is two ξ evaluations of at most two rounded operations each.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

import numpy as np

from ...conventions import tolerance
from ...generalized.xi import XI_NAMES, XI_OPERATORS
from .. import Evidence
from ..compare import compare_values
from .controls import error_with_control

__all__ = [
    "triples",
    "assoc_comm_parts",
    "unit_candidates",
    "unit_evidence",
    "symbolic_identity",
    "CANDIDATES",
    "scaled_xi",
]

#: Candidate units of the numerical search: a grid on [−10, 10] with step 1/4 (exact
#: binary fractions, so u = 0 and u = 1 are on it).
CANDIDATES = np.arange(-40, 41) / 4.0


def triples(n: int, rng) -> np.ndarray:
    """(3, n) operands: N(0, 1) scaled by e^{U(−3, 3)} (mixed magnitudes), 5% exact zeros
    and 5% small integers (ties of max, exact cancellations)."""
    x = rng.standard_normal((3, n)) * np.exp(rng.uniform(-3, 3, (3, n)))
    k = max(1, n // 20)
    x[:, :k] = 0.0
    x[:, k : 2 * k] = rng.integers(-3, 4, (3, k))
    return x


class _TripleLabels(Sequence):
    """``labels[i]`` = the i-th triple as a list of floats, built only for the entry a
    counterexample names (a list of 10⁵ triples cost ~0.2 s per operator)."""

    def __init__(self, xyz):
        self._xyz = xyz

    def __len__(self) -> int:
        return self._xyz.shape[1]

    def __getitem__(self, i):
        return [float(v) for v in self._xyz[:, i]]


def assoc_comm_parts(op, xyz) -> dict:
    """Numerical associativity and commutativity of ``op`` on the triples ``xyz``."""
    x, y, z = xyz
    a = np.abs(xyz)
    scale = np.abs(op(op(a[0], a[1]), a[2]))
    labels = _TripleLabels(xyz)
    n = 4  # two ξ evaluations per side, each at most two rounded operations
    return {
        f"{op.name}: ξ(ξ(x, y), z) = ξ(x, ξ(y, z))": compare_values(
            f"ξ = {op.label}: ξ(ξ(x,y),z) vs ξ(x,ξ(y,z)) on {x.size} triples",
            op(op(x, y), z),
            op(x, op(y, z)),
            n=n,
            scale=scale,
            labels=labels,
        ),
        f"{op.name}: ξ(x, y) = ξ(y, x)": compare_values(
            f"ξ = {op.label}: ξ(x,y) vs ξ(y,x) on {x.size} pairs",
            op(x, y),
            op(y, x),
            n=1,
            scale=np.abs(op(a[0], a[1])),
            labels=labels,
        ),
    }


def _unit_errors(op, u, xy, reading):
    """Worst scaled violation of the unit condition at candidate ``u`` (may be ±inf)."""
    x, y = xy
    a = np.abs(xy)
    if reading == "a":  # ξ(x, y, u) = ξ(x, y)
        lhs, rhs = op(op(x, y), u), op(x, y)
        scale = np.abs(op(op(a[0], a[1]), abs(u)))
    else:  # ξ(x, u) = x
        lhs, rhs = op(x, u), x
        scale = np.abs(op(a[0], abs(u)))
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        rel = np.abs(lhs - rhs) / np.maximum(
            np.where(np.isfinite(scale), scale, 1.0), np.finfo(float).tiny
        )
    rel = np.where(np.isnan(rel), np.inf, rel)
    return float(rel.max()), int(np.argmax(rel))


def unit_candidates(op, xy, reading, candidates=CANDIDATES):
    """The candidates u satisfying the unit condition on every sample pair, within
    tolerance(float64, n=4, norm=1)."""
    tol = float(tolerance(np.float64, n=4, norm=1.0))
    return [float(u) for u in candidates if _unit_errors(op, u, xy, reading)[0] <= tol]


@functools.cache
def symbolic_identity(op, reading, u=None, *, arity=3) -> bool | None:
    """Decide with sympy whether an identity of ``op`` holds for all reals: associativity
    (``reading="assoc"``), commutativity (``"comm"``) or the unit condition (``"a"``/
    ``"b"``) at ``u``.  Each variable is split into the cases −p, 0, +p with p > 0, so
    max/abs simplify (cached: the answer depends on the arguments only).  Returns False when
    some sign case provably violates the identity, None where sympy cannot decide a case
    and none is provably violated (never the case for the six operators of
    :mod:`tnverify.generalized.xi`), True when every case simplifies to 0."""
    import itertools

    import sympy

    p = sympy.symbols("p q s", positive=True)
    xi = op.sympy
    u = None if u is None else sympy.Rational(float(u))
    undecided = False
    for signs in itertools.product((-1, 0, 1), repeat=arity):
        x, y, z = [sg * v for sg, v in zip(signs, p)] + [None] * (3 - arity)
        if reading == "assoc":
            d = xi(xi(x, y), z) - xi(x, xi(y, z))
        elif reading == "comm":
            d = xi(x, y) - xi(y, x)
        elif reading == "a":
            d = xi(xi(x, y), u) - xi(x, y)
        else:
            d = xi(x, u) - x
        d = sympy.simplify(sympy.expand_log(sympy.powsimp(d), force=True))
        if d != 0:
            if d.is_nonzero:
                return False  # one sign case where the identity provably fails
            undecided = True
    return None if undecided else True


def unit_evidence(op, xy, reading, *, allow_extended: bool) -> Evidence:
    """Is there a unit of ``op`` under ``reading``?  Numerical search over
    :data:`CANDIDATES` (plus −∞ when ``allow_extended``), the paper's u checked
    symbolically."""
    found = unit_candidates(op, xy, reading)
    extended = []
    if allow_extended and not found:
        extended = [
            u
            for u in (-math.inf, math.inf)
            if _unit_errors(op, u, xy, reading)[0] <= float(tolerance(np.float64, n=4, norm=1.0))
        ]
    sym = None
    if found:
        pick = (
            op.unit
            if op.unit is not None and op.unit in found
            else found[int(np.argmin(np.abs(found)))]
        )
        sym = symbolic_identity(op, reading, pick, arity=2)
    details = {
        "candidates_on_grid": len(CANDIDATES),
        "units_found": found,
        "units_range": [min(found), max(found)] if found else None,
        "extended_real_units": [str(u) for u in extended],
        "symbolic_check_of_smallest_|u|": sym,
        "paper_unit": op.unit,
    }
    ok = bool(found or extended) and sym is not False
    ce = None
    if not ok:
        u0 = op.unit if op.unit is not None and math.isfinite(op.unit) else 0.0
        err, i = _unit_errors(op, u0, xy, reading)
        ce = {
            "xi": op.label,
            "u_tried": u0,
            "x": float(xy[0, i]),
            "y": float(xy[1, i]),
            "scaled_violation": err,
        }
    what = "ξ(x, y, u) = ξ(x, y)" if reading == "a" else "ξ(x, u) = x"
    return Evidence(
        f"ξ = {op.label}: a unit u with {what} ∀x, y ({'ℝ ∪ {±∞}' if allow_extended else 'ℝ'})",
        passed=ok,
        details=details,
        counterexample=ce,
    )


def unit_set_evidence(op, xy) -> Evidence:
    """The units of ``op`` on the candidate grid under reading (a) are exactly u ≤ 0
    (the statement of the corrected claim for max(x, y, 0) and max(x, 0) + max(y, 0))."""
    found = unit_candidates(op, xy, "a")
    want = [float(u) for u in CANDIDATES if u <= 0]
    return Evidence(
        f"ξ = {op.label}: units under (a) on the grid = {{u ≤ 0}}",
        passed=found == want,
        details={
            "found": len(found),
            "want": len(want),
            "max_found": max(found) if found else None,
        },
        counterexample=None if found == want else {"found": found},
    )


# -- scaled side: torch twins vs numpy --------------------------------------------------
def scaled_xi(params, device, rng) -> Evidence:
    """Torch twins against numpy on ``pairs`` random pairs in chunks of 2^22: float64
    (n = 2) and float32 (inputs rounded to float32 first, n = 4); the overflow of
    ln(eˣ + eʸ) for large x, y (stable torch.logaddexp vs the naive formula)."""
    import torch

    total, chunk = int(params["pairs"]), 2**22
    parts = {}
    for name in XI_NAMES:
        op = XI_OPERATORS[name]
        worst64 = worst32 = wrong64 = wrong32 = 0.0
        for s in range(0, total, chunk):
            m = min(chunk, total - s)
            xy = triples(m, rng)[:2].astype(np.float32).astype(np.float64)
            scale = np.abs(op(np.abs(xy[0]), np.abs(xy[1])))
            ref = op(xy[0], xy[1])
            tx = torch.from_numpy(xy).to(device)
            got64 = op.torch(tx[0], tx[1]).cpu().numpy()
            got32 = op.torch(tx[0].float(), tx[1].float()).double().cpu().numpy()
            # controls: one operand doubled (float64); bfloat16 in place of float32
            bad64 = op.torch(tx[0], 2 * tx[1]).cpu().numpy()
            bad16 = op.torch(tx[0].bfloat16(), tx[1].bfloat16()).double().cpu().numpy()
            s_ = np.maximum(scale, np.finfo(float).tiny)
            worst64 = max(worst64, float((np.abs(got64 - ref) / s_).max()))
            worst32 = max(worst32, float((np.abs(got32 - ref) / s_).max()))
            wrong64 = max(wrong64, float(np.nanmax(np.abs(bad64 - ref) / s_)))
            wrong32 = max(wrong32, float(np.nanmax(np.abs(bad16 - ref) / s_)))
        t64, t32 = tolerance(np.float64, n=2, norm=1.0), tolerance(np.float32, n=4, norm=1.0)
        parts[f"{name} torch float64 vs numpy"] = error_with_control(
            f"ξ = {op.label}: torch float64 vs numpy on {total} pairs",
            worst64,
            t64,
            wrong64,
            "torch ξ(x, 2y): one operand doubled",
        )
        parts[f"{name} torch float32 vs numpy float64"] = error_with_control(
            f"ξ = {op.label}: torch float32 vs numpy float64 on {total} pairs",
            worst32,
            t32,
            wrong32,
            "bfloat16 in place of float32",
        )
    big = torch.tensor([50.0, 100.0, 500.0], device=device)
    stable = torch.logaddexp(big, big)
    naive = torch.log(torch.exp(big) + torch.exp(big))
    want = big.double() + math.log(2.0)
    err = float(((stable.double() - want).abs() / want).max())
    bad = float(((naive.double() - want).abs() / want).max())
    parts["softplus float32 overflow"] = error_with_control(
        "ln(eˣ + eˣ) at x = 50, 100, 500 in float32: torch.logaddexp vs x + ln 2",
        err,
        tolerance(np.float32, n=4, norm=1.0),
        bad if math.isfinite(bad) else math.inf,
        "the naive log(exp(x) + exp(x)) in float32",
        details={
            "naive_log_exp_sum": [float(v) for v in naive.cpu()],
            "naive_overflows": bool(torch.isinf(naive).any()),
        },
    )
    return Evidence(
        "torch twins of the six ξ against numpy",
        parts=parts,
        sizes={"pairs": total, "device": str(device)},
    )
