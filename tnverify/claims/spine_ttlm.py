"""Spine claims of the TT format as a language model (seed 000 §4.1–4.2; seed 001 §3.2.2,
§5.2.2): Φ(X) and ⟨𝒜, Φ(X)⟩, the printed TT sums, the recurrence, Prop. 5.2.1.

The definition side builds explicit tensors (float64, tensordot of the cores) over all
``|V|^N`` sequences; printed nested sums are evaluated literally by
:func:`printed_tt_sum`, which takes each sum's printed lower limit, so the literal
reading (``Σ_{α₂=2}``) and the corrected one (every sum from 1) share code.
"""

from __future__ import annotations

import itertools
import math

import numpy as np

from . import Claim, Evidence, Ref, register
from ..conventions import tolerance
from ..errors import RankError, ShapeError
from ..explicit import all_sequences, feature_tensor, inner
from ..tt import random_tt

__all__ = ["printed_tt_sum", "literal_lower_limits", "full_by_tensordot", "recurrence"]


# -- definitions -------------------------------------------------------------------
def full_by_tensordot(cores) -> np.ndarray:
    """The explicit tensor ``𝒜`` by successive ``tensordot`` over the bond indices
    (seed 000 (ttlm) §4.2, Eq. 3, first line read as a contraction)."""
    A = np.asarray(cores[0])
    for G in cores[1:]:
        A = np.tensordot(A, G, axes=(A.ndim - 1, 0))
    return A[0, ..., 0]


def recurrence(cores, tokens) -> np.ndarray:
    """``h ← h · G^{(t)}[:, w_t, :]`` with ``h^{(0)} = [1]``, for every row of ``tokens``."""
    tokens = np.asarray(tokens)
    h = np.ones((tokens.shape[0], 1))
    for t, G in enumerate(cores):
        h = np.einsum("sa,asb->sb", h, G[:, tokens[:, t], :])
    return h[:, 0]


def literal_lower_limits(n_bonds: int) -> tuple[int, ...]:
    """Printed lower limits (1-based) of ``Σ_{α₁=1}^{R₁} Σ_{α₂=2}^{R₂} ⋯ Σ_{α_{N−1}=1}``.

    ``α₂`` starts at 2; the first, the elided and the last sums start at 1.  Needs
    ``N − 1 >= 3`` bonds: for ``N = 3`` the printed ``α₂`` is also ``α_{N−1}`` (printed
    from 1), so the literal limit is contradictory there.
    """
    if n_bonds < 3:
        raise ShapeError("the printed sum Σ_{α1=1} Σ_{α2=2} ⋯ Σ_{α_{N-1}=1} names α2 and "
                         f"α_(N-1) as different sums only for N >= 4; got N = {n_bonds + 1}")
    return (1, 2) + (1,) * (n_bonds - 2)


def printed_tt_sum(cores, tokens, lower) -> np.ndarray:
    """Evaluate ``Σ_{α₁=l₁}^{R₁} ⋯ Σ_{α_{N−1}=l_{N−1}}^{R_{N−1}} G^{(1)}_{w₁α₁}
    G^{(2)}_{α₁w₂α₂} ⋯ G^{(N)}_{α_{N−1}w_N}`` literally, term by term.

    Parameters
    ----------
    cores : sequence of (r_{t-1}, V, r_t) arrays
    tokens : (S, N) int array
        0-based token indices (the paper's ``w_t − 1``).
    lower : sequence of int
        Printed (1-based) lower limit of each of the ``N − 1`` sums; the upper limit is
        the printed ``R_t``.

    Returns
    -------
    (S,) ndarray
        One value per sequence: the nested sum over every α tuple in the printed ranges.
    """
    tokens = np.asarray(tokens)
    N = len(cores)
    if len(lower) != N - 1:
        raise RankError(f"need one lower limit per bond (N - 1 = {N - 1}); got {len(lower)}")
    ranges = [range(int(lo) - 1, int(cores[t].shape[2])) for t, lo in enumerate(lower)]
    total = np.zeros(tokens.shape[0])
    for alphas in itertools.product(*ranges):
        a = (0,) + alphas + (0,)
        term = np.ones(tokens.shape[0])
        for t, G in enumerate(cores):
            term = term * G[a[t], tokens[:, t], a[t + 1]]
        total = total + term
    return total


def _abs_scale(cores) -> float:
    """Largest entry of the |G| product: the Σ|terms| scale of the rounding bound."""
    return float(full_by_tensordot([np.abs(G) for G in cores]).max())


def _cores(params, rng, *, nonneg=False):
    shape = tuple(params.get("shape") or (params["vocab_size"],) * params["length"])
    ranks = tuple(params["ranks"]) if "ranks" in params else int(params["rank"])
    cores = list(random_tt(shape, ranks, rng).cores)
    return [np.abs(G) for G in cores] if nonneg else cores


def _tol(cores):
    # n: ∏R_t summed terms of N factors each; norm: Σ|terms| ≤ max of the |G| product
    n_terms = math.prod(int(G.shape[2]) for G in cores[:-1])
    return tolerance(np.float64, n=n_terms + len(cores), norm=_abs_scale(cores))


def _compare(what, value, ref, tol, tokens, sizes):
    diff = np.abs(np.asarray(value) - np.asarray(ref))
    j = int(np.argmax(diff))
    ce = {"sequence": tokens[j].tolist(), "lhs": float(value[j]), "rhs": float(ref[j])}
    return Evidence(what, error=float(diff[j]), tolerance=tol, sizes=sizes,
                    details={"worst_sequence": tokens[j].tolist(),
                             "mismatched": int((diff > float(tol)).sum()),
                             "sequences": int(len(diff))},
                    counterexample=ce if diff[j] > float(tol) else None)


def _lift_counterexample(ev):
    """Copy the first failing part's counterexample (with the part's name) to the top."""
    for name, part in (ev.parts or {}).items():
        if part.counterexample:
            ev.counterexample = {"part": name, **part.counterexample}
            break
    return ev


# -- ttlm-eq2 ----------------------------------------------------------------------
def _small_eq2(params, rng):
    V, N = params["vocab_size"], params["length"]
    A = rng.standard_normal((V,) * N)
    seqs = all_sequences(V, N)
    lhs = np.array([inner(A, feature_tensor(w, vocab_size=V)) for w in seqs])
    ref = A.reshape(-1)
    onehot_ok = all(np.count_nonzero(P := feature_tensor(w, vocab_size=V)) == 1
                    and P[tuple(w)] == 1.0 and P.shape == (V,) * N for w in seqs[:: max(1, len(seqs) // 64)])
    sizes = {"vocab_size": V, "length": N}
    # n: V**N summed terms (one of them nonzero); norm: max |𝒜|
    tol = tolerance(np.float64, n=V**N, norm=float(np.abs(A).max()))
    ev = _compare("⟨𝒜, Φ(X)⟩ (Eq. 2, explicit sum) vs the entry 𝒜[w], all |V|^N sequences",
                  lhs, ref, tol, seqs, sizes)
    ev.parts = {"Φ(X) is |V|^N-dimensional with one 1 at (w_1..w_N)":
                Evidence("Φ(X) shape and support (sampled sequences)", passed=onehot_ok,
                         sizes=sizes)}
    return ev


def _scaled_eq2(params, device, rng):
    import torch
    V, N, B = params["vocab_size"], params["length"], params["batch"]
    g = torch.Generator(device).manual_seed(int(rng.integers(2**62)))
    A = torch.randn((V,) * N, generator=g, dtype=torch.float64, device=device)
    w = torch.randint(0, V, (B, N), generator=g, device=device)
    flat = torch.zeros(B, dtype=torch.long, device=device)
    for t in range(N):
        flat = flat * V + w[:, t]
    ref = A.reshape(-1)[flat]
    errs = {}
    for dt in (torch.float64, torch.float32):
        out = _contract_onehots(A.to(dt), w, chunk=max(1, 2**24 // V ** (N - 1)))
        errs[str(dt)] = float((out.double() - ref).abs().max())
    amax = float(A.abs().max())
    sizes = {"vocab_size": V, "length": N, "batch": B, "device": device}
    return Evidence("torch ⟨𝒜, Φ(X)⟩ by mode-wise one-hot contraction (f64, f32) vs 𝒜[w]",
                    parts={name: Evidence(f"{name} contraction vs gather", error=e,
                                          tolerance=tolerance(name, n=V * N, norm=amax),
                                          sizes=sizes) for name, e in errs.items()},
                    sizes=sizes)


def _contract_onehots(A, w, chunk):
    import torch
    V, N = A.shape[0], A.ndim
    outs = []
    for lo in range(0, w.shape[0], chunk):
        ww = w[lo:lo + chunk]
        f = torch.nn.functional.one_hot(ww[:, 0], V).to(A.dtype)
        x = f @ A.reshape(V, -1)                                   # (b, V^{N-1})
        for t in range(1, N):
            f = torch.nn.functional.one_hot(ww[:, t], V).to(A.dtype)
            x = torch.einsum("bv,bvr->br", f, x.reshape(x.shape[0], V, -1))
        outs.append(x[:, 0])
    return torch.cat(outs)


# -- the TT entry: tensordot vs slice products vs printed sums (ttlm-eq3/-eq5, thesis-eq-3.4)
def _multi_indices(shape):
    return np.indices(shape).reshape(len(shape), -1).T.copy()


def _tt_sides(params, rng, corrected):
    cores = _cores(params, rng)
    shape = tuple(G.shape[1] for G in cores)
    seqs = _multi_indices(shape)
    ref = full_by_tensordot(cores).reshape(-1)
    lower = (1,) * (len(cores) - 1) if corrected else literal_lower_limits(len(cores) - 1)
    sizes = {"shape": list(shape), "ranks": [1] + [int(G.shape[2]) for G in cores]}
    tol = _tol(cores)
    label = "every sum from 1 (corrected)" if corrected else f"printed lower limits {lower}"
    parts = {
        "slice products vs tensordot": _compare(
            "G1[:,w1,:] G2[:,w2,:] ⋯ GN[:,wN,:] vs the tensordot tensor", recurrence(cores, seqs),
            ref, tol, seqs, sizes),
        f"printed sum ({label}) vs tensordot": _compare(
            f"Σ_α G(1)_{{w1α1}} ⋯ G(N)_{{αN−1 wN}}, {label}, vs the tensordot tensor",
            printed_tt_sum(cores, seqs, lower), ref, tol, seqs, sizes),
    }
    return cores, seqs, ref, tol, sizes, parts


def _small_eq3(params, rng, corrected=False):
    *_, sizes, parts = _tt_sides(params, rng, corrected)
    return _lift_counterexample(Evidence(
        "TT entry: tensordot, slice products, printed sums (Eq. 3)", parts=parts, sizes=sizes))


def _eq5_line1(cores, seqs):
    """Eq. 5, first line: Σ_{i,α} f(x1)_{i1} G(1)_{i1α1} ⋯ f(xN)_{iN} G(N)_{αN−1 iN}, all sums
    from 1, evaluated by one einsum over every i and α index."""
    V, N = cores[0].shape[1], len(cores)
    letters = iter("abcdefghijklmnopqrtuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    i = [next(letters) for _ in range(N)]
    a = [next(letters) for _ in range(N + 1)]
    ops, subs = [], []
    for t, G in enumerate(cores):
        ops += [np.eye(V)[seqs[:, t]], G]
        subs += [f"s{i[t]}", f"{a[t]}{i[t]}{a[t + 1]}"]
    return np.einsum(",".join(subs) + "->s", *ops, optimize=True)


def _small_eq5(params, rng, corrected=False):
    cores, seqs, ref, tol, sizes, parts = _tt_sides(params, rng, corrected)
    V = cores[0].shape[1]
    A = ref.reshape((V,) * len(cores))
    side_a = np.array([inner(A, feature_tensor(w, vocab_size=V)) for w in seqs])
    parts["⟨𝒜, Φ(X)⟩ vs 𝒜[w]"] = _compare("side A: ⟨𝒜, Φ(X)⟩ (explicit) vs the entry",
                                           side_a, ref, tol, seqs, sizes)
    parts["Eq. 5 line 1 vs 𝒜[w]"] = _compare("Σ over i and α with one-hot f (all from 1)",
                                             _eq5_line1(cores, seqs), ref, tol, seqs, sizes)
    eq4 = max(float(np.abs(np.einsum("i,aib->ab", np.eye(V)[w], G) - G[:, w, :]).max())
              for G in cores for w in range(V))
    parts["Eq. 4: Σ_i f_i G[:, i, :] = G[:, w, :]"] = Evidence(
        "one-hot contraction of every core vs its slice", error=eq4,
        tolerance=tolerance(np.float64, n=V, norm=max(float(np.abs(G).max()) for G in cores)),
        sizes=sizes)
    return _lift_counterexample(Evidence(
        "sides A (⟨𝒜,Φ⟩), B (recurrence), C (printed sums) of Eq. 5", parts=parts, sizes=sizes))


def _small_thesis_34(params, rng, corrected=False):
    cores, seqs, ref, tol, sizes, parts = _tt_sides(params, rng, corrected)
    shape = tuple(G.shape[1] for G in cores)
    A, Bt = ref.reshape(shape), rng.standard_normal(shape)
    literal = 0.0
    for idx in itertools.product(*(range(n) for n in shape)):   # Σ_{i1=1}^{I1} ⋯ Σ_{iL=1}^{IL}
        literal += A[idx] * Bt[idx]
    parts["Def. 3.1.5 (nested sums) vs numpy.vdot"] = Evidence(
        "⟨A, B⟩ by the printed nested sums vs numpy.vdot", error=abs(literal - np.vdot(A, Bt)),
        # n: ∏I_k products summed; norm: Σ|A·B|
        tolerance=tolerance(np.float64, n=A.size, norm=float(np.abs(A * Bt).sum())), sizes=sizes)
    return _lift_counterexample(Evidence(
        "Eq. 3.3 (slices), Eq. 3.4 (printed sums), Def. 3.1.5", parts=parts, sizes=sizes))


# -- scaled: sequential vs tree, float64 vs float32 (torch) ----------------------------
def _scaled_scoring(params, device, rng):
    import torch
    from ..cells.ttlm import TTScorer
    B, V, R, N, k = (params[x] for x in ("batch", "vocab_size", "rank", "length", "distinct"))
    g = torch.Generator(device).manual_seed(int(rng.integers(2**62)))

    def core(r0, r1):  # std 1/sqrt(r0): each slice product keeps ‖h‖ of order one
        return torch.randn(r0, V, r1, generator=g, dtype=torch.float64, device=device) / r0**0.5
    cores = [core(1, R)] + [core(R, R) for _ in range(k)] + [core(R, 1)]
    sites = [0] + [1 + (t - 1) % k for t in range(1, N - 1)] + [k + 1]
    m64 = TTScorer(cores, sites=sites, device=device)
    m32 = TTScorer(cores, sites=sites, dtype=torch.float32, device=device)
    tok = torch.randint(0, V, (B, N), generator=g, device=device)
    with torch.no_grad():
        s64, c64 = m64.forward_scaled(tok)
        # error scale: Σ_a |h^{(N−1)}_a| |G^{(N)}_{a,w_N}|, the Σ|terms| of the last step
        h, ca = m64.hidden_scaled(tok, N - 1)
        ma = (h.abs() * m64.slices(tok, N - 1)[:, :, 0].abs()).sum(dim=1)
        t64, d64 = m64.tree_scaled(tok, batch_chunk=params.get("tree_chunk"))
        s32, c32 = m32.forward_scaled(tok)

    def rel(m, c):  # |score − reference| / scale of the last partial product, in float64
        return float(((m.double() * torch.exp(c - ca) - s64 * torch.exp(c64 - ca)).abs()
                      / ma).max())
    sizes = {"batch": B, "vocab_size": V, "rank": R, "length": N, "distinct_cores": k,
             "device": device}
    # n = N·R accumulated multiply-adds along the chain (Higham §3.5 for products of N
    # matrices of size R); norm = 1 relative to the Σ|terms| of the last partial product
    parts = {"tree vs sequential (float64)": Evidence(
                 "tree-parallel product vs recurrence, relative to Σ|h^(N−1)||g_N|",
                 error=rel(t64, d64), tolerance=tolerance("float64", n=N * R), sizes=sizes),
             "float32 vs float64 (sequential)": Evidence(
                 "float32 recurrence vs float64, relative to Σ|h^(N−1)||g_N|",
                 error=rel(s32, c32), tolerance=tolerance("float32", n=N * R), sizes=sizes)}
    return Evidence("torch TTScorer at scale: tree vs sequential, float32 vs float64",
                    parts=parts, sizes=sizes,
                    details={"log_abs_scale_range": [float(ca.min()), float(ca.max())]})


# -- thesis-prop-5.2.1 --------------------------------------------------------------
def _transfer_z(cores, squared):
    """Z by transfer matrices (numpy): E ← Σ_i G_iᵀ E G_i (squared) or h ← h Σ_i G_i."""
    env = np.ones((1, 1))
    for G in cores:
        r0, v, r1 = G.shape
        if squared:
            y = (env @ G.reshape(r0, v * r1)).reshape(r0 * v, r1)
            env = G.reshape(r0 * v, r1).T @ y
        else:
            env = env @ G.sum(axis=1)
    return float(env[0, 0])


def _normalised(cores, seqs, squared, sizes):
    """P̃ = ψ(value) = value / Z over all sequences: nonnegativity, Σ P̃ = 1, Z two ways."""
    val = recurrence(cores, seqs)
    val = val**2 if squared else val
    z = float(val.sum())
    p = val / z
    n = len(seqs) + len(cores)   # V**L summed terms (+ the products of L factors)
    ab = full_by_tensordot([np.abs(G) for G in cores]).reshape(-1)
    zscale = float((ab**2).sum() if squared else ab.sum())          # Σ|terms| of Z
    tol_p = tolerance(np.float64, n=n, norm=float(np.abs(p).max()))
    j = int(np.argmin(p))
    nonneg = Evidence("min over x of P̃(x) >= 0", error=max(0.0, -float(p[j])), tolerance=tol_p,
                      sizes=sizes, counterexample={"sequence": seqs[j].tolist(),
                                                   "P": float(p[j]), "Z": z}
                      if -p[j] > float(tol_p) else None)
    total = Evidence("Σ_x P̃(x) = 1", error=abs(float(p.sum()) - 1.0),
                     tolerance=tolerance(np.float64, n=n, norm=float(np.abs(p).sum())), sizes=sizes)
    ztm = Evidence("Z by transfer matrices vs brute force", error=abs(_transfer_z(cores, squared) - z),
                   tolerance=tolerance(np.float64, n=n + len(cores) * max(G.shape[2] for G in cores)
                                       * cores[0].shape[1], norm=zscale), sizes=sizes)
    return {"nonnegative": nonneg, "sums to 1": total, "Z transfer vs brute force": ztm}


def _small_prop_521(params, rng):
    V, ranks = params["vocab_size"], list(params["ranks"])
    L = len(ranks) - 1
    p = {"vocab_size": V, "length": L, "ranks": ranks}
    sizes = {"vocab_size": V, "length": L, "ranks": ranks}
    seqs = all_sequences(V, L)
    cores = _cores(p, rng)
    A = full_by_tensordot(cores)
    tol = _tol(cores)
    ref = np.array([inner(A, feature_tensor(w, vocab_size=V)) for w in seqs])
    perm = [np.transpose(G, (1, 0, 2)) for G in cores]           # |V| × R_{t−1} × R_t (Eq. 5.6)
    eq52 = np.array([np.linalg.multi_dot([np.ones((1, 1))] + [
        np.tensordot(np.eye(V)[w[t]], perm[t], axes=(0, 0)) for t in range(L)] + [np.ones((1, 1))])
        [0, 0] for w in seqs])
    common = {
        "(i) recurrence vs ⟨𝒜, Φ(x)⟩": _compare("h ← h G[:, w_t, :] vs ⟨𝒜, Φ(x)⟩ (Eq. 5.4)",
                                                recurrence(cores, seqs), ref, tol, seqs, sizes),
        "(i) Eq. 5.2 (fᵀG, Eq. 5.6) vs ⟨𝒜, Φ(x)⟩": _compare(
            "(f(1))ᵀG(1) ⋯ (f(L))ᵀG(L), f contracted with the |V| mode", eq52, ref, tol, seqs, sizes),
    }
    readings = {}
    for name, squared in (("a", False), ("b", True)):
        parts = dict(common)
        for draw in range(8):   # random real cores: up to 8 draws, stop at a counterexample
            real = _normalised(_cores(p, rng), seqs, squared, sizes)
            if any(ev.verdict != "holds" for ev in real.values()):
                break
        parts.update({f"real cores: {k}": v for k, v in real.items()})
        parts.update({f"nonnegative cores: {k}": v for k, v in
                      _normalised(_cores(p, rng, nonneg=True), seqs, squared, sizes).items()})
        readings[name] = Evidence(
            "P̃ = ψ(⟨𝒜,Φ⟩) = ⟨𝒜,Φ⟩/Z" if name == "a" else "P̃ = ψ(⟨𝒜,Φ⟩²) = ⟨𝒜,Φ⟩²/Z",
            parts=parts, sizes=sizes, details={"real_core_draws": draw + 1})
    return _lift_counterexample(Evidence(
        "Prop. 5.2.1 under readings (a) signed and (b) squared", readings=readings, sizes=sizes,
        parts={f"reading {k}: {n}": p for k, r in readings.items()
               for n, p in r.parts.items() if p.counterexample}))


def _scaled_prop_521(params, device, rng):
    import torch
    from ..cells.ttlm import TTScorer
    V, ranks = params["vocab_size"], list(params["ranks"])
    L = len(ranks) - 1
    g = torch.Generator(device).manual_seed(int(rng.integers(2**62)))
    cores = [torch.randn(ranks[t], V, ranks[t + 1], generator=g, dtype=torch.float64,
                         device=device) / ranks[t]**0.5 for t in range(L)]
    m, mabs = TTScorer(cores, device=device), TTScorer([c.abs() for c in cores], device=device)
    sizes = {"vocab_size": V, "ranks": ranks, "device": device}
    parts = {}
    with torch.no_grad():
        seqs = torch.as_tensor(all_sequences(V, L)).to(device)
        vals = torch.cat([m(seqs[i:i + 2**16]) for i in range(0, len(seqs), 2**16)])
        for name, squared in (("(b) squared", True), ("(a) signed", False)):
            s, lz = m.log_partition(squared=squared)
            _, lzabs = mabs.log_partition(squared=squared)
            brute = float((vals**2).sum() if squared else vals.sum())
            # n: V**L summed terms + L·V·R accumulations of the sweep; norm: Σ|terms|
            parts[f"{name}: Z transfer vs brute force"] = Evidence(
                "log-domain transfer-matrix Z vs the sum over all |V|^L sequences",
                error=abs(float(s) * float(torch.exp(lz)) - brute),
                tolerance=tolerance("float64", n=V**L + L * V * max(ranks),
                                    norm=float(torch.exp(lzabs))), sizes=sizes)
        V2, L2, R2 = params["big"]
        big = [torch.randn(r0, V2, r1, generator=g, dtype=torch.float64, device=device)
               for r0, r1 in zip([1] + [R2] * (L2 - 1), [R2] * (L2 - 1) + [1])]
        _, l64 = TTScorer(big, device=device).log_partition(squared=True)
        _, l32 = TTScorer(big, dtype=torch.float32, device=device).log_partition(squared=True)
    # Z₂ is a sum of nonnegative terms: relative error ≤ n·u with n = L·(V+1)·R (two GEMMs/site)
    parts["log Z₂ float32 vs float64 (transfer)"] = Evidence(
        "|Z32/Z64 − 1| for a random TT", error=abs(float(torch.exp(l32 - l64)) - 1.0),
        tolerance=tolerance("float32", n=L2 * (V2 + 1) * R2),
        sizes={"vocab_size": V2, "length": L2, "rank": R2, "device": device})
    return Evidence("Z by two GEMMs per site (torch) vs brute force; float32 vs float64",
                    parts=parts, sizes=sizes)


# -- registry ------------------------------------------------------------------------
_STATEMENT_TTLM_EQ2 = (
    '"Φ(X) = f₁(x^{(1)}) ⊗ f₂(x^{(2)}) ⋯ ⊗ f_N(x^{(N)}) = ⊗_{i=1}^N f_i(x^{(i)}) (1)"'
    '; "we assume that a text shares the same one-hot encoding f(x^{(t)}) ∈ ℝ^{|V|} i'
    'n later sections. Consequently, Φ(X) is a |V|^N-dimensional tensor that records '
    'all possible combinations of words in X"; "p(X) = ⟨𝒜, Φ(X)⟩ = Σ_{i₁,i₂,⋯,i_N=1}^'
    '{|V|} 𝒜_{i₁,⋯,i_N} · Φ(X)_{i₁,⋯,i_N} (2)", where 𝒜 is "a regression weight tenso'
    'r of the same shape as Φ(X)". Eq. 5 then uses "𝒜_{w₁w₂…w_N} = … = ⟨𝒜, Φ(X)⟩ = p('
    'X)".')
_STATEMENT_TTLM_EQ3 = (
    '"𝒜_{w₁w₂…w_N} = G^{(1)}_{::,w₁} ⟦underbrace: 1×R₁⟧ G^{(2)}_{:,w₂} ⟦R₁×R₂⟧ ⋯ G^{('
    'N)}_{:,w_N} ⟦R_{N−1}×1⟧ = Σ_{α₁=1}^{R₁} Σ_{α₂=2}^{R₂} ⋯ Σ_{α_{N−1}=1}^{R_{N−1}} '
    'G^{(1)}_{w₁α₁} G^{(2)}_{α₁w₂α₂} ⋯ G^{(N)}_{α_{N−1}w_N} (3) where the tensors G^{'
    '(t)} ∈ ℝ^{R_{t−1}×|V|×R_t} (t = 1, ..., d, R₀ = R_N = 1 by definition) are calle'
    'd TT cores."')
_STATEMENT_TTLM_EQ5 = (
    '- Eq. 4: "G^{(t)}_{α_{t−1}w_tα_t} = Σ_{i=1}^{|V|} f(x^{(t)})_i G^{(t)}_{α_{t−1}i'
    'α_t} (4) where each f(x^{(t)}) is a one-hot vector having w_t = 1 for at most on'
    'e t, and has zeros elsewhere".\n  - Eq. 5: "𝒜_{w₁w₂…w_N} = Σ_{i₁,…,i_N=1}^{|V|} Σ'
    '_{α₁=1}^{R₁} ⋯ Σ_{α_{N−1}=1}^{R_{N−1}} f(x^{(1)})_{i₁} G^{(1)}_{i₁α₁} f(x^{(2)})'
    '_{i₂} G^{(2)}_{α₁i₂α₂} ⋯ f(x^{(N)})_{i_N} G^{(N)}_{α_{N−1}i_N} = Σ_{α₁=1}^{R₁} Σ'
    '_{α₂=2}^{R₂} ⋯ Σ_{α_{N−1}=1}^{R_{N−1}} G^{(1)}_{w₁α₁} G^{(2)}_{α₁w₂α₂} ⋯ G^{(N)}'
    '_{α_{N−1}w_N} = ⟨𝒜, Φ(X)⟩ = p(X) (5)", with Φ(X) = ⊗_{i=1}^N f(x^{(i)}).\n  - Tex'
    't: "Eq. 5 can compute Eq. 2".')
_STATEMENT_THESIS_EQ_3_4 = (
    '- Eq. 3.3: "𝐀_{i₁,…,i_L} = 𝐆^{(1)}_{i₁,:} 𝐆^{(2)}_{:,i₂,:} ⋯ 𝐆^{(L−1)}_{:,i_{L−1'
    '},:} 𝐆^{(L)}_{:,i_L,:} (3.3), where 𝐆^{(k)} ∈ ℝ^{R_{k−1}×I_k×R_k}, for k ∈ [L] a'
    're called the TT-cores; R_k for k ∈ [L] are called the TT-ranks and R₀ = R_L = 1'
    '; and R = max_{1≤k≤L} R_k is called the maximal TT-rank."\n  - Def. 3.2.2: "𝐀_{i₁'
    ',…,i_L} = Σ_{α₁=1}^{R₁} Σ_{α₂=2}^{R₂} ⋯ Σ_{α_{L−1}=1}^{R_{L−1}} 𝐆^{(1)}_{i₁α₁} 𝐆'
    '^{(2)}_{α₁i₂α₂} ⋯ 𝐆^{(L)}_{α_{L−1}i_L} (3.4)".\n  - Def. 3.1.5 (inner product) is'
    ' stated "for two same-sized tensors 𝐀, 𝐁 ∈ ℝ^{I₁×I₂×⋯×d_N}", with sums up to I_L'
    '.')
_STATEMENT_THESIS_PROP_5_2_1 = (
    '- Eq. 5.1: "P̃(x) = ψ(‖Ψ(x)‖²_F) (5.1), where ‖·‖²_F denotes the squared Frobeni'
    'us norm … and ψ is a normalization function that ensures the nonnegativity of P̃'
    '(x) and that the probabilities sum to 1. For example, prior studies typically de'
    'fine ψ(‖Ψ(x)‖²_F) = ‖Ψ(x)‖²_F / Z, where Z = Σ_{x∈V^L} ‖Ψ(x)‖²_F."\n  - Prop. 5.2'
    '.1: "Given a set of tensors 𝐆^{(t)} ∈ ℝ^{R_{t−1}×|V|×R_t} (t ∈ [L], R₀ = R_L = 1'
    '), the Tensor Train Language Models compute the probability of x as follows: P̃('
    'x) = ψ((𝐟^{(1)})ᵀ𝐆^{(1)}(𝐟^{(2)})ᵀ𝐆^{(2)} ⋯ (𝐟^{(L)})ᵀ𝐆^{(L)}) (5.2)."\n  - Proof'
    ', Eq. 5.4: "‖Ψ(x)‖²_F = ⟨𝒜, Φ(x)⟩ = Σ_{i₁,…,i_L=1}^{|V|} 𝒜_{i₁,…,i_L} · Φ(x)_{i₁'
    ',…,i_L} (5.4)".\n  - Proof, Eq. 5.5: "𝒜_{w₁w₂…w_L} = 𝐆^{(1)}_{:,w₁} ⟦underbrace: '
    '1×R₁⟧ 𝐆^{(2)}_{:,w₂,:} ⟦R₁×R₂⟧ ⋯ 𝐆^{(L)}_{:,w_L} ⟦R_{L−1}×1⟧ = Σ_{α₁,…,α_{L−1}}^'
    '{R_t} 𝐆^{(1)}_{w₁α₁}𝐆^{(2)}_{α₁w₂α₂}⋯𝐆^{(L)}_{α_{L−1}w_L} (5.5)".\n  - Proof, Eq.'
    ' 5.6: "𝐆^{(t)}_{w_tα_{t−1}α_t} = Σ_{i_t=1}^{|V|} f^{(t)}_{i_t} 𝐆^{(t)}_{i_tα_{t−'
    '1}α_t} (5.6)", with the core permuted to |V|×R_{t−1}×R_t.\n  - Conclusion: "P̃(x)'
    ' = ψ(‖Ψ(x)‖²_F) = ψ(⟨𝒜, Φ(x)⟩) = ψ(𝒜_{w₁w₂…w_L}) = … = ψ((𝐟^{(1)})ᵀ𝐆^{(1)} ⋯ (𝐟^'
    '{(L)})ᵀ𝐆^{(L)})".\n  - The quantity "‖Ψ(x)‖²_F" admits these readings:\n    - (a) '
    'the signed value ⟨𝒜, Φ(x)⟩, as defined in Eq. 5.4;\n    - (b) the squared amplitu'
    'de ⟨𝒜, Φ(x)⟩², the Born-rule usage of §4.1.3 (Eq. 4.3).\n  - "(𝐟^{(t)})ᵀ𝐆^{(t)}" '
    'does not name the contracted mode. The proof contracts f with the vocabulary mod'
    'e (Eq. 5.6).')

_PROOFS = "proofs/spine_ttlm.py::"
_SCALED_SPACE = {
    "small": ({"batch": 256, "vocab_size": 1000, "rank": 20, "length": 64, "distinct": 4},),
    "large": tuple({"batch": 4096, "vocab_size": 33278, "rank": r, "length": n, "distinct": 1,
                    "tree_chunk": c} for r, n, c in ((20, 1024, 512), (64, 1024, 128),
                                                     (256, 512, 16))),
}
_EQ3_SPACE = ({"vocab_size": 2, "length": 4, "ranks": [1, 2, 2, 2, 1]},
              {"vocab_size": 4, "length": 5, "ranks": [1, 2, 3, 3, 2, 1]})
_34_SPACE = ({"shape": [2, 3, 2, 3], "ranks": [1, 2, 2, 2, 1]},
             {"shape": [3, 4, 3, 4, 3], "ranks": [1, 2, 3, 3, 2, 1]})
_EQ5_SPACE = ({"vocab_size": 2, "length": 4, "rank": 2}, {"vocab_size": 4, "length": 5, "rank": 3})
_CORRECTION = (" [Corrected: every printed sum Σ_{α_k} runs from α_k = 1 to R_k; the printed "
               "lower limit α₂ = 2 is replaced by α₂ = 1.]")


def _pair(base, *, title, refs, small, space, statement, uses=(), pinned=()):
    """Register ``base`` (literal printed sums, expected to fail) and ``base-corrected``."""
    register(Claim(
        id=base, group="spine", title=title, statement=statement, refs=refs,
        small=lambda p, rng: small(p, rng, False), space=space, scaled=_scaled_scoring,
        scaled_space=_SCALED_SPACE, uses=uses, expected="fails",
        corrected_by=f"{base}-corrected", pinned=pinned))
    register(Claim(
        id=f"{base}-corrected", group="spine", title=title + " (sums from 1)",
        statement=statement + _CORRECTION, refs=refs,
        small=lambda p, rng: small(p, rng, True), space=space, scaled=_scaled_scoring,
        scaled_space=_SCALED_SPACE, uses=uses, expected="holds", corrects=base,
        proof=_PROOFS + "prove_" + f"{base}_corrected".replace("-", "_").replace(".", "_")))


register(Claim(
    id="ttlm-eq2", group="spine", title="Φ(X) and p(X) = ⟨𝒜, Φ(X)⟩",
    statement=_STATEMENT_TTLM_EQ2,
    refs=(Ref("ttlm", "§4.1, Eq. 1–2 (and Eq. 5)"), Ref("thesis", "§5.2.2, Eq. 5.3–5.4"),
          Ref("gtm", "§3.1, Eq. 2–3")),
    small=_small_eq2, space=({"vocab_size": 2, "length": 3}, {"vocab_size": 4, "length": 5}),
    scaled=_scaled_eq2,
    scaled_space={"small": ({"vocab_size": 6, "length": 6, "batch": 10_000},),
                  "large": ({"vocab_size": 8, "length": 8, "batch": 10_000},)},
    pinned=({"params": {"vocab_size": 4, "length": 5}, "seed": 2,
             "note": "CLAIMS.md sizes: |V| = 4, N = 5, all 1024 sequences"},),
    proof=_PROOFS + "prove_ttlm_eq2"))

_pair("ttlm-eq3", title="TT entry as slice products and printed sums",
      statement=_STATEMENT_TTLM_EQ3, refs=(Ref("ttlm", "§4.2, Eq. 3"),
                                           Ref("thesis", "§3.2.2, Eq. 3.3–3.4; §5.2.2, Eq. 5.5")),
      small=_small_eq3, space=_EQ3_SPACE, uses=("ttlm-eq2",),
      pinned=({"params": _EQ3_SPACE[1], "seed": 3, "note": "CLAIMS.md: ranks [1,2,3,3,2,1]"},))
_pair("ttlm-eq5", title="general TTLM: ⟨𝒜,Φ⟩ = recurrence = printed sums",
      statement=_STATEMENT_TTLM_EQ5,
      refs=(Ref("ttlm", "§4.2, Eq. 4–5"), Ref("thesis", "§5.2.2, Prop. 5.2.1"),
            Ref("gtm", "§3.2, Lemma 3.1")),
      small=_small_eq5, space=_EQ5_SPACE, uses=("ttlm-eq2", "ttlm-eq3"),
      pinned=({"params": _EQ5_SPACE[1], "seed": 5, "note": "CLAIMS.md: |V|=4, R=3, N=5"},))
_pair("thesis-eq-3.4", title="TT format: Eq. 3.3 slices, Eq. 3.4 sums, Def. 3.1.5",
      statement=_STATEMENT_THESIS_EQ_3_4,
      refs=(Ref("thesis", "§3.2.2, Eq. 3.3–3.4 (Def. 3.2.2); §3.1.2, Def. 3.1.5"),
            Ref("ttlm", "§4.2, Eq. 3")),
      small=_small_thesis_34, space=_34_SPACE, uses=("ttlm-eq3",),
      pinned=({"params": _34_SPACE[1], "seed": 34, "note": "CLAIMS.md: shape 3×4×3×4×3"},))

register(Claim(
    id="thesis-prop-5.2.1", group="spine", title="TTLM probability P̃ = ψ(fᵀG ⋯ fᵀG)",
    statement=_STATEMENT_THESIS_PROP_5_2_1,
    refs=(Ref("thesis", "§5.2.2, Eq. 5.1, Prop. 5.2.1 (Eq. 5.2), proof Eq. 5.3–5.6"),
          Ref("ttlm", "§4.2, Eq. 4–5")),
    small=_small_prop_521,
    space=({"vocab_size": 3, "ranks": [1, 2, 3, 2, 1]},
           {"vocab_size": 3, "ranks": [1, 2, 3, 4, 2, 1]}),
    scaled=_scaled_prop_521,
    scaled_space={"small": ({"vocab_size": 5, "ranks": [1, 3, 4, 5, 4, 3, 1],
                             "big": (200, 32, 16)},),
                  "large": ({"vocab_size": 8, "ranks": [1, 4, 8, 16, 16, 8, 4, 1],
                             "big": (33278, 16, 64)},)},
    uses=("ttlm-eq5-corrected",),
    readings={"a": "‖Ψ(x)‖²_F is the signed value ⟨𝒜, Φ(x)⟩ (Eq. 5.4); ψ = ·/Z",
              "b": "‖Ψ(x)‖²_F is the squared amplitude ⟨𝒜, Φ(x)⟩² (Born rule, §4.1.3 "
                   "Eq. 4.3); ψ = ·/Z"},
    pinned=({"params": {"vocab_size": 3, "ranks": [1, 2, 3, 4, 2, 1]}, "seed": 521,
             "note": "CLAIMS.md: R = [1,2,3,4,2,1], |V| = 3, L = 5"},),
    expected="ill-posed"))
