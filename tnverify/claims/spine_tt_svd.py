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
import sympy as sp

from . import Claim, Evidence, Ref, register
from ..conventions import rank_tolerance, tolerance
from ..matricize import exact_rank, numerical_rank, unfold
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
def _integer_test_tensor(params: dict, rng: np.random.Generator) -> np.ndarray:
    """An integer tensor: an exact TT with integer cores in {−2, …, 2} (``ranks`` given),
    or dense integers in {−3, …, 3} (``ranks`` None).  Integer entries make every rank
    in the proof of Thm 3.2.1 decidable exactly, in rational arithmetic."""
    shape = tuple(params["shape"])
    if params.get("ranks") is None:
        return rng.integers(-3, 4, size=shape)
    ranks = (1,) + tuple(params["ranks"]) + (1,)
    full = np.ones((1, 1), dtype=np.int64)
    for k, n in enumerate(shape):
        core = rng.integers(-2, 3, size=(ranks[k], n * ranks[k + 1]))
        full = (full @ core).reshape(-1, ranks[k + 1])
    return full.reshape(shape)


def _skeleton_construction(a: np.ndarray) -> dict:
    """The constructive proof of Thm 3.2.1, step by step, in exact rational arithmetic.

    Step k (0-based): the carried matrix ``M`` (rows (α_{k−1}, i_k), C order) has the
    skeleton decomposition ``M = U Vᵀ`` with ``U`` = the pivot columns of ``M`` (so
    ``R = rank M`` columns of M itself), ``W = U(UᵀU)⁻¹`` and ``V = MᵀW`` (proof of
    Thm 3.2.1, Eq. 3.6–3.7).  ``U`` becomes the core, ``Vᵀ`` is carried on.  After each
    step the unfoldings of ``V̂`` with rows (α_k, i_{k+1}, …, i_m) are ranked exactly and
    compared with ``R_m = rank A_[m]`` (m = k+1..L).  All arithmetic is in sympy
    rationals, so ranks and the reconstruction are exact.
    """
    dims, d = a.shape, a.ndim
    v, r = sp.Matrix(1, a.size, [int(x) for x in a.ravel()]), 1
    cores, step_ranks, inter, skeleton_exact = [], [], [], True
    for k in range(d - 1):
        m = v.reshape(r * dims[k], (v.rows * v.cols) // (r * dims[k]))
        pivots = m.rref()[1]
        u = m.extract(list(range(m.rows)), list(pivots))
        w = u * (u.T * u).inv()                       # W = U (UᵀU)⁻¹
        vmat = m.T * w                                # V = Mᵀ W, so M = U Vᵀ
        skeleton_exact &= (u * vmat.T - m).is_zero_matrix
        rk = len(pivots)
        cores.append(u)
        step_ranks.append(rk)
        v, r = vmat.T, rk
        for mm in range(k + 2, d + 1):                # 1-based m of A_[m]
            rows = r * math.prod(dims[k + 1:mm])
            inter.append((k + 1, mm, v.reshape(rows, (v.rows * v.cols) // rows).rank()))
    cores.append(v.reshape(r * dims[-1], 1))
    full = sp.Matrix([[1]])
    for core, n in zip(cores, dims):                  # contract the cores exactly
        rr = core.rows // n
        full = (full * core.reshape(rr, n * core.cols)).reshape(full.rows * n, core.cols)
    reproduces = list(full) == [int(x) for x in a.ravel()]
    return {"step_ranks": step_ranks, "intermediate": inter,
            "skeleton_exact": bool(skeleton_exact), "reproduces": bool(reproduces)}


def _small_thm_3_2_1(params, rng):
    a = _integer_test_tensor(params, rng)
    af = a.astype(np.float64)
    shape, d, norm = a.shape, a.ndim, float(np.linalg.norm(af))
    rk = [exact_rank(unfold(a, k)) for k in range(1, d)]           # R_k of Eq. 3.5, exact
    unf = [numerical_rank(unfold(af, k)) for k in range(1, d)]
    res = tt_svd(af, eps=_tiny_eps(shape))
    con = _skeleton_construction(a)
    want_all = [1] + rk + [1]
    parts = {
        "TT-SVD (tiny ε) ranks ≤ R_k": _ints("TT-SVD ranks vs exact unfolding ranks",
                                              res.ranks[1:-1], rk, "<="),
        "TT-SVD reproduces A": Evidence(
            "‖A − B_TT-SVD‖_F", error=float(np.linalg.norm(af - res.tt.full())),
            # discarded tail ≤ ε‖A‖ with ε of _tiny_eps, plus the SVD rounding of _svd_tol
            tolerance=_tiny_tol(shape, res.ranks, norm)),
        "construction ranks ≤ R_k": _ints("skeleton-step ranks vs exact unfolding ranks",
                                          con["step_ranks"], rk, "<="),
        "rank(V̂_[m]) ≤ R_m": _ints("intermediate unfolding ranks vs R_m (exact)",
                                   [t[2] for t in con["intermediate"]],
                                   [want_all[t[1]] for t in con["intermediate"]], "<="),
        "M = U Vᵀ at every step": Evidence("skeleton decompositions, exact",
                                           passed=con["skeleton_exact"]),
        "construction reproduces A": Evidence("cores of the construction contracted vs A, "
                                              "exact", passed=con["reproduces"]),
    }
    return Evidence("TT ranks of TT-SVD and of the proof's construction vs rank A_[k]",
                    parts=parts, sizes={"shape": shape, "ranks": params.get("ranks")},
                    details={"unfolding ranks (exact)": rk,
                             "unfolding ranks (float64 rule)": [int(x) for x in unf],
                             "gaps": [nr.gap for nr in unf],
                             "tt_svd ranks": res.ranks, "tiny eps": _tiny_eps(shape),
                             "construction ranks": con["step_ranks"],
                             "intermediate (step, m, rank)": con["intermediate"],
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


# ======================================================================= thesis-thm-3.2.2
def _best_rank_errors(svals_per_k, ranks) -> list[float]:
    """ε_k = best rank-R_k Frobenius error of A_[k] (Eckart–Young: the σ tail)."""
    return [float(np.sqrt(np.sum(np.asarray(s)[r:] ** 2))) for s, r in zip(svals_per_k, ranks)]


def _bound_evidence(label, a_minus_b, eps_k, tol) -> Evidence:
    bound = math.sqrt(sum(e * e for e in eps_k))
    return Evidence(f"{label}: ‖A − B‖_F − √(Σ ε_k²) (≤ 0 holds)",
                    error=max(0.0, a_minus_b - bound), tolerance=tol,
                    details={"‖A−B‖_F": a_minus_b, "bound √(Σε_k²)": bound, "ε_k": eps_k})


def _small_thm_3_2_2(params, rng):
    a = _test_tensor(params, rng)
    shape, d, norm = a.shape, a.ndim, float(np.linalg.norm(a))
    svals = [np.linalg.svd(unfold(a, k), compute_uv=False) for k in range(1, d)]
    parts = {}
    for ranks in params["rank_lists"]:
        eps_k = _best_rank_errors(svals, ranks)
        res = tt_svd(a, max_rank=tuple(ranks))       # fixed-rank TT-SVD: one cap per step
        b = res.tt.full()
        parts[f"R={list(ranks)}: bound (3.9)"] = _bound_evidence(
            f"R={list(ranks)}", float(np.linalg.norm(a - b)), eps_k,
            _svd_tol(np.float64, shape, res.ranks, norm))
        parts[f"R={list(ranks)}: TT-ranks of B"] = _ints("TT-ranks of B vs R_k",
                                                         res.ranks[1:-1], ranks)
    return Evidence("‖A − B‖_F vs √(Σ ε_k²) for fixed-rank TT-SVD", parts=parts,
                    sizes={"shape": shape, "ranks": params.get("ranks"),
                           "noise": params.get("noise")})


def _scaled_thm_3_2_2(params, device, rng):
    import torch
    from ..tt_svd_torch import tt_full_torch, tt_svd_torch
    shape, cap = tuple(params["shape"]), int(params["cap"])
    cores, _ = _torch_random_tt(shape, cap, device, rng)
    a = tt_full_torch(cores)
    g = torch.Generator(device).manual_seed(int(rng.integers(2**62)))
    noise = torch.randn(shape, generator=g, device=device, dtype=torch.float64)
    a = a + params["noise"] * a.norm() / noise.norm() * noise
    norm = float(a.norm())
    ranks = [max(1, min(cap // 2, m)) for m in max_tt_ranks(shape)[1:-1]]
    eps_k = _best_rank_errors([_torch_unfolding_svals(a, k) for k in range(1, len(shape))],
                              ranks)
    parts = {}
    for dt in (torch.float64, torch.float32):
        t0 = time.perf_counter()
        res = tt_svd_torch(a.to(dt), max_rank=tuple(ranks))
        err = float((a - res.full().double()).norm())
        name = str(dt).replace("torch.", "")
        parts[f"{name}: bound (3.9)"] = _bound_evidence(
            name, err, eps_k, _svd_tol(name, shape, res.ranks, norm))
        parts[f"{name}: bound (3.9)"].details["seconds"] = time.perf_counter() - t0
    return Evidence("fixed-rank TT-SVD on torch, float64 and float32, vs √(Σ ε_k²)",
                    parts=parts, sizes={"shape": shape, "ranks": ranks, "device": device})


_RANK_LISTS = ((1, 1, 1, 1), (2, 3, 3, 2), (3, 5, 5, 3))
register(Claim(
    id="thesis-thm-3.2.2", group="spine", title="TT-SVD error ≤ √(Σ ε_k²)",
    statement=STATEMENTS["thesis-thm-3.2.2"],
    refs=(Ref("thesis", "§3.2.2, Thm. 3.2.2 (Eq. 3.8–3.9)"),),
    small=_small_thm_3_2_2,
    space=({"shape": (3, 4, 3, 4, 3), "ranks": None, "rank_lists": _RANK_LISTS},
           {"shape": (3, 4, 3, 4, 3), "ranks": (2, 3, 3, 2), "noise": 1e-2,
            "rank_lists": _RANK_LISTS},
           {"shape": (3, 4, 3, 4, 3), "ranks": (3, 5, 5, 3), "noise": 1e-6,
            "rank_lists": _RANK_LISTS}),
    scaled=_scaled_thm_3_2_2,
    scaled_space={"small": ({"shape": (4,) * 7, "cap": 8, "noise": 1e-2},),
                  "large": ({"shape": (4,) * 12, "cap": 32, "noise": 1e-2},)},
    pinned=({"params": {"shape": (3, 4, 3, 4, 3), "ranks": (2, 3, 3, 2), "noise": 1e-2,
                        "rank_lists": _RANK_LISTS}, "seed": 3, "note": "noisy low rank"},),
    uses=("thesis-def-3.1.3", "tnverify-tt-svd-error-identity"),
    expected="holds",
))


# ============================================================================ thesis-alg-1
def _algorithm_1_literal(a: np.ndarray, eps: float, step6_reading: str = "a") -> dict:
    """Algorithm 1 of seed 001 §3.2.2, step by step, with MATLAB (Fortran-order) reshapes.

    ``step6_reading``: ``"a"`` — R_k is the smallest rank whose discarded tail ‖E_k‖_F of
    the singular values of M_k is ≤ δ; ``"b"`` — R_k = rank_δ(U_k) computed on the matrix
    of left singular vectors itself (the same δ-rank rule applied to U_k's singular
    values).  Returns every intermediate: δ, ranks, all L cores (steps 7 and 10), the
    cores step 11 returns (k ∈ [L−1]), per step whether some rank attains the printed
    ‖E_k‖_F = δ exactly (to rounding), and the discarded singular values.
    """
    L, dims = a.ndim, a.shape
    delta = eps / math.sqrt(L - 1) * float(np.linalg.norm(a))          # step 1
    m = a.copy()                                                         # step 2
    r = [1] * (L + 1)                                                    # step 3
    cores, attained, discarded, u_svals = [], [], [], []
    for k in range(1, L):                                                # step 4
        rows = r[k - 1] * dims[k - 1]
        m = m.reshape((rows, m.size // rows), order="F")                 # step 5
        u, s, vt = np.linalg.svd(m, full_matrices=False)                 # step 6
        tails = np.sqrt(np.cumsum((s * s)[::-1])[::-1])                  # ‖E‖ keeping j < r
        tol = tolerance(np.float64, n=s.size, norm=float(s[0]))
        attained.append(bool(np.any(np.abs(np.append(tails, 0.0) - delta) <= tol.value)))
        if step6_reading == "a":
            r[k] = truncation_rank(s, delta)
        else:
            su = np.linalg.svd(u, compute_uv=False)
            u_svals.append(su)
            r[k] = truncation_rank(su, delta)
        cores.append(u[:, :r[k]].reshape((r[k - 1], dims[k - 1], r[k]), order="F"))  # step 7
        discarded.append(s[r[k]:])
        m = s[:r[k], None] * vt[:r[k]]                                   # step 8
    g_last = m                                                           # step 10 (a matrix)
    all_cores = cores + [g_last.reshape((r[L - 1], dims[L - 1], 1), order="F")]
    return {"delta": delta, "ranks": tuple(r), "cores": all_cores, "returned": cores,
            "last_core_shape": g_last.shape, "attained": attained, "discarded": discarded,
            "u_singular_values": u_svals}


def _returned_product(cores) -> np.ndarray:
    """The contraction of the cores step 11 returns: shape (I₁, …, I_{L−1}, R_{L−1})."""
    out = cores[0][0]
    for c in cores[1:]:
        out = np.tensordot(out, c, axes=(-1, 0))
    return out


def _alg1_reading(a, eps, reading, norm):
    lit = _algorithm_1_literal(a, eps, reading)
    b = TensorTrain(tuple(lit["cores"])).full()
    tol = _svd_tol(np.float64, a.shape, lit["ranks"], norm)
    drank = _delta_ranks(a, lit["delta"])
    prod = _returned_product(lit["returned"])
    same = prod.shape == b.shape
    p3 = Evidence("(iii) the tensor of the cores step 11 returns vs B",
                  error=float(np.abs(prod - b).max()) if same else None,
                  tolerance=tol if same else None, passed=None if same else False,
                  details={"returned product shape": prod.shape, "B shape": b.shape})
    if p3.verdict != "holds":
        p3.counterexample = {"eps": eps, "returned product shape": list(prod.shape),
                             "B shape": list(b.shape)}
    p2 = _ints("(ii) returned R_k vs δ-ranks of A_[k]", lit["ranks"][1:-1], drank)
    if not p2.ok:
        p2.counterexample = {"eps": eps, "R_k": list(lit["ranks"][1:-1]), "δ-ranks": drank}
    return lit, b, {
        f"ε={eps:g}: (i) ‖A−B‖_F ≤ ε‖A‖_F": Evidence(
            "(i) ‖A − B‖_F − ε‖A‖_F (≤ 0 holds)",
            error=max(0.0, float(np.linalg.norm(a - b)) - eps * norm), tolerance=tol,
            details={"‖A−B‖_F": float(np.linalg.norm(a - b)), "ε‖A‖_F": eps * norm}),
        f"ε={eps:g}: (ii) R_k = δ-ranks": p2,
        f"ε={eps:g}: (iii) step 11 cores give B": p3}


def _small_alg_1(params, rng):
    a = _test_tensor(params, rng)
    norm = float(np.linalg.norm(a))
    readings, issues, details = {}, [], {}
    for reading in ("a", "b"):
        parts = {}
        for eps in params["eps"]:
            lit, _, p = _alg1_reading(a, eps, reading, norm)
            parts.update(p)
            details[f"{reading}, ε={eps:g}"] = {
                "ranks": lit["ranks"], "‖E_k‖_F = δ attainable": lit["attained"],
                "G^(L) = M_L shape": lit["last_core_shape"]}
            if not all(lit["attained"]) and "unattainable" not in " ".join(issues):
                issues.append("step 6 '‖E_k‖_F = δ' is unattainable: no rank of M_k has a "
                              "discarded tail equal to δ (the algorithm needs ≤ δ)")
            su = np.concatenate(lit["u_singular_values"]) if lit["u_singular_values"] else None
            if su is not None and np.all(np.abs(su - 1.0) <= float(tolerance(
                    np.float64, n=a.size, norm=1.0))) and "rank_δ(U_k)" not in " ".join(issues):
                issues.append("reading (b): U_k has orthonormal columns (all singular values "
                              "1), so rank_δ(U_k) depends on δ and the size only, not on A")
        readings[reading] = Evidence(f"Algorithm 1 literally, step 6 reading ({reading})",
                                     parts=parts)
        if any(v.verdict != "holds" for k, v in parts.items() if "(iii)" in k) and \
                "step 11" not in " ".join(issues):
            issues.append("step 11 returns only G^(1..L−1) (the Ensure promises G^(1..L)); "
                          "their contraction is not B (shape (I₁..I_{L−1}, R_{L−1}))")
    # reading (b) is not scale invariant: the same tensor times 100 gets other ranks
    details["reading (b) ranks at ε=1e-1 for A, 100·A"] = [
        _algorithm_1_literal(c * a, 1e-1, "b")["ranks"] for c in (1.0, 100.0)]
    return Evidence("Algorithm 1 executed literally: (i) error bound, (ii) ranks = δ-ranks, "
                    "(iii) returned cores give B", readings=readings,
                    ill_posed="; ".join(issues) or None, sizes={"shape": a.shape, **{
                        k: params[k] for k in ("ranks", "noise", "eps") if k in params}},
                    details=details)


def _torch_noisy(params, device, rng):
    import torch
    from ..tt_svd_torch import tt_full_torch
    shape = tuple(params["shape"])
    cores, _ = _torch_random_tt(shape, int(params["rank"]), device, rng)
    a = tt_full_torch(cores)
    g = torch.Generator(device).manual_seed(int(rng.integers(2**62)))
    n = torch.randn(shape, generator=g, device=device, dtype=torch.float64)
    return a + params["noise"] * a.norm() / n.norm() * n


def _scaled_alg_1(params, device, rng, *, relation="=="):
    """ε sweep on torch: (i) bound in float64 and float32, (ii) ranks vs δ-ranks (float64)."""
    import torch
    from ..tt_svd_torch import tt_svd_torch
    a = _torch_noisy(params, device, rng)
    shape, norm, parts, timing = tuple(a.shape), float(a.norm()), {}, {}
    svals = [_torch_unfolding_svals(a, k) for k in range(1, len(shape))]
    for eps in params["eps"]:
        for dt in (torch.float64, torch.float32):
            name = str(dt).replace("torch.", "")
            t0 = time.perf_counter()
            res = tt_svd_torch(a.to(dt), eps=eps)
            err = float((a - res.full().double()).norm())
            timing[f"{name}, ε={eps:g}"] = time.perf_counter() - t0
            parts[f"{name}, ε={eps:g}: (i)"] = Evidence(
                "(i) ‖A − B‖_F − ε‖A‖_F (≤ 0 holds)", error=max(0.0, err - eps * norm),
                tolerance=_svd_tol(name, shape, res.ranks, norm))
            if dt == torch.float64:
                drank = [truncation_rank(s, res.delta) for s in svals]
                parts[f"float64, ε={eps:g}: (ii) R_k {relation} δ-ranks"] = _ints(
                    "TT-SVD ranks vs δ-ranks of A_[k]", res.ranks[1:-1], drank, relation)
    return Evidence("TT-SVD on torch, ε sweep", parts=parts,
                    sizes={"shape": shape, "device": device}, details={"seconds": timing})


_ALG_EPS = (1e-1, 1e-2, 1e-4, 1e-8)
_ALG_SPACE = ({"shape": (3, 4, 3, 4, 3), "ranks": (2, 3, 3, 2), "noise": 1e-2, "eps": _ALG_EPS},
              {"shape": (4,) * 6, "ranks": (3, 5, 6, 5, 3), "noise": 1e-2, "eps": _ALG_EPS},
              {"shape": (3, 4, 3, 4, 3), "ranks": (2, 3, 3, 2), "noise": 1e-5, "eps": _ALG_EPS})
_ALG_SCALED = {"small": ({"shape": (4,) * 6, "rank": 6, "noise": 1e-2, "eps": _ALG_EPS[:3]},),
               "large": ({"shape": (16,) * 6, "rank": 32, "noise": 1e-2, "eps": _ALG_EPS},)}
register(Claim(
    id="thesis-alg-1", group="spine", title="Algorithm 1 (truncated TT-SVD) as printed",
    statement=STATEMENTS["thesis-alg-1"],
    refs=(Ref("thesis", "§3.2.2, Algorithm 1"),),
    small=_small_alg_1, space=_ALG_SPACE,
    scaled=_scaled_alg_1, scaled_space=_ALG_SCALED,
    pinned=({"params": _ALG_SPACE[0], "seed": 0, "note": "noise = ε = 1e-2 shows R_k < δ-rank"},),
    uses=("thesis-def-3.1.3", "thesis-thm-3.2.2"),
    readings={"a": "R_k is the smallest rank whose truncation error ‖E_k‖_F is ≤ δ, taken "
                   "from the singular values of M_k",
              "b": "R_k = rank_δ(U_k), computed on the matrix of left singular vectors itself"},
    corrected_by="thesis-alg-1-corrected",
    expected="ill-posed",
))


def _small_alg_1_corrected(params, rng):
    a = _test_tensor(params, rng)
    norm, parts = float(np.linalg.norm(a)), {}
    for eps in params["eps"]:
        lit, b, p = _alg1_reading(a, eps, "a", norm)
        ref = tt_svd(a, eps=eps)
        drank = _delta_ranks(a, lit["delta"])
        parts[f"ε={eps:g}: (i) ‖A−B‖_F ≤ ε‖A‖_F"] = p[f"ε={eps:g}: (i) ‖A−B‖_F ≤ ε‖A‖_F"]
        parts[f"ε={eps:g}: (ii) R_k ≤ δ-ranks"] = _ints(
            "R_k vs δ-ranks of A_[k]", lit["ranks"][1:-1], drank, "<=")
        parts[f"ε={eps:g}: ranks (Fortran) == tt_svd ranks (C)"] = _ints(
            "literal (Fortran) ranks vs tnverify.tt_svd ranks", lit["ranks"], ref.ranks)
        if lit["ranks"] == ref.ranks:
            parts[f"ε={eps:g}: B (Fortran, all L cores) vs tt_svd B (C)"] = Evidence(
                "max |B_literal − B_tt_svd|", error=float(np.abs(b - ref.tt.full()).max()),
                tolerance=_svd_tol(np.float64, a.shape, ref.ranks, norm))
    return Evidence("corrected Algorithm 1: bound, ranks ≤ δ-ranks, agreement with tt_svd",
                    parts=parts, sizes={"shape": a.shape, "eps": params["eps"]})


def _scaled_alg_1_corrected(params, device, rng):
    return _scaled_alg_1(params, device, rng, relation="<=")


register(Claim(
    id="thesis-alg-1-corrected", group="spine",
    title="Algorithm 1 with ≤ δ, reading (a), all L cores, ranks ≤ δ-ranks",
    statement=STATEMENTS["thesis-alg-1-corrected"],
    refs=(Ref("thesis", "§3.2.2, Algorithm 1"), Ref("tnverify", "correction of thesis-alg-1")),
    small=_small_alg_1_corrected, space=_ALG_SPACE,
    scaled=_scaled_alg_1_corrected, scaled_space=_ALG_SCALED,
    pinned=({"params": _ALG_SPACE[0], "seed": 0, "note": "the counterexample of thesis-alg-1"},),
    uses=("thesis-alg-1", "thesis-def-3.1.3", "tnverify-tt-svd-error-identity"),
    proof="proofs/spine_tt_svd.py::prove_thesis_alg_1_corrected",
    corrects="thesis-alg-1",
    expected="holds",
))


# ========================================================== tnverify-tt-svd-error-identity
def _identity_evidence(label, a_minus_b_sq, discarded, shape, ranks, norm) -> Evidence:
    rhs = float(sum(np.sum(np.asarray(t, dtype=np.float64) ** 2) for t in discarded))
    # B carries a rounding error ≤ τ = n·eps·‖A‖ (n of _svd_tol); then
    # |‖A−B‖² − ‖A−B̃‖²| ≤ 2‖A‖τ + τ² ≤ 3‖A‖τ: twice the n, norm ‖A‖² (+ headroom of SAFETY)
    n = 2 * (len(shape) - 1) * _carried_min_dim(shape, ranks)
    return Evidence(f"{label}: ‖A − B‖_F² vs Σ_k Σ discarded²",
                    error=abs(a_minus_b_sq - rhs), tolerance=tolerance(np.float64, n=n, norm=norm**2),
                    details={"‖A−B‖²": a_minus_b_sq, "Σ discarded²": rhs, "ranks": ranks})


def _small_error_identity(params, rng):
    a = _test_tensor(params, rng)
    norm, shape, parts = float(np.linalg.norm(a)), a.shape, {}
    for eps, cap in params["settings"]:
        res = tt_svd(a, eps=eps, max_rank=cap)
        parts[f"tt_svd ε={eps:g}, max_rank={cap}"] = _identity_evidence(
            "tt_svd", float(np.sum((a - res.tt.full()) ** 2)), res.discarded, shape,
            res.ranks, norm)
    for reading in ("a", "b"):   # Algorithm 1 literally: two more truncation rules
        lit = _algorithm_1_literal(a, params["settings"][0][0], reading)
        b = TensorTrain(tuple(lit["cores"])).full()
        parts[f"Algorithm 1 literal, reading ({reading})"] = _identity_evidence(
            f"literal ({reading})", float(np.sum((a - b) ** 2)), lit["discarded"], shape,
            lit["ranks"], norm)
    return Evidence("‖A − B‖_F² vs the sum of squared discarded singular values",
                    parts=parts, sizes={"shape": shape, "ranks": params.get("ranks"),
                                        "noise": params.get("noise")})


def _scaled_error_identity(params, device, rng):
    from ..tt_svd_torch import tt_svd_torch
    a = _torch_noisy(params, device, rng)
    norm, shape, parts = float(a.norm()), tuple(a.shape), {}
    for eps, cap in params["settings"]:
        res = tt_svd_torch(a, eps=eps, max_rank=cap)
        parts[f"ε={eps:g}, max_rank={cap}"] = _identity_evidence(
            "tt_svd_torch float64", float(((a - res.full()) ** 2).sum()), res.discarded,
            shape, res.ranks, norm)
    return Evidence("‖A − B‖_F² vs Σ discarded² (torch float64)", parts=parts,
                    sizes={"shape": shape, "device": device})


_ID_SETTINGS = ((1e-1, None), (3e-1, None), (1e-2, None), (1e-4, None), (0.0, 2), (1e-1, 5))
register(Claim(
    id="tnverify-tt-svd-error-identity", group="spine",
    title="‖A − B‖² = Σ discarded σ² (TT-SVD)",
    statement=STATEMENTS["tnverify-tt-svd-error-identity"],
    refs=(Ref("tnverify", "own statement (the step behind Thm 3.2.2's bound)"),
          Ref("thesis", "§3.2.2, Thm. 3.2.2 (Eq. 3.9)"), Ref("thesis", "§3.2.2, Algorithm 1")),
    small=_small_error_identity,
    space=({"shape": (3, 4, 3, 4, 3), "ranks": None, "settings": _ID_SETTINGS},
           {"shape": (3, 4, 3, 4, 3), "ranks": (2, 3, 3, 2), "noise": 1e-2,
            "settings": _ID_SETTINGS},
           {"shape": (4,) * 6, "ranks": (3, 5, 6, 5, 3), "noise": 1e-3,
            "settings": _ID_SETTINGS}),
    scaled=_scaled_error_identity,
    scaled_space={"small": ({"shape": (4,) * 7, "rank": 8, "noise": 1e-2,
                             "settings": ((1e-1, None), (1e-2, None), (0.0, 4))},),
                  "large": ({"shape": (16,) * 6, "rank": 32, "noise": 1e-2,
                             "settings": ((1e-1, None), (1e-2, None), (0.0, 16))},)},
    pinned=({"params": {"shape": (3, 4, 3, 4, 3), "ranks": None, "settings": _ID_SETTINGS},
             "seed": 5, "note": "random dense"},),
    proof="proofs/spine_tt_svd.py::prove_tnverify_tt_svd_error_identity",
    expected="holds",
))
