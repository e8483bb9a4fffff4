"""Spine claims about unfoldings and TT-SVD (seed 001 (thesis) §3.1.2 and §3.2.2).

Claims: ``thesis-def-3.1.3`` (the reshape and its multi-index), ``thesis-thm-3.2.1``
(existence of a TT with ranks ≤ rank A_[k], via the constructive proof),
``thesis-thm-3.2.2`` (the error bound of fixed-rank TT-SVD), ``thesis-alg-1`` (Algorithm 1
executed literally, Fortran-order reshapes as MATLAB's) with ``thesis-alg-1-corrected``,
and ``tnverify-tt-svd-error-identity``.  Definition sides use explicit float64 tensors;
scaled sides use :mod:`tnverify.tt_svd_torch`.
"""

from __future__ import annotations

import math
import time

import numpy as np
import scipy.linalg

from . import Claim, Evidence, Ref, register
from ..conventions import rank_tolerance, tolerance
from ..matricize import numerical_rank, unfold
from ..tt import TensorTrain, max_tt_ranks, random_tt
from ..tt_svd import truncation_rank, tt_svd

STATEMENTS = {
    "thesis-def-3.1.3": "The reshape of a tensor 𝐀 ∈ ℝ^{I₁×I₂×⋯×I_L}, denoted here as 𝐀_{[k]}, is a (I₁I₂⋯I_k) by (I_{k+1}I_{k+2}⋯I_L) matrix, whose elements are taken column-wise from 𝐀, that is: (𝐀_{[k]})_{\\overline{i₁⋯i_k, i_{k+1}⋯i_L}} = 𝐀_{i₁,…,i_k,i_{k+1},…,i_L} (3.1), where the multi-index \\overline{i₁⋯i_L} is defined as: \\overline{i₁⋯i_L} = i₁ + (i₂ − 1)I₁ + ⋯ + (i_L − 1)I₁⋯I_{L−1}.",  # noqa: E501
    "thesis-thm-3.2.1": "Theorem: \"If for each unfolding matrix 𝐀_{[k]} of form (3.1) of a tensor 𝐀_{i₁,…,i_L} with rank(𝐀_{[k]}) = R_k (3.5), then there exists a decomposition (3.3) with TT-ranks not higher than R_k.\" Proof, first step: \"Consider the first unfolding of 𝐀 and its dyadic (skeleton) decomposition 𝐀_{[k]} = 𝐔𝐕ᵀ\". Proof, rank step: the proof shows \"rank(𝐕̂_{[k]}) ≤ R_k, ∀k ∈ [L]\", considering unfoldings \"for k = 2, …, L\".",  # noqa: E501
    "thesis-thm-3.2.2": "Suppose that the unfoldings 𝐀_{[k]} of the tensor 𝐀 ∈ ℝ^{I₁×I₂×⋯×I_L} can be approximated by matrices of low rank Â_k: 𝐀_{[k]} = Â_k + 𝐄_k, rank(Â_k) = R_k, ‖𝐄_k‖_F = ε_k, k ∈ [L−1]. (3.8) Then truncated TT-SVD computes a tensor 𝐁 in the TT-format with TT-ranks R_k and ‖𝐀 − 𝐁‖_F ≤ √(Σ_{k=1}^{L−1} ε_k²). (3.9)",  # noqa: E501
    "thesis-alg-1": "Require: \"Tensor 𝐀 ∈ ℝ^{I₁×⋯×I_L}, prescribed accuracy ε\". Ensure: \"Cores 𝐆^{(1)}, …, 𝐆^{(L)} of the TT-approximation 𝐁 to 𝐀 in the TT-format with TT-ranks R_k equal to the δ-ranks of the unfoldings 𝐀_{[k]} of 𝐀, where δ = (ε/√(L−1))‖𝐀‖_F. The computed approximation satisfies ‖𝐀 − 𝐁‖_F ≤ ε‖𝐀‖_F.\" Steps, as printed: 1. \"Compute the truncation parameter δ = (ε/√(L−1))‖𝐀‖_F.\" 2. \"Create a copy of the original tensor M₁ = 𝐀.\" 3. \"Set R₀ = R_L = 1.\" 4. \"for k = 1, …, L−1 do\" 5. \"𝐌_k = reshape(𝐌_k, [R_{k−1}·I_k, numel(𝐌_k)/(R_{k−1}·I_k)])\" 6. \"Compute the δ-truncated SVD, 𝐌_k = 𝐔_kΣ_k𝐕_kᵀ + 𝐄_k where ‖𝐄_k‖_F = δ and R_k = rank_δ(𝐔_k);\" 7. \"New core: 𝐆^{(k)} = reshape(𝐔_k, [R_{k−1}, I_k, R_k]).\" 8. \"𝐌_{k+1} = Σ_k𝐕_kᵀ.\" 9. \"end for\" 10. \"Set the last TT-core 𝐆^{(L)} = 𝐌_L.\" 11. \"Return TT-cores 𝐆^{(k)} ∈ ℝ^{R_{k−1}×I_k×R_k}, for k ∈ [L−1].\"",  # noqa: E501
    "thesis-alg-1-corrected": "Algorithm 1 with three changes: step 6 reads ‖𝐄_k‖_F ≤ δ with R_k the smallest rank whose discarded tail of the singular values of 𝐌_k is ≤ δ (reading (a)); step 11 returns all L cores 𝐆^{(1)}, …, 𝐆^{(L)} (step 10's 𝐆^{(L)} = 𝐌_L included); the Ensure clause says TT-ranks R_k not higher than (instead of equal to) the δ-ranks of the unfoldings 𝐀_{[k]}. Then ‖𝐀 − 𝐁‖_F ≤ ε‖𝐀‖_F, and the algorithm with MATLAB (Fortran-order) reshapes gives the same ranks and the same 𝐁 as tnverify.tt_svd (C-order reshapes).",  # noqa: E501
    "tnverify-tt-svd-error-identity": "for the sequential TT-SVD of Algorithm 1 (any truncation rule), ‖𝐀 − 𝐁‖_F² equals the sum over all steps of the squared singular values discarded at that step.",  # noqa: E501
}

SEED_REF = "§3.2.2"


# ----------------------------------------------------------------------------- helpers
def _ints(compared: str, got, want, relation: str = "==") -> Evidence:
    """An exact integer comparison (``==`` or ``<=``, elementwise)."""
    got, want = [int(x) for x in got], [int(x) for x in want]
    ok = len(got) == len(want) and all(g == w if relation == "==" else g <= w
                                       for g, w in zip(got, want))
    return Evidence(compared, passed=ok, details={"got": got, "want": want, "relation": relation})


def _test_tensor(params: dict, rng: np.random.Generator) -> np.ndarray:
    """Dense Gaussian tensor (``ranks`` None), or an exact random TT plus relative noise."""
    shape = tuple(params["shape"])
    if params.get("ranks") is None:
        return rng.standard_normal(shape)
    a = random_tt(shape, (1,) + tuple(params["ranks"]) + (1,), rng).full()
    noise = float(params.get("noise", 0.0))
    if noise > 0:
        n = rng.standard_normal(shape)
        a = a + noise * np.linalg.norm(a) / np.linalg.norm(n) * n
    return a


def _carried_min_dim(shape, ranks) -> int:
    """Largest smaller dimension of the matrices TT-SVD factorizes: (r_k n_k) × (n_{k+1}⋯n_d)."""
    return max([min(ranks[k] * shape[k], math.prod(shape[k + 1:]))
                for k in range(len(shape) - 1)] or [1])


def _svd_tol(dtype, shape, ranks, norm: float):
    """Rounding tolerance of a TT-SVD reconstruction.

    Each of the ``d − 1`` steps forms ``U Σ Vᵀ`` from thin SVD factors whose inner
    dimension is at most the carried matrix's smaller dimension ``m``; the backward error
    of each step is ``∝ m · eps · ‖C‖ ≤ m · eps · ‖A‖``: ``n = (d − 1) · m``.
    """
    d = len(shape)
    return tolerance(dtype, n=max(1, (d - 1) * _carried_min_dim(shape, ranks)), norm=norm)


def _tiny_n(shape) -> int:
    """``max_k max(M_k, N_k)`` over the unfoldings: the ``n`` of the numerical-rank rule."""
    total = math.prod(shape)
    return max(max(math.prod(shape[:k]), total // math.prod(shape[:k]))
               for k in range(1, len(shape)))


def _tiny_eps(shape) -> float:
    """TT-SVD accuracy that drops only rounding noise (the "ε ≈ 1e−12" of CLAIMS.md).

    The numerical-rank rule counts ``σ > max(M, N)·eps·σ_max``; rounding noise in an
    unfolding is of that order.  We ask TT-SVD for the relative accuracy
    ``tolerance(float64, n=max_k max(M_k, N_k), norm=1)`` = ``8·n·eps`` (2.6e-13 for
    3×4×3×4×3), the same order, so only noise-level singular values are discarded.
    """
    return float(tolerance(np.float64, n=_tiny_n(shape), norm=1.0))


def _tiny_tol(shape, ranks, norm: float):
    """Tolerance on ‖A − B‖_F for TT-SVD at :func:`_tiny_eps`: the discarded tail
    (≤ ``_tiny_eps``·‖A‖, i.e. ``n = _tiny_n``) plus the rounding of :func:`_svd_tol`."""
    n = (len(shape) - 1) * _carried_min_dim(shape, ranks) + _tiny_n(shape)
    return tolerance(np.float64, n=n, norm=norm)


def _delta_ranks(a: np.ndarray, delta: float) -> list[int]:
    """δ-ranks of the unfoldings A_[k], k = 1..d−1 (smallest rank with tail ≤ δ)."""
    return [truncation_rank(np.linalg.svd(unfold(a, k), compute_uv=False), delta)
            for k in range(1, a.ndim)]


# ======================================================================= thesis-def-3.1.3
def _printed_multi_index(i1based, dims) -> int:
    """\\overline{i₁⋯i_L} = i₁ + (i₂ − 1)I₁ + ⋯ + (i_L − 1)I₁⋯I_{L−1} (1-based), as printed."""
    total, stride = int(i1based[0]), 1
    for j in range(1, len(dims)):
        stride *= int(dims[j - 1])
        total += (int(i1based[j]) - 1) * stride
    return total


def _printed_reshape(a: np.ndarray, k: int, reading: str) -> np.ndarray:
    """𝐀_[k] built entry by entry from Eq. 3.1 (1-based multi-indices).

    Reading ``"a"``: row = \\overline{i₁⋯i_k} over (I₁..I_k), column =
    \\overline{i_{k+1}⋯i_L} over (I_{k+1}..I_L).  Reading ``"b"``: the single multi-index
    \\overline{i₁⋯i_L} is the position of the entry when the matrix is read column-wise.
    """
    dims = a.shape
    p, q = math.prod(dims[:k]), math.prod(dims[k:])
    out = np.full((p, q), np.nan)
    for idx in np.ndindex(*dims):
        one = [i + 1 for i in idx]
        if reading == "a":
            row, col = _printed_multi_index(one[:k], dims[:k]), _printed_multi_index(one[k:], dims[k:])
        else:
            lin = _printed_multi_index(one, dims) - 1
            row, col = lin % p + 1, lin // p + 1
        out[row - 1, col - 1] = a[idx]
    return out


def _fortran_via_c(a: np.ndarray, k: int) -> np.ndarray:
    """The toolkit's mapping: A_[k] (Fortran) = unfold(A with each group's modes reversed, k)."""
    d = a.ndim
    perm = tuple(range(k - 1, -1, -1)) + tuple(range(d - 1, k - 1, -1))
    return unfold(np.transpose(a, perm), k)


def _small_def_3_1_3(params, rng):
    shape = tuple(params["shape"])
    # distinct entries, so that any mismatch of positions shows as a value difference
    a = rng.permutation(math.prod(shape)).reshape(shape).astype(np.float64)
    readings, matches_c = {}, {}
    for reading in ("a", "b"):
        parts = {}
        for k in range(1, len(shape)):
            printed = _printed_reshape(a, k, reading)
            f, c = a.reshape(printed.shape, order="F"), unfold(a, k)
            matches_c[f"{reading}, k={k}"] = bool(np.array_equal(printed, c))
            parts[f"k={k}: printed vs reshape(order='F')"] = Evidence(
                "printed Eq. 3.1 vs numpy reshape order='F'", passed=bool(np.array_equal(printed, f)))
            parts[f"k={k}: reshape(order='F') vs unfold(reversed groups) (C order)"] = Evidence(
                "Fortran unfolding vs the toolkit's C-order unfold of the group-reversed tensor",
                passed=bool(np.array_equal(f, _fortran_via_c(a, k))))
            parts[f"k={k}: rank F == rank C"] = _ints(
                "numerical rank of the F- and C-order unfoldings",
                [int(numerical_rank(f))], [int(numerical_rank(c))])
        readings[reading] = Evidence("Eq. 3.1 entry by entry, every k", parts=parts,
                                     sizes={"shape": shape})
    return Evidence("printed reshape (Eq. 3.1) vs Fortran and C order, every k",
                    readings=readings, sizes={"shape": shape},
                    details={"printed equals C order (k, reading)": matches_c,
                             "mapping": "A_[k] (thesis, Fortran) = unfold(transpose(A, "
                                        "(k-1..0, d-1..k)), k) (toolkit, C order)"})


def _scaled_def_3_1_3(params, device, rng):
    import torch
    shape = tuple(params["shape"])
    g = torch.Generator(device).manual_seed(int(rng.integers(2**62)))
    a = torch.randn(shape, generator=g, device=device, dtype=torch.float64)
    a_np, d, parts = a.cpu().numpy(), len(shape), {}
    for k in range(1, d):
        perm = tuple(range(k - 1, -1, -1)) + tuple(range(d - 1, k - 1, -1))
        t = a.permute(perm).reshape(math.prod(shape[:k]), -1).cpu().numpy()
        parts[f"k={k}"] = Evidence("torch permute+reshape vs numpy reshape order='F'",
                                   passed=bool(np.array_equal(t, a_np.reshape(t.shape, order="F"))))
    return Evidence("Fortran unfoldings through torch (C order) vs numpy order='F'",
                    parts=parts, sizes={"shape": shape, "device": device})


register(Claim(
    id="thesis-def-3.1.3", group="spine", title="The reshape A_[k] and its multi-index",
    statement=STATEMENTS["thesis-def-3.1.3"],
    refs=(Ref("thesis", "§3.1.2, Def. 3.1.3 (Eq. 3.1)"),),
    small=_small_def_3_1_3,
    space=({"shape": (2, 3, 4)}, {"shape": (2, 3, 4, 5)}, {"shape": (3, 2, 2, 3, 2)}),
    scaled=_scaled_def_3_1_3,
    scaled_space={"small": ({"shape": (4,) * 6},), "large": ({"shape": (16,) * 6},)},
    pinned=({"params": {"shape": (2, 3, 4, 5)}, "seed": 0, "note": "the shape of the check"},),
    proof="proofs/spine_tt_svd.py::prove_thesis_def_3_1_3",
    readings={"a": "the comma separates a row multi-index over (I₁..I_k) and a column "
                   "multi-index over (I_{k+1}..I_L)",
              "b": "one multi-index over all L modes, read as the column-wise (column-major) "
                   "position of the entry in the (I₁⋯I_k) × (I_{k+1}⋯I_L) matrix"},
    expected="holds",
))


# ======================================================================= thesis-thm-3.2.1
def _skeleton_step(m: np.ndarray):
    """One step of the proof of Thm 3.2.1: skeleton M = U Vᵀ with W = U(UᵀU)⁻¹, V = MᵀW.

    U is a skeleton (R = rank M columns of M itself, chosen by column-pivoted QR).
    Returns U, V, R and cond(U) (the solve with UᵀU loses cond(U)² in accuracy).
    """
    r = int(numerical_rank(m))
    piv = scipy.linalg.qr(m, pivoting=True, mode="r")[1]
    u = m[:, piv[:r]]
    w = np.linalg.solve(u.T @ u, u.T).T               # W = U (UᵀU)⁻¹   (proof, Eq. 3.6)
    return u, m.T @ w, r, float(np.linalg.cond(u))


def _skeleton_construction(a: np.ndarray) -> dict:
    """The constructive proof of Thm 3.2.1, step by step, in C order.

    After step k the matrix Vᵀ is the tensor V̂ with (α_k, i_{k+1}) merged; its unfolding
    with rows (α_k, i_{k+1}, …, i_m) is compared with R_m = rank A_[m] (m = k+1..L; for
    m = L the unfolding is one column, R_L = 1).
    """
    dims, d = a.shape, a.ndim
    cores, step_ranks, inter, conds, skel_err = [], [], [], [], 0.0
    v, r = a.reshape(1, -1), 1
    for k in range(d - 1):
        m = v.reshape(r * dims[k], -1)
        u, vmat, rk, cond = _skeleton_step(m)
        skel_err = max(skel_err, float(np.abs(m - u @ vmat.T).max()))
        cores.append(u.reshape(r, dims[k], rk))
        step_ranks.append(rk)
        conds.append(cond)
        v, r = vmat.T, rk
        for mm in range(k + 2, d + 1):                   # 1-based m of A_[m]
            rows = r * math.prod(dims[k + 1:mm])
            inter.append((k + 1, mm, int(numerical_rank(v.reshape(rows, -1)))))
    cores.append(v.reshape(r, dims[-1], 1))
    return {"tt": TensorTrain(tuple(cores)), "step_ranks": step_ranks, "intermediate": inter,
            "conds": conds, "skeleton_error": skel_err}


def _small_thm_3_2_1(params, rng):
    a = _test_tensor(params, rng)
    shape, d, norm = a.shape, a.ndim, float(np.linalg.norm(a))
    unf = [numerical_rank(unfold(a, k)) for k in range(1, d)]
    rk = [int(x) for x in unf]                                     # R_k of Eq. 3.5
    res = tt_svd(a, eps=_tiny_eps(shape))
    con = _skeleton_construction(a)
    want_all = [1] + rk + [1]
    amp = max(con["conds"]) ** 2
    parts = {
        "TT-SVD (tiny ε) ranks ≤ R_k": _ints("TT-SVD ranks vs unfolding ranks",
                                              res.ranks[1:-1], rk, "<="),
        "TT-SVD reproduces A": Evidence(
            "‖A − B_TT-SVD‖_F", error=float(np.linalg.norm(a - res.tt.full())),
            # discarded tail ≤ ε‖A‖ with ε of _tiny_eps, plus the SVD rounding of _svd_tol
            tolerance=_tiny_tol(shape, res.ranks, norm)),
        "construction ranks ≤ R_k": _ints("skeleton-step ranks vs unfolding ranks",
                                          con["step_ranks"], rk, "<="),
        "rank(V̂_[m]) ≤ R_m": _ints("intermediate unfolding ranks vs R_m",
                                   [t[2] for t in con["intermediate"]],
                                   [want_all[t[1]] for t in con["intermediate"]], "<="),
        # the solve with UᵀU of condition cond(U)² amplifies rounding by that factor
        "construction reproduces A": Evidence(
            "‖A − B_construction‖_F", error=float(np.linalg.norm(a - con["tt"].full())),
            tolerance=_svd_tol(np.float64, shape, con["tt"].ranks, norm * amp)),
    }
    return Evidence("TT ranks of TT-SVD and of the proof's construction vs rank A_[k]",
                    parts=parts, sizes={"shape": shape, "ranks": params.get("ranks")},
                    details={"unfolding ranks": rk, "tt_svd ranks": res.ranks,
                             "tiny eps": _tiny_eps(shape),
                             "gaps": [nr.gap for nr in unf],
                             "construction ranks": con["step_ranks"],
                             "intermediate (step, m, rank)": con["intermediate"],
                             "cond(U) per step": con["conds"],
                             "note": "the proof says ∀k ∈ [L] but considers k = 2..L; "
                                     "checked for m = k+1..L after each step"})


def _torch_random_tt(shape, rank, device, rng, dtype=None):
    """Random TT cores on ``device`` (ranks min(rank, max_tt_ranks)), unit entry variance."""
    import torch
    g = torch.Generator(device).manual_seed(int(rng.integers(2**62)))
    ranks = tuple(min(rank, m) for m in max_tt_ranks(shape))
    cores = [torch.randn((ranks[k], n, ranks[k + 1]), generator=g, device=device,
                         dtype=dtype or torch.float64) / math.sqrt(ranks[k])
             for k, n in enumerate(shape)]
    return cores, ranks


def _torch_unfolding_svals(a, k):
    import torch
    return torch.linalg.svdvals(a.reshape(math.prod(a.shape[:k]), -1)).cpu().numpy()


def _scaled_thm_3_2_1(params, device, rng):
    from ..tt_svd_torch import tt_full_torch, tt_svd_torch
    shape = tuple(params["shape"])
    cores, ranks = _torch_random_tt(shape, params["rank"], device, rng)
    a = tt_full_torch(cores)
    rk = []
    for k in range(1, len(shape)):
        s = _torch_unfolding_svals(a, k)
        tol = rank_tolerance((math.prod(shape[:k]), math.prod(shape[k:])), float(s[0]))
        rk.append(int(np.count_nonzero(s > tol.value)))
    res = tt_svd_torch(a, eps=_tiny_eps(shape))
    err = float((a - res.full()).norm())
    norm = float(a.norm())
    parts = {"TT-SVD ranks ≤ R_k": _ints("tt_svd_torch ranks vs unfolding ranks",
                                         res.ranks[1:-1], rk, "<="),
             "R_k ≤ ranks of the generating TT": _ints("unfolding ranks vs generating ranks",
                                                       rk, ranks[1:-1], "<="),
             "TT-SVD reproduces A": Evidence(
                 "‖A − B‖_F (torch float64)", error=err,
                 tolerance=_tiny_tol(shape, res.ranks, norm))}
    return Evidence("unfolding ranks (torch SVD) vs TT-SVD ranks", parts=parts,
                    sizes={"shape": shape, "rank": params["rank"], "device": device},
                    details={"unfolding ranks": rk, "tt_svd ranks": res.ranks})


register(Claim(
    id="thesis-thm-3.2.1", group="spine", title="TT ranks ≤ unfolding ranks (constructive)",
    statement=STATEMENTS["thesis-thm-3.2.1"],
    refs=(Ref("thesis", "§3.2.2, Thm. 3.2.1 and proof (Eq. 3.5–3.7)"),),
    small=_small_thm_3_2_1,
    space=({"shape": (3, 4, 3, 4, 3), "ranks": (2, 3, 3, 2)},
           {"shape": (3, 4, 3, 4, 3), "ranks": None},
           {"shape": (2, 3, 4, 3, 2), "ranks": (2, 4, 3, 2)}),
    scaled=_scaled_thm_3_2_1,
    scaled_space={"small": ({"shape": (4,) * 6, "rank": 8},),
                  "large": ({"shape": (8,) * 8, "rank": 32},)},
    pinned=({"params": {"shape": (3, 4, 3, 4, 3), "ranks": (2, 3, 3, 2)}, "seed": 1,
             "note": "CLAIMS.md: exact TT, ranks 2,3,3,2"},),
    uses=("thesis-def-3.1.3",),
    proof="proofs/spine_tt_svd.py::prove_thesis_thm_3_2_1",
    expected="holds",
))
