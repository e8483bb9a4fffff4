"""[born-ngram] claims about MPS/TT Born machines (seed 001 (thesis) §3.2.1, §4.1.3,
§4.3.2; tnverify's own sampler claim).  Checks live in :mod:`._born_checks`."""

from __future__ import annotations

import math

from . import Claim, Evidence, Ref, register
from .compare import compare_ints
from ._born_checks import (scaled_logz, scaled_parallel, small_eq43, small_eq45,
                           small_parallel, small_sampler)
from ..explicit import max_entries

_BORN_SPACE = ({"vocab_size": 3, "length": 6, "rank": 4},)
_SCALED_LOGZ = {"small": ({"vocab_size": 50, "length": 16, "rank": 8, "samples": 256},),
                "large": ({"vocab_size": 1000, "length": 64, "rank": 64, "samples": 100_000},)}

register(Claim(
    id="thesis-eq-4.3", group="born-ngram", title="Born rule P̃ = ‖Ψ(x)‖²/Z",
    statement=("Eq. 4.3: \"P̃(x) = ‖Ψ(x)‖²_F / Z, (4.3) where ‖·‖²_F is the squared Frobenius "
               "norm …; x ∈ 𝕍^{⊗L} := 𝕍 ⊗ ⋯ ⊗ 𝕍 and 𝕍 refers to ℝ^{|V|} …; and Z = "
               "Σ_{x∈V^L} ‖x‖²_F is the normalization factor, which is often referred as the "
               "partition function in previous TNLMs\". Properties: \"Note that V is a finite "
               "set, allowing us to calculate ‖x‖²_F. Also, Eq. 4.3 ensures P̃(x) is "
               "non-negative and that the sum of all P̃(x) equals 1.\""),
    refs=(Ref("thesis", "§4.1.3, Eq. 4.3"),),
    small=small_eq43, space=_BORN_SPACE, scaled=scaled_logz, scaled_space=_SCALED_LOGZ,
    readings={"a": "‖x‖²_F is the squared norm of the one-hot sequence tensor x (= 1)",
              "b": "‖x‖²_F stands for the squared amplitude ‖Ψ(x)‖²_F"},
    pinned=({"params": _BORN_SPACE[0], "seed": 43, "note": "CLAIMS.md: |V|=3, L=6, R=4"},),
    expected="ill-posed"))

register(Claim(
    id="tnverify-born-sampler-exact", group="born-ngram",
    title="the exact Born sampler draws x with probability |Ψ(x)|²/Z",
    statement=("the exact sampler of a Born machine (sequential sampling from ratios of "
               "marginals) draws x with probability |Ψ(x)|²/Z. (Refs: `thesis-eq-4.3`, "
               "`thesis-eq-4.5`.)"),
    refs=(Ref("tnverify", "cells/born.py, BornMachine.sample"),
          Ref("thesis", "§4.1.3, Eq. 4.3, 4.5")),
    small=small_sampler,
    space=({"vocab_size": 2, "length": 3, "rank": 2, "samples": 20_000},
           {"vocab_size": 3, "length": 4, "rank": 3, "samples": 50_000}),
    scaled=scaled_logz, scaled_space=_SCALED_LOGZ, uses=("thesis-eq-4.3",),
    pinned=({"params": {"vocab_size": 3, "length": 4, "rank": 3, "samples": 50_000},
             "seed": 7, "note": "χ² at α = 1e-6 with torch seed recorded in the evidence"},)))

register(Claim(
    id="thesis-eq-4.5", group="born-ngram", title="right-to-left sampling by ratios of marginals",
    statement=("\"the (k−1)-th word is sampled according to the conditional probability (Han "
               "et al., 2018): P̃(x^{(k−1)} | x^{(k)}, x^{(k−1)}, …, x^{(L)}) = "
               "P̃(x^{(k−1)}, x^{(k)}, …, x^{(L)}) / P̃(x^{(k)}, x^{(k+1)}, …, x^{(L)}). (4.5)\""),
    refs=(Ref("thesis", "§4.1.3, Eq. 4.5"),),
    small=small_eq45, space=({"vocab_size": 3, "length": 5, "rank": 3, "samples": 100_000},),
    readings={"a": "literally, the conditioning list includes x^{(k−1)}",
              "b": "the conditioning list is x^{(k)}, x^{(k+1)}, …, x^{(L)}"},
    uses=("thesis-eq-4.3",), expected="ill-posed"))

register(Claim(
    id="thesis-sec-4.1.3-parallel", group="born-ngram",
    title="parallel O(LR³)/O(log L) vs sequential O(LR²) evaluation",
    statement=("\"parallel evaluation involves repeated batch multiplications of nearest-"
               "neighbor pairs of matrices, with the boundary vectors … only incorporated after "
               "the matrix product has been obtained. Sequential evaluation instead uses "
               "iterated matrix-vector multiplications starting with a boundary vector to "
               "contract this product. Parallel and sequential evaluation have respective costs "
               "of O(LR³) and O(LR²), but the former can be carried out in O(log L) parallel "
               "time (Miller et al., 2021), where R is the maximal TT-rank and L is the number "
               "of TT-cores.\""),
    refs=(Ref("thesis", "§4.1.3 Sampling, Fig. 4.5; §4.1.2"),),
    small=small_parallel,
    space=tuple({"length": L, "rank": 4} for L in (6, 7, 16, 33, 64)),
    scaled=scaled_parallel,
    scaled_space={"small": ({"vocab_size": 16, "length": 512, "rank": 8, "batch": 16},),
                  "large": ({"vocab_size": 16, "length": 2**16, "rank": 64, "batch": 256},)}))


# -- thesis-eq-3.2 ------------------------------------------------------------------------
def _small_eq32(params, rng, corrected=False):
    D = params["dim"]
    Ls = range(1, 65)
    counts = [D**L for L in Ls]                  # exact integers: entries of 𝐂
    parts = {"entries = D^L": compare_ints("entries of the order-L tensor vs D^L",
                                           [math.prod([D] * L) for L in Ls], counts)}
    base = D if corrected else 2
    # O(base^L): D^L / base^L must stay bounded; with a constant C = D/base (its value at
    # L = 1), D^L <= C·base^L for all L holds iff D <= base
    c = D // base if D % base == 0 else D / base
    ok = [D**L <= c * base**L for L in Ls]
    worst = next((L for L, o in zip(Ls, ok) if not o), None)
    parts[f"D^L = O({'D' if corrected else '2'}^L)"] = Evidence(
        f"D^L <= C·{base}^L for L = 1..64 with C = D/{base}", passed=all(ok),
        details={"ratio_at_L64": float(D**64 / base**64)},
        counterexample=None if worst is None else {"D": D, "L": worst,
                                                   "ratio": float(D**worst / base**worst)})
    guard = max_entries()
    fits = max(L for L in Ls if D**L <= guard) if D <= guard else 0
    return Evidence("entries of 𝐂 vs the claimed space complexity", parts=parts,
                    sizes={"dim": D}, details={"size_guard_entries": guard,
                                               "largest_L_under_guard": fits,
                                               "bytes_float64_L64": float(8 * D**64)})


_EQ32 = ("\"a quantum many-body system formed from a composition of L individual systems of "
         "dimension D … |Ψ⟩ = Σ_{i₁,i₂,…,i_L}^D 𝐂_{i₁,i₂,…,i_L} |i₁⟩ ⊗ |i₂⟩ ⊗ ⋯ ⊗ |i_L⟩, (3.2) "
         "where … each |i_t⟩ denotes a vector in a d-dimensional Hilbert space ℋ with an "
         "orthogonal basis, and the dimension of the full Hilbert space ℋ^{⊗L} is D^L. Thus, "
         "the order-L tensor 𝐂_{i₁,i₂,…,i_L} has D^L entries, giving it a space complexity of "
         "O(2^L).\"")
# D = 3 is the smallest dimension where "O(2^L)" fails; D = 2 (where it holds) is pinned
_EQ32_SPACE = ({"dim": 3}, {"dim": 10_000})

register(Claim(
    id="thesis-eq-3.2", group="born-ngram", title="D^L entries, 'space complexity O(2^L)'",
    statement=_EQ32, refs=(Ref("thesis", "§3.2.1, Eq. 3.2; §4.1.3"),),
    small=_small_eq32, space=_EQ32_SPACE, expected="fails",
    pinned=({"params": {"dim": 2}, "seed": 0, "verdict": "holds",
             "note": "D = 2: D^L = 2^L, the printed O(2^L) is right"},),
    corrected_by="thesis-eq-3.2-corrected"))
register(Claim(
    id="thesis-eq-3.2-corrected", group="born-ngram", title="D^L entries, O(D^L) space",
    statement=_EQ32 + " Corrected: the space complexity is O(D^L) (O(2^L) only for D = 2).",
    refs=(Ref("thesis", "§3.2.1, Eq. 3.2"),),
    small=lambda p, rng: _small_eq32(p, rng, corrected=True),
    space=({"dim": 2},) + _EQ32_SPACE, corrects="thesis-eq-3.2"))
