"""Scaled (torch) sides of the universality claims of gtm §5.1, App. A.

Grids are built on ``device`` by :func:`tnverify.generalized.grid.grid_tensor` (backend "torch",
float64) and compared with the same forward-error scales as the small sides (the grid of
the absolute network).  Memory at the "large" sizes (one H100): Lemma 5.1 M = 8, T = 6,
L = R = 16 per network: grids of 262,144 entries, prefix states ≤ 8.4M entries (67 MB);
Prop. A.4 M = 16, T = 6: 16.7M-entry grids (134 MB each); Thm. 5.1 span at M = 4, T = 6:
a 24,576 × 4,096 float64 matrix (805 MB) and its singular values; the explicit width-65,536
shallow network at M = 4, T = 8 is evaluated in chunks of 256 terms (16.7M-entry
temporaries); §4.2 at M = 4, T = 8: 4,096 sampled grids sketched by a 65,536 × 256
Gaussian matrix chunk by chunk (no 2 GB matrix is formed); Prop. A.5 M = 16, T = 6:
ℋ, ℋ̂ and the grid (134 MB each) and an exact TT-SVD (middle unfolding 4096 × 4096).
"""

from __future__ import annotations

import numpy as np

from ....generalized import constructions as gc
from ....generalized.grid import grid_tensor, random_generalized_rnn, random_shallow
from ....generalized.xi import XI_NAMES, get_xi
from ....ranks.matricize import numerical_rank
from ... import Evidence
from ...compare import compare_ints, compare_values
from ..controls import control_of
from .checks import LEMMA_XIS, abs_network, chain_length, invertible_F


def _t(x, device):
    import torch

    return torch.as_tensor(np.asarray(x), dtype=torch.float64, device=device)


def _g(net, F, device):
    return grid_tensor(net, F, backend="torch", device=device)


def scaled_lemma_5_1(params, device, rng):
    M, T, L, R = params["M"], params["T"], params["L"], params["R"]
    a, b = rng.normal(), rng.normal()
    F = invertible_F(M, rng)
    parts = {}
    for name in LEMMA_XIS:
        A = random_generalized_rnn(M, T, R, name, rng, L=L)
        B = random_generalized_rnn(M, T, R + 1, name, rng, L=L + 1)
        C = gc.combine_networks(a, A, b, B)
        scale = abs(a) * _g(abs_network(A), np.abs(F), device) + abs(b) * _g(
            abs_network(B), np.abs(F), device
        )
        parts[f"ξ = {name}"] = compare_values(
            "Γ_C vs aΓ_A + bΓ_B (torch float64)",
            _g(C, F, device),
            a * _g(A, F, device) + b * _g(B, F, device),
            n=chain_length(C),
            scale=scale,
        )
    return Evidence(
        "Lemma 5.1 at scale", parts=parts, sizes={"M": M, "T": T, "L": L, "R": R, "a": a, "b": b}
    )


def scaled_prop_a_4(params, device, rng):
    M, T = params["M"], params["T"]
    F = invertible_F(M, rng)
    parts = {}
    for name in XI_NAMES:
        xi = get_xi(name)
        if xi.unit is None:
            parts[name] = Evidence(f"ξ = {name}", skipped="ξ has no unit")
            continue
        s = random_shallow(M, T, 1, xi, rng)
        parts[f"ξ = {xi.label}"] = compare_values(
            "Γ(Prop. A.4 RNN) vs Γ(rank-1 shallow), torch",
            _g(gc.rank_one_to_rnn(s), F, device),
            _g(s, F, device),
            n=chain_length(s),
            scale=_g(abs_network(s), np.abs(F), device),
        )
    return Evidence("Prop. A.4 at scale", parts=parts, sizes={"M": M, "T": T})


def _shallow_grid_chunked(shallow, F, device, chunk=256):
    """Eq. 20 summed over terms in chunks (width-M^T networks: the prefix builder would hold
    M^{T−1}·R states)."""
    import torch

    T, R, M = shallow.templates.shape
    xi = shallow.xi.torch
    Ft = _t(F, device)
    out = torch.zeros((M,) * T, dtype=torch.float64, device=device)
    for lo in range(0, R, chunk):
        V = _t(shallow.templates[:, lo : lo + chunk], device)  # (T, c, M)
        U = torch.einsum("mf,tcf->tcm", Ft, V)  # F v
        acc = U[0]
        for t in range(1, T):
            acc = xi(acc.unsqueeze(-1), U[t].reshape((U.shape[1],) + (1,) * t + (M,)))
        out += torch.tensordot(_t(shallow.weights[lo : lo + chunk], device), acc, dims=1)
    return out


def scaled_thm_5_1(params, device, rng):
    import torch

    M, T, Ts = params["M"], params["T"], params["span_T"]
    N = M**Ts
    g = torch.Generator(device).manual_seed(int(rng.integers(2**62)))
    S = params["factor"] * N
    U = torch.randn(Ts, S, M, dtype=torch.float64, device=device, generator=g)
    acc = U[0]
    for t in range(1, Ts):  # rank-1 max grids with F = I: max(u_1[i_1], …, u_T[i_T], 0)
        acc = torch.maximum(acc.unsqueeze(-1), U[t].reshape((S,) + (1,) * t + (M,)))
    nr = numerical_rank(torch.clamp(acc, min=0).reshape(S, N).cpu().numpy())
    # control: the same span for ξ = max(x, 0) + max(y, 0) (§4.2: additive, not universal)
    add = torch.clamp(U[0], min=0)
    for t in range(1, Ts):
        add = add.unsqueeze(-1) + torch.clamp(U[t], min=0).reshape((S,) + (1,) * t + (M,))
    nr_add = numerical_rank(add.reshape(S, N).cpu().numpy())
    F = invertible_F(M, rng)
    H = rng.standard_normal((M,) * T)
    sh = gc.universal_shallow(H, F)
    got = _shallow_grid_chunked(sh, F, device)
    scale = _shallow_grid_chunked(abs_network(sh), np.abs(F), device)
    return Evidence(
        "Thm. 5.1 at scale: span rank and the explicit width-M^T network",
        sizes={"M": M, "T": T, "span_T": Ts, "samples": S},
        parts={
            "span rank = M^T": Evidence(
                "numerical rank of rank-1 max grids",
                passed=int(nr) == N,
                details={**nr.to_dict(), "M^T": N},
                control=control_of(
                    "numerical rank of rank-1 grids = M^T",
                    "ξ = max(x, 0) + max(y, 0) in place of max(x, y, 0)",
                    passed=int(nr_add) == N,
                    details={"rank": int(nr_add)},
                ),
            ),
            "explicit shallow grid = ℋ": compare_values(
                "Γ(width-M^T max-shallow) vs ℋ", got, H, n=chain_length(sh), scale=scale
            ),
        },
    )


def scaled_sec_4_2(params, device, rng):
    """§4.2 at scale: grids of random width-1 ξ = relu_sum shallow networks, built by the
    implementation (:func:`tnverify.generalized.grid.grid_tensor`, ``backend="torch"`` on ``device``;
    F random invertible), sketched by a Gaussian Ω (N × k) and their span rank compared with
    T(M−1)+1 < M^T.  Memory ("large", M = 4, T = 8): one 65536-entry grid at a time, the
    N × k = 65536 × 256 sketch (134 MB) and the S × k sketched grids (8.4 MB)."""
    import torch

    M, T, S, k = params["M"], params["T"], params["samples"], params["sketch"]
    N = M**T
    g = torch.Generator(device).manual_seed(int(rng.integers(2**62)))
    Om = torch.randn(N, k, dtype=torch.float64, device=device, generator=g)
    F = invertible_F(M, rng)
    Y = torch.empty(S, k, dtype=torch.float64, device=device)
    for i in range(S):
        net = random_shallow(M, T, 1, "relu_sum", rng)
        grid = grid_tensor(net, F, backend="torch", device=device, dtype=torch.float64)
        Y[i] = grid.reshape(N) @ Om
        del grid
    nr = numerical_rank(Y.cpu().numpy())
    bound = T * (M - 1) + 1
    return Evidence(
        "randomised span rank of relu_sum grids",
        sizes={"M": M, "T": T, "samples": S, "sketch": k},
        parts={
            "sketched rank ≤ T(M−1)+1 < M^T": compare_ints(
                "sketched numerical rank vs T(M−1)+1", [int(nr)], [bound], "<="
            )
        },
        details={
            **nr.to_dict(),
            "M^T": N,
            "grids": "grid_tensor(random_shallow(M, T, 1, 'relu_sum'), F, backend='torch')",
        },
    )


def scaled_prop_a_5(params, device, rng, order="corrected"):
    import torch

    from ....tt.svd_torch import tt_svd_torch

    M, T = params["M"], params["T"]
    B = params["B"] if order == "corrected" else None  # the TT score is the corrected side's
    F = rng.standard_normal((M, M))
    Ft, Hn = _t(F, device), rng.standard_normal((M,) * T)
    H = _t(Hn, device)
    Finv = torch.linalg.inv(Ft)
    Q = Finv.T if order == "printed" else Finv  # ℋ̂ = ℋ ×_t Q (Q[i, j] multiplies ℋ_j)

    def modes(X, P):
        for t in range(T):
            X = torch.movedim(torch.tensordot(X, P, dims=([t], [1])), -1, t)
        return X

    Hh = modes(H, Q)
    scale = modes(modes(H.abs(), Q.abs()), Ft.abs())
    n = 2 * T * M
    parts = {
        "grid ⟨ℋ̂, Φ⟩ = ℋ": compare_values(
            f"⟨ℋ̂ ({order}), Φ⟩ vs ℋ, torch", modes(Hh, Ft), H, n=n, scale=scale
        )
    }
    if order == "corrected":
        tt = tt_svd_torch(Hh)
        idx = torch.as_tensor(rng.integers(0, M, size=(B, T)), device=device)
        f = Ft[idx]  # (B, T, M)
        h = torch.ones(B, 1, dtype=torch.float64, device=device)
        hs = torch.ones(B, 1, dtype=torch.float64, device=device)
        for t, G in enumerate(tt.cores):  # Lemma 3.1 recurrence
            h = torch.einsum("br,rms,bm->bs", h, G, f[:, t])
            hs = torch.einsum("br,rms,bm->bs", hs, G.abs(), f[:, t].abs())
        parts["TT score (Lemma 3.1) = ℋ on sampled entries"] = compare_values(
            "TT-SVD(ℋ̂) recurrence vs ℋ",
            h[:, 0],
            H[tuple(idx.T)],
            n=n + M**T,
            scale=hs[:, 0] + scale[tuple(idx.T)],
        )
    sizes = {"M": M, "T": T} if B is None else {"M": M, "T": T, "B": B}
    return Evidence(f"Prop. A.5 at scale ({order})", parts=parts, sizes=sizes)


def scaled_prop_a_5_printed(params, device, rng):
    return scaled_prop_a_5(params, device, rng, order="printed")
