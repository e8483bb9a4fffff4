"""lru-background claims about the LRU theory restated in thesis §4.2.2 (Orvieto
et al. 2023) and §5.4.1.  Checks live in :mod:`.deterministic`, :mod:`.symbolic`,
:mod:`.monte_carlo` (Monte Carlo, significance level :data:`.monte_carlo.ALPHA`) and
:mod:`.scaled` (torch)."""

from __future__ import annotations

from ... import Defect, Evidence, Reading, Ref
from ...registration import claim, corrected_pair, refs
from .deterministic import (
    small_eq47,
    small_eq47_corrected,
    small_eq411,
    small_eq411_corrected,
    small_stability,
    small_stability_corrected,
)
from .monte_carlo import ALPHA, eq413_mc, small_fig48, small_lemma421, small_prop421, small_thm421
from .scaled import (
    scaled_diagonalisable,
    scaled_eq47,
    scaled_fig48,
    scaled_lemma421,
    scaled_recurrence,
    scaled_thm421,
)
from .symbolic import eq413_symbolic, small_diagonalisable, small_eq412

__all__ = ["ALPHA"]
G = "lru-background"
_PROOFS = "proofs/lru_theory.py::prove_"

# -- thesis-eq-4.7 ----------------------------------------------------------------------
_EQ47 = (
    'Eq. 4.7: "Orvieto et al. (2023) unrolled the linear recurrence x_k = Ax_{k−1} + Bu_k '
    "using the assumption that x_{−1} = 0 ∈ ℝ^H: x₀ = Bu₀, x₁ = ABu₀ + Bu₁, x₂ = A²Bu₀ + "
    'ABu₁ + Bu₂, ⋮ x_k = Σ_{j=0}^{k−1} A^jBu_{k−j}. (4.7)" Eq. 4.8: "Then, Orvieto et al. '
    "(2023) decomposed the recurrence as A = PΛP⁻¹ … plugged the decomposition A = PΛP⁻¹ "
    "into Eq. 4.7 and multiplied both sides by p⁻¹: x̄_k = Σ_{j=0}^{k−1} Λ^j B̄ u_{k−j}, "
    '(4.8) where x̄_k := P⁻¹x_k and B̄ := P⁻¹B." Eq. 4.9: "Note that the output function '
    "in Eq. 4.6 is y_k = Cx_k + Du_k. Here, Orvieto et al. (2023) defined the output "
    "function as: y_k = ℛ[C̄x̄_k] + Du_k, (4.9) … where C̄ := CP⁻¹ and ℛ[·] denotes a "
    "vector consisting of the real part … Thus, instead of learning (A, B, C, D), one "
    'can equivalently learn Λ, B̄, C̄, D".'
)
_EQ47_REFS = (Ref("thesis", "§4.2.2, Eq. 4.7–4.9 (with Eq. 4.6)"),)
_EQ47_SPACE = ({"H": 2, "steps": 3}, {"H": 5, "steps": 7})
_EQ47_SCALED = {"small": ({"H": 64, "steps": 512},), "large": ({"H": 1024, "steps": 16384},)}
corrected_pair(
    "thesis-eq-4.7",
    common=dict(
        topic=G, refs=_EQ47_REFS, space=_EQ47_SPACE, scaled=scaled_eq47, scaled_space=_EQ47_SCALED
    ),
    printed=dict(
        title="unrolled and diagonalised linear recurrence",
        statement=_EQ47,
        small=small_eq47,
        expected="fails",
        defect=Defect(
            "misprint",
            printed="x_k = Σ_{j=0}^{k−1} A^jBu_{k−j} (4.7) and x̄_k = "
            "Σ_{j=0}^{k−1} Λ^jB̄u_{k−j} (4.8) (the listed x₂ = A²Bu₀ + ABu₁ + Bu₂ has "
            "j up to k)",
            meant="Σ_{j=0}^{k} in Eq. 4.7 and 4.8",
            why="Eq. 4.7 states its start: x_{−1} = 0, so x₀ = Bu₀ and the inputs "
            "are u₀, …, u_k. The recurrence x_k = Ax_{k−1} + Bu_k then gives x_k = "
            "Σ_{j=0}^{k} A^jBu_{k−j}, k + 1 terms (the thesis's own x₂ = A²Bu₀ + "
            "ABu₁ + Bu₂ has j = 0, 1, 2); the upper limit k−1 drops the term "
            "A^kBu₀ (at k = 0 it gives the empty sum 0 instead of x₀ = Bu₀). "
            "Eq. 4.13, which also sums to k−1, is right as to its limit because it "
            "starts differently (x₀ = 0, inputs u₁, …, u_k; see its own entry).",
            also=(
                Defect(
                    "misprint",
                    printed="Eq. 4.9: C̄ := CP⁻¹",
                    meant="Eq. 4.9: C̄ := CP",
                    why="With A = PΛP⁻¹ and x̄_k = P⁻¹x_k, C̄x̄_k = Cx_k needs "
                    "C̄ = CP; the printed C̄ = CP⁻¹ gives CP⁻¹x̄_k = "
                    "CP⁻²x_k ≠ Cx_k in general.",
                ),
                Defect(
                    "editorial",
                    printed="'multiplied both sides by p⁻¹'",
                    meant="'multiplied both sides by P⁻¹'",
                ),
            ),
        ),
        pinned=(
            {
                "params": {"H": 5, "steps": 7},
                "seed": 47,
                "note": "the claims catalogue: H=5, k ≤ 6",
            },
        ),
    ),
    corrected=dict(
        title="Eq. 4.7–4.9 with Σ to k and C̄ := CP",
        statement=(
            _EQ47 + " Corrected: with x_{−1} = 0 the sums run to j = k (x_k = Σ_{j=0}^{k} "
            "A^jBu_{k−j}, x̄_k = Σ_{j=0}^{k} Λ^jB̄u_{k−j}), and C̄ := CP (so that "
            "C̄x̄_k = Cx_k)."
        ),
        small=small_eq47_corrected,
        proof=_PROOFS + "thesis_eq_4_7_corrected",
    ),
)

# -- thesis-thm-4.2.1 -------------------------------------------------------------------
claim(
    "thesis-thm-4.2.1",
    "strong circular law for Glorot matrices",
    (
        '"Theorem 4.2.1 (Ginibre, 1965; Strong circular law). Let μ_H be the empirical spectral '
        "measure of A_H, where A_H is a real H × H matrix with i.i.d. Gaussian entries, each "
        "with zero mean and variance 1/H. Then, μ_H converges weakly almost surely as H → ∞ to "
        'the uniform probability measure on |z| ≤ 1 ⊆ ℂ." Text: "sampling the eigenvalues of Λ '
        'uniformly on the unit disk is equivalent to the Glorot initialization of A."'
    ),
    refs("thesis", "§4.2.2, Thm. 4.2.1; Fig. 4.7", "thesis", "§5.4.1"),
    small_thm421,
    topic=G,
    readings=(
        Reading(
            "limit",
            "'equivalent' holds for the empirical spectral distribution in "
            "the limit H → ∞, the limit the theorem states",
            quote="For r_min = 0, r_max = 1, the distribution coincides with Glorot "
            "initialization in the limit.",
            where="§4.2.2, Fig. 4.8 caption",
        ),
    ),
    remarks=(
        "The sentence after the theorem, 'sampling the eigenvalues of Λ uniformly on "
        "the unit disk is equivalent to the Glorot initialization of A', omits 'in the "
        "limit' (false at finite H: a real Glorot spectrum has about √(2H/π) real "
        "eigenvalues); it is an erratum of its own (a misprint: the "
        "qualifier is missing), thesis-sec-4.2.2-glorot.",
        "Attribution, not a mathematical erratum: Ginibre (1965) introduced the real, complex and quaternion "
        "ensembles but gave the eigenvalue law in closed form for the complex one; for "
        "real Gaussian matrices it is due to later work (e.g. Edelman 1997; the strong "
        "circular law, Tao–Vu 2010).",
        "What the check does not decide: two finite-H statistics (the fraction of "
        "eigenvalues with |λ| ≤ ½, limit ¼, and the mean |λ|², limit ½) are shown beside "
        "their limits but not judged, because their O(1/H) corrections for real "
        "Gaussian matrices have no closed form we can cite. The theorem is a limit "
        "statement; it is judged by the distribution of |λ|² and arg λ "
        "(Kolmogorov–Smirnov tests against the uniform disk) and by the expected number "
        "of real eigenvalues, √(2H/π) + ½ (Edelman, Kostlan & Shub 1994).",
    ),
    space=({"H": 200, "reps": 20}, {"H": 400, "reps": 8}),
    scaled=scaled_thm421,
    scaled_space={
        "small": ({"H": 300, "reps": 8},),
        "large": ({"H": 2000, "reps": 4}, {"H": 8192, "reps": 2}),
    },
    pinned=(
        {"params": {"H": 200, "reps": 20}, "seed": 421, "note": "the claims catalogue H = 200"},
    ),
)


# -- thesis-sec-4.2.2-glorot --------------------------------------------------------------
def _small_glorot_finite(params, rng):
    """'Equivalent' read at finite H: the number of real eigenvalues of real Glorot
    matrices (N(0, 1/H) entries) against that of H i.i.d. uniform samples of the unit disk
    (0 with probability 1).  Control: complex Glorot matrices (entries (a + ib)/√(2H)), which
    have no real eigenvalues either."""
    import math

    import numpy as np

    from ....lru.theory import glorot_eigenvalues

    H, reps = params["H"], params["reps"]
    n_real = np.count_nonzero(glorot_eigenvalues(H, rng, batch=reps).imag == 0, axis=-1)
    disk = np.sqrt(rng.uniform(size=(reps, H))) * np.exp(2j * math.pi * rng.uniform(size=(reps, H)))
    n_disk = np.count_nonzero(disk.imag == 0, axis=-1)
    cplx = (rng.standard_normal((reps, H, H)) + 1j * rng.standard_normal((reps, H, H))) / math.sqrt(
        2 * H
    )
    n_cplx = np.count_nonzero(np.linalg.eigvals(cplx).imag == 0, axis=-1)
    ok = bool(n_real.sum() == n_disk.sum())
    compared = (
        f"number of real eigenvalues of {reps} real Glorot matrices (H = {H}) vs of "
        f"{reps} sets of H i.i.d. uniform samples of the unit disk"
    )
    return Evidence(
        compared,
        passed=ok,
        sizes=dict(params),
        details={
            "real_counts_glorot": n_real.tolist(),
            "expected_glorot": math.sqrt(2 * H / math.pi) + 0.5,
        },
        counterexample=None
        if ok
        else {
            "H": H,
            "real eigenvalues of the first Glorot matrix": int(n_real[0]),
            "real samples among its H disk samples": int(n_disk[0]),
            "expected real eigenvalues, √(2H/π) + ½": round(math.sqrt(2 * H / math.pi) + 0.5, 1),
        },
        control=Evidence(
            f"control (complex Glorot matrices, entries (a + ib)/√(2H), "
            f"in place of real ones) of: {compared}",
            passed=bool(n_cplx.sum() == n_disk.sum()),
        ),
    )


_GLOROT = (
    "Supported by Thm. 4.2.1, Fig. 4.7 shows that the spectrum of non-symmetric A is "
    "sampled from the unit disk in ℂ under Glorot initialization. Thus, sampling the "
    "eigenvalues of Λ uniformly on the unit disk is equivalent to the Glorot "
    "initialization of A."
)
corrected_pair(
    "thesis-sec-4.2.2-glorot",
    common=dict(
        topic=G,
        uses=("thesis-thm-4.2.1",),
        refs=refs("thesis", "§4.2.2, after Thm. 4.2.1 (Fig. 4.7)"),
    ),
    printed=dict(
        title="'equivalent to the Glorot initialization' without 'in the limit'",
        statement=f'"{_GLOROT}"',
        small=_small_glorot_finite,
        space=({"H": 50, "reps": 8},),
        expected="fails",
        defect=Defect(
            "misprint",
            printed="'Thus, sampling the eigenvalues of Λ uniformly on the unit disk is "
            "equivalent to the Glorot initialization of A.'",
            meant="'Thus, sampling the eigenvalues of Λ uniformly on the unit disk is "
            "equivalent to the Glorot initialization of A in the limit H → ∞.'",
            why="Read at a finite H the sentence is false: a real H×H Glorot matrix (i.i.d. N(0, 1/H) entries) "
            "has real eigenvalues, √(2H/π) + ½ of them on average (Edelman, Kostlan & "
            "Shub 1994), and the others in conjugate pairs, while H i.i.d. uniform disk "
            "samples have no real value and no pairs with probability 1 (the check below, "
            "H = 50, 8 matrices). The intended statement is clear and is a limit: Thm. "
            "4.2.1, cited as the support, states convergence of the empirical spectral "
            "measure as H → ∞, and the thesis's own Fig. 4.8 caption says 'coincides with "
            "Glorot initialization in the limit', as does the source (Orvieto et al. "
            "2023, §3.2.2, 'in the large-width limit'); the missing qualifier is the "
            "edit.",
        ),
    ),
    corrected=dict(
        title="'equivalent … in the limit H → ∞' (the circular law)",
        statement=(
            f'"{_GLOROT}" Corrected: "… is equivalent to the Glorot initialization '
            'of A in the limit H → ∞": the empirical spectral distribution of a real '
            "H×H matrix with i.i.d. N(0, 1/H) entries converges to the uniform law on "
            "the unit disk (Thm. 4.2.1)."
        ),
        small=small_thm421,
        space=({"H": 200, "reps": 20},),
        expected="holds",
    ),
)

# -- thesis-lemma-4.2.1 -----------------------------------------------------------------
_ANN = ({"n": 20_000, "r_min": 0.4, "r_max": 0.9}, {"n": 20_000, "r_min": 0.0, "r_max": 1.0})
claim(
    "thesis-lemma-4.2.1",
    "annulus sampler",
    (
        '"Let u₁, u₂ be independent uniform random variables on the interval [0, 1]. Let 0 ≤ '
        "r_min ≤ r_max ≤ 1. Compute v = −½ log(u₁(r_max² − r_min²) + r_min²) and θ = 2πu₂. Then "
        "exp(−v + iθ) is uniformly distributed on the annulus in ℂ between circles of radii "
        'r_min and r_max."'
    ),
    refs("thesis", "§4.2.2, Lemma 4.2.1; Fig. 4.8", "thesis", "§5.4.1"),
    small_lemma421,
    topic=G,
    space=_ANN,
    scaled=scaled_lemma421,
    scaled_space={
        "small": ({"n": 1_000_000, "r_min": 0.4, "r_max": 0.9, "bins": 16},),
        "large": ({"n": 10**9, "r_min": 0.4, "r_max": 0.9, "bins": 64},),
    },
    pinned=(
        {
            "params": {"n": 200_000, "r_min": 0.4, "r_max": 0.9},
            "seed": 3,
            "note": "the claims catalogue: n = 2×10⁵",
        },
    ),
    proof=_PROOFS + "thesis_lemma_4_2_1",
)

# -- thesis-sec-4.2.2-stability ---------------------------------------------------------
_STAB = (
    '"Specifically, since x̄_k = Σ_{i=0}^{k−1} Λ^i B̄ u_{k−i} in Eq. 4.8, the norm of '
    "component j of x̄ at timestamp k evolves such that |x_{k,j}| = O(x̄_{k,j}) = "
    "O(|λ_j|^k). Therefore, a sufficient condition to ensure stability (i.e., x_k does not "
    'explode or vanish) is therefore |λ_j| = 1, ∀j."'
)
_STAB_SPACE = ({"steps": 1000, "delta": 1e-2}, {"steps": 10_000, "delta": 1e-3})
_REC_SCALED = {
    "small": ({"H": 256, "steps": 512, "batch": 16, "r_min": 0.4, "r_max": 0.99},),
    "large": ({"H": 4096, "steps": 16384, "batch": 1024, "r_min": 0.4, "r_max": 0.999},),
}
corrected_pair(
    "thesis-sec-4.2.2-stability",
    common=dict(
        topic=G,
        refs=refs("thesis", "§4.2.2, paragraph after Eq. 4.10"),
        space=_STAB_SPACE,
        scaled=scaled_recurrence,
        scaled_space=_REC_SCALED,
    ),
    printed=dict(
        title="|x_k| = O(|λ|^k); |λ| = 1 sufficient",
        statement=_STAB,
        small=small_stability,
        expected="fails",
        scope=(
            "steps: the K steps of each run; delta: the δ of the runs with |λ| = 1 − δ "
            "and |λ| = 1 + δ, beside λ = 1 and λ = e^{iθ}"
        ),
        readings=(
            Reading(
                "driven state",
                "stability = the driven state x_k (bounded inputs) neither "
                "explodes nor vanishes, as the parenthesis defines it",
                quote="a sufficient condition to ensure stability (i.e., x_k does not "
                "explode or vanish)",
                where="§4.2.2, paragraph after Eq. 4.10",
            ),
            Reading(
                "impulse response",
                "stability = the per-mode factor |λ_j|^k of one input stays O(1) and away from 0",
                admissible=False,
                quote="x̄_k = Σ_{j=0}^{k−1} Λ^j B̄ u_{k−j}, (4.8) where x̄_k := P⁻¹x_k and B̄ := P⁻¹B",
                where="thesis §4.2.2, Eq. 4.8 and the sentence after it (x_k is the state "
                "of Eq. 4.6 driven by all inputs u_1 … u_k, not one input's "
                "response)",
            ),
        ),
        defect=Defect(
            "false",
            printed="a sufficient condition to ensure stability (i.e., x_k "
            "does not explode or vanish) is therefore |λ_j| = 1, ∀j (with |x_{k,j}| = "
            "O(x̄_{k,j}) = O(|λ_j|^k))",
            meant="|λ_j| = 1 is not sufficient: λ_j = 1 with constant input gives "
            "|x_k| = k + 1. For bounded inputs |λ_j| < 1 keeps x_k bounded; "
            "|λ_j| close to 1 avoids fast vanishing of long-range contributions.",
            why="With λ = 1 and the constant input u_k = 1 (B = 1), x_k = Σ_{j=0}^{k} "
            "λ^j u_{k−j} = k + 1 grows without bound although |λ| = 1; for "
            "|u_k| ≤ U and |λ| < 1, |x_k| ≤ U/(1 − |λ|).",
        ),
    ),
    corrected=dict(
        title="impulse response |λ|^k; bounded-input bound U Σ|λ|^i",
        statement=(
            _STAB + " Corrected: for a single input pulse u₀, |x̄_{k,j}| = |λ_j|^k |(B̄u₀)_j| "
            "(neither exploding nor vanishing iff |λ_j| = 1); for bounded inputs |u_k| ≤ U, "
            "|x̄_{k,j}| ≤ U Σ_{i=0}^{k} |λ_j|^i (|B̄| absorbed), bounded iff |λ_j| < 1 — "
            "|λ_j| = 1 is not sufficient: λ_j = 1 with constant input gives |x̄_{k,j}| = "
            "(k+1)U."
        ),
        small=small_stability_corrected,
        proof=_PROOFS + "thesis_sec_4_2_2_stability_corrected",
    ),
)

# -- thesis-prop-4.2.1 ------------------------------------------------------------------
claim(
    "thesis-prop-4.2.1",
    "E‖x_∞‖² for annulus eigenvalues",
    (
        '"Let Λ be diagonal with eigenvalues sampled uniformly on the annulus in ℂ between '
        "circles of radii r_min < r_max < 1. Then, under constant or white-noise input and "
        "Glorot input projection, the squared norm of the state x_k converges as k → ∞ to the "
        "following quantity. 𝔼[‖x_{k→∞}‖²₂] = (1/(r_max² − r_min²)) log((1 − r_min²)/(1 − "
        'r_max²)) 𝔼[‖Bu‖²₂]."'
    ),
    refs("thesis", "§4.2.2, Prop. 4.2.1"),
    small_prop421,
    topic=G,
    space=(
        {
            "r_min": 0.4,
            "r_max": 0.9,
            "H": 64,
            "inputs": 8,
            "steps": 200,
            "trials": 100,
            "n_lambda": 100_000,
        },
        {
            "r_min": 0.0,
            "r_max": 0.5,
            "H": 64,
            "inputs": 8,
            "steps": 200,
            "trials": 100,
            "n_lambda": 100_000,
        },
    ),
    scaled=scaled_recurrence,
    scaled_space=_REC_SCALED,
    pinned=(
        {
            "params": {
                "r_min": 0.4,
                "r_max": 0.9,
                "H": 64,
                "inputs": 8,
                "steps": 400,
                "trials": 400,
                "n_lambda": 1_000_000,
            },
            "seed": 33,
            "note": "the claims catalogue: k=400, H=64, 400 trials (n_λ 10⁶ instead of 10⁷)",
        },
    ),
    proof=_PROOFS + "thesis_prop_4_2_1",
)

# -- thesis-eq-4.12 ---------------------------------------------------------------------
claim(
    "thesis-eq-4.12",
    "lim_{ε→0} ratio = 1/(1 − r²)",
    (
        '"they identified an issue that lim_{ε→0} 𝔼[‖x_{k→∞}‖²₂]/𝔼[‖Bu‖²₂] = 1/(1−r²), where ε '
        '= r_max² − r_min²." "Let ε = r_max² − r_min² and ρ = 1 − r_max², Orvieto et al. '
        "(2023) found that: lim_{ε→0} 𝔼[‖x_∞‖²₂]/𝔼[‖Bu‖²₂] = lim_{ε→0} [(1/ε) log(1 + ε/ρ)] = "
        'lim_{ε→0} [(1/ε)(ε/ρ + O(ε²))] = 1/ρ = 1/(1 − r²). (4.12)"'
    ),
    refs("thesis", "§4.2.2, Eq. 4.12"),
    small_eq412,
    topic=G,
    space=({"r": 0.9}, {"r": 0.5}, {"r": 0.99}),
    readings=(
        Reading(
            "a",
            "ε → 0 with r_max = r fixed (r_min ↑ r); ρ = 1 − r_max² constant",
            quote="Let ε = r_max² − r_min² and ρ = 1 − r_max²",
            where="§4.2.2, before Eq. 4.12 (the chain keeps ρ fixed)",
        ),
        Reading(
            "b",
            "ε → 0 with r_min = r fixed (r_max ↓ r); ρ depends on ε",
            quote="lim_{ε→0} 𝔼[‖x_{k→∞}‖²₂]/𝔼[‖Bu‖²₂] = 1/(1−r²), where ε = r_max² − r_min²",
            where="§4.2.2, first statement of the limit (which radius is fixed is not said)",
        ),
    ),
    remarks=(
        "Notation, not an erratum: r is not defined in the displayed chain; it is the common radius r_min = r_max "
        "= r of the limit (as the source, Orvieto et al. 2023, says).",
    ),
    uses=("thesis-prop-4.2.1",),
    proof=_PROOFS + "thesis_eq_4_12",
)


# -- thesis-eq-4.13 ---------------------------------------------------------------------
def _small_eq413(params, rng, *, corrected=False):
    import sympy as sp

    lines = eq413_symbolic(params["k_symbolic"])
    truth = lines["E|x_k|^2"]
    # control: the chain with the conjugate * dropped, Σ_{i<k} λ^{2i} (exact, symbolic)
    a, b = sp.symbols("a b", real=True)
    no_conj = sp.expand(sum((a + sp.I * b) ** (2 * i) for i in range(params["k_symbolic"])))
    ctrl_ok = sp.expand(no_conj - truth) == 0
    sym = {}
    for name in ("line 1", "line 2", "line 3"):
        if corrected and name == "line 1":
            continue
        ok = sp.expand(lines[name] - truth) == 0
        sym[f"sympy k={params['k_symbolic']}: {name} = E|x_k|²"] = Evidence(
            f"{name} of Eq. 4.13 vs E|x_k|² (exact, symbolic λ = a + ib, a and b real; "
            f"k = {params['k_symbolic']}; x_k = λx_(k−1) + u_k from x₀ = 0, u_i i.i.d. with "
            "mean 0 and variance 1)",
            passed=bool(ok),
            details={name: str(lines[name]), "E|x_k|^2": str(truth)},
            counterexample=None
            if ok
            else {
                name: str(lines[name]).replace("**", "^"),
                "E|x_k|^2": str(truth).replace("**", "^"),
                "why": "exact in λ, so only k = k_symbolic "
                "matters here; |λ| = abs_lambda, the "
                "phase, steps and paths are those of the "
                "same case's Monte Carlo checks of "
                "E|x_k|² and of γ = √(1 − |λ|²)",
            },
            control=Evidence(
                f"control (the conjugate * dropped: Σ_{{i<k}} λ^{{2i}}) of: {name} "
                "of Eq. 4.13 vs E|x_k|²",
                passed=bool(ctrl_ok),
                details={"variant": str(no_conj)},
            ),
        )
    parts = {**sym, **eq413_mc(params, rng, corrected=corrected)}
    return Evidence(
        "Eq. 4.13 chain and the γ normalisation of Eq. 4.14", parts=parts, sizes=dict(params)
    )


_EQ413 = (
    'Eq. 4.13: "They considered the one-dimensional setting under white-noise input: let '
    "Λ = λ ∈ ℂ and B = 1: 𝔼|x_k|² = (Σ_{i=0}^{k−1} λ^i 𝔼[u_{k−i}])(Σ_{j=0}^{k−1} λ^j "
    "𝔼[u_{k−j}])* = Σ_{i,j=0}^{k−1} λ^i (λ^j)* 𝔼[u_{k−i}u_{k−j}] = Σ_{i=0}^{k−1} |λ|^{2i} "
    '→(∞) 1/(1 − |λ|²), (4.13) where * denotes conjugation." Normalisation: '
    '"Therefore, Orvieto et al. (2023) used learnable parameter γ initialized '
    'element-wisely as √(1 − |λ_j|²)". Eq. 4.14: "x_k = diag(λ)x_{k−1} + γ ⊙ Bu_k, '
    '(4.14)".'
)
_EQ413_SPACE = (
    {"k_symbolic": 2, "abs_lambda": 0.95, "phase": 0.3, "paths": 5000, "steps": 300},
    {"k_symbolic": 3, "abs_lambda": 0.95, "phase": 0.3, "paths": 20_000, "steps": 300},
)
corrected_pair(
    "thesis-eq-4.13",
    common=dict(
        topic=G,
        refs=refs("thesis", "§4.2.2, Eq. 4.13–4.14"),
        space=_EQ413_SPACE,
        scaled=scaled_recurrence,
        scaled_space=_REC_SCALED,
    ),
    printed=dict(
        title="E|x_k|² chain under white noise; γ normalisation",
        statement=_EQ413,
        small=_small_eq413,
        expected="fails",
        defect=Defect(
            "misprint",
            printed="𝔼|x_k|² = (Σ_{i=0}^{k−1} λ^i 𝔼[u_{k−i}])(Σ_{j=0}^{k−1} λ^j 𝔼[u_{k−j}])*",
            meant="𝔼|x_k|² = 𝔼[(Σ_{i=0}^{k−1} λ^i u_{k−i})(Σ_{j=0}^{k−1} λ^j u_{k−j})*]",
            why="The setting is one-dimensional: x_k = λx_{k−1} + u_k (Λ = λ ∈ ℂ, B "
            "= 1) with white-noise input, u_k i.i.d. with 𝔼[u_k] = 0 and "
            "𝔼[u_iu_j*] = 1 if i = j, else 0. With the expectation inside each "
            "factor, the printed first line is 0 (every 𝔼[u] is 0), while 𝔼|x_k|² "
            "= Σ_{i=0}^{k−1} |λ|^{2i} > 0, as the chain's own last line says; the "
            "expectation belongs outside the product. The upper limit k−1 is no "
            "erratum here, unlike in Eq. 4.7: Eq. 4.13's sums have the terms "
            "λ^iu_{k−i}, i = 0, …, k−1, i.e. the inputs u₁, …, u_k, which is "
            "x_k of the recurrence started at x₀ = 0 (the convention of Orvieto et "
            "al. 2023, whose derivation this is), and all three lines use the same "
            "k terms. Eq. 4.7 instead fixes x_{−1} = 0 and lists x₂ = A²Bu₀ + ABu₁ "
            "+ Bu₂, with the input u₀, so its sum needs the limit k (that entry). "
            "Started as Eq. 4.7 is, all three lines of Eq. 4.13 would run to k; "
            "either way the limit k → ∞ is 1/(1 − |λ|²).",
        ),
    ),
    corrected=dict(
        title="Eq. 4.13 with the expectation outside",
        statement=(
            _EQ413 + " Corrected: the first line is 𝔼[(Σ_{i=0}^{k−1} λ^i u_{k−i})"
            "(Σ_{j=0}^{k−1} λ^j u_{k−j})*] (expectation of the product, not the product of "
            "expectations, which is 0 for zero-mean noise); the rest of the chain and "
            "γ = √(1−|λ|²) ⇒ 𝔼|x_∞|² = 𝔼|Bu|² hold."
        ),
        small=lambda p, rng: _small_eq413(p, rng, corrected=True),
        proof=_PROOFS + "thesis_eq_4_13_corrected",
    ),
)

# -- thesis-eq-4.11 ---------------------------------------------------------------------
_EQ411 = (
    'Eq. 4.11: "Λ = diag(exp(−exp(v^{log}) + i exp(θ^{log}))), (4.11) where v^{log}, '
    "θ^{log} ∈ ℝ^H are the learnable parameters (instead of the v, θ in Eq. 4.10), and "
    'v^{log} := log(v), θ^{log} := log(θ) at initialization." Interpretation: "(2) The '
    "exponential nonlinearity can increase granularity around the eigenvalues |λ_j| = 1 "
    "… (3) Orvieto et al. (2023) interpreted v^{log} as the vector of log eigenvalue "
    "magnitudes, encoding the distance to the origin, and θ^{log} as the vector of log "
    'eigenvalue phases, representing the angle from the vector 1 + 0i."'
)
claim(
    "thesis-eq-4.11",
    "stable exponential parameterisation",
    _EQ411,
    refs("thesis", "§4.2.2, Eq. 4.11 and the text after Table 4.4"),
    small_eq411,
    topic=G,
    space=({"n": 8}, {"n": 256}),
    readings=(
        Reading(
            "encoding",
            "v^{log} encodes the magnitude (distance to the origin) "
            "monotonically: v^{log} = log(−log|λ_j|)",
            quote="interpreted v^{log} as the vector of log eigenvalue magnitudes, "
            "encoding the distance to the origin",
            where="§4.2.2, after Table 4.4, point (3)",
        ),
    ),
    remarks=(
        "Naming, not an erratum: point (3) calls v^{log} 'the vector of log eigenvalue magnitudes', but log|λ_j| "
        "= −exp(v^{log}_j): v^{log} = log(−log|λ_j|) = log v_j, a monotone encoding of "
        "the magnitude (the same name is used in the source, Orvieto et al. 2023 §3.4); "
        "the parameterisation itself is right. The registered variant "
        "thesis-eq-4.11-variant states the encoding explicitly.",
    ),
    proof=_PROOFS + "thesis_eq_4_11_corrected",
)

claim(
    "thesis-eq-4.11-variant",
    "variant of Eq. 4.11: v^log = log(−log|λ|), θ^log = log θ",
    (
        _EQ411 + " Variant (not a correction: Eq. 4.11 holds as printed): v^{log} is the log of "
        "the decay rate, v^{log} = log(−log|λ_j|) (−log|λ_j| = exp(v^{log}) is the negative "
        "log-magnitude), and θ^{log} = log θ_j with θ_j ≡ arg λ_j (mod 2π); |λ_j| = "
        "exp(−exp(v^{log})) < 1 for every real v^{log}, and Eq. 4.11 at v^{log} = log v, "
        "θ^{log} = log θ reproduces Eq. 4.10."
    ),
    refs("thesis", "§4.2.2, Eq. 4.10–4.11"),
    small_eq411_corrected,
    topic=G,
    space=({"n": 8}, {"n": 256}),
    uses=("thesis-eq-4.11",),
    proof=_PROOFS + "thesis_eq_4_11_corrected",
    varies="thesis-eq-4.11",
)

# -- thesis-fig-4.8 ---------------------------------------------------------------------
claim(
    "thesis-fig-4.8",
    "annulus (0, 1) samples vs Glorot eigenvalues",
    (
        '"Eigenvalues of a diagonal matrix A with entries sampled using Lem. 4.2.1 (Orvieto et '
        "al., 2023). For r_min = 0, r_max = 1, the distribution coincides with Glorot "
        'initialization in the limit."'
    ),
    refs("thesis", "§4.2.2, Fig. 4.8 caption; text after Thm. 4.2.1"),
    small_fig48,
    topic=G,
    space=({"H": 300, "n": 5000},),
    scaled=scaled_fig48,
    scaled_space={"small": ({"H": 400, "n": 20_000},), "large": ({"H": 8192, "n": 10**6},)},
    uses=("thesis-thm-4.2.1", "thesis-lemma-4.2.1"),
)

# -- thesis-sec-5.4.1-diagonalisable ----------------------------------------------------
claim(
    "thesis-sec-5.4.1-diagonalisable",
    "diagonalisable up to an arbitrarily small perturbation",
    (
        '"We leverage a spectral analysis: up to an arbitrarily small perturbation of the '
        "entries, every matrix 𝐀 is diagonalizable (Axler, 1997). Thus, one can write 𝐀 = 𝐏Λ𝐏⁻¹, "
        'where 𝐏 ∈ ℂ^{H×H} is an invertible matrix and Λ = diag(λ₁, λ₂, …, λ_H) ∈ ℂ^{H×H}."'
    ),
    refs("thesis", "§5.4.1 (citing Axler 1997)"),
    small_diagonalisable,
    topic=G,
    space=({"size": 2, "exponents": (2, 6, 10)}, {"size": 4, "exponents": (2, 4, 6, 8, 10)}),
    scaled=scaled_diagonalisable,
    scaled_space={"small": ({"H": 64, "eps": 1e-6},), "large": ({"H": 512, "eps": 1e-6},)},
    pinned=(
        {
            "params": {"size": 4, "exponents": (2, 4, 6, 8, 10)},
            "seed": 4,
            "note": "the claims catalogue: J₄(0.5), ε = 1e-2 … 1e-10",
        },
    ),
)
