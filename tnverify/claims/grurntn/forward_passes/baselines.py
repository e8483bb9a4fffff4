"""Forward-pass checks of grurntn's baseline cells, Eq. 8–11 (GRU and its torch mapping),
with the numpy references of the printed GRU, Cho et al.'s GRU and the LSTM and the helpers
the tensor cells (:mod:`.tensor_cells`, :mod:`.brackets`) share.

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

from ... import Evidence
from ...compare import compare_values

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


def run_cell(cell, xs_np):
    import torch

    from ....cells import gated as G

    hs, _ = G.run_sequence(
        cell,
        torch.from_numpy(xs_np).to(cell.W_xh.dtype if hasattr(cell, "W_xh") else cell.W_xc.dtype),
    )
    return hs


def recurrence_ops(L, i, d):
    return L * (i + 2 * d)


def bilinear_part(name, x, u, W):
    import torch

    from ....cells import gated as G

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

    from ....cells import gated as G

    i, d, L, B = params["input"], params["hidden"], params["length"], params["batch"]
    g = torch_gen(rng)
    before = G.GRUCell(i, d, reset="before", generator=g)
    after = G.GRUCell(i, d, reset="after")
    after.load_state_dict(before.state_dict())
    P = params_np(before)
    xs, h0 = rng.standard_normal((B, L, i)), np.zeros((B, d))
    ref = np_gru(P, xs, h0)
    n = recurrence_ops(L, i, d)
    parts = {
        "Eq. 8–11 vs Cho et al. Eq. 5–8 (z ↦ 1 − z)": compare_values(
            "Cho (2014) GRU with W_z = −W_xzᵀ vs Eq. 8–11", np_cho(P, xs, h0), ref, n=n
        ).keyed("vs-cho"),
        "Eq. 8–11 vs GRUCell(reset='before')": compare_values(
            "tnverify GRUCell vs Eq. 8–11",
            run_cell(before, xs),
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

    from ....cells import gated as G

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
    n = recurrence_ops(L, i, d)
    parts = {
        "float32 vs float64": compare_values(
            "GRUCell float32 vs float64", got, ref, n=n, dtype=np.float32
        ),
        "torch.nn.GRUCell vs GRUCell(reset='after')": compare_values(
            "torch.nn.GRUCell (mapped) vs tnverify GRUCell", tor, ref, n=n
        ),
    }
    return Evidence("scaled GRU", parts=parts, sizes={"hidden": d, "length": L, "batch": B})
