"""lru-background claims about the LRU theory restated in thesis §4.2.2 (Orvieto
et al. 2023): the linear recurrence unrolled (Eq. 4.7–4.9), its spectrum at Glorot
initialisation (Thm. 4.2.1 and the paragraph after it), the annulus sampler (Lemma 4.2.1),
stability and E‖x_∞‖² (Prop. 4.2.1).  The normalisation, parametrisation, Fig. 4.8 and
§5.4.1 are in :mod:`.parametrisation`.  Checks live in :mod:`.deterministic`, :mod:`.symbolic`,
:mod:`.monte_carlo` (Monte Carlo, significance level :data:`.monte_carlo.ALPHA`) and
:mod:`.scaled` (torch)."""

from __future__ import annotations

from ... import Defect, Evidence, Reading, Ref
from ...registration import claim, corrected_pair, refs
from .deterministic import (
    small_eq47,
    small_eq47_corrected,
    small_stability,
    small_stability_corrected,
)
from .monte_carlo import ALPHA, small_lemma421, small_prop421, small_thm421
from .scaled import (
    REC_SCALED,
    SHARED_LARGER_RUN,
    scaled_eq47,
    scaled_lemma421,
    scaled_recurrence,
    scaled_thm421,
)

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
        scope="the larger run (shared with the corrected statement) compares a complex64 "
        "parallel scan of the corrected diagonalised sums with the complex128 recurrence: "
        "it checks the corrected form, not the printed sums, which the small cases decide",
        defect=Defect(
            "misprint",
            printed="x_k = Σ_{j=0}^{k−1} A^jBu_{k−j} (4.7) and x̄_k = "
            "Σ_{j=0}^{k−1} Λ^jB̄u_{k−j} (4.8) (the listed x₂ = A²Bu₀ + ABu₁ + Bu₂ has "
            "j up to k); restated in §4.2.2's stability paragraph (the second step): "
            "'since x̄_k = Σ_{i=0}^{k−1} Λ^i B̄ u_{k−i} in Eq. 4.8'",
            meant="Σ_{j=0}^{k} in Eq. 4.7 and 4.8, and in the restatement: 'since x̄_k = "
            "Σ_{i=0}^{k} Λ^i B̄ u_{k−i} in Eq. 4.8'",
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
        "of real eigenvalues, ≈ √(2H/π) + ½ (asymptotically; Edelman, Kostlan & Shub "
        "1994).",
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
    (0 with probability 1).  Control: the same count of the real Glorot matrices against
    that of complex Ginibre matrices (entries (a + ib)/√(2H)), another ensemble with the
    uniform-disk limit and, with probability 1, no real eigenvalue; it must fail as well,
    so the failure is that of the real spectrum, not of the disk sampler."""
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
            "expected real eigenvalues, ≈ √(2H/π) + ½ (asymptotic)": round(
                math.sqrt(2 * H / math.pi) + 0.5, 1
            ),
            f"real eigenvalues, total over the {reps} Glorot matrices": int(n_real.sum()),
            f"real samples, total over the {reps} disk sets": int(n_disk.sum()),
        },
        control=Evidence(
            f"control (the disk samples replaced by the eigenvalues of {reps} complex "
            f"Ginibre matrices, entries (a + ib)/√(2H): the uniform-disk limit, no real "
            f"eigenvalue) of: {compared}",
            passed=bool(n_real.sum() == n_cplx.sum()),
            details={"real_counts_complex_ginibre": n_cplx.tolist()},
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
            "has real eigenvalues, ≈ √(2H/π) + ½ of them on average (asymptotically; "
            "Edelman, Kostlan & Shub 1994), and the others in conjugate pairs, while H i.i.d. uniform disk "
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
corrected_pair(
    "thesis-sec-4.2.2-stability",
    common=dict(
        topic=G,
        refs=refs("thesis", "§4.2.2, paragraph after Eq. 4.10"),
        space=_STAB_SPACE,
        scaled=scaled_recurrence,
        scaled_space=REC_SCALED,
    ),
    printed=dict(
        title="|x_k| = O(|λ|^k); |λ| = 1 sufficient",
        statement=_STAB,
        small=small_stability,
        expected="fails",
        scope=(
            "steps: the K steps of each run; delta: the δ of the runs with |λ| = 1 − δ "
            "and |λ| = 1 + δ, beside λ = 1 and λ = e^{iθ}; " + SHARED_LARGER_RUN
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
            meant="For the diagonalised state x̄_k = P⁻¹x_k with inputs |(B̄u_k)_j| ≤ U the "
            "bound is |x̄_{k,j}| ≤ U Σ_{i=0}^{k} |λ_j|^i, not O(|λ_j|^k), and |λ_j| = 1 "
            "does not keep x̄_k bounded: in the scalar case (P = 1) λ_j = 1 with constant "
            "input gives |x_k| = k + 1 (growth at most linear, not exponential). For bounded inputs |λ_j| < 1 keeps x_k bounded; "
            "|λ_j| close to 1 avoids fast vanishing of long-range contributions.",
            why="With λ = 1 and the constant input u_k = 1 (B = 1), x_k = Σ_{j=0}^{k} "
            "λ^j u_{k−j} = k + 1 grows without bound although |λ| = 1; for "
            "|u_k| ≤ U and |λ| < 1, |x_k| ≤ U/(1 − |λ|). The printed bound "
            "|x_{k,j}| = O(|λ_j|^k), from which the condition is drawn, is false "
            "whatever 'explode or vanish' means: at λ = 1 it says O(1), against the "
            "k + 1 above; for 0 < |λ| < 1 the same constant input gives x_k = "
            "(1 − λ^{k+1})/(1 − λ), which tends to the nonzero 1/(1 − λ), not to "
            "O(|λ|^k) → 0 (the bound describes one input pulse, not the state that "
            "Eq. 4.8 sums over all inputs). The sufficiency clause is judged here with "
            "'explode' meaning 'grows without bound' (bounded input, bounded state), "
            "and then it fails (k + 1 above). Read instead as exponential growth or "
            "decay, the sense of the gradient literature the paragraph cites, it "
            "holds: with |λ_j| = 1 and |u_k| ≤ U, |x_k| ≤ U(k + 1) grows at most "
            "linearly, and past inputs keep their modulus. Under that reading the "
            "erratum rests on the false bound alone; since the statement asserts the "
            "bound as its reason, it is false under every reading.",
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
    scaled_space=REC_SCALED,
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
