"""Small-side checks of the multiplicative-integration expansion of thesis Eq. 6.6–6.7
(registered in :mod:`.gradients`); the hidden-state Jacobians are in :mod:`.jacobians`."""

from __future__ import annotations

import numpy as np

from ... import Evidence
from ...compare import compare_values


# -- thesis-eq-6.7 ----------------------------------------------------------------------
def eq66(A, B, b1, b2, h, f):
    """Argument of φ in Eq. 6.6: (A h + β₁) ⊙ (B f + β₂)."""
    return (A @ h + b1) * (B @ f + b2)


def eq67(A, B, al, b1, b2, h, f):
    """Argument of φ in Eq. 6.7: α ⊙ A h ⊙ B f + β₁ ⊙ B f + β₂ ⊙ A h."""
    Ah, Bf = A @ h, B @ f
    return al * Ah * Bf + b1 * Bf + b2 * Ah


def _eq67_setup(params, rng):
    H, V = params["H"], params["V"]
    A, B = rng.standard_normal((H, H)), rng.standard_normal((H, V))
    b1, b2, bias = rng.standard_normal(H), rng.standard_normal(H), rng.standard_normal(H)
    h = rng.standard_normal(H)
    F = np.eye(V)  # every one-hot f^(t) (Eq. 6.1: one-hot inputs)
    return H, V, A, B, b1, b2, bias, h, F, {"H": H, "V": V}


def _over_inputs(fn, F):
    return np.array([fn(f) for f in F])


def _eq67_family_parts(params, rng):
    """Eq. 6.7's family contains the additive RNN (with and without bias) and Eq. 6.6:
    each member is Eq. 6.7 at some (α, β₁, β₂) and input matrix 𝐁' (biases absorbed into
    𝐁' by the one-hot convention 𝐁𝐟 + 𝐛 = (𝐁 + 𝐛𝟏ᵀ)𝐟).  Every comparison runs over all
    |V| one-hot inputs; its control is the same comparison without the re-fit."""
    H, V, A, B, b1, b2, bias, h, F, sizes = _eq67_setup(params, rng)
    one, zero = np.ones(H), np.zeros(H)
    Ah = A @ h
    sc_add = _over_inputs(lambda f: np.abs(A) @ np.abs(h) + np.abs(B) @ f + np.abs(bias), F)
    add0 = compare_values(
        "Eq. 6.7 with α = 0, β₁ = β₂ = 𝟏 vs the additive RNN 𝐀𝐡 + 𝐁𝐟 (Eq. 6.1), every one-hot 𝐟",
        _over_inputs(lambda f: eq67(A, B, zero, one, one, h, f), F),
        _over_inputs(lambda f: Ah + B @ f, F),
        n=H + 3,
        scale=sc_add,
        sizes=sizes,
        control=_over_inputs(lambda f: eq67(A, B, one, one, one, h, f), F),
        control_label="α = 𝟏 instead of 0",
    )
    Bb = B + bias[:, None]  # 𝐁' = 𝐁 + 𝐛𝟏ᵀ
    add_b = compare_values(
        "Eq. 6.7 with α = 0, β₁ = β₂ = 𝟏, 𝐁' = 𝐁 + 𝐛𝟏ᵀ vs 𝐀𝐡 + 𝐁𝐟 + 𝐛, every one-hot 𝐟",
        _over_inputs(lambda f: eq67(A, Bb, zero, one, one, h, f), F),
        _over_inputs(lambda f: Ah + B @ f + bias, F),
        n=H + 4,
        scale=sc_add,
        sizes=sizes,
        control=_over_inputs(lambda f: eq67(A, B, zero, one, one, h, f), F),
        control_label="𝐁 not re-fitted (the bias dropped)",
    )
    B2 = B + b2[:, None]  # 𝐁' = 𝐁 + β₂𝟏ᵀ
    sc66 = _over_inputs(
        lambda f: (np.abs(A) @ np.abs(h) + np.abs(b1)) * (np.abs(B) @ f + np.abs(b2)), F
    )
    inc66 = compare_values(
        "Eq. 6.7 with α = 𝟏, β₁, β₂' = 0, 𝐁' = 𝐁 + β₂𝟏ᵀ vs Eq. 6.6, every one-hot 𝐟",
        _over_inputs(lambda f: eq67(A, B2, one, b1, zero, h, f), F),
        _over_inputs(lambda f: eq66(A, B, b1, b2, h, f), F),
        n=H + 4,
        scale=sc66,
        sizes=sizes,
        control=_over_inputs(lambda f: eq67(A, B, one, b1, b2, h, f), F),
        control_label="the same 𝐁, β₁, β₂ (no re-fit): off by β₁⊙β₂",
    )
    fixed = compare_values(
        "Eq. 6.7 with α = 𝟏 and the same 𝐁, β₁, β₂ vs Eq. 6.6 (fixed parameters)",
        _over_inputs(lambda f: eq67(A, B, one, b1, b2, h, f), F),
        _over_inputs(lambda f: eq66(A, B, b1, b2, h, f), F),
        n=H + 4,
        scale=sc66,
        sizes=sizes,
        details={"β₁⊙β₂": (b1 * b2).tolist()},
        control=_over_inputs(lambda f: eq67(A, B, one, b2, b1, h, f), F),
        control_label="β₁ and β₂ swapped",
    )
    return add0, add_b, inc66, fixed, sizes


def small_eq67(params, rng):
    add0, add_b, inc66, fixed, sizes = _eq67_family_parts(params, rng)
    return Evidence(
        "Eq. 6.7's family contains Eq. 6.6 and the additive RNN",
        sizes=sizes,
        readings={
            "model families": Evidence(
                "family inclusions (parameters include 𝐁)",
                sizes=sizes,
                parts={
                    "6.7 ⊇ additive RNN without bias": add0,
                    "6.7 ⊇ additive RNN with bias": add_b,
                    "6.7 ⊇ 6.6": inc66,
                },
            ).keyed("families"),
            "fixed-parameter identity": Evidence(
                "identity at the same parameters",
                sizes=sizes,
                parts={"6.6 = 6.7 (α = 𝟏), same 𝐁, β₁, β₂": fixed.keyed("same-parameters")},
            ).keyed("fixed-parameters"),
        },
    )


def small_eq67_corrected(params, rng):
    H, V, A, B, b1, b2, bias, h, F, sizes = _eq67_setup(params, rng)
    one, zero = np.ones(H), np.zeros(H)
    sc = _over_inputs(
        lambda f: (np.abs(A) @ np.abs(h) + np.abs(b1)) * (np.abs(B) @ f + np.abs(b2)), F
    )
    full = compare_values(
        "(Ah+β₁)⊙(Bf+β₂) vs α⊙Ah⊙Bf + β₁⊙Bf + β₂⊙Ah + b, α = 𝟏, b = β₁⊙β₂",
        _over_inputs(lambda f: eq66(A, B, b1, b2, h, f), F),
        _over_inputs(lambda f: eq67(A, B, one, b1, b2, h, f) + b1 * b2, F),
        n=H + 4,
        scale=sc,
        sizes=sizes,
        control=_over_inputs(lambda f: eq67(A, B, one, b1, b2, h, f), F),
        control_label="without the bias b = β₁⊙β₂",
    )
    sca = _over_inputs(lambda f: np.abs(A) @ np.abs(h) + np.abs(B) @ f + np.abs(bias), F)
    add = compare_values(
        "α = 0, β₁ = β₂ = 𝟏 and bias b vs Ah + Bf + b",
        _over_inputs(lambda f: eq67(A, B, zero, one, one, h, f) + bias, F),
        _over_inputs(lambda f: A @ h + B @ f + bias, F),
        n=H + 4,
        scale=sca,
        sizes=sizes,
        control=_over_inputs(lambda f: eq67(A, B, zero, one, one, h, f), F),
        control_label="without the bias b",
    )
    return Evidence(
        "Eq. 6.7 with the bias b of Wu et al. (2016) (variant)",
        sizes=sizes,
        parts={"6.6 = 6.7 + β₁⊙β₂": full, "additive special case": add},
    )
