"""grurntn Eq. 19 and Eq. 26 as printed: the bilinear bracket ``[x] W [h]`` without the
ᵀ of Eq. 18 is untyped for ``d ≠ 1``; the corrected bracket ``[x] W [h]ᵀ`` is checked
against the numpy reference of :mod:`.baselines`.
"""

from __future__ import annotations

import numpy as np

from ... import Evidence
from ...compare import compare_values
from .baselines import params_np, slice_loop_np, torch_gen


# -- grurntn-eq-19 / eq-26 as printed: the bracket without ᵀ ---------------------------
def _row_product(*factors) -> tuple[bool, str]:
    """Whether the matrix product of 2-D ``factors`` is typed, and numpy's word if not."""
    try:
        out = factors[0]
        for f in factors[1:]:
            out = np.matmul(out, f)
        return True, f"typed: shape {out.shape}"
    except ValueError as exc:
        return False, str(exc)


def bracket_typing(name, i, d, rng, *, need="the other terms of the tanh"):
    """Evidence that the printed ``[x] W^{[k]} [h]`` (no ᵀ) is typed, with ``x`` a 1×i row
    and ``h`` a 1×d row (the paper's vectors are rows: x_tW_xc, h_{t−1}W_hc).  Control: the
    ᵀ put on the wrong factor, ``[x]ᵀ W^{[k]} [h]``.  ``need`` names what the 1×d result
    of the corrected bracket is added to (Eq. 19: the other terms of the tanh; Eq. 26: the
    other summands of a_j)."""
    x, h = rng.standard_normal((1, i)), rng.standard_normal((1, d))
    Wk = rng.standard_normal((i, d))
    ok, why = _row_product(x, Wk, h)
    c_ok, c_why = _row_product(x.T, Wk, h)
    compared = (
        f"{name} as printed, [x] W^[k] [h] (k = 1..d indexes the slices of "
        f"W_tsr^[1:d]) with the row vectors x ∈ ℝ^(1×{i}), h ∈ ℝ^(1×{d}) and the slice "
        f"W^[k] ∈ ℝ^({i}×{d}): is the product defined?"
    )
    return Evidence(
        compared,
        passed=ok,
        sizes={"input": i, "hidden": d},
        details={"numpy": why, "corrected": "[x] W^[k] [h]ᵀ: (1×i)(i×d)(d×1)"},
        counterexample=None
        if ok
        else {
            "product": f"(1×i)(i×d)(1×d) = (1×{i})({i}×{d})(1×{d})",
            "mismatch": (
                f"[x] W^[k] is a 1×{d} row and [h] a 1×{d} row: the "
                f"inner dimensions ({d} and 1) do not match, so the "
                "printed form is undefined for every d > 1; with [h]ᵀ, "
                "a d×1 column, each slice gives a scalar and k = 1..d "
                f"the 1×d vector {need} need"
            ),
        },
        control=Evidence(
            f"control (ᵀ on the wrong factor, [x]ᵀ W^[k] [h]) of: {compared}",
            passed=c_ok,
            details={"numpy": c_why},
        ),
    )


def small_eq19_printed(params, rng):
    """The printed bracket of Eq. 19 only: its typing uses the input size i and the hidden
    size d, no sequence (the corrected cell is run by ``grurntn-eq-19-corrected``)."""
    i, d = params["input"], params["hidden"]
    return Evidence(
        "LSTMRNTN Eq. 19–20 as printed",
        parts={
            "printed [x_t] W [h_(t−1)] is defined": bracket_typing("Eq. 19 c̃_t", i, d, rng).keyed(
                "printed-typed"
            )
        },
        sizes={"input": i, "hidden": d},
    )


def small_eq26_printed(params, rng):
    i, d = params["input"], params["hidden"]
    return Evidence(
        "Eq. 26 a_j as printed",
        parts={
            "printed [x_j] W [h_(j−1)] is defined": bracket_typing(
                "Eq. 26 a_j", i, d, rng, need="the other summands of a_j"
            ).keyed("printed-typed")
        },
        sizes={"input": i, "hidden": d},
    )


def small_eq26_corrected(params, rng):
    """a_j = x_j W^{[k]} h_{j−1}ᵀ + x_jW_xc + h_{j−1}W_hc + b_c (slice loop, numpy) vs the
    pre-activation of the LSTMRNTN cell's candidate at every step.  Control: the slice
    index and the h-leg of W_tsr swapped (x_j W[:, k, :] h_{j−1}ᵀ)."""
    import torch

    from ....cells import gated as G

    i, d, L, B = params["input"], params["hidden"], params["length"], params["batch"]
    cell = G.LSTMRNTN(i, d, generator=torch_gen(rng))
    P = params_np(cell)
    xs = rng.standard_normal((B, L, i))
    with torch.no_grad():
        _, cache = G.run_sequence(cell, torch.from_numpy(xs), keep=True)
    got, want, wrong, scale = [], [], [], []
    Wsw = P["W_tsr"].transpose(0, 2, 1)
    for j in range(L):
        x, h = xs[:, j], cache["u"][j].numpy()
        lin = x @ P["W_xc"] + h @ P["W_hc"] + P["b_c"]
        bil, s = slice_loop_np(x, h, P["W_tsr"])
        want.append(bil + lin)
        wrong.append(slice_loop_np(x, h, Wsw)[0] + lin)
        scale.append(
            s + np.abs(x) @ np.abs(P["W_xc"]) + np.abs(h) @ np.abs(P["W_hc"]) + np.abs(P["b_c"])
        )
        got.append(cache["a"][j].numpy())
    return compare_values(
        "LSTMRNTN candidate pre-activation (cell) vs Eq. 26 with [h_(j−1)]ᵀ (slice loop)",
        np.stack(got),
        np.stack(want),
        n=i * d + i + d + 1,
        scale=np.stack(scale),
        control=np.stack(wrong),
        control_label="slice leg and h-leg of W_tsr swapped",
        sizes={"input": i, "hidden": d, "length": L, "batch": B},
    )
