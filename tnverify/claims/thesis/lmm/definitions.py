"""Literal definitions and numerical tools for the LMM claims (:mod:`tnverify.claims.thesis.lmm`).

numpy float64/complex128 evaluations of thesis Eq. 5.18–5.20 and 6.3, 6.8,
6.9; the eigendecomposition ``A = PΛP⁻¹``; central finite-difference Jacobians with a
named step and a rounding-error tolerance; autograd Jacobians (complex: forward-mode AD
with complex tangents, i.e. the holomorphic derivative).
"""

from __future__ import annotations

import numpy as np

from ....conventions import tolerance

EPS64 = float(np.finfo(np.float64).eps)


def eig(A):
    """``A = P diag(lam) P⁻¹``: ``(lam, P, Pinv, κ₂(P))`` (complex128)."""
    lam, P = np.linalg.eig(np.asarray(A, dtype=np.float64))
    P = P.astype(np.complex128)
    return lam.astype(np.complex128), P, np.linalg.inv(P), float(np.linalg.cond(P))


def rac(A, B, xs, h0):
    """Eq. 5.18 literally, ``h ← A h ⊙ B x`` (B of shape (H, N)): states ``(T, H)``."""
    h, out = np.asarray(h0), []
    for x in xs:
        h = (A @ h) * (B @ x)
        out.append(h)
    return np.array(out)


def diag_rnn(lam, inp, h0):
    """``h ← Λ h ⊙ u_t`` with precomputed input terms ``inp (T, H)``: states ``(T, H)``."""
    h, out = np.asarray(h0), []
    for u in inp:
        h = (lam * h) * u
        out.append(h)
    return np.array(out)


def mapped_rac(lam, P, Pinv, B, xs, hb0):
    """What Eq. 5.18 becomes for ``h̄ = P⁻¹h`` exactly:
    ``h̄ ← P⁻¹ diag(B x) P Λ h̄`` (the corrected Eq. 5.19)."""
    h, out = np.asarray(hb0), []
    for x in xs:
        h = Pinv @ ((B @ x) * (P @ (lam * h)))
        out.append(h)
    return np.array(out)


def fd_step(x) -> np.ndarray:
    """Central-difference steps ``h_j = (3·eps)^{1/3}·max(1, |x_j|)`` (the step that
    balances the truncation error ``h²|f'''|/6`` against the rounding error
    ``eps·|f|/h`` for unit-scale third derivatives)."""
    return (3.0 * EPS64) ** (1.0 / 3.0) * np.maximum(1.0, np.abs(np.asarray(x)))


def fd_jacobian(f, x, *, scale_fn, n_ops: int, imag_step: bool = False):
    """Numerator-layout Jacobian ``J[i, j] = ∂f_i/∂x_j`` by central differences.

    The maps differentiated here are linear in ``x`` (Eq. 6.3, 6.8, 6.9 in
    ``h^{(t−n)}``), so the truncation error ``h²·|f'''|/6`` is zero and the error is
    the rounding of the two evaluations, ``≤ 2·n_ops·eps·F`` divided by the exact step
    ``h_eff = (x + h) − (x − h)``: the tolerance is ``tolerance(float64, n_ops, F/h_eff)``
    with ``F = max |scale_fn(|x| + h)|`` (the map on absolute values, Higham §3.1).
    ``imag_step`` steps along ``i·e_j`` (holomorphic maps: ``∂f/∂(iy) = f'``).

    Returns ``(J, steps, tolerance)``.
    """
    x = np.asarray(x)
    dt = np.complex128 if (np.iscomplexobj(x) or imag_step) else np.float64
    x = x.astype(dt)
    hs = fd_step(x)
    cols, worst = [], 0.0
    for j in range(x.size):
        e = np.zeros(x.size, dtype=dt)
        e[j] = 1j * hs[j] if imag_step else hs[j]
        xp, xm = x + e, x - e
        d = (xp - xm)[j]  # the step actually taken (exact in binary)
        cols.append((np.asarray(f(xp)) - np.asarray(f(xm))) / d)
        F = float(np.max(np.abs(scale_fn(np.abs(x) + hs[j]))))
        worst = max(worst, F / abs(d))
    J = np.stack(cols, axis=1)
    return J, hs, tolerance(np.float64, n=2 * n_ops, norm=worst)


def autograd_jacobian(f, x) -> np.ndarray:
    """Numerator-layout Jacobian of a torch map at a numpy point: real inputs by
    reverse mode; complex inputs by forward mode with complex tangents ``e_j`` (the
    holomorphic derivative ``f'(z)`` of a holomorphic map)."""
    import torch

    x = np.asarray(x)
    if not np.iscomplexobj(x):
        t = torch.from_numpy(x.astype(np.float64))
        return torch.autograd.functional.jacobian(f, t).numpy()
    import torch.autograd.forward_ad as fwad

    z = torch.from_numpy(x.astype(np.complex128))
    cols = []
    for j in range(x.size):
        e = torch.zeros_like(z)
        e[j] = 1.0
        with fwad.dual_level():
            out = f(fwad.make_dual(z, e))
            cols.append(fwad.unpack_dual(out).tangent.detach().clone())
    return torch.stack(cols, dim=1).numpy()


def matrix_power_chain(mats) -> np.ndarray:
    """``M_1 M_2 ⋯ M_k`` (left to right)."""
    out = np.eye(mats[0].shape[0], dtype=np.result_type(*mats))
    for m in mats:
        out = out @ m
    return out
