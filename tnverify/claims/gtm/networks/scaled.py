"""Scaled (torch) sides of ``gtm-eq-16``, ``gtm-prop-a.2`` and ``gtm-prop-a.3``
(gtm §4.1, Eq. 16; §4.2, Eq. 18–20; App. A, Eq. 21).

Errors are divided by the forward-error scale (the network with absolute weights, see
``grid_tensors.abs_network``) and judged against tolerance(dtype, n, norm=1).
Memory (the "large" the claims catalogue sizes, one H100): Eq. 16 at B = 4096, L = R = 256, T = 1024
runs GeneralizedRNNModule, which keeps every state (T + 1)·B·R: 8.6 GB in float64, then
4.3 GB in float32 (one module at a time) plus the (B, L, R) temporary of one step, 2.1 GiB;
it shares the weights of steps 2 … T−1 (three 256³ cores, 0.4 GB, instead of 1024:
137 GB); grids at
M = 16, T = 6 are 16.7M entries (134 MB float64) plus the level-5 prefix states
(M^5 · R ≤ 4.2M entries) and 16 MiB chunks of the elementwise temporary.
"""

from __future__ import annotations

import numpy as np

from ....conventions import tolerance
from ....generalized.grid import (
    GeneralizedRNN,
    grid_entries,
    grid_tensor,
    random_generalized_rnn,
    random_shallow,
)
from ....generalized.xi import XI_NAMES, get_xi
from ... import Evidence
from ...compare import compare_values
from ..controls import error_with_control
from ..grid_tensors import XI_A3, abs_network

__all__ = ["scaled_eq16", "scaled_prop_a2", "scaled_prop_a3"]


def _one_thread_on_cpu(fn):
    """Run ``fn`` with one torch thread on the CPU (many small steps: one thread is fastest
    on a shared machine, and spinning threads under load cost 100×); restored after."""
    import functools

    @functools.wraps(fn)
    def run(params, device, rng):
        import torch

        if str(device) != "cpu":
            return fn(params, device, rng)
        threads = torch.get_num_threads()
        torch.set_num_threads(1)
        try:
            return fn(params, device, rng)
        finally:
            torch.set_num_threads(threads)

    return run


def _mixed_rnn(M, L, R, T, rng) -> GeneralizedRNN:
    """ξ = max with mixed-sign weights and shared weights at steps 2 … T−1 (App. B's
    shared cores; T distinct 256³ cores would need 137 GB): C ~ N(0, 1/M) (x = Cf is O(1)
    for f ~ U(−1, 1)), 𝒢 ~ N(0, 1/(L·R_{t−1})) (each h entry sums L·R_{t−1} terms of
    random sign, so h stays O(1) over any length)."""
    ranks = [1] + [R] * (T - 1) + [1]
    C = [rng.standard_normal((L, M)) / np.sqrt(M) for _ in range(min(T, 3))]
    G = [
        rng.standard_normal((L, ranks[t], ranks[t + 1])) / np.sqrt(L * ranks[t])
        for t in range(min(T, 2))
    ]
    if T >= 3:
        G.append(rng.standard_normal((L, R, 1)) / np.sqrt(L * R))
    pick = lambda t: t if t < 2 else (1 if t < T - 1 else 2)  # noqa: E731
    return GeneralizedRNN(
        tuple(C[pick(t)] for t in range(T)), tuple(G[pick(t)] for t in range(T)), "relu"
    )


def _step_scale(module, features) -> np.ndarray:
    """Forward-error scale per sample: max over t of max_r (|ξ(x_t, h_{t−1})| · |𝒢^{(t)}|)_r,
    the magnitude of the sums one step of Eq. 16 rounds (h from ``module`` itself)."""
    import torch

    hs = module.hidden_states(features)
    worst = torch.zeros(features.shape[0], dtype=hs[0].dtype, device=hs[0].device)
    for t in range(module.length):
        x = features[:, t].to(hs[0].dtype) @ module.input_matrix(t).T
        X = module.xi.torch(x[:, :, None], hs[t][:, None, :]).abs()
        G = module.core(t)
        worst = torch.maximum(
            worst, (X.reshape(X.shape[0], -1) @ G.abs().reshape(-1, G.shape[2])).amax(dim=1)
        )
    return worst.cpu().numpy()


@_one_thread_on_cpu
def scaled_eq16(params, device, rng) -> Evidence:
    """Batched generalized RNN, ξ = max, mixed-sign weights: the implementation
    :class:`tnverify.cells.generalized.GeneralizedRNNModule` (shared cores and inputs) in
    float64 and float32 on the whole batch vs the numpy oracle
    :meth:`tnverify.generalized.grid.GeneralizedRNN.score` (loop over t, Eq. 16) on a subsample;
    n = T·(M + L·R) operations, errors divided by the per-step magnitude
    (:func:`_step_scale`): the step map of these weights does not expand errors on average
    (random signs, h = O(1)), so the rounding of T steps accumulates at most linearly."""
    import torch

    from ....cells.generalized import GeneralizedRNNModule

    B, M, L, R, T, sub = (params[k] for k in ("B", "M", "L", "R", "T", "subsample"))
    net = _mixed_rnn(M, L, R, T, rng)
    feats = rng.uniform(-1, 1, (B, T, M))
    shared = T >= 4
    sz = {
        "B": B,
        "M": M,
        "L": L,
        "R": R,
        "T": T,
        "subsample": sub,
        "device": str(device),
        "shared_cores": shared,
        "weights": "mixed sign, N(0, 1/fan-in)",
    }
    ref = net.score(feats[:sub])  # float64 loop over t (Eq. 16)
    parts, scale = {}, None  # the forward-error scale, from the float64 pass
    with torch.no_grad():
        for dtype in (torch.float64, torch.float32):
            mod = GeneralizedRNNModule(
                net.C,
                net.G,
                net.xi,
                h0=net.h0,
                shared=shared,
                shared_inputs=shared,
                dtype=dtype,
                device=device,
            )
            f = torch.as_tensor(feats, dtype=dtype, device=device)
            got = mod(f)  # the whole batch
            if dtype == torch.float64:
                scale = _step_scale(mod, f[:sub])
            name = "float64" if dtype == torch.float64 else "float32"
            parts[f"GeneralizedRNNModule {name} vs numpy score (subsample)"] = compare_values(
                f"Eq. 16: GeneralizedRNNModule ({name}, batch of {B}) vs "
                "GeneralizedRNN.score (numpy float64)",
                got[:sub].double().cpu().numpy(),
                ref,
                n=T * (M + L * R),
                scale=scale,
                dtype=np.dtype(name),
                sizes=sz,
                details={
                    "finite_batch": bool(torch.isfinite(got).all()),
                    "max_abs_score": float(got.abs().max()),
                },
            )
            del mod, f, got
    return Evidence("batched ξ = max RNN (implementation) on the device", sizes=sz, parts=parts)


def _grid_parts(net, F, device, rng, samples, n_ops, sz) -> dict:
    """torch float64 grid vs numpy oracle on random entries; float32 grid vs float64."""
    import torch

    M, T = F.shape[0], net.length
    g64 = grid_tensor(net, F, backend="torch", device=device, dtype=torch.float64)
    idx = rng.integers(0, M, size=(samples, T))
    flat = np.ravel_multi_index(tuple(idx.T), (M,) * T)
    lab = f"ξ = {net.xi.label}"
    absnet, absF = abs_network(net), np.abs(F)
    got = g64.reshape(-1)[torch.as_tensor(flat, device=g64.device)].cpu().numpy()
    parts = {
        f"{net.xi.name}: torch grid vs oracle ({samples} entries)": compare_values(
            f"{lab}: vectorised torch float64 grid vs Eq. 14/16 per sequence (numpy) at random "
            "template sequences",
            got,
            grid_entries(net, F, idx),
            n=n_ops,
            scale=grid_entries(absnet, absF, idx),
            labels=idx,
            sizes=sz,
        )
    }
    g32 = grid_tensor(net, F, backend="torch", device=device, dtype=torch.float32)
    scale = grid_tensor(absnet, absF, backend="torch", device=device, dtype=torch.float64)
    err = float(
        ((g32.double() - g64).abs() / scale.clamp_min(torch.finfo(torch.float64).tiny)).max()
    )
    # control: the grid with Fᵀ in place of F (a transposed index)
    Fw = np.ascontiguousarray(F.T)
    gw = grid_tensor(net, Fw, backend="torch", device=device, dtype=torch.float64)
    wrong = float(((gw - g64).abs() / scale.clamp_min(torch.finfo(torch.float64).tiny)).max())
    parts[f"{net.xi.name}: torch float32 grid vs float64"] = error_with_control(
        f"{lab}: whole grid, float32 vs float64 (scaled)",
        err,
        tolerance(np.float32, n=n_ops, norm=1.0),
        wrong,
        "Fᵀ in place of F (a transposed index)",
        sizes=sz,
    )
    del g64, g32, gw, scale
    return parts


@_one_thread_on_cpu
def scaled_prop_a2(params, device, rng) -> Evidence:
    """Eq. 20 grids (prefix reuse, torch) against direct evaluation on sampled entries."""
    M, T, R, samples = params["M"], params["T"], params["R"], params["samples"]
    sz = {"M": M, "T": T, "R": R, "grid_entries": M**T, "device": str(device)}
    parts = {}
    for name in XI_NAMES:
        net = random_shallow(M, T, R, name, rng)
        F = rng.standard_normal((M, M))
        parts.update(_grid_parts(net, F, device, rng, samples, M + T + R, sz))
    return Evidence("Prop. A.2 grids in torch vs direct evaluation", parts=parts, sizes=sz)


@_one_thread_on_cpu
def scaled_prop_a3(params, device, rng) -> Evidence:
    """Prop. A.3 grids (prefix reuse, torch) against direct evaluation on sampled entries."""
    M, T, L, R, samples = (params[k] for k in ("M", "T", "L", "R", "samples"))
    sz = {"M": M, "T": T, "L": L, "R": R, "grid_entries": M**T, "device": str(device)}
    parts = {}
    for name in XI_A3:
        net = random_generalized_rnn(M, T, R, get_xi(name), rng, L=L)
        F = rng.standard_normal((M, M))
        parts.update(_grid_parts(net, F, device, rng, samples, T * (M + L * R), sz))
    return Evidence("Prop. A.3 grids in torch vs direct evaluation", parts=parts, sizes=sz)
