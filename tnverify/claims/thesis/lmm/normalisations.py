"""Small-side checks of the LMM normalisations, thesis §5.4.2, Eq. 5.23 (LMM-MLP)
and Eq. 5.24 (LMM-MMn), and of Eq. 6.6–6.7 (:mod:`tnverify.claims.thesis.lmm`).

Linearity tests compare ``f(z₁ + z₂)`` with ``f(z₁) + f(z₂)`` and ``f(cz)`` with ``c f(z)``
entrywise, each difference divided by the forward-error scale of the terms (the same
expression on absolute values); ``n`` is the number of operations per entry.
"""

from __future__ import annotations

import numpy as np

from ....errors import DTypeError
from ... import Evidence
from ...compare import compare_values


def _cn(rng, *shape):
    return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)) / np.sqrt(2)


# -- thesis-eq-5.23 ---------------------------------------------------------------------
def _not_bilinear(cell, C, D, h, x, kind, sizes):
    """Evidence that Eq. 5.23's step is not bilinear in (𝐡^(t−1), 𝐱^(t)): h(2𝐡, 𝐱) differs
    from 2·h(𝐡, 𝐱) beyond rounding.  Control: the same test on Eq. 5.20's own step
    𝐡 ← Λ𝐡 ⊙ Γ𝐱 (bilinear), which must show no defect."""
    import torch

    H = h.size
    with torch.no_grad():
        step = lambda hh: (
            cell.step(torch.from_numpy(hh[None]), torch.from_numpy(x[None]))[0].detach().numpy()
        )
    lam, gam = cell.lam().detach().numpy(), cell.gam().detach().numpy()
    lg = np.abs(lam * gam)
    sc_h = 2 * (np.abs(C) @ (lg * np.abs(h) * np.abs(x)) + np.abs(D) @ np.abs(x))
    bil = compare_values(
        "h(2𝐡^(t−1), 𝐱) vs 2·h(𝐡^(t−1), 𝐱) (bilinear ⇒ equal)",
        step(2 * h),
        2 * step(h),
        n=2 * H + 4,
        scale=sc_h,
        sizes=sizes,
    )
    s520 = lambda hh: lam * hh * (gam * x)
    bil520 = compare_values(
        "Eq. 5.20 step: h(2𝐡, 𝐱) vs 2·h(𝐡, 𝐱)",
        s520(2 * h),
        2 * s520(h),
        n=4,
        scale=2 * lg * np.abs(h) * np.abs(x),
        sizes=sizes,
    )
    compared = f"bilinearity defect of Eq. 5.23 beyond rounding ({kind})"
    return Evidence(
        compared,
        passed=not bil.ok,
        sizes=sizes,
        details={"defect_over_tolerance": bil.ratio, "|D x|_max": float(np.abs(D @ x).max())},
        counterexample=None if not bil.ok else {"defect_over_tolerance": bil.ratio},
        control=Evidence(
            f"control (Eq. 5.20's step, which is bilinear) of: {compared}",
            passed=not bil520.ok,
            details={"defect_over_tolerance": bil520.ratio},
        ),
    )


def _mlp_parts(params, rng):
    from ....cells.lmm import LMMMLP

    H = params["H"]
    cell = LMMMLP(H, rng=rng)
    C, D = cell.C.detach().numpy(), cell.D.detach().numpy()
    x, z1, z2, h = _cn(rng, H), _cn(rng, H), _cn(rng, H), _cn(rng, H)
    mlp = lambda z: C @ z + D @ x
    mabs = lambda z: np.abs(C) @ np.abs(z) + np.abs(D) @ np.abs(x)
    sizes = {"H": H}
    # MLP as defined is affine: MLP(z1+z2) + MLP(0) = MLP(z1) + MLP(z2); 2H+2 operations;
    # control: a genuine one-hidden-layer perceptron C·tanh(z) + D x (not affine)
    lhs, rhs = mlp(z1 + z2) + mlp(0 * z1), mlp(z1) + mlp(z2)
    sc = mabs(np.abs(z1) + np.abs(z2)) + mabs(0 * z1) + mabs(z1) + mabs(z2)
    mlp2 = lambda z: C @ np.tanh(z) + D @ x
    affine = compare_values(
        "MLP(z₁+z₂) + MLP(0) vs MLP(z₁) + MLP(z₂) (x fixed)",
        lhs,
        rhs,
        n=2 * H + 2,
        scale=sc,
        sizes=sizes,
        control=mlp2(z1 + z2) + mlp2(0 * z1) - mlp2(z1) - mlp2(z2) + rhs,
        control_label="a hidden tanh layer, C·tanh(z) + D𝐱",
    )
    bil = {
        "complex 𝐱": _not_bilinear(cell, C, D, h, x, "complex 𝐱", sizes).keyed(
            "not-bilinear-complex"
        ),
        "real 𝐱": _not_bilinear(
            cell, C, D, h, rng.standard_normal(H).astype(complex), "real 𝐱", sizes
        ).keyed("not-bilinear-real"),
    }
    return affine, bil, sizes


def small_eq523(params, rng):
    affine, bil, sizes = _mlp_parts(params, rng)
    parts = {f"h^(t) not bilinear in (h^(t−1), x^(t)) ({k})": v for k, v in bil.items()}
    parts["MLP(z) = C z + D x is affine in z (as defined)"] = affine
    return Evidence(
        "LMM-MLP (Eq. 5.23): MLP as defined; disruption of multiplicativity",
        sizes=sizes,
        readings={
            "MLP as defined": Evidence(
                "MLP(𝐳) = 𝐂𝐳 + 𝐃𝐱, one affine layer", parts=parts, sizes=sizes
            ).keyed("mlp-as-defined")
        },
    )


def small_eq523_corrected(params, rng):
    affine, bil, sizes = _mlp_parts(params, rng)
    parts = {f"h^(t) not bilinear ({k})": v for k, v in bil.items()}
    parts["MLP(z) affine in z"] = affine
    return Evidence(
        "MLP(𝐳) is one affine layer; 5.23 is not bilinear (variant)", sizes=sizes, parts=parts
    )


# -- thesis-eq-5.24 ---------------------------------------------------------------------
def _mmn_np(z, a=-1.0, b=1.0):
    with np.errstate(invalid="ignore", divide="ignore"):
        return a + (z - np.min(z)) * (b - a) / (np.max(z) - np.min(z))


def _mm(z):
    import torch

    from ....cells.lmm import mmn

    return mmn(torch.from_numpy(np.asarray(z, dtype=np.float64))).numpy()


def _linearity_parts(z1, z2, label, sizes):
    """Additivity and homogeneity (c = 2, c = −2) of the torch MMn on real vectors."""
    # MMn entries are ≤ |a| + |b| = 2 after 4 operations (sub, sub, mul, div) -> scale 2
    parts = {}
    parts[f"{label}: additivity"] = compare_values(
        f"MMn(z₁+z₂) vs MMn(z₁)+MMn(z₂) ({label})",
        _mm(z1 + z2),
        _mm(z1) + _mm(z2),
        n=8,
        scale=4.0,
        sizes=sizes,
    ).keyed(f"{label.split()[0].lower()}-additivity")
    for c in (2.0, -2.0):
        parts[f"{label}: homogeneity c = {c:g}"] = compare_values(
            f"MMn(cz) vs c·MMn(z), c = {c:g} ({label})",
            _mm(c * z1),
            c * _mm(z1),
            n=8,
            scale=2.0 * abs(c),
            sizes=sizes,
        )
    return parts


def _mmn_parts(params, rng):
    import torch

    from ....cells.lmm import mmn

    H = params["H"]
    sizes = {"H": H}
    z1, z2 = _cn(rng, H), _cn(rng, H)
    parts = _linearity_parts(z1.real, z2.real, "real z", sizes)
    parts.update(_linearity_parts((z1 * z2).real, (z2 * z2).real, "Re z (§7.2)", sizes))
    try:
        mmn(torch.from_numpy(z1))
        torch_complex = "accepted"
    except DTypeError as exc:
        torch_complex = f"refused: {exc}"
    try:
        torch.amin(torch.from_numpy(z1))
        torch_native = "accepted"
    except RuntimeError as exc:
        torch_native = f"RuntimeError: {str(exc).splitlines()[0]}"
    out_np = _mmn_np(z1)
    in_ab = lambda o: bool(np.all(np.abs(o.imag) == 0) and np.all(np.abs(o.real) <= 1))
    compared = "numpy MMn of a complex z (lexicographic min/max) is real and in [a, b]"
    wrong = -1.0 + (z1 - np.min(z1)) * 2.0  # the division by max − min dropped
    parts["complex z: MMn(z) ∈ ℝ^H_[a,b]"] = Evidence(
        compared,
        passed=in_ab(out_np),
        sizes=sizes,
        details={
            "numpy_value": [complex(v) for v in out_np],
            "torch_mmn": torch_complex,
            "torch_amin": torch_native,
        },
        control=Evidence(
            f"control (the division by max(z) − min(z) dropped) of: {compared}", passed=in_ab(wrong)
        ),
    ).keyed("complex-z-in-range")
    const = _mm(np.full(H, 0.5))
    one = _mm(np.array([0.5]))
    compared = "MMn of a constant vector and of a 1-vector is finite"
    raw = _mmn_np(np.full(H, 0.5))  # the printed formula, unguarded: 0/0
    parts["constant z and H = 1: MMn(z) ∈ [a, b]"] = Evidence(
        compared,
        passed=bool(np.isfinite(const).all() and np.isfinite(one).all()),
        sizes=sizes,
        details={"constant": const.tolist(), "H=1": one.tolist()},
        control=Evidence(
            f"control (the printed formula without a guard for max = min) of: {compared}",
            passed=bool(np.isfinite(raw).all()),
        ),
    )
    return parts, sizes, z1.real


def small_eq524(params, rng):
    parts, sizes, _ = _mmn_parts(params, rng)
    return Evidence("MMn (Eq. 5.24) as a linear transformation", parts=parts, sizes=sizes)


def small_eq524_corrected(params, rng):
    H = params["H"]
    z, s = rng.standard_normal(H), float(rng.standard_normal())
    sizes = {"H": H}
    parts = {}
    for c in (0.5, 3.0):
        parts[f"MMn(cz + s𝟏) = MMn(z), c = {c:g}"] = compare_values(
            f"MMn({c:g}z + s𝟏) vs MMn(z)",
            _mm(c * z + s),
            _mm(z),
            n=8,
            scale=2.0 * (1 + abs(s) / np.ptp(c * z)),
            sizes=sizes,
            control=c * _mm(z) + s,
            control_label="the printed linearity c·MMn(z) + s𝟏",
        )
    parts["MMn(−z) = a + b − MMn(z)"] = compare_values(
        "MMn(−z) vs a + b − MMn(z)", _mm(-z), -1.0 + 1.0 - _mm(z), n=8, scale=2.0, sizes=sizes
    )
    parts["MMn(z) ∈ [a, b], min ↦ a, max ↦ b"] = compare_values(
        "(min, max) of MMn(z) vs (a, b)",
        np.array([_mm(z).min(), _mm(z).max()]),
        np.array([-1.0, 1.0]),
        n=8,
        scale=2.0,
        sizes=sizes,
    )
    return Evidence(
        "MMn is invariant under positive scaling and translation", parts=parts, sizes=sizes
    )
