"""Batched Lemma A.1 terms and the scaled (torch) sides of
:mod:`tnverify.claims.gtm.expressivity` (gtm App. A).

Lemma A.1 terms are drawn as template values a_r^{(t)} = F v_r^{(t)} directly (F invertible,
so every a is reachable), with mixed scales and offsets so that the clipping at 0 and the
maximum over modes land in varied places: ``integer`` terms (F = I, integer v: the grid is
integer-valued, ranks can be certified) and ``real`` terms (Gaussian, scales log-uniform in
[10⁻², 10²], offsets of the same order).
"""

from __future__ import annotations

import contextlib
import functools

import numpy as np

from ....conventions import rank_tolerance, tolerance
from ....device import torch_generator
from ....errors import UsageError
from ....generalized.bounds import (
    grid_rank,
    lemma_a1_bound,
    lemma_a2_rank_bound,
    lemma_a2_rank_formula,
)
from ....generalized.expressivity import (
    constant_grid_value,
    constant_network,
    pairwise_similarity_network,
    rank_one_shallow,
)
from ....generalized.grid import GeneralizedRNN, grid_entries, grid_tensor
from ....generalized.xi import get_xi
from ... import Evidence
from ...compare import compare_ints, compare_values
from ..controls import error_with_control

__all__ = [
    "A1_R",
    "a1_batch",
    "a1_grids",
    "a1_ranks",
    "scaled_lemma_a1",
    "scaled_lemma_a2",
    "scaled_thm_5_3",
]

#: Rank of the rank-R family of the Lemma A.1 check.
A1_R = 2


def a1_batch(rng, n, R, M, T, kind):
    """n random rank-R ξ = max shallow networks as (λ (n, R), a (n, R, T, M))."""
    if kind == "integer":
        scale = rng.choice([1, 10, 100], size=(n, R, T, 1))
        off = rng.integers(-4, 5, size=(n, R, T, 1)) * scale
        a = rng.integers(-3, 4, size=(n, R, T, M)) * scale + off
        lam = rng.choice([-2, -1, 1, 2], size=(n, R))
        return lam.astype(np.float64), a.astype(np.float64)
    if kind == "real":
        scale = 10.0 ** rng.uniform(-2, 2, size=(n, R, T, 1))
        off = 2.0 * scale * rng.standard_normal((n, R, T, 1))
        return rng.standard_normal((n, R)), scale * rng.standard_normal((n, R, T, M)) + off
    raise UsageError(f"kind must be 'integer' or 'real'; got {kind!r}")


def a1_grids(lam, a, M, T):
    """Eq. 20 (Prop. A.2) for a batch: Σ_r λ_r ξ(a_r^{(1)}[i₁], …, a_r^{(T)}[i_T]) with the
    n-ary ξ = max(x, y, 0) folded left over t (gtm §4.1); (n, M, …, M)."""
    xi = get_xi("relu")
    n, R = lam.shape
    S = a[:, :, 0, :]
    for t in range(1, T):
        S = xi(S[..., :, None], a[:, :, t, None, :]).reshape(n, R, -1)
    return np.einsum("nr,nrk->nk", lam, S).reshape((n,) + (M,) * T)


def a1_ranks(lam, a, M, T):
    """Numerical ranks (numpy rule) of the (odd, even) matricizations of a batch."""
    g = a1_grids(lam, a, M, T)
    perm = (0,) + tuple(range(1, T + 1, 2)) + tuple(range(2, T + 1, 2))
    side = M ** (T // 2)
    mats = np.transpose(g, perm).reshape(-1, side, side)
    s = np.linalg.svd(mats, compute_uv=False)
    ranks = np.zeros(len(s), dtype=np.int64)
    gaps = []
    for i, sv in enumerate(s):
        tol = rank_tolerance((side, side), float(sv[0])).value
        r = int(np.count_nonzero(sv > tol)) if sv[0] > 0 else 0
        ranks[i] = r
        gaps.append((float(sv[r - 1]) if r else None, float(sv[r]) if r < side else None))
    return ranks, s[:, 0], gaps, mats


# -- torch helpers ---------------------------------------------------------------------------


@contextlib.contextmanager
def _one_cpu_thread(device):
    """One torch thread on the CPU (many small ops: faster on a shared 2-core machine and
    reproducible); restored afterwards.  No effect on CUDA."""
    import torch

    threads = torch.get_num_threads()
    if str(device).startswith("cpu"):
        torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(threads)


def _single_threaded(fn):
    @functools.wraps(fn)
    def wrapper(params, device, rng):
        with _one_cpu_thread(device):
            return fn(params, device, rng)

    return wrapper


def _t_ranks(a, M, T):
    """Ranks of rank-1 ξ = max grids from template values a (P, T, M) on a's device;
    float64 singular values one matrix at a time (4096×4096 for M = T = 8: 128 MiB)."""
    import torch

    out = []
    side = M ** (T // 2)
    perm = tuple(range(0, T, 2)) + tuple(range(1, T, 2))
    for p in range(a.shape[0]):
        S = a[p, 0]
        for t in range(1, T):
            S = torch.clamp(torch.maximum(S[:, None], a[p, t][None, :]), min=0).reshape(-1)
        s = torch.linalg.svdvals(S.reshape((M,) * T).permute(perm).reshape(side, side))
        tol = rank_tolerance((side, side), float(s[0])).value
        r = int((s > tol).sum()) if float(s[0]) > 0 else 0
        out.append((r, float(s[r - 1]) if r else None, float(s[r]) if r < side else None))
        del S, s
    return out


@_single_threaded
def scaled_lemma_a1(params, device, rng):
    """Evolutionary search for high-rank rank-1 ξ = max terms (claim gtm-lemma-a.1, scaled):
    keep the ``population`` best, mutate each (multiplicative and additive noise), float64
    SVD of the full M^{T/2}×M^{T/2} matricization with the gap of the best."""
    import torch

    M, T, P, gens = params["M"], params["T"], params["population"], params["generations"]
    g = torch_generator(device, rng)
    kw = dict(dtype=torch.float64, device=device, generator=g)
    scale = 10.0 ** (4 * torch.rand((P, T, 1), **kw) - 2)
    a = scale * torch.randn((P, T, M), **kw) + 2 * scale * torch.randn((P, T, 1), **kw)
    scores = _t_ranks(a, M, T)
    history = [max(s[0] for s in scores)]
    for _ in range(gens):
        kids = a * (1 + 0.3 * torch.randn(a.shape, **kw)) + 0.3 * a.abs().mean(
            dim=2, keepdim=True
        ) * torch.randn(a.shape, **kw)
        kid_scores = _t_ranks(kids, M, T)
        pool = torch.cat([a, kids])
        allsc = scores + kid_scores
        order = sorted(range(len(allsc)), key=lambda i: -allsc[i][0])[:P]
        a, scores = pool[order], [allsc[i] for i in order]
        history.append(scores[0][0])
    best = scores[0]
    bound = lemma_a1_bound(1, M, T)
    ev = compare_ints(
        f"largest rank found by search (rank-1, M={M}, T={T}) ≤ TM/2", [best[0]], [bound], "<="
    )
    ev.sizes.update(M=M, T=T, population=P, generations=gens, device=str(device))
    ev.details.update(
        best_rank=best[0],
        bound=bound,
        gap=[best[1], best[2]],
        best_per_generation=history,
        matrix_side=M ** (T // 2),
    )
    if not ev.ok:
        ev.counterexample = {"template_values (T, M)": a[0].cpu().tolist(), "rank": best[0]}
    return ev


# -- gtm-lemma-a.2 ---------------------------------------------------------------------------
def _t_indicator(M, R, T, device):
    """1 − [row = col and every digit < R] on the (odd, even) matricization, on device."""
    import torch

    side = M ** (T // 2)
    idx = torch.arange(side, device=device)
    small = torch.ones(side, dtype=torch.bool, device=device)
    rest = idx.clone()
    for _ in range(T // 2):
        small &= (rest % M) < R
        rest = rest // M
    ind = torch.ones((side, side), dtype=torch.float64, device=device)
    diag = idx[small]
    ind[diag, diag] = 0.0
    return ind


#: Matricizations of Lemma A.2 grids with at most this many rows (M^T ≤ 10⁶) get the exact
#: integer rank on the scaled side.
EXACT_SIDE = 1000


@_single_threaded
def scaled_lemma_a2(params, device, rng):
    """Lemma A.2 at scale: the grid by the torch recursion vs the stated indicator, and the
    rank of the (odd, even) matricization.  Memory (M = 10, T = 8, R = 10, float64): grid
    800 MB, prefix states M^{T−1}·R = 10⁸ entries (800 MB), the indicator 800 MB, the
    eigenvalue workspace ≈ 2 GB: well under 80 GiB.  Matrices up to 2000² get a certified
    rank (:func:`grid_rank`: exact up to 1000² rows, i.e. M^T ≤ 10⁶, mod p up to 2000²); larger ones the numerical rank from
    ``eigvalsh`` (the matricization is symmetric here, checked) with its gap."""
    import torch

    M, R, T = params["M"], params["R"], params["T"]
    net = pairwise_similarity_network(M, R, T)
    limit = max(M**T, M ** (T - 1) * R)
    grid = grid_tensor(net, backend="torch", device=device, dtype=torch.float64, max_entries=limit)
    side = M ** (T // 2)
    perm = tuple(range(0, T, 2)) + tuple(range(1, T, 2))
    mat = grid.permute(perm).reshape(side, side)
    del grid
    ind = _t_indicator(M, R, T, device)
    err = float((mat - ind).abs().max())
    err_wrong = float((mat - (1 - ind)).abs().max())  # control: zero and one sets swapped
    del ind
    sz = {"M": M, "R": R, "T": T, "entries": M**T, "device": str(device)}
    # norm: |ℓ| ≤ Σ_{i,j}|𝒢_ij|·max|ξ| ≤ 2·min(M, R) (entries of C, h are 0/1); n = (M+1)·R
    ev_grid = error_with_control(
        "torch grid (prefix recursion) vs stated 0/1 indicator",
        err,
        tolerance(np.float64, n=(M + 1) * R, norm=2 * min(M, R)),
        err_wrong,
        "1 − indicator (the zero and one sets swapped)",
        sizes=sz,
    )
    bound, printed = lemma_a2_rank_bound(M, R, T), lemma_a2_rank_formula(M, R, T)
    if side <= EXACT_SIDE:
        # M^T ≤ 10⁶: the exact integer rank (fraction-free elimination; 0.2 s at 216²,
        # 7–45 s at 1000² on one CPU core)
        gr = grid_rank(mat.cpu().numpy(), matrix=True, certify="exact", cross_check=True)
        rank, info = gr.rank, gr.to_dict()
        certified = gr.certified
    elif side <= 2000:
        gr = grid_rank(mat.cpu().numpy(), matrix=True, cross_check=True)
        rank, info = gr.rank, gr.to_dict()
        certified = gr.certified
    else:
        symmetric = bool(torch.equal(mat, mat.T))
        s = (
            torch.linalg.eigvalsh(mat).abs().sort(descending=True).values
            if symmetric
            else torch.linalg.svdvals(mat)
        )
        tol = rank_tolerance((side, side), float(s[0]))
        rank = int((s > tol.value).sum())
        info = {
            "method": "numerical (eigvalsh)" if symmetric else "numerical (svdvals)",
            "tolerance": tol.to_dict(),
            "gap": [float(s[rank - 1]), float(s[rank]) if rank < side else None],
        }
        certified = False
    del mat
    return Evidence(
        "Lemma A.2 at scale",
        sizes=sz,
        details={"rank": rank, "rank_info": info},
        parts={
            "grid vs indicator": ev_grid,
            "rank ≥ min(M,R)^{T/2}" + ("" if certified else " (numerical)"): compare_ints(
                "bound ≤ rank", [bound], [rank], "<="
            ),
            "rank = printed formula": compare_ints("rank vs printed formula", [rank], [printed]),
        },
    )


# -- gtm-thm-5.3 ---------------------------------------------------------------------------
def _perturbed(net, F, dC, dG, dF, s):
    return (
        GeneralizedRNN(
            tuple(c + s * d for c, d in zip(net.C, dC)),
            tuple(g + s * d for g, d in zip(net.G, dG)),
            net.xi,
            h0=net.h0,
        ),
        F + s * dF,
    )


def _scores(net, F, tokens, device):
    import torch

    from ....cells.generalized import GeneralizedRNNModule

    mod = GeneralizedRNNModule.from_network(net, dtype=torch.float64, device=device)
    with torch.no_grad():
        return mod.score_tokens(torch.as_tensor(tokens, device=device), F).cpu().numpy()


def _dependence(net, F, tokens, device):
    """max |ℓ(X) − ℓ(i₁, 0, …, 0)| / |ℓ| over the sampled sequences."""
    base = tokens.copy()
    base[:, 1:] = 0
    s, s0 = _scores(net, F, tokens, device), _scores(net, F, base, device)
    return s, s0, float(np.max(np.abs(s - s0) / np.maximum(np.abs(s0), 1.0)))


@_single_threaded
def scaled_thm_5_3(params, device, rng):
    """Thm. 5.3 at scale on random grid samples (torch float64; 2(MR)^{T−1} = 2^181 for
    M = R = 64, T = 16 overflows float32, so float64 only), and the perturbation radius at
    which the grid stops depending on i₁ alone (bisection along one random direction)."""
    M, R, T, n = params["M"], params["R"], params["T"], params["samples"]
    F = rng.standard_normal((M, M))
    net = constant_network(M, R, T, F)
    dC = [rng.standard_normal(c.shape) for c in net.C]
    dG = [rng.standard_normal(g.shape) for g in net.G]
    dF = rng.standard_normal(F.shape)
    tokens = rng.integers(0, M, size=(n, T))
    value = float(constant_grid_value(M, R, T))
    pert, F_eps = _perturbed(net, F, dC, dG, dF, 1e-3)
    s, s0, dep = _dependence(pert, F_eps, tokens, device)
    n_ops = int(np.ceil(np.linalg.cond(F_eps))) * M + T * M * R
    sz = {"M": M, "R": R, "T": T, "samples": n, "device": str(device)}
    first = _scores(pert, F_eps, np.pad(np.arange(M)[:, None], ((0, 0), (0, T - 1))), device)
    shallow = rank_one_shallow(first, F_eps, T)
    sub = tokens[: min(n, 256)]
    parts = {
        "unperturbed samples = 2(MR)^{T−1}": compare_values(
            "ℓ(X) vs 2(MR)^(T−1)",
            _scores(net, F, tokens, device),
            np.full(n, value),
            n=n_ops,
            scale=value,
            sizes=sz,
        ),
        "perturbed: ℓ(X) = ℓ(i₁, 0, …, 0)": compare_values(
            "ℓ_ε(X) vs ℓ_ε(i₁, 0, …)", s, s0, n=n_ops, scale=value, sizes=sz
        ),
        "torch vs numpy GeneralizedRNN (256 samples)": compare_values(
            "torch float64 vs grid_entries",
            s[: len(sub)],
            grid_entries(pert, F_eps, sub),
            n=n_ops,
            scale=value,
            sizes=sz,
        ),
        "rank-1 shallow network reproduces the samples": compare_values(
            "shallow (λ=1, v_1 = F_ε⁻¹ g) vs ℓ_ε",
            grid_entries(shallow, F_eps, tokens),
            s,
            n=n_ops + M * int(np.ceil(np.linalg.cond(F_eps))),
            scale=value,
            sizes=sz,
        ),
    }
    tol = float(tolerance(np.float64, n=n_ops, norm=1.0))

    def breaks(scale):
        return _dependence(*_perturbed(net, F, dC, dG, dF, scale), tokens, device)[2] > tol

    lo, hi = 1e-3, 4e-3
    while hi <= 1e3 and not breaks(hi):
        lo, hi = hi, hi * 4
    if hi > 1e3:
        hi = None
    else:
        for _ in range(10):  # geometric bisection: lo keeps i₁-only, hi does not
            mid = (lo * hi) ** 0.5
            lo, hi = (mid, hi) if not breaks(mid) else (lo, mid)
    return Evidence(
        "Thm. 5.3 at scale (sampled grid entries)",
        sizes=sz,
        parts=parts,
        details={
            "constant": value,
            "radius_lower": lo,
            "radius_upper": hi,
            "radius_note": "scale s of the perturbation s·(dC, d𝒢, dF), "
            "dC, d𝒢, dF ~ N(0, 1), at which sampled entries "
            "first depend on more than i₁ (None above 1e3)",
        },
    )
