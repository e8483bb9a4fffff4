"""Claims of seed 001 (thesis) §5.2.2 on tensor-train language models: Prop. 5.2.1 (the
TTLM probability P̃ = ψ(fᵀG ⋯ fᵀG), ``thesis-prop-5.2.1``) and Prop. 5.2.2 (the TTLM
conditionals, ``thesis-prop-5.2.2`` and its ``-corrected`` twin).

The same objects as printed in seed 000 are checked in :mod:`tnverify.claims.ttlm.tt_format`
(Eq. 2–5) and :mod:`tnverify.claims.ttlm.variants` (Eq. 6–13); this module reuses their
definition sides (:mod:`tnverify.claims.ttlm.uniform_ttlm` for the conditionals).
"""

from __future__ import annotations

import numpy as np

from .. import Evidence
from ..registration import claim, corrected_pair, refs
from ..compare import compare_values
from ..ttlm.tt_format import entry_bound, full_by_tensordot, random_cores, recurrence
from ..ttlm.tt_format_scaled import scaled_prop_521
from ..ttlm.uniform_ttlm import small_prop_522
from ..ttlm.variants_scaled import scaled_conditionals
from ..ttlm.variants_statements import STATEMENTS
from ...conventions import tolerance
from ...explicit import all_sequences, feature_tensor, inner

_PROOFS = "proofs/ttlm_variants.py::"
#: the scaled conditionals with site-dependent cores (as ``ttlm-eq8``'s, per site)
_SITE_SPACE = {"small": ({"batch": 32, "vocab_size": 500, "rank": 16, "length": 16,
                          "site_dependent": True},),
               "large": ({"batch": 256, "vocab_size": 10000, "rank": 64, "length": 64,
                          "site_dependent": True},)}


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


def small_prop_521(params, rng):
    V, ranks = params["vocab_size"], list(params["ranks"])
    L = len(ranks) - 1
    p = {"vocab_size": V, "length": L, "ranks": ranks}
    sizes = {"vocab_size": V, "length": L, "ranks": ranks}
    seqs = all_sequences(V, L)
    cores = random_cores(p, rng)
    A = full_by_tensordot(cores)
    bound = entry_bound(cores)
    ref = np.array([inner(A, feature_tensor(w, vocab_size=V)) for w in seqs])
    perm = [np.transpose(G, (1, 0, 2)) for G in cores]           # |V| × R_{t−1} × R_t (Eq. 5.6)
    eq52 = np.array([np.linalg.multi_dot([np.ones((1, 1))] + [
        np.tensordot(np.eye(V)[w[t]], perm[t], axes=(0, 0)) for t in range(L)] + [np.ones((1, 1))])
        [0, 0] for w in seqs])
    common = {
        "(i) recurrence vs ⟨𝒜, Φ(x)⟩": compare_values(
            "h ← h G[:, w_t, :] vs ⟨𝒜, Φ(x)⟩ (Eq. 5.4)", recurrence(cores, seqs), ref, **bound,
            labels=seqs, sizes=sizes),
        "(i) Eq. 5.2 (fᵀG, Eq. 5.6) vs ⟨𝒜, Φ(x)⟩": compare_values(
            "(f(1))ᵀG(1) ⋯ (f(L))ᵀG(L), f contracted with the |V| mode", eq52, ref, **bound,
            labels=seqs, sizes=sizes),
    }
    readings = {}
    for name, squared in (("a", False), ("b", True)):
        parts = dict(common)
        for draw in range(8):   # random real cores: up to 8 draws, stop at a counterexample
            real = _normalised(random_cores(p, rng), seqs, squared, sizes)
            if any(ev.verdict != "holds" for ev in real.values()):
                break
        parts.update({f"real cores: {k}": v for k, v in real.items()})
        parts.update({f"nonnegative cores: {k}": v for k, v in
                      _normalised(random_cores(p, rng, nonneg=True), seqs, squared, sizes).items()})
        readings[name] = Evidence(
            "P̃ = ψ(⟨𝒜,Φ⟩) = ⟨𝒜,Φ⟩/Z" if name == "a" else "P̃ = ψ(⟨𝒜,Φ⟩²) = ⟨𝒜,Φ⟩²/Z",
            parts=parts, sizes=sizes, details={"real_core_draws": draw + 1})
    return Evidence("Prop. 5.2.1 under readings (a) signed and (b) squared", readings=readings,
                    sizes=sizes)



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


claim("thesis-prop-5.2.1", "TTLM probability P̃ = ψ(fᵀG ⋯ fᵀG)", _STATEMENT_THESIS_PROP_5_2_1,
      refs("thesis", "§5.2.2, Eq. 5.1, Prop. 5.2.1 (Eq. 5.2), proof Eq. 5.3–5.6", "ttlm",
           "§4.2, Eq. 4–5"), small_prop_521, group="tt-language-models",
      space=({"vocab_size": 3, "ranks": [1, 2, 3, 2, 1]},
             {"vocab_size": 3, "ranks": [1, 2, 3, 4, 2, 1]}), scaled=scaled_prop_521,
      scaled_space={"small": ({"vocab_size": 5, "ranks": [1, 3, 4, 5, 4, 3, 1],
                               "big": (200, 32, 16)},),
                    "large": ({"vocab_size": 8, "ranks": [1, 4, 8, 16, 16, 8, 4, 1],
                               "big": (33278, 16, 64)},)}, uses=("ttlm-eq5-corrected",),
      readings={"a": "‖Ψ(x)‖²_F is the signed value ⟨𝒜, Φ(x)⟩ (Eq. 5.4); ψ = ·/Z",
                "b": "‖Ψ(x)‖²_F is the squared amplitude ⟨𝒜, Φ(x)⟩² (Born rule, §4.1.3 "
                     "Eq. 4.3); ψ = ·/Z"},
      pinned=({"params": {"vocab_size": 3, "ranks": [1, 2, 3, 4, 2, 1]}, "seed": 521,
               "note": "CLAIMS.md: R = [1,2,3,4,2,1], |V| = 3, L = 5"},), expected="ill-posed")


# -- thesis-prop-5.2.2 --------------------------------------------------------------
_PS = ({"vocab_size": 2, "ranks": [1, 2, 2, 1]}, {"vocab_size": 3, "ranks": [1, 2, 2, 2, 1]})
corrected_pair(
    "thesis-prop-5.2.2",
    common=dict(group="tt-language-models", space=_PS, scaled_space=_SITE_SPACE),
    printed=dict(
        title="Prop. 5.2.2: TTLM conditionals", statement=STATEMENTS["thesis-prop-5.2.2"],
        refs=refs("thesis", "§5.2.2, Prop. 5.2.2, Eq. 5.7–5.10", "ttlm", "§4.3, Eq. 8–11"),
        small=small_prop_522, scaled=scaled_conditionals,
        readings={"a": "𝐆^(t) is the t-th core of the joint", "b": "𝐆^(t) is a separate "
                  "|V|×R_(t−1) output matrix (taken as G^(t) ×₃ E_t, the most favourable)",
                  "ψ": "softmax or linear normalisation"}, uses=("thesis-prop-5.2.1",),
        expected="ill-posed",
        pinned=({"params": _PS[1], "seed": 522, "note": "CLAIMS.md: |V|=3, R_t ≤ 2, L=4"},)),
    corrected=dict(
        title="Prop. 5.2.2 with the environment",
        statement=(STATEMENTS["thesis-prop-5.2.2"] + " [Corrected: in Eq. 5.9, 𝐆^(t) is the |V|×R_(t−1) "
         "matrix O_t[v, a] = Σ_b 𝐆^(t)_(a v b) (E_t)_b with the right environment E_t = "
         "Π_(s>t) Σ_u 𝐆^(s)_(:,u,:), and ψ is the linear normalisation.]"),
        refs=refs("thesis", "§5.2.2, Prop. 5.2.2"), small=lambda p, r: small_prop_522(p, r, True),
        scaled=lambda p, d, r: scaled_conditionals(p, d, r, with_readout=False),
        proof=_PROOFS + "prove_thesis_prop_5_2_2_corrected"))
