"""Scaled (torch) sides of the RNN-equivalence claims of ttlm App. B and thesis §5.3 (the
same statements in both papers, so the checks live beside the claims framework rather than
in one paper's folder): the structured cell (2-RNN,
RAC, MI-RNN) against the generic TT-core cell with ``G`` materialised
(:class:`~tnverify.cells.recurrent.TTCoreRNN`, and :class:`~tnverify.cells.ttlm.TTScorer`
with tied sites for the linear models) — outputs and autograd gradients, float64 vs
float32.

Error scales: every slice is norm-preserving — the 2-RNN draws an orthogonal ``T_w`` per
word; the RAC an orthogonal ``W^{hh}`` and ``W^{hx} ∈ {±1}`` — so, with ``|tanh z| ≤ |z|``
and ``tanh' ≤ 1``, ``|h^{(t)}_i| ≤ ‖h^{(0)}‖₂`` and the back-propagated ``|δ^{(t)}_i| ≤
‖u‖₂`` at every step: values neither vanish nor explode, and a chain of ``L`` steps of
``R``-term sums has forward error ``≲ L·R·eps·‖h^{(0)}‖₂`` (``n = L·R``).  A gradient
entry of word ``w`` sums one term ``δ_i·h_k`` (``|·| ≤ ‖u‖₂‖h^{(0)}‖₂``) per occurrence
of ``w`` in the batch: scale ``count_w·‖u‖₂‖h^{(0)}‖₂`` per word (``B·L·…`` for
``W^{hh}``, which every step uses), ``n = L·R + B·L``.
"""

from __future__ import annotations

from .compare import compare_values
from .evidence import Evidence

__all__ = ["scaled_second_order", "scaled_rac"]


def _setup(params, device, rng):
    import torch

    V, R, L, B = (int(params[k]) for k in ("vocab_size", "rank", "length", "batch"))
    g = torch.Generator(device).manual_seed(int(rng.integers(2**62)))
    tok = torch.randint(0, V, (B, L), generator=g, device=device)
    return V, R, L, B, g, tok


def _sizes(V, R, L, B, device, h0, u):
    """Sizes and error scales (module docstring): ``h_scale = ‖h^{(0)}‖₂`` bounds every
    hidden entry, ``grad_term = ‖u‖₂‖h^{(0)}‖₂`` every gradient term and score."""
    hn = float(h0.norm())
    return {
        "vocab_size": V,
        "rank": R,
        "length": L,
        "batch": B,
        "device": device,
        "n_out": L * R,
        "n_grad": L * R + B * L,
        "h_scale": hn,
        "grad_term": float(u.norm()) * hn,
    }


def _grad_scale(name, sizes, tok):
    """Per-entry forward-error scale of ``∂ loss/∂name``: ``count_w · grad_term`` for the
    entries of word ``w`` (``count_w`` = its occurrences in ``tok``, at least 1), and
    ``B·L · grad_term`` for ``W_hh`` (used at every step).  Shaped to broadcast against
    ``T (|V|, R, R)``, ``G (R, |V|, R)``, ``W_hx (R, |V|)``."""
    import torch

    term = sizes["grad_term"]
    if name == "W_hh":
        return tok.numel() * term
    counts = torch.bincount(tok.reshape(-1), minlength=sizes["vocab_size"]).clamp(min=1)
    per_word = counts.to(torch.float64) * term
    shapes = {"T": (-1, 1, 1), "G": (1, -1, 1), "W_hx": (1, -1)}
    return per_word.reshape(shapes[name])


def _loss_grads(cell, tok, u, names):
    out = cell(tok)
    loss = (out @ u.to(out.dtype)).sum()
    grads = __import__("torch").autograd.grad(loss, [getattr(cell, n) for n in names])
    return out.detach(), [x.detach() for x in grads]


def _scorer_parts(G, h0, u, tok, ref_out, ref_grad_G, sizes):
    """TTScorer (tied sites, G materialised) vs the structured linear cell: scores and
    ∂/∂G (mapped back from the scorer's three distinct cores)."""
    import torch

    from ..cells.ttlm import TTScorer

    L = tok.shape[1]
    cores = [torch.einsum("p,piq->iq", h0, G)[None], G, torch.einsum("piq,q->pi", G, u)[..., None]]
    sc = TTScorer(cores, sites=[0] + [1] * (L - 2) + [2], dtype=G.dtype, device=str(G.device))
    score = sc(tok)
    score.sum().backward()
    g0, g1, g2 = (c.grad for c in sc.core_list)
    dG = g1 + torch.einsum("p,iq->piq", h0, g0[0]) + torch.einsum("pi,q->piq", g2[..., 0], u)
    n = L * G.shape[0]
    return {
        "linear: TTScorer (tied) vs structured, scores": compare_values(
            "TTScorer score vs structured h_L·u (float64)",
            score.detach(),
            ref_out @ u,
            n=n,
            scale=sizes["out_scale"],
        ),
        "linear: TTScorer (tied) vs structured, ∂/∂G": compare_values(
            "TTScorer core gradients (tied, summed) vs structured gradient mapped to G",
            dG,
            ref_grad_G,
            n=n + tok.shape[0] * L,
            scale=_grad_scale("G", sizes, tok),
        ),
    }


def _compare_dtypes(label, make, tok, u, names, to_G, sizes, generic):
    """Structured vs generic (float64) and float32 vs float64, outputs and gradients."""
    import torch

    n_out, n_grad = sizes["n_out"], sizes["n_grad"]
    out64, gr64 = _loss_grads(make(torch.float64), tok, u, names)
    out32, gr32 = _loss_grads(make(torch.float32), tok, u, names)
    parts = {
        f"{label}: float32 vs float64, outputs": compare_values(
            "structured cell float32 vs float64",
            out32,
            out64,
            n=n_out,
            scale=sizes["h_scale"],
            dtype="float32",
        )
    }
    for name, a, b in zip(names, gr32, gr64):
        parts[f"{label}: float32 vs float64, ∂/∂{name}"] = compare_values(
            f"autograd ∂/∂{name}, float32 vs float64",
            a,
            b,
            n=n_grad,
            scale=_grad_scale(name, sizes, tok),
            dtype="float32",
        )
    if generic is not None:
        gout, (gG,) = _loss_grads(generic(torch.float64), tok, u, ["G"])
        parts[f"{label}: generic TT-core cell vs structured, outputs"] = compare_values(
            "TTCoreRNN (G materialised) vs structured cell, float64",
            gout,
            out64,
            n=n_out,
            scale=sizes["h_scale"],
        )
        parts[f"{label}: generic TT-core cell vs structured, ∂/∂G"] = compare_values(
            "TTCoreRNN ∂/∂G vs structured gradient mapped to G",
            gG,
            to_G(gr64),
            n=n_grad,
            scale=_grad_scale("G", sizes, tok),
        )
    return parts, out64, gr64


def scaled_second_order(params, device, rng):
    import torch

    from .. import equivalences as eq
    from ..cells.recurrent import SecondOrderRNN, TTCoreRNN

    V, R, L, B, g, tok = _setup(params, device, rng)
    f64 = dict(dtype=torch.float64, device=device)
    # orthogonal T_w (QR of Gaussians): ‖T_w h‖ = ‖h‖, nothing vanishes over L steps
    T = torch.linalg.qr(torch.randn(V, R, R, generator=g, **f64))[0]
    h0 = torch.rand(R, generator=g, **f64) * 2 - 1
    u = torch.randn(R, generator=g, **f64)
    G = eq.second_order_to_tt_core(T)
    sizes = _sizes(V, R, L, B, device, h0, u)
    parts = {}
    for phi in ("tanh", None):
        p, out64, gr64 = _compare_dtypes(
            f"φ={phi or 'id'}",
            lambda dt: SecondOrderRNN(T, phi=phi, h0=h0, dtype=dt, device=device),
            tok,
            u,
            ["T"],
            lambda gr: eq.second_order_to_tt_core(gr[0]),
            sizes,
            lambda dt: TTCoreRNN(G, phi=phi, h0=h0, dtype=dt, device=device),
        )
        parts.update(p)
    if L >= 2:
        parts.update(
            _scorer_parts(
                G,
                h0,
                u,
                tok,
                out64,
                eq.second_order_to_tt_core(gr64[0]),
                {**sizes, "out_scale": sizes["grad_term"]},
            )
        )
    return Evidence(
        "2-RNN cell vs generic TT-core cell and TTScorer: outputs, gradients, float32 vs float64",
        parts=parts,
        sizes=sizes,
    )


def scaled_rac(params, device, rng):
    import torch

    from .. import equivalences as eq
    from ..cells.recurrent import MIRNN, RAC

    V, R, L, B, g, tok = _setup(params, device, rng)
    f64 = dict(dtype=torch.float64, device=device)
    Q, _ = torch.linalg.qr(torch.randn(R, R, generator=g, **f64))  # orthogonal W^{hh}
    X = torch.sign(torch.rand(R, V, generator=g, **f64) - 0.5)  # W^{hx} ∈ {±1}
    h0 = torch.randn(R, generator=g, **f64)
    u = torch.randn(R, generator=g, **f64)
    sizes = _sizes(V, R, L, B, device, h0, u)
    generic = bool(params.get("generic", True))
    G = eq.rac_to_tt_core(X, Q) if generic else None

    parts = {}
    for label, cls, phi in (("RAC", RAC, None), ("MI-RNN φ=tanh", MIRNN, "tanh")):
        make = (
            (lambda dt, c=cls: c(X, Q, h0=h0, dtype=dt, device=device))
            if cls is RAC
            else (lambda dt, c=cls: c(X, Q, phi=phi, h0=h0, dtype=dt, device=device))
        )
        p, out64, gr64 = _compare_dtypes(label, make, tok, u, ["W_hx", "W_hh"], None, sizes, None)
        parts.update(p)
        if generic:
            parts.update(_generic_rac(label, phi, G, X, Q, h0, u, tok, out64, gr64, sizes, device))
    parts["δ-einsum (G never materialised) vs RAC cell"] = _delta_part(X, Q, h0, tok[:8], sizes)
    return Evidence(
        "RAC / MI-RNN cells vs δ-einsum and generic TT-core cell: outputs, "
        "gradients, float32 vs float64",
        parts=parts,
        sizes=sizes,
    )


def _generic_rac(label, phi, G, X, Q, h0, u, tok, out64, gr64, sizes, device):
    """Generic cell with G materialised: outputs, and its ∂/∂G pulled back through
    G = rac_to_tt_core(W_hx, W_hh) (vector–Jacobian product) vs the structured grads."""
    import torch

    from .. import equivalences as eq
    from ..cells.recurrent import TTCoreRNN

    gen = TTCoreRNN(G, phi=phi, h0=h0, device=device)
    gout, (gG,) = _loss_grads(gen, tok, u, ["G"])
    Xl, Ql = X.clone().requires_grad_(), Q.clone().requires_grad_()
    pulled = torch.autograd.grad(eq.rac_to_tt_core(Xl, Ql), (Xl, Ql), grad_outputs=gG)
    parts = {
        f"{label}: generic TT-core cell vs structured, outputs": compare_values(
            "TTCoreRNN (G materialised) vs structured cell, float64",
            gout,
            out64,
            n=sizes["n_out"],
            scale=sizes["h_scale"],
        )
    }
    for name, a, b in zip(("W_hx", "W_hh"), pulled, gr64):
        parts[f"{label}: generic ∂/∂G pulled back vs structured ∂/∂{name}"] = compare_values(
            f"vjp of rac_to_tt_core applied to TTCoreRNN ∂/∂G vs autograd ∂/∂{name}",
            a,
            b,
            n=sizes["n_grad"] + G.shape[0],
            scale=_grad_scale(name, sizes, tok),
        )
    if phi is None and tok.shape[1] >= 2:
        dG = torch.autograd.grad((gen(tok) @ u).sum(), gen.G)[0]
        parts.update(
            {
                f"{label}: {k}": v
                for k, v in _scorer_parts(
                    G, h0, u, tok, out64, dG, {**sizes, "out_scale": sizes["grad_term"]}
                ).items()
            }
        )
    return parts


def _delta_part(X, Q, h0, tok, sizes):
    """z_o = Σ_{j,k} (W^{hx} f)_j δ_{jok} (W^{hh} h)_k with an explicit δ ∈ ℝ^{R×R×R}."""
    import torch

    from ..cells.recurrent import RAC

    R = Q.shape[0]
    delta = torch.zeros(R, R, R, dtype=Q.dtype, device=Q.device)
    idx = torch.arange(R, device=Q.device)
    delta[idx, idx, idx] = 1.0
    h = h0.expand(tok.shape[0], R)
    for t in range(tok.shape[1]):
        h = torch.einsum("bj,jok,bk->bo", X[:, tok[:, t]].T, delta, h @ Q.T)
    ref = RAC(X, Q, h0=h0, device=str(Q.device))(tok).detach()
    return compare_values(
        "δ-einsum recurrence vs RAC cell (float64)",
        h,
        ref,
        n=sizes["n_out"],
        scale=sizes["h_scale"],
    )
