"""Scaled (torch) sides of the n-gram / TSLM claims in :mod:`tnverify.claims.thesis.ngrams`.

- ``tslm-eq-11`` (+corrected), ``tslm-claim-1``, ``tslm-claim-2`` (+corrected): a random
  joint p over all ``|V|^n`` sentences (the claims catalogue: |V| = 64, n = 4, 16.7M entries, at
  "large"), the mixed representation c = Σ p_i s_i of Eq. 8 built by mode products in
  torch, every inner product ⟨s, c⟩ (Eq. 10), ⟨w₁ⁱ, c⟩ (Eq. 14) and Σ 𝒯 𝒜 (Eq. 11) at
  once; float64 is the reference, float32 is judged with ``tolerance("float32", ...)``;
  :mod:`tnverify.definitions.ngram` is compared on a sample of sentences.
- the statistical tolerance of a plug-in mutual-information estimate
  (:func:`mi_plugin_tolerance` at :data:`ALPHA`) and the Markov-chain corpus sampler used by
  ``thesis-eq-4.1``'s scaled side (:mod:`tnverify.claims.thesis.perplexity_information`).
"""

from __future__ import annotations

import math

import numpy as np

from ....definitions.ngram import tslm_prefix_probability, tslm_sentence_probability
from ... import Evidence
from ...compare import compare_values
from .checks import by_word_kind

__all__ = [
    "ALPHA",
    "mi_plugin_tolerance",
    "scaled_eq11",
    "scaled_eq11_corrected",
    "scaled_claim1",
    "scaled_claim2",
    "scaled_claim2_corrected",
]

#: Named significance level of each statistical comparison of a plug-in estimate with
#: its exact value (a false alarm at most ≈ 2·ALPHA per comparison, see below).
ALPHA = 1e-6


# -- statistics of the plug-in mutual information ----------------------------------------
def mi_plugin_tolerance(
    joint, samples: int, *, alpha: float = ALPHA, base="e", estimates: int = 1
) -> dict:
    """Statistical tolerance of the plug-in mutual information of ``samples`` iid pairs.

    For N iid draws from a (V_x, V_y) joint p with MI I, the plug-in estimate satisfies
    (Miller 1955, "Note on the bias of information estimates"; Paninski 2003, "Estimation
    of entropy and mutual information", Neural Computation 15:1191, §3–4)::

        Î − I = Z/√N + Q/(2N) + o(1/N),   Z ~ Normal(0, σ²),
        σ² = Var_p[ln p(x,y)/(p(x)p(y))],  Q ≥ 0 with E Q = (V_x−1)(V_y−1)

    (so the bias is (V_x−1)(V_y−1)/(2N ln b) in base b; at independence σ = 0 and
    2N·Î ~ χ²_{(V_x−1)(V_y−1)} exactly in the limit).  With z = Φ⁻¹(1 − α/2) and
    q = the upper α/k quantile of χ²_{(V_x−1)(V_y−1)} (k = ``estimates`` averaged or summed
    estimates, a union bound over their Q's), ``|Î − I| ≤ (z σ/√N + q/(2N)) / ln b``
    fails with probability ≲ 2α (union bound of the two terms).  σ is computed from the
    *exact* joint, not estimated.

    Returns
    -------
    dict
        ``value`` (the tolerance, in base ``base``), ``bias``, ``sigma``, ``z``, ``q``,
        ``alpha`` and the ``rule`` in words.
    """
    from scipy import stats

    J = np.asarray(joint, dtype=np.float64)
    px, py = J.sum(1), J.sum(0)
    nz = J > 0
    lr = np.log(J[nz] / np.outer(px, py)[nz])
    mi = float(np.sum(J[nz] * lr))
    sigma = math.sqrt(max(float(np.sum(J[nz] * lr**2)) - mi**2, 0.0))
    dof = (J.shape[0] - 1) * (J.shape[1] - 1)
    z = float(stats.norm.isf(alpha / 2))
    q = float(stats.chi2.isf(alpha / estimates, dof))
    lnb = 1.0 if base == "e" else math.log(float(base))
    value = (z * sigma / math.sqrt(samples) + q / (2 * samples)) / lnb
    return {
        "value": value,
        "bias": dof / (2 * samples * lnb),
        "sigma": sigma,
        "z": z,
        "q": q,
        "alpha": alpha,
        "samples": int(samples),
        "estimates": int(estimates),
        "rule": "(z_{α/2}·σ/√N + χ²_{dof}(α/k)/(2N)) / ln b, Miller 1955, Paninski 2003",
    }


# -- Markov-chain corpus -------------------------------------------------------------------
def sticky_chain(rng, V: int, stay: float):
    """P = stay·I + (1 − stay)·R (R a random stochastic matrix, rows > 0) and its π."""
    R = rng.random((V, V)) + 0.1
    R /= R.sum(1, keepdims=True)
    P = stay * np.eye(V) + (1 - stay) * R
    vals, vecs = np.linalg.eig(P.T)
    pi = np.real(vecs[:, np.argmin(np.abs(vals - 1))])
    return P, pi / pi.sum()


def sample_chains(P, pi, chains: int, steps: int, generator, device):
    """``chains`` independent Markov chains of ``steps`` tokens, started in π (torch)."""
    import torch

    Pt = torch.as_tensor(P, device=device)
    cum = torch.cumsum(Pt, 1).contiguous()
    V = P.shape[0]
    x = torch.multinomial(
        torch.as_tensor(pi, device=device), chains, replacement=True, generator=generator
    )
    out = torch.empty((chains, steps), dtype=torch.int64, device=device)
    out[:, 0] = x
    for t in range(1, steps):
        u = torch.rand((chains, 1), generator=generator, dtype=torch.float64, device=device)
        x = torch.searchsorted(cum[x], u).squeeze(1).clamp_(max=V - 1)
        out[:, t] = x
    return out


# -- TSLM: all inner products at once by mode products -------------------------------------
def mode_products(X, mats):
    """X ×₁ M₁ ×₂ … ×ₙ Mₙ: mode t of X (size m) is replaced by Mₜ @ (that mode)."""
    import torch

    for t, M in enumerate(mats):
        X = torch.movedim(torch.tensordot(M, X, dims=([1], [t])), 0, t)
    return X


def _random_joint(V, n, g, device):
    import torch

    p = torch.rand((V,) * n, generator=g, dtype=torch.float64, device=device) + 0.05
    return p / p.sum()


def _ortho(V, g, device):
    import torch

    q, r = torch.linalg.qr(torch.randn(V, V, generator=g, dtype=torch.float64, device=device))
    return q * torch.sign(torch.diagonal(r))


def _probe(p, W, Q, dtype):
    """⟨⊗ₜ Qₜ[jₜ], c⟩ for every j, c = Σ p_i ⊗ₜ W[iₜ] (Eq. 8) in ambient coordinates."""
    n = p.ndim
    c = mode_products(p.to(dtype), [W.T.to(dtype)] * n)
    return mode_products(c, [q.to(dtype) for q in Q])


def _abs_scale(p, W, Q):
    """Σ|terms| of :func:`_probe` for every entry: p ×ₜ (|Qₜ| |W|ᵀ) (all terms ≥ 0)."""
    return mode_products(p, [q.abs() @ W.abs().T for q in Q])


def _check_eq11(params, device, rng, *, kind: str) -> Evidence:
    import torch

    V, n, k = params["vocab_size"], params["length"], params.get("sample", 16)
    g = torch.Generator(device).manual_seed(int(rng.integers(2**62)))
    p = _random_joint(V, n, g, device)
    sizes = {"vocab_size": V, "length": n, "device": device}
    E = (
        torch.eye(V, dtype=torch.float64, device=device)
        if kind == "one-hot"
        else _ortho(V, g, device)
    )  # rows: basis vectors e_d
    if kind == "one-hot":
        alpha = torch.eye(V, dtype=torch.float64, device=device)
    elif kind == "unit":  # unit, not orthogonal
        alpha = torch.randn(V, V, generator=g, dtype=torch.float64, device=device)
        alpha = alpha / alpha.norm(dim=1, keepdim=True)
    else:
        alpha = _ortho(V, g, device)
    W = alpha @ E  # word vectors, ambient
    eq10 = _probe(p, W, [W] * n, torch.float64)
    scale = _abs_scale(p, W, [W] * n)
    # Eq. 11: 𝒯 = c ×ₜ E, 𝒜 = s ×ₜ E, Σ 𝒯 𝒜 = 𝒯 ×ₜ (W Eᵀ); Σ|terms| through |E|
    T = mode_products(mode_products(p, [W.T] * n), [E] * n)
    eq11 = mode_products(T, [W @ E.T] * n)
    scale11 = torch.maximum(scale, _abs_scale(p, W, [W.abs() @ E.abs().T @ E.abs()] * n))
    eq32 = _probe(p, W, [W] * n, torch.float32)
    # n: 2n mode products of m-term sums (3n for Eq. 11); per-entry Σ|terms| scale
    kw = dict(sizes=sizes, scale=scale)
    parts = {
        "Eq. 10 ⟨s_i, c⟩ vs p_i (float64)": compare_values(
            "⟨s_i, c⟩ (torch mode products) vs p_i", eq10, p, n=2 * n * V, **kw
        ),
        "Eq. 10 vs Eq. 11 Σ 𝒯 𝒜 (float64)": compare_values(
            "⟨s_i, c⟩ vs Σ 𝒯 𝒜", eq10, eq11, n=3 * n * V, sizes=sizes, scale=scale11
        ),
        "float32 vs float64 ⟨s_i, c⟩": compare_values(
            "⟨s_i, c⟩ float32 vs float64", eq32, eq10, n=2 * n * V, dtype="float32", **kw
        ),
    }
    idx = torch.randint(0, V, (k, n), generator=g, device=device)
    Tn, Wn, En = (x.cpu().numpy() for x in (T, W, E))
    impl = [tslm_sentence_probability(Tn, s, words=Wn, basis=En) for s in idx.cpu().tolist()]
    flat = torch.zeros(k, dtype=torch.long, device=device)
    for t in range(n):
        flat = flat * V + idx[:, t]
    parts[f"tnverify.definitions.ngram vs torch ⟨s_i, c⟩ ({k} sentences)"] = compare_values(
        "tslm_sentence_probability vs torch ⟨s_i, c⟩",
        np.asarray(impl),
        eq10.reshape(-1)[flat],
        n=3 * n * V,
        sizes=sizes,
        scale=scale11.reshape(-1)[flat],
        labels=idx.cpu().tolist(),
    )
    return Evidence(f"Eq. 10–11 at |V|^n = {V**n}, words {kind} (torch)", parts=parts, sizes=sizes)


def scaled_eq11(params, device, rng) -> Evidence:
    kinds = (
        (
            "the one-hot words",
            "one-hot words (m = |V|)",
            _check_eq11(params, device, rng, kind="one-hot"),
        ),
        (
            "the random unit words",
            "random unit, non-orthogonal words (m = |V|)",
            _check_eq11(params, device, rng, kind="unit"),
        ),
    )
    return by_word_kind(
        "Eq. 10–11 in the one-hot and an embedded basis (torch)",
        kinds,
        {"vocab_size": params["vocab_size"], "length": params["length"]},
    )


def scaled_eq11_corrected(params, device, rng) -> Evidence:
    return _check_eq11(params, device, rng, kind="orthonormal")


def scaled_claim1(params, device, rng) -> Evidence:
    """Claim 1 at scale: one-hot words, every entry: ⟨s, c⟩ = 𝒯[d₁…dₙ] = p(s)."""
    return _check_eq11(params, device, rng, kind="one-hot")


def _prefix_parts(p, W, E, pad, name, sizes, g, k):
    """All prefixes w₁ⁱ (i = 1..n) at once: ⟨w₁ⁱ, c⟩ vs the marginal; Eq. 15 vs the
    conditional; float32 vs float64; tnverify.definitions.ngram on ``k`` sampled prefixes."""
    import torch

    V, n = p.shape[0], p.ndim
    ones = pad.reshape(1, -1)
    parts, T = {}, mode_products(mode_products(p, [W.T] * n), [E] * n)
    Tn, Wn, En, padn = (x.cpu().numpy() for x in (T, W, E, pad))
    prev = prev_s = prev_m = None
    for i in range(1, n + 1):
        Q = [W] * i + [ones] * (n - i)
        got = _probe(p, W, Q, torch.float64).reshape((V,) * i)
        s = _abs_scale(p, W, Q).reshape((V,) * i)
        marg = p.sum(dim=tuple(range(i, n))) if i < n else p
        got32 = _probe(p, W, Q, torch.float32).reshape((V,) * i)
        parts[f"{name}, i = {i}: ⟨w₁ⁱ, c⟩ vs p(w₁…wᵢ)"] = compare_values(
            "⟨w₁ⁱ, c⟩ (Eq. 14, torch) vs the marginal",
            got,
            marg,
            n=2 * n * V,
            scale=s,
            sizes={**sizes, "i": i},
        )
        parts[f"{name}, i = {i}: float32 vs float64"] = compare_values(
            "⟨w₁ⁱ, c⟩ float32 vs float64",
            got32,
            got,
            n=2 * n * V,
            scale=s,
            dtype="float32",
            sizes={**sizes, "i": i},
        )
        if prev is not None:
            den, den_s, den_m = (x.unsqueeze(-1) for x in (prev, prev_s, prev_m))
            ratio, want = got / den, marg / den_m
            # relative error of a ratio ≤ rel(num) + rel(den), each ≤ n·eps·Σ|terms|/|value|
            rscale = want.abs() * (s / marg + den_s / den_m)
            parts[f"{name}, i = {i}: Eq. 15 vs p(wᵢ | w₁ⁱ⁻¹)"] = compare_values(
                "Eq. 15 ratio vs the conditional",
                ratio,
                want,
                n=2 * n * V + 1,
                scale=rscale,
                sizes={**sizes, "i": i},
            )
        prev, prev_s, prev_m = got, s, marg
        pre = torch.randint(0, V, (k, i), generator=g, device=p.device).cpu().tolist()
        impl = [tslm_prefix_probability(Tn, x, words=Wn, basis=En, pad=padn) for x in pre]
        parts[f"{name}, i = {i}: tnverify.definitions.ngram vs torch ({k} prefixes)"] = (
            compare_values(
                "tslm_prefix_probability vs torch ⟨w₁ⁱ, c⟩",
                np.asarray(impl),
                np.asarray([float(got[tuple(x)]) for x in pre]),
                n=3 * n * V,
                scale=np.asarray([float(s[tuple(x)]) for x in pre]) * 2,
                labels=pre,
                sizes={**sizes, "i": i},
            )
        )
    return parts


def _claim2(params, device, rng, *, pad_kind: str) -> dict:
    import torch

    V, n, k = params["vocab_size"], params["length"], params.get("sample", 16)
    g = torch.Generator(device).manual_seed(int(rng.integers(2**62)))
    p = _random_joint(V, n, g, device)
    sizes = {"vocab_size": V, "length": n, "device": device}
    out = {}
    for name, E in (
        ("one-hot", torch.eye(V, dtype=torch.float64, device=device)),
        ("embedded", _ortho(V, g, device)),
    ):
        W = E  # word d is e_d
        pad = torch.ones(V, dtype=torch.float64, device=device) if pad_kind == "ones" else W.sum(0)
        out[name] = Evidence(
            f"{name} basis (torch, all prefixes)",
            parts=_prefix_parts(p, W, E, pad, name, sizes, g, k),
            sizes=sizes,
        )
    return out


def scaled_claim2(params, device, rng) -> Evidence:
    return Evidence(
        "Claim 2 / Eq. 15 at scale, padding with 1",
        readings=_claim2(params, device, rng, pad_kind="ones"),
        sizes=dict(params),
    )


def scaled_claim2_corrected(params, device, rng) -> Evidence:
    return Evidence(
        "Claim 2 / Eq. 15 at scale, padding with u = Σ_w w",
        parts=_claim2(params, device, rng, pad_kind="sum"),
        sizes=dict(params),
    )
