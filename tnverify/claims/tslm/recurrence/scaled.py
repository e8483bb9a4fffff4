"""Scaled (torch) side of the TSLM claims (tnverify.claims.tslm.recurrence)."""

from __future__ import annotations

import numpy as np

from ....conventions import tolerance
from ... import Evidence
from ...compare import compare_values

__all__ = ["scaled_eq19", "compare_eq19"]


def _cell(U, W, emb, dtype, device):
    import torch

    from ....cells.tslm import TSLM

    V = torch.zeros(emb.shape[0], U.shape[0], dtype=torch.float64)
    return TSLM.from_arrays(U, W, V, emb, dtype=dtype, device=device)


def scaled_eq19(params, device, rng):
    """λᵀh_n by the TSLM cell in float32 vs float64 (renormalised per step), on batches of
    token sequences; h₀ by solve vs pinv for a well-conditioned and a near-singular W.

    The float64 TT contraction of ``tslm_to_tt`` is the reference of the small side; here
    the reference is the float64 cell.  Rounding scale: the Σ|terms| of the *last* step
    with the float64 partial product, ``Σ_k |λ_k| (|W| |h_{n−1}|)_k |Uα_n|_k`` (as
    ttlm.tt_format.scaled's ``scaled_scoring``), not the |·| chain ``|λ|ᵀ|h_n|`` over all n steps,
    which outgrows the signed value geometrically and made the comparison vacuous."""
    import torch

    m, r, n, B = params["m"], params["r"], params["length"], params["batch"]
    vocab = params.get("vocab_size", 4 * m)
    U = rng.standard_normal((r, m)) / np.sqrt(m)
    W = np.eye(r) + 0.3 * rng.standard_normal((r, r)) / np.sqrt(r)
    emb = rng.standard_normal((vocab, m))
    lam = rng.standard_normal(r)
    tokens = torch.as_tensor(rng.integers(0, vocab, (B, n)))
    out = {}
    for dt in (torch.float64, torch.float32):
        cell = _cell(U, W, emb, dt, device)
        with torch.no_grad():
            h, c = cell.hidden_scaled(tokens)
        lt = torch.as_tensor(lam, dtype=dt, device=device)
        out[str(dt)] = ((h @ lt).double().cpu().numpy(), c.cpu().numpy())
    cell = _cell(U, W, emb, torch.float64, device)
    with torch.no_grad():
        hp, cp = cell.hidden_scaled(tokens[:, :-1])  # h_{n−1}, renormalised
        b = cell.alphas(tokens[:, -1:])[:, 0] @ cell.U.T  # U α_n
        last = ((hp.abs() @ cell.W.abs().T) * b.abs()) @ torch.as_tensor(np.abs(lam), device=device)
    v64, c64 = out["torch.float64"]
    v32, c32 = out["torch.float32"]
    cp = cp.cpu().numpy()
    return compare_eq19(
        v32,
        c32,
        v64,
        c64,
        last.cpu().numpy(),
        cp,
        W,
        rng,
        n=n * (r + 2),
        sizes={"m": m, "r": r, "length": n, "batch": B, "device": device},
        labels=tokens.tolist(),
    )


def compare_eq19(v32, c32, v64, c64, last, c_last, W, rng, *, n, sizes, labels):
    """The parts of :func:`scaled_eq19` from renormalised values ``v · exp(c)``: the
    float32 value ``v32`` against the float64 ``v64``, relative to the last-step scale
    ``last · exp(c_last)`` (factored out so a test can feed a perturbed value)."""
    # express both on the scale of the last partial product: value · exp(c − c_last)
    ref, val = v64 * np.exp(c64 - c_last), v32 * np.exp(c32 - c_last)
    cond = float(np.linalg.cond(W))
    r = W.shape[0]
    parts = {
        "float32 cell vs float64 cell (λᵀh_n)": compare_values(
            "λᵀh_n, float32 vs float64, relative to Σ_k |λ_k|(|W||h_{n−1}|)_k|Uα_n|_k",
            val,
            ref,
            # n: n steps of an r-term dot product and a product (the error of h_{n−1}
            # relative to its own size grows with the steps, carried into the last step);
            # scale: the last step's Σ|terms| times cond(W) for the W⁻¹ of h₀
            n=n,
            scale=last * cond,
            dtype=np.float32,
            sizes=sizes,
            labels=labels,
        ).keyed("float32-vs-float64")
    }
    parts.update(_h0_parts(W, rng, r))
    return Evidence(
        "TSLM cell (Eq. 19) at scale: float32 vs float64; h₀ = W⁻¹1",
        parts=parts,
        sizes=sizes,
        details={"cond_W": cond},
    )


def _h0_parts(W, rng, r):
    """Backward error of ``W h₀ = 1`` by solve and pinv, for ``W`` and a near-singular
    ``W_s`` (smallest singular value 1e-12·σ_max... set through the SVD)."""
    u, s, vt = np.linalg.svd(W)
    s_near = s.copy()
    s_near[-1] = s[0] * np.finfo(np.float64).eps ** 0.75
    Ws = (u * s_near) @ vt
    parts, details = {}, {}
    for name, M in (("W", W), ("near-singular W", Ws)):
        one = np.ones(r)
        h_solve = np.linalg.solve(M, one)
        h_pinv = np.linalg.pinv(M) @ one
        res = {
            k: float(np.abs(M @ h - one).max()) for k, h in (("solve", h_solve), ("pinv", h_pinv))
        }
        details[name] = {
            "cond": float(np.linalg.cond(M)),
            "residual": res,
            "max|h0|": float(np.abs(h_solve).max()),
        }
        # backward stability of solve: ‖W h − 1‖ ≤ n·eps·‖W‖‖h‖ (n = r accumulated terms)
        tol = tolerance(
            np.float64, n=r, norm=float(np.abs(M).sum(axis=1).max() * np.abs(h_solve).max())
        )
        # control: h₀ = solve(Wᵀ, 1) (the transposed system) must miss W h₀ = 1
        h_t = np.linalg.solve(M.T, one)
        parts[f"solve: W h₀ = 1 ({name})"] = Evidence(
            f"‖W h₀ − 1‖_∞ with h₀ = solve(W, 1) ({name})",
            error=res["solve"],
            tolerance=tol,
            details=details[name],
            control=Evidence(
                f"control (h₀ = solve(Wᵀ, 1)) of: W h₀ = 1 ({name})",
                error=float(np.abs(M @ h_t - one).max()),
                tolerance=tol,
            ),
        )
    return parts
