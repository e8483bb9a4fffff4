"""Forward-pass checks of the gated-cells-lmms cells of grurntn: Eq. 8–11 (GRU and
its torch mapping), Eq. 15 (RecNTN), Eq. 17–18 (GRURNTN), Eq. 19–20 (LSTMRNTN).

The definition side is a literal numpy evaluation of the printed equations (row vectors,
float64, explicit loops over tensor slices); the implementation side is
:mod:`tnverify.cells.gated`.  Tolerances: a bilinear component ``Σ_{p,q} x_p W_pqk u_q``
accumulates ``n = p·q`` products and is judged relative to ``Σ |x_p W_pqk u_q|``; a
recurrence of ``L`` steps accumulates ``n = L·(i + 2d)`` operations per state entry
(three matmuls of widths i, d, d feeding each entry) at the scale 1 of states that
are convex combinations of values in [−1, 1].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # annotations only; imported on use (the command line stays light)
    import torch

import numpy as np

from .. import Evidence
from ..compare import compare_ints, compare_values

SIG = lambda a: 1.0 / (1.0 + np.exp(-a))


def params_np(cell) -> dict:
    return {k: v.detach().cpu().double().numpy() for k, v in cell.named_parameters()}


def torch_gen(rng, device="cpu") -> torch.Generator:
    import torch

    return torch.Generator(device).manual_seed(int(rng.integers(2**62)))


def slice_loop_np(x, u, W):
    """``out[b, k] = Σ_p Σ_q x[b, p] W[p, q, k] u[b, q]`` by loops over slices k and rows b
    (the printed ``x W^{[k]} uᵀ``), plus the scale ``Σ |terms|``."""
    B, d = x.shape[0], W.shape[2]
    out, scale = np.zeros((B, d)), np.zeros((B, d))
    for b in range(B):
        for k in range(d):
            out[b, k] = x[b] @ W[:, :, k] @ u[b]
            scale[b, k] = np.abs(x[b]) @ np.abs(W[:, :, k]) @ np.abs(u[b])
    return out, scale


def np_gru(P, xs, h, *, reset="before", form=None):
    """Eq. 8–11 (and Eq. 17/18 when ``form`` is given) literally; ``xs (B, L, i)``."""
    out = []
    for t in range(xs.shape[1]):
        x = xs[:, t]
        r = SIG(x @ P["W_xr"] + h @ P["W_hr"] + P["b_r"])
        z = SIG(x @ P["W_xz"] + h @ P["W_hz"] + P["b_z"])
        u = r * h
        a = x @ P["W_xh"] + (u @ P["W_hh"] if reset == "before" else r * (h @ P["W_hh"]))
        if form == "eq18":
            a = a + slice_loop_np(x, u, P["W_tsr"])[0]
        elif form == "eq17":
            v = np.concatenate([x, u], axis=1)
            a = a + slice_loop_np(v, v, P["W_tsr"])[0]
        h = (1 - z) * h + z * np.tanh(a + P["b_h"])
        out.append(h)
    return np.stack(out, axis=1)


def np_cho(P, xs, h):
    """Cho et al. (2014) Eq. 5–8 in column vectors: ``h = z h + (1 − z) h̃`` with
    ``W_z = −W_xzᵀ, U_z = −W_hzᵀ`` (the z ↦ 1 − z map), ``r`` before ``U``."""
    Wr, Ur, Wz, Uz, W, U = (
        P["W_xr"].T,
        P["W_hr"].T,
        -P["W_xz"].T,
        -P["W_hz"].T,
        P["W_xh"].T,
        P["W_hh"].T,
    )
    out = []
    for t in range(xs.shape[1]):
        x = xs[:, t].T  # columns
        hc = h.T
        r = SIG(Wr @ x + Ur @ hc + P["b_r"][:, None])
        z = SIG(Wz @ x + Uz @ hc - P["b_z"][:, None])
        ht = np.tanh(W @ x + U @ (r * hc) + P["b_h"][:, None])
        h = (z * hc + (1 - z) * ht).T
        out.append(h)
    return np.stack(out, axis=1)


def np_lstm(P, xs, h, c, *, peephole="full"):
    """Peephole LSTM, Eq. 3–7 literally (``W_c* (d, d)`` or vectors)."""
    pe = (lambda c, g: c @ P[f"W_c{g}"]) if peephole == "full" else (lambda c, g: c * P[f"W_c{g}"])
    out = []
    for t in range(xs.shape[1]):
        x = xs[:, t]
        i = SIG(x @ P["W_xi"] + h @ P["W_hi"] + pe(c, "i") + P["b_i"])
        f = SIG(x @ P["W_xf"] + h @ P["W_hf"] + pe(c, "f") + P["b_f"])
        c = f * c + i * np.tanh(x @ P["W_xc"] + h @ P["W_hc"] + P["b_c"])
        o = SIG(x @ P["W_xo"] + h @ P["W_ho"] + pe(c, "o") + P["b_o"])
        h = o * np.tanh(c)
        out.append(h)
    return np.stack(out, axis=1)


def _seq(cell, xs_np):
    import torch

    from ...cells import gated as G

    hs, _ = G.run_sequence(
        cell,
        torch.from_numpy(xs_np).to(cell.W_xh.dtype if hasattr(cell, "W_xh") else cell.W_xc.dtype),
    )
    return hs


def _n_rec(L, i, d):
    return L * (i + 2 * d)


def _bilinear_part(name, x, u, W):
    import torch

    from ...cells import gated as G

    ein = G.bilinear(torch.from_numpy(x), torch.from_numpy(u), torch.from_numpy(W))
    loop, scale = slice_loop_np(x, u, W)
    # n = p·q products per component, judged relative to Σ|terms|; semantic control: the
    # slices in reverse order (output component k from W^[d−1−k]: a permuted index)
    return compare_values(
        f"{name}: slice loop x W^[k] uᵀ vs einsum",
        ein,
        loop,
        n=W.shape[0] * W.shape[1],
        scale=scale,
        control=G.bilinear(
            torch.from_numpy(x), torch.from_numpy(u), torch.from_numpy(W[..., ::-1].copy())
        ),
        control_label="the slices W^[k] in reverse order",
    )


# -- grurntn-eq-8 ----------------------------------------------------------------------
def small_eq8(params, rng):
    import torch

    from ...cells import gated as G

    i, d, L, B = params["input"], params["hidden"], params["length"], params["batch"]
    g = torch_gen(rng)
    before = G.GRUCell(i, d, reset="before", generator=g)
    after = G.GRUCell(i, d, reset="after")
    after.load_state_dict(before.state_dict())
    P = params_np(before)
    xs, h0 = rng.standard_normal((B, L, i)), np.zeros((B, d))
    ref = np_gru(P, xs, h0)
    n = _n_rec(L, i, d)
    parts = {
        "Eq. 8–11 vs Cho et al. Eq. 5–8 (z ↦ 1 − z)": compare_values(
            "Cho (2014) GRU with W_z = −W_xzᵀ vs Eq. 8–11", np_cho(P, xs, h0), ref, n=n
        ).keyed("vs-cho"),
        "Eq. 8–11 vs GRUCell(reset='before')": compare_values(
            "tnverify GRUCell vs Eq. 8–11",
            _seq(before, xs),
            ref,
            n=n,
            control=np_gru(P, xs, h0, reset="after"),
            control_label="r applied after W_hh (torch's GRU), not before",
        ),
    }
    tcell = after.to_torch()
    hs, h = [], torch.zeros(B, d, dtype=torch.float64)
    for t in range(L):
        h = tcell(torch.from_numpy(xs[:, t]), h)
        hs.append(h)
    t_hs = torch.stack(hs, dim=1)
    parts["torch.nn.GRUCell (mapped) vs Eq. 8–11 with r after W_hh"] = compare_values(
        "torch.nn.GRUCell from to_torch() vs numpy Eq. 8–11 with r ⊙ (h W_hh)",
        t_hs,
        np_gru(P, xs, h0, reset="after"),
        n=n,
    )
    Pd = dict(P, W_hh=np.diag(np.diag(P["W_hh"])))
    parts["diagonal W_hh: r before = r after"] = compare_values(
        "Eq. 10 (r before W_hh) vs r after W_hh, W_hh diagonal",
        np_gru(Pd, xs, h0),
        np_gru(Pd, xs, h0, reset="after"),
        n=n,
    ).keyed("diagonal-w-hh")
    gen = compare_values("r before vs after W_hh, generic W_hh", t_hs, ref, n=n)
    return Evidence(
        "GRU of Eq. 8–11 vs Cho et al. (2014) and torch.nn.GRUCell",
        parts=parts,
        sizes={"input": i, "hidden": d, "length": L, "batch": B},
        details={
            "mapping_to_torch": {
                "z": "torch z = 1 − paper z: W_iz = −W_xzᵀ, W_hz(torch) = −W_hzᵀ, b_iz = −b_z",
                "weights": "torch weight_ih rows [r; z; n] = [W_xrᵀ; −W_xzᵀ; W_xhᵀ] (same for _hh)",
                "reset": "torch applies r after W_hh: n = tanh(W_in x + b_in + r ⊙ (W_hn h + "
                "b_hn)); Eq. 10 (and Cho Eq. 8) apply it before: (r ⊙ h) W_hh",
                "coincide_generic_W_hh": gen.ok,
                "max_diff_generic_W_hh": gen.error,
                "tolerance_generic": gen.tolerance,
                "coincide_when": "W_hh diagonal ((r ⊙ h) D = r ⊙ (h D)) or r constant 1",
            }
        },
    )


def scaled_eq8(params, device, rng):
    import torch

    from ...cells import gated as G

    i = d = params["hidden"]
    L, B = params["length"], params["batch"]
    g = torch_gen(rng)
    c64 = G.GRUCell(i, d, reset="after", generator=g, device=device)
    c32 = G.GRUCell(i, d, reset="after", dtype=torch.float32, device=device)
    c32.load_state_dict({k: v.float() for k, v in c64.state_dict().items()})
    tcell = c64.to_torch()
    x = torch.randn(B, L, i, generator=g, dtype=torch.float64).to(device)
    with torch.no_grad():
        ref, _ = G.run_sequence(c64, x)
        got, _ = G.run_sequence(c32, x.float())
        h, hs = torch.zeros(B, d, dtype=torch.float64, device=device), []
        for t in range(L):
            h = tcell(x[:, t], h)
            hs.append(h)
        tor = torch.stack(hs, dim=1)
    n = _n_rec(L, i, d)
    parts = {
        "float32 vs float64": compare_values(
            "GRUCell float32 vs float64", got, ref, n=n, dtype=np.float32
        ),
        "torch.nn.GRUCell vs GRUCell(reset='after')": compare_values(
            "torch.nn.GRUCell (mapped) vs tnverify GRUCell", tor, ref, n=n
        ),
    }
    return Evidence("scaled GRU", parts=parts, sizes={"hidden": d, "length": L, "batch": B})


# -- grurntn-eq-15 ---------------------------------------------------------------------
def small_eq15(params, rng):
    import torch

    from ...cells import gated as G

    d, B = params["hidden"], params["batch"]
    x1, x2, x3 = (rng.standard_normal((B, d)) for _ in range(3))
    Wt, W, b = (
        rng.standard_normal((2 * d, 2 * d, d)),
        rng.standard_normal((2 * d, d)),
        rng.standard_normal(d),
    )
    T = lambda a: torch.from_numpy(a)
    p1 = G.recntn_parent(T(x1), T(x2), T(Wt), T(W), T(b)).numpy()
    v1 = np.concatenate([x1, x2], 1)
    v2 = np.concatenate([p1, x3], 1)
    parts = {
        "Eq. 15 bilinear": _bilinear_part("Eq. 15", v1, v1, Wt),
        "Eq. 16 bilinear": _bilinear_part("Eq. 16", v2, v2, Wt),
    }
    loop1, s1 = slice_loop_np(v1, v1, Wt)
    parts["p1 = f(...) vs loop"] = compare_values(
        "p1 (recntn_parent) vs tanh(loop + [x1 x2] W + b)",
        p1,
        np.tanh(loop1 + v1 @ W + b),
        n=4 * d * d + 2 * d,
        scale=s1 + np.abs(v1) @ np.abs(W) + np.abs(b),
    )
    parts["output shape d"] = compare_ints(
        "shape of p1 and p2",
        [*p1.shape, *G.recntn_parent(T(p1), T(x3), T(Wt), T(W), T(b)).shape],
        [B, d, B, d],
    )
    return Evidence(
        "RecNTN Eq. 15–16: einsum vs slice loop", parts=parts, sizes={"hidden": d, "batch": B}
    )


def chunked_bilinear(x, u, W, chunk):
    """:func:`~tnverify.cells.gated.bilinear` over batch chunks (memory: ``chunk·p·d``)."""
    import torch

    from ...cells import gated as G

    return torch.cat(
        [G.bilinear(x[s : s + chunk], u[s : s + chunk], W) for s in range(0, x.shape[0], chunk)]
    )


def scaled_bilinear(params, device, rng):
    """float32 fused (chunked) einsum vs float64 slice loop, ``W (p, q, d)``.  Large case
    memory (p = q = 1024, d = 512, B = 4096): W 4.3 GB (f64) + 2.1 GB (f32); einsum
    temporary chunk·p·d·4 B = 0.5 GB at chunk = 256."""
    import torch

    from ...cells import gated as G

    p, q, d, B = params["p"], params["q"], params["hidden"], params["batch"]
    g = torch_gen(rng, device)
    x = torch.randn(B, p, generator=g, device=device, dtype=torch.float64)
    u = torch.randn(B, q, generator=g, device=device, dtype=torch.float64)
    W = torch.randn(p, q, d, generator=g, device=device, dtype=torch.float64)
    got = chunked_bilinear(x.float(), u.float(), W.float(), params.get("chunk", 256))
    ref = G.bilinear_loop(x, u, W)
    scale = G.bilinear_loop(x.abs(), u.abs(), W.abs())
    del W
    return compare_values(
        "float32 einsum vs float64 slice loop",
        got,
        ref,
        n=p * q,
        scale=scale,
        dtype=np.float32,
        sizes={"p": p, "q": q, "hidden": d, "batch": B},
    )


# -- grurntn-eq-17 / eq-18 -------------------------------------------------------------
def small_grurntn(params, rng, form):
    from ...cells import gated as G

    i, d, L, B = params["input"], params["hidden"], params["length"], params["batch"]
    cell = G.GRURNTN(i, d, form=form, generator=torch_gen(rng))
    P = params_np(cell)
    xs, h0 = rng.standard_normal((B, L, i)), np.zeros((B, d))
    want = (i, d, d) if form == "eq18" else (i + d, i + d, d)
    hs = _seq(cell, xs)
    parts = {
        "shapes": compare_ints(
            "W_tsr shape and h_t shape", [*P["W_tsr"].shape, *hs.shape[::2]], [*want, B, d]
        ),
        "forward vs literal": compare_values(
            f"GRURNTN ({form}) vs numpy Eq. {form[2:]}",
            hs,
            np_gru(P, xs, h0, form=form),
            n=_n_rec(L, i, d) + int(np.prod(want[:2])),
        ),
    }
    u = rng.standard_normal((B, d))
    x = xs[:, 0]
    v = (x, u) if form == "eq18" else (np.concatenate([x, u], 1),) * 2
    parts["bilinear einsum vs loop"] = _bilinear_part(f"Eq. {form[2:]}", *v, P["W_tsr"])
    return parts, {"input": i, "hidden": d, "length": L, "batch": B}


def small_eq17(params, rng):
    parts, sizes = small_grurntn(params, rng, "eq17")
    return Evidence("GRURNTN Eq. 17", parts=parts, sizes=sizes)


def small_eq18(params, rng):
    import torch

    from ...cells import gated as G

    parts, sizes = small_grurntn(params, rng, "eq18")
    grid = [(a, b) for a in (1, 3, 32, 128) for b in (1, 4, 256, 1024)]
    n17, n18 = [], []
    for a, b in grid:
        n17.append(G.GRURNTN(a, b, form="eq17", dtype=torch.float32, device="meta").W_tsr.numel())
        n18.append(G.GRURNTN(a, b, form="eq18", dtype=torch.float32, device="meta").W_tsr.numel())
    parts["Eq. 17 tensor count (i+d)²d"] = compare_ints(
        "numel(W_tsr) of the Eq. 17 cell vs (i+d)²d", n17, [(a + b) ** 2 * b for a, b in grid]
    )
    parts["Eq. 18 tensor count i·d·d"] = compare_ints(
        "numel(W_tsr) of the Eq. 18 cell vs i·d·d", n18, [a * b * b for a, b in grid]
    )
    parts["Eq. 18 reduces the count"] = compare_ints(
        "Eq. 18 count + 1 <= Eq. 17 count", [m + 1 for m in n18], n17, "<="
    )
    return Evidence(
        "GRURNTN Eq. 18 (asymmetric) and the tensor counts",
        parts=parts,
        sizes=sizes,
        details={
            "grid": grid,
            "eq17": n17,
            "eq18": n18,
            "at_i128_d256": {"eq17": 384**2 * 256, "eq18": 128 * 256 * 256},
        },
    )


def scaled_recurrent(params, device, rng, make):
    """float32 vs float64 unrolling of ``make(dtype, device)`` cells with equal weights,
    plus the fused bilinear term against the slice loop at the first step."""
    import torch

    from ...cells import gated as G

    i, d, L, B = params["input"], params["hidden"], params["length"], params["batch"]
    g = torch_gen(rng)  # CPU generator: cells draw on the CPU
    c64, c32 = make(torch.float64, device, g), make(torch.float32, device, g)
    c32.load_state_dict({k: v.float() for k, v in c64.state_dict().items()})
    x = torch.randn(B, L, i, generator=g, dtype=torch.float64).to(device)
    with torch.no_grad():
        ref, cache = G.run_sequence(c64, x, keep=True)
        got, _ = G.run_sequence(c32, x.float())
        a, b = x[:, 0], cache["u"][0]
        if c64.W_tsr.shape[0] != i:  # Eq. 17: both sides are [x, r ⊙ h]
            a = b = torch.cat([a, b], dim=1)
        W = c64.W_tsr
        loop, scale = G.bilinear_loop(a, b, W), G.bilinear_loop(a.abs(), b.abs(), W.abs())
        parts = {
            "einsum vs loop": compare_values(
                "bilinear einsum vs slice loop (float64, step 1)",
                G.bilinear(a, b, W),
                loop,
                n=W.shape[0] * W.shape[1],
                scale=scale,
            )
        }
    n = _n_rec(L, i, d) + W.shape[0] * W.shape[1]
    parts["float32 vs float64"] = compare_values(
        "cell float32 vs float64", got, ref, n=n, dtype=np.float32
    )
    return Evidence("scaled recurrence", parts=parts, sizes=dict(params))


def scaled_eq17(params, device, rng):
    from ...cells import gated as G

    return scaled_recurrent(
        params,
        device,
        rng,
        lambda dt, dev, g: G.GRURNTN(
            params["input"], params["hidden"], form="eq17", dtype=dt, device=dev, generator=g
        ),
    )


def scaled_eq18(params, device, rng):
    from ...cells import gated as G

    return scaled_recurrent(
        params,
        device,
        rng,
        lambda dt, dev, g: G.GRURNTN(
            params["input"], params["hidden"], form="eq18", dtype=dt, device=dev, generator=g
        ),
    )


def scaled_eq19(params, device, rng):
    from ...cells import gated as G

    return scaled_recurrent(
        params,
        device,
        rng,
        lambda dt, dev, g: G.LSTMRNTN(
            params["input"], params["hidden"], dtype=dt, device=dev, generator=g
        ),
    )


# -- grurntn-eq-19 ---------------------------------------------------------------------
def small_eq19(params, rng):
    import torch

    from ...cells import gated as G

    i, d, L, B = params["input"], params["hidden"], params["length"], params["batch"]
    g = torch_gen(rng)
    parts = {}
    for pe in ("full", "diagonal"):
        cell = G.LSTMRNTN(i, d, peephole=pe, generator=g)
        with torch.no_grad():
            cell.W_tsr.zero_()
        xs = rng.standard_normal((B, L, i))
        ref = np_lstm(params_np(cell), xs, np.zeros((B, d)), np.zeros((B, d)), peephole=pe)
        parts[f"W_tsr = 0 vs peephole LSTM ({pe})"] = compare_values(
            f"LSTMRNTN with W_tsr = 0 vs numpy Eq. 3–7 ({pe} peepholes)",
            _seq(cell, xs),
            ref,
            n=_n_rec(L, i, d),
        )
    W = rng.standard_normal((i, d, d))
    parts["bilinear einsum vs loop"] = _bilinear_part(
        "Eq. 19", rng.standard_normal((B, i)), rng.standard_normal((B, d)), W
    )
    return Evidence(
        "LSTMRNTN Eq. 19–20",
        parts=parts,
        sizes={"input": i, "hidden": d, "length": L, "batch": B},
        details={
            "typing": "Eq. 19 prints [x_t] W^{[1:d]} [h_{t−1}] without ᵀ "
            "(Eq. 18 has it); with row vectors only x W^{[k]} h_{t−1}ᵀ is "
            "typed, and that is what is evaluated"
        },
    )


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


def bracket_typing(name, i, d, rng):
    """Evidence that the printed ``[x] W^{[k]} [h]`` (no ᵀ) is typed, with ``x`` a 1×i row
    and ``h`` a 1×d row (the paper's vectors are rows: x_tW_xc, h_{t−1}W_hc).  Control: the
    ᵀ put on the wrong factor, ``[x]ᵀ W^{[k]} [h]``."""
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
                "the 1×d vector the other terms of the tanh need"
            ),
        },
        control=Evidence(
            f"control (ᵀ on the wrong factor, [x]ᵀ W^[k] [h]) of: {compared}",
            passed=c_ok,
            details={"numpy": c_why},
        ),
    )


def small_eq19_printed(params, rng):
    i, d = params["input"], params["hidden"]
    typing = bracket_typing("Eq. 19 c̃_t", i, d, rng)
    rest = small_eq19(params, rng)
    return Evidence(
        "LSTMRNTN Eq. 19–20 as printed",
        parts={"printed [x_t] W [h_(t−1)] typed": typing.keyed("printed-typed"), **rest.parts},
        sizes=rest.sizes,
        details=rest.details,
    )


def small_eq26_printed(params, rng):
    return Evidence(
        "Eq. 26 a_j as printed",
        parts={
            "printed [x_j] W [h_(j−1)] typed": bracket_typing(
                "Eq. 26 a_j", params["input"], params["hidden"], rng
            ).keyed("printed-typed")
        },
    )


def small_eq26_corrected(params, rng):
    """a_j = x_j W^{[k]} h_{j−1}ᵀ + x_jW_xc + h_{j−1}W_hc + b_c (slice loop, numpy) vs the
    pre-activation of the LSTMRNTN cell's candidate at every step.  Control: the slice
    index and the h-leg of W_tsr swapped (x_j W[:, k, :] h_{j−1}ᵀ)."""
    import torch

    from ...cells import gated as G

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
