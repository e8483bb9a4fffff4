"""The boundary forms of the TT recurrence (gtm §3.3, the sentence after Eq. 12):
claim ``gtm-eq12-boundary-h1`` (the printed first form h^(1) = 𝒢^(1) f_θ(x^(1)) needs a
transpose), its ``-corrected`` twin, and ``gtm-lemma-3.1-variant``, the variant of Lemma
3.1 that carries the corrected boundary forms along (Lemma 3.1 itself holds:
:mod:`.score_functions.statements`).

Cores keep the paper's order 𝒢^(t) ∈ ℝ^{M×R_{t−1}×R_t}; 𝒢^(1) ∈ ℝ^{M×1×R₁} is the
M×R₁ matrix ``G1[:, 0, :]`` the paper names.  Errors are divided by the forward-error scale
(the same products on absolute values), tolerance(float64, n, norm=1).
"""

from __future__ import annotations

import numpy as np

from ...conventions import tolerance
from .. import Evidence, Ref
from ..compare import compare_values
from ..readings import Defect, Reading
from ..registration import claim, corrected_pair
from .controls import passed_with_control
from .definitions import recurrence_eq9, recurrence_eq10
from .score_functions.statements import LEMMA_READINGS, lemma_parts, lemma_setup

_S_BOUNDARY = (
    '"Note that this equation is applicable to all hidden states except for the first '
    "h^{(1)} = 𝒢^{(1)} f_θ(x^{(1)}) and for the last h^{(T)} = f_θᵀ(x^{(T)}) 𝒢^{(T)} "
    'h^{(T−1)}, due to two–dimensional nature of the corresponding TT–cores" (§3.3, after '
    'Eq. 12), with "for t = 1 and t = T we will get matrices 𝒢^{(1)} ∈ ℝ^{M×1×R₁} and '
    '𝒢^{(T)} ∈ ℝ^{M×R_{T−1}×1}" (§3.2).'
)
_PRINTED_H1 = "h^{(1)} = 𝒢^{(1)} f_θ(x^{(1)})"
_MEANT_H1 = "h^{(1)} = (𝒢^{(1)})ᵀ f_θ(x^{(1)})"

BOUNDARY_READINGS = (
    Reading(
        "printed",
        "𝒢^(1) f_θ(x^(1)) is the matrix–vector product of the M×R₁ matrix 𝒢^(1) with f ∈ ℝ^M",
        True,
        "for t = 1 and t = T we will get matrices 𝒢^(1) ∈ ℝ^{M×1×R₁}",
        'gtm §3.2 after Eq. 7; §3.3 sentence after Eq. 12 ("two–dimensional nature of '
        'the corresponding TT–cores")',
    ),
    Reading(
        "contract-M",
        "𝒢^(1) f means contraction over the M mode, (𝒢^(1))ᵀ f",
        False,
        "h^(T) = f_θᵀ(x^(T)) 𝒢^(T) h^(T−1)",
        "gtm §3.3 sentence after Eq. 12: the same sentence contracts the M mode of a core "
        "by putting fᵀ on the left, so a right-hand f is an ordinary product; the "
        "contraction is the correction, not a reading",
    ),
)


def _first_form(s, *, corrected: bool) -> dict:
    """h^(1) by the printed (or corrected) boundary form vs h^(1) of Eq. 9."""
    G1, f1 = s["cores"][0], s["feats"][:, 0, :]
    M, R1, sz = G1.shape[0], G1.shape[2], s["sz"]
    mat = G1[:, 0, :]
    h1 = recurrence_eq9(s["cores"][:1], s["feats"])
    scale = np.abs(f1) @ np.abs(mat)
    typed = M == R1
    transposed = f1 @ mat  # (𝒢^(1))ᵀ f, row by row
    printed = f1 @ mat.T if typed else None  # 𝒢^(1) f, row by row (typed only if M = R₁)
    scale_b = np.maximum(scale, np.abs(f1) @ np.abs(mat.T)) if typed else scale
    contract = compare_values(
        "(𝒢^(1))ᵀ f_θ(x^(i₁)) (contract the M mode) vs h^(1) of Eq. 9",
        transposed,
        h1,
        n=M,
        scale=scale_b,
        sizes=sz,
        control=printed,
        control_label=None if printed is None else "printed 𝒢^(1) f_θ(x^(i₁)) (no transpose)",
    )
    if corrected:
        return {"h^(1) = (𝒢^(1))ᵀ f_θ(x^(1))": contract.keyed("first-corrected")}
    if typed:
        # entries named (template sequence i_1…i_T, coordinate r of h^(1))
        lit = compare_values(
            "printed matrix product 𝒢^(1) f_θ(x^(i₁)) vs h^(1) of Eq. 9 (entry: the "
            "template (i₁, …, i_T) and the coordinate r of h^(1), both "
            "0-based; h^(1) depends on i₁ only)",
            printed,
            h1,
            n=M,
            scale=scale_b,
            sizes=sz,
            labels=s["labels"],
        )
    else:

        def typed_and_equal(matrix):
            try:
                val = np.einsum("ab,nb->na", matrix, f1)  # (matrix) · f, as printed
            except ValueError:
                return False
            tol = float(tolerance(np.float64, n=M, norm=1.0))
            return val.shape == h1.shape and bool(np.all(np.abs(val - h1) <= tol * scale))

        lit = passed_with_control(
            "printed matrix product 𝒢^(1) f_θ(x^(i₁)) is typed and equals h^(1) of Eq. 9",
            typed_and_equal,
            mat,
            np.zeros((R1, M)),
            "an R₁×M zero matrix in place of 𝒢^(1): typed, wrong values",
            sizes=sz,
            details={
                "why": f"({M}×{R1} matrix)·(vector of length {M}) is undefined for "
                f"M = {M} ≠ R₁ = {R1}"
            },
            counterexample={"M": M, "R1": R1, "error": "matrix-vector product not typed"},
        )
    return {
        _PRINTED_H1: Evidence(
            f"boundary form {_PRINTED_H1}",
            sizes=sz,
            readings={"printed": lit, "contract-M": contract.keyed("contract-m")},
        ).keyed("first-printed")
    }


def _last_form(s) -> Evidence:
    """h^(T) = f_θᵀ(x^(T)) 𝒢^(T) h^(T−1) vs ⟨𝒲, Φ⟩ (typed as printed)."""
    cores, feats = s["cores"], s["feats"]
    h_prev = recurrence_eq10(cores[:-1], feats)
    last = np.einsum("ni,ij,nj->n", feats[:, -1, :], cores[-1][:, :, 0], h_prev)
    wrong = np.einsum("ni,ij,nj->n", feats[:, -2, :], cores[-1][:, :, 0], h_prev)
    return compare_values(
        "fᵀ 𝒢^(T) h^(T−1) vs ⟨𝒲,Φ⟩",
        last,
        s["full"],
        n=s["n_ops"],
        scale=s["scale"],
        labels=s["labels"],
        sizes=s["sz"],
        control=wrong,
        control_label="f_θ(x^(T−1)) in place of f_θ(x^(T))",
    )


def _small_boundary(params, rng, corrected: bool) -> Evidence:
    s = lemma_setup(params, rng)
    parts = _first_form(s, corrected=corrected)
    parts["h^(T) = f_θᵀ(x^(T)) 𝒢^(T) h^(T−1)"] = _last_form(s).keyed("last")
    return Evidence(
        "the boundary forms after Eq. 12 vs h^(1) of Eq. 9 and ℓ(X) = ⟨𝒲,Φ⟩",
        sizes=s["sz"],
        parts=parts,
    )


def _small_lemma_variant(params, rng) -> Evidence:
    parts, sz = lemma_parts(params, rng)
    s = lemma_setup(params, np.random.default_rng(rng.integers(2**63)))
    parts.update(_first_form(s, corrected=True))
    parts["h^(T) = f_θᵀ(x^(T)) 𝒢^(T) h^(T−1)"] = _last_form(s).keyed("last")
    return Evidence(
        "ℓ(X) = ⟨𝒲,Φ⟩ vs Eq. 8–10 and the boundary forms with h^(1) = (𝒢^(1))ᵀ f",
        sizes=sz,
        parts=parts,
    )


_SPACE = ({"M": 3, "ranks": (1, 3, 2, 3, 1)}, {"M": 3, "ranks": (1, 2, 3, 2, 1)})
_PROOF = "proofs/spine_gtm.py::prove_gtm_lemma_3_1"

corrected_pair(
    "gtm-eq12-boundary-h1",
    common=dict(
        topic="tensor-trains",
        space=_SPACE,
        uses=("gtm-lemma-3.1",),
        refs=(Ref("gtm", "§3.3, sentence after Eq. 12; §3.2 after Eq. 7"),),
    ),
    printed=dict(
        title="Boundary form h^(1) = 𝒢^(1) f_θ(x^(1)) after Eq. 12 (as printed)",
        statement=_S_BOUNDARY,
        small=lambda p, rng: _small_boundary(p, rng, False),
        readings=BOUNDARY_READINGS,
        pinned=(
            {
                "params": {"M": 3, "ranks": (1, 3, 2, 3, 1)},
                "seed": 31,
                "note": "M = R₁ = 3: the printed product is typed but contracts the R₁ mode",
            },
            {
                "params": {"M": 3, "ranks": (1, 2, 3, 2, 1)},
                "seed": 31,
                "note": "M = 3 ≠ R₁ = 2: the printed product is not typed",
            },
        ),
        defect=Defect(
            "misprint",
            printed=_PRINTED_H1,
            meant=_MEANT_H1 + " (insert ᵀ on "
            "𝒢^{(1)}; equivalently h^{(1)ᵀ} = f_θᵀ(x^{(1)}) 𝒢^{(1)})",
            why="𝒢^{(1)} ∈ ℝ^{M×1×R₁} is the M×R₁ matrix of §3.2, so the printed "
            "product 𝒢^{(1)} f_θ(x^{(1)}) with f ∈ ℝ^M is defined only when "
            "M = R₁. When M ≠ R₁ it is ill-typed (e.g. M = 3 with ranks "
            "(1, 2, 3, 2, 1), so R₁ = 2 ≠ M: the second scheduled case, not run "
            "because the first already fails). When M = R₁ it is "
            "defined but sums over the R₁ mode, while Eq. 9 gives "
            "h^{(1)}_r = Σ_m 𝒢^{(1)}_{m,1,r} f_m, a sum over the M mode, i.e. "
            "(𝒢^{(1)})ᵀ f; the two differ unless 𝒢^{(1)} is symmetric. The "
            "counterexample below is this defined case, the first checked "
            "case: M = 3 with ranks (1, 3, 2, 3, 1), so R₁ = 3 = M (random cores "
            "and features); its entry is (the template sequence i₁…i_T, the "
            "coordinate r of h^{(1)}), where the printed value and Eq. 9's "
            "differ.",
        ),
        remarks=(
            "The last boundary form h^(T) = f_θᵀ(x^(T)) 𝒢^(T) h^(T−1) in the same "
            "sentence is typed and correct.",
        ),
        expected="fails",
    ),
    corrected=dict(
        title="Boundary forms after Eq. 12 with h^(1) = (𝒢^(1))ᵀ f_θ(x^(1))",
        statement=_S_BOUNDARY.replace(_PRINTED_H1, _MEANT_H1)
        + (
            "\n[tnverify correction: ᵀ inserted on 𝒢^{(1)}, the M×R₁ matrix; the printed "
            "product 𝒢^{(1)} f is typed only when M = R₁ and then contracts the R₁ mode.]"
        ),
        small=lambda p, rng: _small_boundary(p, rng, True),
        pinned=(
            {
                "params": {"M": 3, "ranks": (1, 2, 3, 2, 1)},
                "seed": 31,
                "note": "the claims catalogue sizes",
            },
        ),
        proof=_PROOF,
        expected="holds",
    ),
)

claim(
    "gtm-lemma-3.1-variant",
    "Variant: Lemma 3.1 with the corrected boundary forms (h^(1) = (𝒢^(1))ᵀ f)",
    "[tnverify variant, not a correction: Lemma 3.1 holds as printed] Lemma 3.1 and Eq. 7–10 "
    "of gtm §3.2–3.3 together with the boundary forms after Eq. 12, the first one read "
    "with the transpose of gtm-eq12-boundary-h1-corrected: " + _MEANT_H1 + " and "
    "h^{(T)} = f_θᵀ(x^{(T)}) 𝒢^{(T)} h^{(T−1)}.",
    (
        Ref("gtm", "§3.2–3.3, Eq. 7–10, Lemma 3.1; boundary forms after Eq. 12"),
        Ref("ttlm", "§4.2, Eq. 4–5"),
    ),
    _small_lemma_variant,
    topic="tensor-trains",
    space=_SPACE[::-1],
    pinned=(
        {
            "params": {"M": 3, "ranks": (1, 2, 3, 2, 1)},
            "seed": 31,
            "note": "the claims catalogue sizes",
        },
    ),
    uses=("gtm-lemma-3.1", "gtm-eq12-boundary-h1-corrected"),
    proof=_PROOF,
    expected="holds",
    varies="gtm-lemma-3.1",
)

__all__ = ["BOUNDARY_READINGS", "LEMMA_READINGS"]
