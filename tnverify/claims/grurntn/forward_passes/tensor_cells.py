"""Forward-pass checks of grurntn's tensor cells: Eq. 15–16 (the RecNTN bilinear parent),
Eq. 17–18 (GRURNTN, symmetric and asymmetric bilinear forms) and Eq. 19–20 (LSTMRNTN),
against the numpy references of :mod:`.baselines` and the cells of
:mod:`tnverify.cells.gated` (tolerances as stated there).
"""

from __future__ import annotations

import numpy as np

from ... import Evidence
from ...compare import compare_ints, compare_values
from .baselines import (
    bilinear_part,
    np_gru,
    np_lstm,
    params_np,
    recurrence_ops,
    run_cell,
    slice_loop_np,
    torch_gen,
)


# -- grurntn-eq-15 ---------------------------------------------------------------------
def small_eq15(params, rng):
    import torch

    from ....cells import gated as G

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
        "Eq. 15 bilinear": bilinear_part("Eq. 15", v1, v1, Wt),
        "Eq. 16 bilinear": bilinear_part("Eq. 16", v2, v2, Wt),
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

    from ....cells import gated as G

    return torch.cat(
        [G.bilinear(x[s : s + chunk], u[s : s + chunk], W) for s in range(0, x.shape[0], chunk)]
    )


def scaled_bilinear(params, device, rng):
    """float32 fused (chunked) einsum vs float64 slice loop, ``W (p, q, d)``.  Large case
    memory (p = q = 1024, d = 512, B = 4096): W 4.3 GB (f64) + 2.1 GB (f32); einsum
    temporary chunk·p·d·4 B = 0.5 GB at chunk = 256."""
    import torch

    from ....cells import gated as G

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
    from ....cells import gated as G

    i, d, L, B = params["input"], params["hidden"], params["length"], params["batch"]
    cell = G.GRURNTN(i, d, form=form, generator=torch_gen(rng))
    P = params_np(cell)
    xs, h0 = rng.standard_normal((B, L, i)), np.zeros((B, d))
    want = (i, d, d) if form == "eq18" else (i + d, i + d, d)
    hs = run_cell(cell, xs)
    parts = {
        "shapes": compare_ints(
            "W_tsr shape and h_t shape", [*P["W_tsr"].shape, *hs.shape[::2]], [*want, B, d]
        ),
        "forward vs literal": compare_values(
            f"GRURNTN ({form}) vs numpy Eq. {form[2:]}",
            hs,
            np_gru(P, xs, h0, form=form),
            n=recurrence_ops(L, i, d) + int(np.prod(want[:2])),
        ),
    }
    u = rng.standard_normal((B, d))
    x = xs[:, 0]
    v = (x, u) if form == "eq18" else (np.concatenate([x, u], 1),) * 2
    parts["bilinear einsum vs loop"] = bilinear_part(f"Eq. {form[2:]}", *v, P["W_tsr"])
    return parts, {"input": i, "hidden": d, "length": L, "batch": B}


def small_eq17(params, rng):
    parts, sizes = small_grurntn(params, rng, "eq17")
    return Evidence("GRURNTN Eq. 17", parts=parts, sizes=sizes)


def small_eq18(params, rng):
    import torch

    from ....cells import gated as G

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

    from ....cells import gated as G

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
    n = recurrence_ops(L, i, d) + W.shape[0] * W.shape[1]
    parts["float32 vs float64"] = compare_values(
        "cell float32 vs float64", got, ref, n=n, dtype=np.float32
    )
    return Evidence("scaled recurrence", parts=parts, sizes=dict(params))


def scaled_eq17(params, device, rng):
    from ....cells import gated as G

    return scaled_recurrent(
        params,
        device,
        rng,
        lambda dt, dev, g: G.GRURNTN(
            params["input"], params["hidden"], form="eq17", dtype=dt, device=dev, generator=g
        ),
    )


def scaled_eq18(params, device, rng):
    from ....cells import gated as G

    return scaled_recurrent(
        params,
        device,
        rng,
        lambda dt, dev, g: G.GRURNTN(
            params["input"], params["hidden"], form="eq18", dtype=dt, device=dev, generator=g
        ),
    )


def scaled_eq19(params, device, rng):
    from ....cells import gated as G

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

    from ....cells import gated as G

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
            run_cell(cell, xs),
            ref,
            n=recurrence_ops(L, i, d),
        )
    W = rng.standard_normal((i, d, d))
    parts["bilinear einsum vs loop"] = bilinear_part(
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
