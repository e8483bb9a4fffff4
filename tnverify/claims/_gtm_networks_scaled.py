"""Scaled (torch) sides of ``gtm-eq-16``, ``gtm-prop-a.2`` and ``gtm-prop-a.3``
(seed 004 (gtm) §4.1, Eq. 16; §4.2, Eq. 18–20; App. A, Eq. 21).

Errors are divided by the forward-error scale (the network with absolute weights, see
``_gtm_networks_grid.abs_network``) and judged against tolerance(dtype, n, norm=1).
Memory (the "large" CLAIMS.md sizes, one H100): Eq. 16 at B = 4096, L = R = 256 holds the
(B, L, R) temporary of one step, 2.1 GiB in float64 plus 1.1 GiB in float32, and shares the
weights of steps 2 … T−1 (three 256³ cores, 0.4 GB, instead of 1024: 137 GB); grids at
M = 16, T = 6 are 16.7M entries (134 MB float64) plus the level-5 prefix states
(M^5 · R ≤ 4.2M entries) and 16 MiB chunks of the elementwise temporary.
"""

from __future__ import annotations

import numpy as np

from . import Evidence
from ._gtm_networks_grid import XI_A3, abs_network
from .compare import compare_values
from ..conventions import tolerance
from ..grid import (GeneralizedRNN, grid_entries, grid_tensor, random_generalized_rnn,
                    random_shallow)
from ..xi import XI_NAMES, get_xi

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


def _nonneg_rnn(M, L, R, T, rng) -> GeneralizedRNN:
    """ξ = max with nonnegative weights and shared weights at steps 2 … T−1 (App. B's
    shared cores; T distinct 256³ cores would need 137 GB): C ~ U(0, 1)/M,
    𝒢 ~ U(0, 2/(L·R_{t−1})), so the network equals its forward-error scale and h stays
    O(1) over any length."""
    ranks = [1] + [R] * (T - 1) + [1]
    C = [rng.uniform(0, 1, (L, M)) / M for _ in range(min(T, 3))]
    G = [rng.uniform(0, 2.0 / (L * ranks[t]), (L, ranks[t], ranks[t + 1]))
         for t in range(min(T, 2))]
    if T >= 3:
        G.append(rng.uniform(0, 2.0 / (L * R), (L, R, 1)))
    pick = lambda t: t if t < 2 else (1 if t < T - 1 else 2)  # noqa: E731
    return GeneralizedRNN(tuple(C[pick(t)] for t in range(T)),
                          tuple(G[pick(t)] for t in range(T)), "relu")


@_one_thread_on_cpu
def scaled_eq16(params, device, rng) -> Evidence:
    """Batched generalized RNN, ξ = max: torch float64 over the whole length vs the numpy
    loop over t on a subsample (n = T·(M + L·R)); torch float32 one step from the float64
    state vs the float64 step, at every step (n = M + L·R)."""
    import torch
    B, M, L, R, T, sub = (params[k] for k in ("B", "M", "L", "R", "T", "subsample"))
    net = _nonneg_rnn(M, L, R, T, rng)
    feats = rng.uniform(0, 1, (B, T, M))
    kw = dict(dtype=torch.float64, device=device)
    cache = {}                      # shared weights are one array: convert each once

    def dev(a):
        if id(a) not in cache:
            cache[id(a)] = torch.as_tensor(a.reshape(a.shape[0], -1) if a.ndim == 2
                                           else a.reshape(-1, a.shape[2]), **kw)
        return cache[id(a)]
    C, G = [dev(c) for c in net.C], [dev(g) for g in net.G]
    f32 = {id(a): a.float() for a in C + G}
    f = torch.as_tensor(feats, **kw)
    h = torch.zeros(B, 1, **kw)                        # h^{(0)} = 0, the unit of max
    worst32 = 0.0
    with torch.no_grad():
        for t in range(T):
            x = f[:, t] @ C[t].T
            nxt = torch.clamp(torch.maximum(x[:, :, None], h[:, None, :]), min=0).reshape(
                B, -1) @ G[t]
            x32 = f[:, t].float() @ f32[id(C[t])].T
            n32 = torch.clamp(torch.maximum(x32[:, :, None], h.float()[:, None, :]),
                              min=0).reshape(B, -1) @ f32[id(G[t])]
            rel = ((n32.double() - nxt).abs() / nxt.abs().clamp_min(
                torch.finfo(torch.float64).tiny)).max()
            worst32 = max(worst32, float(rel))
            h = nxt
            del x, x32, n32
    got = h[:sub, 0].cpu().numpy()
    ref = net.score(feats[:sub])                        # float64 loop over t (Eq. 16)
    sz = {"B": B, "M": M, "L": L, "R": R, "T": T, "subsample": sub, "device": str(device),
          "shared_cores": net.shared and net.shared_inputs}
    return Evidence("batched ξ = max RNN on the device", sizes=sz, parts={
        "torch float64 vs numpy loop (subsample)": compare_values(
            "Eq. 16 batched torch float64 vs GeneralizedRNN.score (numpy float64)", got,
            ref, n=T * (M + L * R), scale=np.abs(ref), sizes=sz),
        "torch float32 step vs float64 step (every t)": Evidence(
            "one float32 step of Eq. 16 from the float64 state vs the float64 step, worst "
            "over all t and the batch", error=worst32,
            tolerance=tolerance(np.float32, n=M + L * R, norm=1.0), sizes=sz)})


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
    parts = {f"{net.xi.name}: torch grid vs oracle ({samples} entries)": compare_values(
        f"{lab}: vectorised torch float64 grid vs Eq. 14/16 per sequence (numpy) at random "
        "template sequences", got, grid_entries(net, F, idx), n=n_ops,
        scale=grid_entries(absnet, absF, idx), labels=idx, sizes=sz)}
    g32 = grid_tensor(net, F, backend="torch", device=device, dtype=torch.float32)
    scale = grid_tensor(absnet, absF, backend="torch", device=device, dtype=torch.float64)
    err = float(((g32.double() - g64).abs() / scale.clamp_min(
        torch.finfo(torch.float64).tiny)).max())
    parts[f"{net.xi.name}: torch float32 grid vs float64"] = Evidence(
        f"{lab}: whole grid, float32 vs float64 (scaled)", error=err,
        tolerance=tolerance(np.float32, n=n_ops, norm=1.0), sizes=sz)
    del g64, g32, scale
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
