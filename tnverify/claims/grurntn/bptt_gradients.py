"""Gradient checks of grurntn §III-C: Eq. 21–23 (the loss), Eq. 24 (BPTT for
W_tsr in GRURNTN) and Eq. 25–26 (LSTMRNTN).

The hand-written gradient is :func:`tnverify.cells.gated.bptt_w_tsr`; its error signal
∂E/∂h̃_j (∂E/∂c_j) is read two ways: ``total`` (the derivative through every later step,
taken by autograd w.r.t. the intermediate node) and ``local`` (the direct partial of E_j
through the output layer only; zero for j < i).  References: autograd, and central
finite differences

    D(h) = (E(w + h) − E(w − h)) / 2h,   h = (3 eps)^{1/3} · max(1, |w|)

(the step minimising truncation h²|E'''|/6 + rounding eps|E|/h).  Error model of D:
truncation estimated per entry by Richardson, |D(2h) − D(h)| / 3, and rounding
τ_E / h with τ_E = tolerance(float64, n = ops of one evaluation of E, norm = Σ|E terms|);
the FD tolerance is SAFETY · max truncation + max rounding.
"""

from __future__ import annotations

import numpy as np

from ...conventions import SAFETY, Tolerance, tolerance
from .. import Evidence
from ..compare import compare_values
from .forward_passes.baselines import torch_gen

FD_STEP_FACTOR = (3 * np.finfo(np.float64).eps) ** (1 / 3)


def make_lm(model, i, d, V, g, *, f="tanh", dtype=None, device="cpu"):
    """A cell (GRURNTN Eq. 18 or LSTMRNTN, full peepholes) and an output layer
    (``dtype`` default torch.float64)."""
    import torch

    from ...cells import gated as G

    dtype = torch.float64 if dtype is None else dtype
    if model == "gru":
        cell = G.GRURNTN(i, d, f=f, generator=g, dtype=dtype, device=device)
    else:
        cell = G.LSTMRNTN(i, d, generator=g, dtype=dtype, device=device)
    W_hy = (torch.randn(d, V, generator=g, dtype=torch.float64) / np.sqrt(d)).to(
        dtype=dtype, device=device
    )
    b_y = (torch.randn(V, generator=g, dtype=torch.float64) * 0.1).to(dtype=dtype, device=device)
    return cell, W_hy, b_y


def lm_loss(cell, W_hy, b_y, x, y, *, keep=False):
    """``E = Σ_i E_i``, ``E_i = −log softmax(h_i W_hy + b_y)[y_i]`` (Eq. 22–23) summed
    over the batch; returns ``(E, hs, cache)``."""
    import torch

    from ...cells import gated as G

    hs, cache = G.run_sequence(cell, x, keep=keep)
    logp = torch.log_softmax(hs @ W_hy + b_y, dim=-1)
    return -logp.gather(-1, y.unsqueeze(-1)).sum(), hs, cache


def signals(reading, model, cell, W_hy, b_y, x, y, E, hs, cache):
    """Error signals ∂E/∂h̃_j (GRU) or ∂E/∂c_j (LSTM), one ``(B, d)`` per step."""
    import torch

    if reading == "total":
        return list(torch.autograd.grad(E, cache["cand"], retain_graph=True))
    p = torch.softmax(hs.detach() @ W_hy + b_y, dim=-1)
    g_h = (p - torch.nn.functional.one_hot(y, W_hy.shape[1]).to(p.dtype)) @ W_hy.T
    out = []
    for j in range(x.shape[1]):
        if model == "gru":  # h_j = (1 − z_j) h_{j−1} + z_j ⊙ h̃_j
            out.append(g_h[:, j] * cache["gate"][j].detach())
        else:  # h_j = o_j(c_j) ⊙ tanh(c_j), c_j local
            c = cache["cand"][j].detach().requires_grad_(True)
            h_new = cell.output(x[:, j], cache["u"][j].detach(), c)
            out.append(torch.autograd.grad(h_new, c, g_h[:, j])[0])
    return out


def abs_terms(cache, grads, model):
    """``Σ_j Σ_b |δ_j[b,k]| |x_j[b,p]| |u_j[b,q]|`` with δ the true-f′ signal: the
    forward-error scale of each entry of the Eq. 24/25 sum."""
    import torch

    tot = 0.0
    for j, g in enumerate(grads):
        a = cache["a"][j].detach()
        fp = 1 - torch.tanh(a) ** 2 if model == "lstm" else torch.ones_like(a)
        gate = cache["gate"][j].detach() if model == "lstm" else 1.0
        tot = tot + torch.einsum(
            "bp,bq,bk->pqk",
            cache["x"][j].abs(),
            cache["u"][j].detach().abs(),
            (g * fp * gate).abs(),
        )
    return tot


def np_losses(P, Ws, x, y, model, f="tanh"):
    """``E`` (Eq. 22–23) of the LM for each tensor weight ``Ws[K]`` at once, in numpy
    (the printed recurrences; full peepholes for the LSTM); ``x (B, T, i)``, ``y (B, T)``."""
    sig = lambda a: 1 / (1 + np.exp(-a))
    act = {"tanh": np.tanh, "sigmoid": sig, "identity": lambda a: a}[f]
    K, (B, T, _), d = Ws.shape[0], x.shape, Ws.shape[2]
    h, c, E = np.zeros((K, B, d)), np.zeros((K, B, d)), np.zeros(K)
    for t in range(T):
        xt = x[:, t]
        lin = lambda g, hh, xt=xt: xt @ P[f"W_x{g}"] + hh @ P[f"W_h{g}"] + P[f"b_{g}"]
        if model == "gru":
            r, z = sig(lin("r", h)), sig(lin("z", h))
            u = r * h
            a = np.einsum("bp,kpqd,kbq->kbd", xt, Ws, u) + xt @ P["W_xh"] + u @ P["W_hh"] + P["b_h"]
            h = (1 - z) * h + z * act(a)
        else:
            ig, fg = sig(lin("i", h) + c @ P["W_ci"]), sig(lin("f", h) + c @ P["W_cf"])
            a = np.einsum("bp,kpqd,kbq->kbd", xt, Ws, h) + lin("c", h)
            c = fg * c + ig * np.tanh(a)
            h = sig(lin("o", h) + c @ P["W_co"]) * np.tanh(c)
        logits = h @ P["W_hy"] + P["b_y"]
        m = logits.max(-1, keepdims=True)
        logp = logits - m - np.log(np.exp(logits - m).sum(-1, keepdims=True))
        E -= np.take_along_axis(logp, y[None, :, t, None], -1)[..., 0].sum(-1)
    return E


def central_fd(losses, W, n_ops):
    """Central differences of ``losses(Ws) -> (K,)`` w.r.t. every entry of ``W``
    (numpy array), with the Richardson truncation estimate and the rounding bound."""
    import torch

    flat = W.reshape(-1)
    N = flat.size
    steps = FD_STEP_FACTOR * np.maximum(np.abs(flat), 1.0)
    Ws = np.repeat(flat[None], 4 * N + 1, axis=0)
    idx = np.arange(N)
    for m, s in enumerate((1, -1, 2, -2)):
        Ws[m * N + idx, idx] += s * steps
    vals = losses(Ws.reshape(-1, *W.shape))
    d1 = (vals[:N] - vals[N : 2 * N]) / (2 * steps)
    d2 = (vals[2 * N : 3 * N] - vals[3 * N : 4 * N]) / (4 * steps)
    trunc = np.abs(d2 - d1) / 3
    E0 = float(vals[-1])
    # rounding: each E evaluation is off by τ_E; the quotient by τ_E / h
    tau_E = tolerance(np.float64, n=n_ops, norm=abs(E0))
    rnd = float(tau_E) / float(steps.min())
    tol = Tolerance(
        SAFETY * float(trunc.max()) + rnd,
        f"SAFETY * max Richardson truncation |D(2h)−D(h)|/3 + τ_E/h; τ_E: "
        f"{tau_E.rule}; h = (3 eps)^(1/3)·max(1,|w|)",
    )
    return (
        torch.from_numpy(d1.reshape(W.shape)),
        tol,
        {
            "fd_step_min": float(steps.min()),
            "fd_step_max": float(steps.max()),
            "fd_truncation_max": float(trunc.max()),
            "fd_rounding": rnd,
            "loss": E0,
        },
    )


#: The negative control of every FD comparison: the gradient with the h-leg and the slice
#: leg of ∂E/∂W_tsr (i, d, d) swapped, i.e. [x_j]ᵀ[u_j] put on the wrong slice index.
FD_CONTROL = "h-leg and slice leg of the gradient swapped"


def _vs_fd(name, value, fd, fd_tol, extra_tol=0.0):
    import torch

    value = torch.as_tensor(value)
    err = float((value - fd).abs().max())
    tol = Tolerance(float(fd_tol) + float(extra_tol), fd_tol.rule + " (+ formula tolerance)")
    ok = err <= float(tol)
    k = int((value - fd).abs().argmax())
    c_err = float((value.transpose(1, 2) - fd).abs().max())
    control = Evidence(
        f"control ({FD_CONTROL}) of: {name}",
        error=c_err,
        tolerance=tol,
        details={"variant": FD_CONTROL},
    )
    return Evidence(
        name,
        error=err,
        tolerance=tol,
        control=control,
        counterexample=None
        if ok
        else {
            "entry": np.unravel_index(k, tuple(fd.shape)),
            "value": float(value.reshape(-1)[k]),
            "finite_difference": float(fd.reshape(-1)[k]),
        },
    )


def bptt_evidence(params, rng, *, model, fprime, readings=("total", "local"), f="tanh"):
    """Eq. 24 (``model="gru"``) / Eq. 25 (``"lstm"``) under each reading of the error
    signal, against autograd and central finite differences (small side, float64)."""
    import torch

    from ...cells import gated as G

    i, d, V, T, B = (params[k] for k in ("input", "hidden", "vocab_size", "length", "batch"))
    g = torch_gen(rng)
    cell, W_hy, b_y = make_lm(model, i, d, V, g, f=f)
    x = torch.randn(B, T, i, generator=g, dtype=torch.float64)
    y = torch.randint(V, (B, T), generator=g)
    E, hs, cache = lm_loss(cell, W_hy, b_y, x, y, keep=True)
    auto = torch.autograd.grad(E, cell.W_tsr, retain_graph=True)[0]
    n_ops = T * (i + 3 * d + V)  # longest chain: T steps of width i + 3d, softmax V
    P = {k: v.detach().numpy() for k, v in cell.named_parameters()}
    P.update(W_hy=W_hy.numpy(), b_y=b_y.numpy())
    fd, fd_tol, fd_det = central_fd(
        lambda Ws: np_losses(P, Ws, x.numpy(), y.numpy(), model, f), P["W_tsr"], n_ops
    )
    fd_det["loss_torch_minus_numpy"] = float(E.detach()) - fd_det["loss"]
    sizes = {"input": i, "hidden": d, "vocab_size": V, "length": T, "batch": B}
    base = {
        "autograd vs central FD": _vs_fd(
            "autograd ∂E/∂W_tsr vs central differences", auto, fd, fd_tol
        ).keyed("autograd-vs-fd")
    }
    total_sig = signals("total", model, cell, W_hy, b_y, x, y, E, hs, cache)
    scale = abs_terms(cache, total_sig, model)
    out = {}
    for rd in readings:
        sig = signals(rd, model, cell, W_hy, b_y, x, y, E, hs, cache)
        got = G.bptt_w_tsr(cache, sig, f=f, fprime=fprime, model=model)
        parts = {}
        if model == "gru" and f == "tanh":
            # the edit by itself, checkable by hand: f′ at a = 1 against d/da tanh(a) =
            # 1/cosh²(a) (0.419974; the printed (1 − tanh a)² gives 0.056837)
            one = np.array([1.0])
            f1 = (1 - np.tanh(one)) ** 2 if fprime == "printed" else 1 - np.tanh(one) ** 2
            parts["f′(a) at a = 1 vs d/da tanh(a) = 1/cosh²(a)"] = compare_values(
                f"{'printed (1 − tanh a)²' if fprime == 'printed' else '1 − tanh² a'} vs "
                "d/da tanh(a) = 1/cosh²(a), at a = 1",
                f1,
                1 / np.cosh(one) ** 2,
                n=4,
                labels=["a = 1"],
            ).keyed("fprime-at-1")
        parts.update(base)
        parts["formula vs autograd"] = compare_values(
            f"Eq. {'24' if model == 'gru' else '25'} ({rd} ∂E/∂{'h̃' if model == 'gru' else 'c'}_j, "
            f"{fprime} f′) vs autograd",
            got,
            auto,
            n=n_ops,
            scale=scale,
        ).keyed("formula-vs-autograd")
        ftol = float(parts["formula vs autograd"].tolerance) * float(scale.max())
        parts["formula vs central FD"] = _vs_fd(
            "formula vs central differences", got, fd, fd_tol, ftol
        )
        if model == "gru" and f == "tanh":
            a = torch.cat([t.detach().reshape(-1) for t in cache["a"]])
            printed = (1 - torch.tanh(a)) ** 2 if fprime == "printed" else 1 - torch.tanh(a) ** 2
            parts["f′ used vs d/da tanh"] = compare_values(
                f"{fprime} f′(a_j) vs 1 − tanh²(a_j) at the a_j of the run",
                printed,
                1 - torch.tanh(a) ** 2,
                n=4,
                labels=[f"a={v:.6g}" for v in a.tolist()],
            ).keyed("fprime-vs-tanh")
        out[rd] = Evidence(f"reading {rd!r}", parts=parts, sizes=sizes)
    return out, sizes, fd_det


def small_eq24(params, rng):
    rds, sizes, det = bptt_evidence(params, rng, model="gru", fprime="printed")
    return Evidence(
        "Eq. 24 as printed (f′ = (1 − f)² for tanh) vs autograd and FD",
        readings=rds,
        sizes=sizes,
        details=det,
    )


def small_eq24_corrected(params, rng):
    rds, sizes, det = bptt_evidence(params, rng, model="gru", fprime="true", readings=("total",))
    sig, _, _ = bptt_evidence(
        params, rng, model="gru", fprime="printed", readings=("total",), f="sigmoid"
    )
    return Evidence(
        "Eq. 24 with f′ = 1 − tanh², total ∂E/∂h̃_j; and f = σ as printed",
        parts={
            "tanh, corrected f′": rds["total"].keyed("tanh-corrected"),
            "sigmoid, printed f′ = f(1 − f)": sig["total"],
        },
        sizes=sizes,
        details=det,
    )


def small_eq25(params, rng):
    rds, sizes, det = bptt_evidence(params, rng, model="lstm", fprime="true")
    return Evidence("Eq. 25 vs autograd and FD", readings=rds, sizes=sizes, details=det)


def scaled_bptt(params, device, rng, *, model, fprime, readings=("total", "local")):
    """float32 Eq. 24/25 kernel (error signals from float32 autograd) vs the float64
    autograd gradient.  Large case (i = 64, d = 512, L = 128, B = 8): W_tsr 16.7 M entries,
    the graph keeps L·B·i·d ≈ 34 M floats of bilinear temporaries."""
    import torch

    from ...cells import gated as G

    i, d, V, T, B = (params[k] for k in ("input", "hidden", "vocab_size", "length", "batch"))
    g = torch_gen(rng)
    c64, W_hy, b_y = make_lm(model, i, d, V, g, device=device)
    # initialised from the seeded generator (never torch's global RNG), then overwritten
    cell = G.GRURNTN if model == "gru" else G.LSTMRNTN
    c32 = cell(i, d, dtype=torch.float32, device=device, generator=g)
    c32.load_state_dict({k: v.float() for k, v in c64.state_dict().items()})
    x = torch.randn(B, T, i, generator=g, dtype=torch.float64).to(device)
    y = torch.randint(V, (B, T), generator=g).to(device)
    E64, _, cache64 = lm_loss(c64, W_hy, b_y, x, y, keep=True)
    auto = torch.autograd.grad(E64, c64.W_tsr, retain_graph=True)[0]
    scale = abs_terms(cache64, list(torch.autograd.grad(E64, cache64["cand"])), model)
    E, hs, cache = lm_loss(c32, W_hy.float(), b_y.float(), x.float(), y, keep=True)
    n_ops = T * (i + 3 * d + V)
    out = {}
    for rd in readings:
        sig = signals(rd, model, c32, W_hy.float(), b_y.float(), x.float(), y, E, hs, cache)
        got = G.bptt_w_tsr(cache, sig, fprime=fprime, model=model)
        out[rd] = compare_values(
            f"float32 Eq. {'24' if model == 'gru' else '25'} kernel "
            f"({rd}, {fprime} f′) vs float64 autograd",
            got,
            auto,
            n=n_ops,
            scale=scale,
            dtype=np.float32,
        )
    return Evidence("scaled BPTT kernel vs autograd", readings=out, sizes=dict(params))


# -- grurntn-eq-21 ---------------------------------------------------------------------
def small_eq21(params, rng):
    import torch

    from ...cells import gated as G

    T, V = params["length"], params["vocab_size"]
    p = rng.uniform(0.05, 1.0, size=T)
    logs = np.log(p)
    parts = {
        "(22) vs (23), random conditionals": compare_values(
            "−log Π p_i vs −Σ log p_i",
            -np.log(np.prod(p)),
            -logs.sum(),
            n=2 * T,
            scale=np.abs(logs).sum(),
            control=-logs.mean(),
            control_label="the per-token mean −(1/T) Σ log p_i (a wrong normalisation)",
        )
    }
    g = torch_gen(rng)
    cell, W_hy, b_y = make_lm("gru", params["input"], params["hidden"], V, g)
    x = torch.randn(1, T, params["input"], generator=g, dtype=torch.float64)
    y = torch.randint(V, (1, T), generator=g)
    hs, _ = G.run_sequence(cell, x)
    logp = torch.log_softmax(hs @ W_hy + b_y, -1).gather(-1, y.unsqueeze(-1)).reshape(-1)
    E22 = -torch.log(torch.prod(torch.exp(logp)))
    E23 = -logp.sum()
    ps = list(cell.parameters())
    g22, g23 = torch.autograd.grad(E22, ps, retain_graph=True), torch.autograd.grad(E23, ps)
    n = T * (params["input"] + 3 * params["hidden"] + V)
    parts["(22) vs (23), GRURNTN LM loss"] = compare_values(
        "E by −log Π vs −Σ log", E22, E23, n=n, scale=float(logp.detach().abs().sum())
    )
    flat22 = torch.cat([t.reshape(-1) for t in g22])
    flat23 = torch.cat([t.reshape(-1) for t in g23])
    parts["(22) vs (23), autograd gradients"] = compare_values(
        "∇E(22) vs ∇E(23), all cell parameters",
        flat22,
        flat23,
        n=n,
        scale=float(flat23.abs().max()),
    )
    return Evidence("Eq. 22 vs Eq. 23", parts=parts, sizes={"length": T, "vocab_size": V})
