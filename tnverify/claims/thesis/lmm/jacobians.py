"""Small-side checks of the hidden-state Jacobians of thesis Eq. 6.3, 6.8, 6.9 (registered in
:mod:`.gradients`); the multiplicative-integration expansion Eq. 6.6–6.7 is in :mod:`.expansion`.

Layouts: ``numerator`` is ``J[i, j] = ∂h^{(t)}_i/∂h^{(t−n)}_j`` (what autograd and the
finite differences give); ``denominator`` is its transpose.  Every map ``h^{(t−n)} ↦ h^{(t)}``
here is linear, so central differences have no truncation error; their tolerance is the
rounding model of :func:`tnverify.claims.thesis.lmm.definitions.fd_jacobian`, and the step ``h`` and the
error are recorded.  Autograd vs formula: differences divided by the product of the
absolute factors, ``n = n_steps·H`` accumulated operations.
"""

from __future__ import annotations

import numpy as np

from ... import Evidence
from ...compare import compare_ints, compare_values
from .definitions import autograd_jacobian, fd_jacobian, matrix_power_chain


def _cn(rng, *shape):
    return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)) / np.sqrt(2)


def _jac_parts(J_ad, J_fd, fd_tol, steps, formula, scale, n_ops, layout, n, sizes, control=None):
    """Compare the autograd and FD Jacobians (in ``layout``) with ``formula``.

    ``control`` is ``(wrong, label)``: a minimal wrong variant of the formula in the same
    layout (the negative control of both comparisons; it must fail)."""
    view = (lambda M: M) if layout == "numerator" else (lambda M: M.T)
    wrong, label = control
    ad = compare_values(
        f"∂h^(t)/∂h^(t−{n}) ({layout} layout) by automatic differentiation "
        "of the recurrence (the computed value) vs the printed formula (the "
        "reference)",
        view(J_ad),
        formula,
        n=n_ops,
        scale=view(scale),
        sizes=sizes,
        control=wrong,
        control_label=label,
    )
    compared = f"central differences ({layout}) vs printed formula"
    err = float(np.max(np.abs(view(J_fd) - formula)))
    c_err = float(np.max(np.abs(view(J_fd) - wrong)))
    fd = Evidence(
        compared,
        error=err,
        tolerance=fd_tol,
        sizes=sizes,
        details={
            "step_h": float(np.max(steps)),
            "fd_error": err,
            "rule": "truncation 0 (linear map) + rounding 2·n·eps·F/h",
        },
        counterexample=None if err <= float(fd_tol) else {"n": n, "max_abs_difference": err},
        control=Evidence(
            f"control ({label}) of: {compared}",
            error=c_err,
            tolerance=fd_tol,
            details={"variant": label},
        ),
    )
    return {
        f"n={n}: autograd": ad.keyed(f"n{n}-autograd"),
        f"n={n}: finite differences": fd.keyed(f"n{n}-fd"),
    }


def layout_controls(formula, extra, admissible="denominator"):
    """Negative controls per layout: in the admissible layout the transposed formula (a
    transposed index); in the ruled-out layout (where the formula itself is compared with
    the transposed Jacobian) the formula times one extra factor (an off-by-one power)."""
    other = "numerator" if admissible == "denominator" else "denominator"
    return {
        admissible: (formula.T, "transposed index: the formula transposed"),
        other: (formula @ extra, "off-by-one power: one extra factor"),
    }


# -- thesis-eq-6.3 ----------------------------------------------------------------------
def small_eq63(params, rng):
    import torch

    H, n_max = params["H"], params["n_max"]
    A, B = rng.standard_normal((H, H)) / np.sqrt(H), rng.standard_normal((H, H))
    fs, h = rng.standard_normal((n_max, H)), rng.standard_normal(H)
    sizes = {"H": H, "n_max": n_max}
    out = {"numerator": {}, "denominator": {}}
    tA, tB = torch.from_numpy(A), torch.from_numpy(B)
    for n in range(1, n_max + 1):

        def run(h0, M=A, Bm=B, n=n):
            for f in fs[:n]:
                h0 = M @ h0 + Bm @ f
            return h0

        def run_t(h0, n=n):
            for f in fs[:n]:
                h0 = tA @ h0 + tB @ torch.from_numpy(f)
            return h0

        J_ad = autograd_jacobian(run_t, h)
        J_fd, steps, tol = fd_jacobian(
            run, h, n_ops=n * (2 * H + 1), scale_fn=lambda x: run(x, np.abs(A), np.abs(B))
        )
        printed = np.linalg.matrix_power(A.T, n)
        scale = np.linalg.matrix_power(np.abs(A), n)
        controls = layout_controls(printed, A.T)
        for layout, parts in out.items():
            parts.update(
                _jac_parts(
                    J_ad,
                    J_fd,
                    tol,
                    steps,
                    printed,
                    scale,
                    n * H,
                    layout,
                    n,
                    sizes,
                    control=controls[layout],
                )
            )
    return Evidence(
        "∂h^(t)/∂h^(t−n) of h^(t) = A h^(t−1) + B f^(t) vs (Aᵀ)ⁿ",
        sizes=sizes,
        readings={k: Evidence(f"{k} layout", parts=v, sizes=sizes) for k, v in out.items()},
    )


# -- thesis-eq-6.8 ----------------------------------------------------------------------
def _rac_setup(params, rng):
    H, n_max = params["H"], params["n_max"]
    A, B = rng.standard_normal((H, H)) / np.sqrt(H), rng.standard_normal((H, H)) / np.sqrt(H)
    fs, h = rng.standard_normal((n_max, H)), rng.standard_normal(H)  # distinct inputs
    return H, n_max, A, B, fs, h


def _rac_jacobians(A, B, fs, h, n):
    """Autograd and FD Jacobians of ``h^{(t−n)} ↦ h^{(t)}`` for ``h ← A h ⊙ B f``."""
    import torch

    def run(h0, M=A, Bm=B):
        for f in fs[:n]:
            h0 = (M @ h0) * (Bm @ f)
        return h0

    tA, tB = torch.from_numpy(A), torch.from_numpy(B)

    def run_t(h0):
        for f in fs[:n]:
            h0 = (tA @ h0) * (tB @ torch.from_numpy(f))
        return h0

    H = A.shape[0]
    J_ad = autograd_jacobian(run_t, h)
    J_fd, steps, tol = fd_jacobian(
        run, h, n_ops=n * (3 * H + 1), scale_fn=lambda x: run(x, np.abs(A), np.abs(B))
    )
    chain = [A.T * (B @ f)[None, :] for f in fs[:n]]  # Aᵀ diag(B f^(k)), k = t−n+1..t
    # forward-error scale of each factor: |A|ᵀ diag(|B| |f|) (B f may cancel; its rounding
    # error is relative to |B| |f|, not to |B f|)
    chain_abs = [np.abs(A.T) * (np.abs(B) @ np.abs(f))[None, :] for f in fs[:n]]
    return J_ad, J_fd, steps, tol, chain, chain_abs


def _eq68(params, rng, corrected: bool):
    H, n_max, A, B, fs, h = _rac_setup(params, rng)
    sizes = {"H": H, "n_max": n_max}
    out = {"numerator": {}, "denominator": {}}
    for n in range(1, n_max + 1):
        J_ad, J_fd, steps, tol, chain, chain_abs = _rac_jacobians(A, B, fs, h, n)
        scale = matrix_power_chain(chain_abs).T  # numerator-layout scale
        if corrected:
            formula = matrix_power_chain(chain)  # Π_k Aᵀ diag(B f^(k))
        else:
            formula = np.linalg.matrix_power(chain[0], n)  # (Aᵀ diag(B f^(t−n+1)))ⁿ
        # rounding: every step forms A h (H-term sums), B f (H-term sums) and their product,
        # and the Jacobian chains n such factors: n (2H + 1) roundings per entry
        ops = n * (2 * H + 1)
        controls = layout_controls(formula, chain[0])
        for layout, parts in out.items():
            if corrected and layout == "numerator":
                continue
            parts.update(
                _jac_parts(
                    J_ad,
                    J_fd,
                    tol,
                    steps,
                    formula,
                    scale,
                    ops,
                    layout,
                    n,
                    sizes,
                    control=controls[layout],
                )
            )
        chain_num = matrix_power_chain([m.T for m in chain[::-1]])
        # the chain rule itself (numerator layout, what autograd computes); control: the
        # factors in the wrong order (Π over k ascending instead of descending)
        wrong_order = matrix_power_chain([m.T for m in chain])
        for layout in ("denominator",) if corrected else ("numerator", "denominator"):
            out[layout][f"n={n}: autograd vs chain rule"] = compare_values(
                "autograd Jacobian vs the chain rule Π diag(B f^(k)) A",
                J_ad,
                chain_num,
                n=ops,
                scale=scale,
                sizes=sizes,
                control=wrong_order if n > 1 else chain_num.T,
                control_label="the chain-rule factors in reverse order"
                if n > 1
                else "the one-step factor transposed",
            ).keyed(f"n{n}-chain-rule")
    if corrected:
        return Evidence(
            "∂h^(t)/∂h^(t−n) (denominator layout) vs Π_k Aᵀ diag(B f^(k))",
            parts=out["denominator"],
            sizes=sizes,
        )
    return Evidence(
        "∂h^(t)/∂h^(t−n) of the RAC vs (Aᵀ diag(B f^(t−n+1)))ⁿ",
        sizes=sizes,
        readings={k: Evidence(f"{k} layout", parts=v, sizes=sizes) for k, v in out.items()},
    )


def small_eq68(params, rng):
    return _eq68(params, rng, corrected=False)


def small_eq68_corrected(params, rng):
    return _eq68(params, rng, corrected=True)


# -- thesis-eq-6.9 ----------------------------------------------------------------------
def mult_counts(n: int) -> dict:
    """Real multiplications of ``(λγ)ⁿ Π_{i} x^{(i)}`` evaluated literally (``λγ`` once,
    ``n − 1`` further factors of it, ``n − 1`` products of the ``x``, one final product:
    ``2n`` multiplications), in real arithmetic (1 real mult each) and in complex
    arithmetic with ``(a+ib)(c+id) = (ac − bd) + i(ad + bc)`` (4 real mults each)."""
    ops = 1 + (n - 1) + (n - 1) + 1
    return {"real": ops, "complex (schoolbook)": 4 * ops, "complex (Gauss, 3 mults)": 3 * ops}


def _eq69_instance(lam, gam, xs, h, n_max, corrected, kind, sizes, out):
    """The Eq. 6.9 comparisons on one instance (``kind`` = "complex" or "real")."""
    import torch

    H = lam.size
    tl, tg = torch.from_numpy(lam), torch.from_numpy(gam)
    absx = np.abs(xs)
    for n in range(1, n_max + 1):

        def run(h0, L=lam, G=gam, X=xs, n=n):
            for x in X[:n]:
                h0 = (L * h0) * (G * x)
            return h0

        def run_t(h0, n=n):
            for x in xs[:n]:
                h0 = (tl * h0) * (tg * torch.from_numpy(x))
            return h0

        J_ad = autograd_jacobian(run_t, h)
        J_fd, steps, tol = fd_jacobian(
            run, h, n_ops=4 * n, scale_fn=lambda x: run(x, np.abs(lam), np.abs(gam), absx)
        )
        comp = (lam * gam) ** n * np.prod(xs[:n], axis=0)  # component formula
        scale = np.diag(np.abs(comp)) + np.abs(comp).max() * (1 - np.eye(H))
        if corrected:
            formula = matrix_power_chain([np.diag(lam * gam * x) for x in xs[:n]])
        else:
            formula = np.linalg.matrix_power(np.diag(lam) @ np.diag(gam * xs[n - 1]), n)
        # diagonal factors: both layouts give the same matrix, so the control is an
        # off-by-one power (one extra factor Λ diag(Γ x^(t))) in either layout
        ctrl = (
            formula @ np.diag(lam * gam * xs[n - 1]),
            "off-by-one power: one extra factor Λ diag(Γx)",
        )
        for layout, parts in out.items():
            tag = f"{kind}: n={n}"
            for key, ev in _jac_parts(
                J_ad, J_fd, tol, steps, formula, scale, 4 * n, layout, n, sizes, control=ctrl
            ).items():
                parts[f"{kind}: {key}"] = ev.keyed(f"{kind}-{ev.key}")
            parts[f"{tag}: component formula"] = compare_values(
                f"diag of the autograd Jacobian vs (λ_jγ_j)ⁿ Π_i x_j^(i) ({kind})",
                np.diag(J_ad),
                comp,
                n=4 * n,
                scale=np.abs(comp),
                sizes=sizes,
                control=comp * lam * gam,
                control_label="exponent n+1 on λ_jγ_j",
            ).keyed(f"{kind}-n{n}-component")
            if kind == "complex":
                # holomorphic: the real and the imaginary FD steps agree (Cauchy–Riemann);
                # control: the conjugated imaginary-step Jacobian (a dropped conjugate)
                J_fdi, _, tol2 = fd_jacobian(
                    run,
                    h,
                    n_ops=8 * n,
                    imag_step=True,
                    scale_fn=lambda x: run(x, np.abs(lam), np.abs(gam), absx),
                )
                compared = "∂/∂x vs ∂/∂(iy) central differences (Cauchy–Riemann)"
                parts[f"{tag}: holomorphic (real vs imaginary FD step)"] = Evidence(
                    compared,
                    error=float(np.max(np.abs(J_fd - J_fdi))),
                    tolerance=tol2,
                    sizes=sizes,
                    control=Evidence(
                        f"control (conjugated imaginary-step Jacobian) of: {compared}",
                        error=float(np.max(np.abs(J_fd - np.conj(J_fdi)))),
                        tolerance=tol2,
                    ),
                ).keyed(f"{kind}-n{n}-holomorphic")
    return out


def _eq69(params, rng, corrected: bool):
    H, n_max = params["H"], params["n_max"]
    sizes = {"H": H, "n_max": n_max}
    out = {"numerator": {}, "denominator": {}}
    # complex instance (Λ, Γ ∈ ℂ^{H×H}, 𝐱 ∈ ℂ^H as Eq. 5.20 declares) and a real one
    _eq69_instance(
        _cn(rng, H),
        _cn(rng, H),
        _cn(rng, n_max, H),
        _cn(rng, H),
        n_max,
        corrected,
        "complex",
        sizes,
        out,
    )
    _eq69_instance(
        rng.standard_normal(H),
        rng.standard_normal(H),
        rng.standard_normal((n_max, H)),
        rng.standard_normal(H),
        n_max,
        corrected,
        "real",
        sizes,
        out,
    )
    for parts in out.values():
        for n in range(1, n_max + 1):
            c = mult_counts(n)
            parts[f"n={n}: multiplications 8n vs 2n"] = compare_ints(
                "real multiplications of the component formula (complex, real) vs (8n, 2n)",
                [c["complex (schoolbook)"], c["real"]],
                [8 * n, 2 * n],
            ).keyed(f"n{n}-mults")
    if corrected:
        return Evidence(
            "∂h^(t)/∂h^(t−n) of Eq. 5.20 vs Π_i Λᵀ diag(Γx^(i)) (complex and real instances)",
            parts=out["denominator"],
            sizes=sizes,
        )
    return Evidence(
        "∂h^(t)/∂h^(t−n) of Eq. 5.20 vs (Λᵀ diag(Γx^(t)))ⁿ (complex and real instances)",
        sizes=sizes,
        readings={k: Evidence(f"{k} layout", parts=v, sizes=sizes) for k, v in out.items()},
    )


def small_eq69(params, rng):
    return _eq69(params, rng, corrected=False)


def small_eq69_corrected(params, rng):
    return _eq69(params, rng, corrected=True)
