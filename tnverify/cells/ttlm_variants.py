"""The uniform TTLM and its two variants TTLM-Tiny / TTLM-Large (ttlm §4.3,
§5.1, App. C), plus the exact conditionals of any TT joint.

Convention (the TT view, :mod:`tnverify.conventions`): a TT core ``G`` has shape ``(R, |V|, R)`` and one step is
``h_next[b] = Σ_a h[a] G[a, w, b]`` (the slice-product order of Eq. 3/Eq. 6).

.. math::

    p(X) = G^{(1)}_{w_1 :}\\, G_{:, w_2, :} \\cdots G_{:, w_{N-1}, :}\\, G^{(N)\\top}_{w_N :}
    \\qquad \\text{(ttlm Eq. 6, tie reading (a): } G^{(N)}_{\\alpha i} = G^{(1)}_{i\\alpha})

Notes
-----
Checked by claims ``ttlm-eq6``, ``ttlm-eq8``, ``ttlm-eq12`` and ``ttlm-eq13`` (module
:mod:`tnverify.claims.ttlm.variants`).
"""

from __future__ import annotations

import torch
from torch import nn

from ..errors import DTypeError, ShapeError, StructureError, UsageError
from ..validation import (
    as_device,
    as_flag,
    as_int,
    as_tensor,
    as_torch_dtype,
    check_entries,
    check_mass,
)
from .finite import check_sweep
from .sites import LN2, as_core, pow2_renormalise
from .tokens import check_tokens
from .ttlm import TTScorer

__all__ = ["UniformTTLM", "TTLMTiny", "TTLMLarge", "exact_conditionals", "READINGS_EQ12"]

#: Readings of the contraction in Eq. 12 (the claims catalogue ttlm-eq12).
READINGS_EQ12 = ("delta", "reshape")


def _param(x, dtype, device, ndim, what):
    t = as_tensor(x, what, dtype=dtype, device=device, finite=False)
    if t.ndim != ndim:
        raise ShapeError(f"{what} must have {ndim} modes; got shape {tuple(t.shape)}")
    if not torch.isfinite(t).all():
        from ..errors import NonFiniteError

        raise NonFiniteError(f"{what} must be finite")
    return nn.Parameter(t.clone())


def exact_conditionals(scorer: TTScorer, tokens) -> torch.Tensor:
    """Exact conditionals ``P(x_t = v | x_{<t})`` of the TT joint, for every position.

    .. math:: P(x_t = v \\mid x_{<t}) = \\frac{h^{(t-1)} G^{(t)}_{:, v, :} E_t}
              {\\sum_u h^{(t-1)} G^{(t)}_{:, u, :} E_t}, \\qquad
              E_t = \\prod_{s > t} \\Big(\\sum_u G^{(s)}_{:, u, :}\\Big) \\mathbf{1}

    (left state times right environment, the sum over the future; ttlm §4.3 chain
    rule, thesis §5.2.2).  ``h`` and ``E`` are renormalised per step (the scale cancels
    in the ratio).  Cost ``O(N |V| R^2)``.  Returns ``(B, N, |V|)``.
    """
    if not isinstance(scorer, TTScorer):
        raise DTypeError(f"scorer must be a TTScorer; got {type(scorer).__name__}")
    tokens = scorer.check_tokens(tokens)
    N, dt, dev = scorer.length, scorer.dtype, scorer.device
    sums = {}
    envs: list = [None] * N
    e = torch.ones(1, dtype=dt, device=dev)
    for t in range(N - 1, -1, -1):
        envs[t] = e
        s = scorer.sites[t]
        if s not in sums:
            sums[s] = scorer.core(t).sum(dim=1)
        e = sums[s] @ e
        e = e / e.abs().max().clamp_min(torch.finfo(dt).tiny)
    h = torch.ones(tokens.shape[0], 1, dtype=dt, device=dev)
    out = []
    for t in range(N):
        g = scorer.core(t)  # (r0, V, r1)
        un = torch.einsum("ba,avc,c->bv", h, g, envs[t])
        check_mass(un.sum(dim=1), f"exact_conditionals at position {t}")
        out.append(un / un.sum(dim=1, keepdim=True))
        h = torch.bmm(h.unsqueeze(1), scorer._slices(tokens, t)).squeeze(1)
        h = h / h.abs().amax(dim=1, keepdim=True).clamp_min(torch.finfo(dt).tiny)
    return torch.stack(out, dim=1)


class UniformTTLM(nn.Module):
    """Uniform TTLM: first core ``G^{(1)} ∈ ℝ^{|V|×R}``, shared core ``G ∈ ℝ^{R×|V|×R}``,
    output core ``G^{(N)} = G^{(t)} ∈ ℝ^{|V|×R}`` (tied to ``G^{(1)}`` when omitted).

    .. math:: h^{(1)} = G^{(1)\\top} f(x^{(1)}), \\quad
              h^{(t)}_b = \\sum_{a,i} f(x^{(t)})_i G_{a i b} h^{(t-1)}_a \\ \\text{(Eq. 7 (a))},
              \\quad y^{(t)} = \\mathrm{softmax}(G^{(t)} h^{(t-1)}) \\ \\text{(Eq. 8)}

    ttlm §4.3, Eq. 6–8; App. A.
    """

    def __init__(self, first, core, output=None, *, dtype=torch.float64, device="cpu"):
        super().__init__()
        dtype, device = as_torch_dtype(dtype, complex_ok=False), as_device(device)
        self.core = nn.Parameter(as_core(core, dtype, device).clone())
        R, V, R2 = self.core.shape
        if R != R2:
            raise ShapeError(f"the shared core must be (R, |V|, R); got {tuple(self.core.shape)}")
        self.first = _param(first, dtype, device, 2, "G^(1)")
        if tuple(self.first.shape) != (V, R):
            raise ShapeError(f"G^(1) must be (|V|, R) = ({V}, {R}); got {tuple(self.first.shape)}")
        self.output = None if output is None else _param(output, dtype, device, 2, "G^(N)")
        if self.output is not None and tuple(self.output.shape) != (V, R):
            raise ShapeError(f"G^(N) must be (|V|, R) = ({V}, {R}); got {tuple(self.output.shape)}")
        self.vocab_size, self.rank = int(V), int(R)

    @property
    def out(self) -> torch.Tensor:
        """The output matrix ``G^{(t)} ∈ ℝ^{|V|×R}`` (``G^{(1)}`` when tied)."""
        return self.first if self.output is None else self.output

    @property
    def n_params(self) -> int:
        return sum(p.numel() for p in self.parameters())

    def step(self, h: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
        """One step of Eq. 7, reading (a): ``h ← h · G[:, w, :]``; ``h (B, R)``, ``w (B,)``."""
        return torch.bmm(h.unsqueeze(1), self.core.index_select(1, w).permute(1, 0, 2)).squeeze(1)

    def hidden(self, tokens) -> torch.Tensor:
        """Hidden states ``h^{(1)}, …, h^{(N)}`` (``(B, N, R)``), unnormalised: a state
        beyond the float range raises NonFiniteError naming the step (use
        :meth:`forward_scaled`); NaN/inf in a parameter (training path) propagates."""
        tokens = check_tokens(tokens, self.vocab_size, self.core.device)
        h = self.first.index_select(0, tokens[:, 0])
        hs = [h]
        for t in range(1, tokens.shape[1]):
            h = self.step(h, tokens[:, t])
            hs.append(h)
        check_sweep(hs, list(self.parameters()), "UniformTTLM.hidden")
        return torch.stack(hs, dim=1)

    def forward(self, tokens) -> torch.Tensor:
        """``p(X)`` of Eq. 6 (``(B,)``), ``N >= 2``: ``h^{(N-1)} · G^{(N)}_{w_N, :}``."""
        tokens = check_tokens(tokens, self.vocab_size, self.core.device, min_length=2)
        h = self.hidden(tokens[:, :-1])[:, -1]
        return (h * self.out.index_select(0, tokens[:, -1])).sum(dim=1)

    def forward_scaled(self, tokens):
        """``p(X)`` of Eq. 6 with per-step renormalisation (long ``N``): ``(mantissa (B,),
        log_scale (B,) float64)`` with ``p = mantissa · exp(log_scale)``.  After every step
        ``h`` is divided by the power of two just above ``max|h|`` (exact), so float32 does
        not underflow where ``p`` itself would."""
        tokens = check_tokens(tokens, self.vocab_size, self.core.device, min_length=2)
        h, e = pow2_renormalise(self.first.index_select(0, tokens[:, 0]))
        for t in range(1, tokens.shape[1] - 1):
            h, et = pow2_renormalise(self.step(h, tokens[:, t]))
            e = e + et
        p = (h * self.out.index_select(0, tokens[:, -1])).sum(dim=1)
        return p, e.to(torch.float64) * LN2

    def logits(self, tokens) -> torch.Tensor:
        """``G^{(t)} h^{(t-1)}`` for ``t = 2..N`` (``(B, N-1, |V|)``), Eq. 8 before softmax."""
        tokens = check_tokens(tokens, self.vocab_size, self.core.device, min_length=2)
        return self.hidden(tokens[:, :-1]) @ self.out.T

    def eq8(self, tokens) -> torch.Tensor:
        """``y^{(t)} = softmax(G^{(t)} h^{(t-1)})``, ``t = 2..N`` (``(B, N-1, |V|)``)."""
        return torch.softmax(self.logits(tokens), dim=-1)

    def tt_cores(self, length: int) -> list:
        """Design-view cores ``(1,V,R), (R,V,R)…, (R,V,1)`` as float64 numpy arrays."""
        length = as_int(length, "length", minimum=2)
        check_entries((length,), what="uniform TTLM cores (one per position)")
        f = self.first.detach().cpu().double().numpy()
        g = self.core.detach().cpu().double().numpy()
        o = self.out.detach().cpu().double().numpy()
        return [f[None]] + [g] * (length - 2) + [o.T[:, :, None]]

    def to_scorer(self, length: int) -> TTScorer:
        """The generic :class:`TTScorer` with the same (tied) cores, ``length`` sites."""
        length = as_int(length, "length", minimum=2)
        check_entries(
            (length,),
            what="uniform TTLM sites",
            route="evaluate the uniform TTLM directly (forward) for long sequences",
        )
        cores = [self.first[None], self.core, self.out.T[:, :, None]]
        sites = [0] + [1] * (length - 2) + [2]
        return TTScorer(cores, sites=sites, dtype=self.core.dtype, device=str(self.core.device))

    def conditionals(self, tokens) -> torch.Tensor:
        """Exact conditionals of the joint of Eq. 6, ``(B, N, |V|)`` (see
        :func:`exact_conditionals`)."""
        tokens = check_tokens(tokens, self.vocab_size, self.core.device, min_length=2)
        return exact_conditionals(self.to_scorer(tokens.shape[1]), tokens)


class TTLMTiny(nn.Module):
    """TTLM-Tiny (ttlm §5.1, Eq. 12–13; App. C, Table 2).

    .. math:: h^{(t)} = f(x^{(t)})^\\top W^{xe} \\delta W^{hh} h^{(t-1)}, \\qquad
              y^{(t)} = \\mathrm{softmax}(\\mathbf{V} \\mathbf{P} h^{(t)}),
              \\ \\mathbf{V} \\text{ tied to } W^{xe}

    ``W_xe`` is ``(|V|, R, R)`` (§5.1 layout); ``M = f^T W^{xe}`` is ``W_xe[w]``.
    ``reading="delta"`` (the claims catalogue reading (a)): ``h_m = M_{mm} (W^{hh} h)_m`` (both legs
    of M enter the 4th-order δ); ``reading="reshape"`` (reading (b), App. C "δ … by a
    reshape"): ``h = M (W^{hh} h)``.  ``h0`` is App. C's ``G^{(1)} ∈ ℝ^{1×R}``.

    Biases (optional, default none; Eq. 12 has none, the paper's public code has them):
    ``b_hh (R,)`` on the hidden pre-activation, ``u = W^{hh} h + b^{hh}`` (the bias of the
    code's ``nn.Linear(R, R)`` applied to the state), and, for TTLM-Large only,
    ``b_eh (R, R)`` on the embedding contraction, ``M = f^T W^{xe} W^{eh} + B^{eh}`` (the
    bias of its ``nn.Linear(R², R²)`` on the embedding, reshaped to ``R × R`` like the
    embedding; TTLM-Tiny has no such linear map).  The step is then

    .. math:: h^{(t)} = M_{x_t} \\big(W^{hh} h^{(t-1)} + b^{hh}\\big)
              \\quad\\text{(reading (b); reading (a): } h_m = M_{mm} u_m)

    ``b_eh`` keeps the model a TTLM (``tt_core()`` includes it).  ``b_hh`` makes each step
    affine in ``h``: it is a TT core on the augmented state ``h̃ = [h; 1]``
    (:meth:`augmented_core`, as for the biased RNNs in :mod:`tnverify.equivalences`;
    ttlm App. B.1: "b can be seen as 0th component of f(x^{(t)}) which equals to 1").
    """

    def __init__(
        self,
        W_xe,
        W_hh,
        P,
        h0,
        *,
        W_eh=None,
        b_hh=None,
        b_eh=None,
        reading="reshape",
        dtype=torch.float64,
        device="cpu",
    ):
        super().__init__()
        dtype, device = as_torch_dtype(dtype, complex_ok=False), as_device(device)
        if reading not in READINGS_EQ12:
            raise ShapeError(f"reading must be one of {READINGS_EQ12}; got {reading!r}")
        self.reading = reading
        self.W_xe = _param(W_xe, dtype, device, 3, "W^xe")
        V, R, R2 = self.W_xe.shape
        if R != R2:
            raise ShapeError(f"W^xe must be (|V|, R, R); got {tuple(self.W_xe.shape)}")
        self.W_hh = _param(W_hh, dtype, device, 2, "W^hh")
        self.P = _param(P, dtype, device, 3, "P")
        self.h0 = _param(h0, dtype, device, 1, "h0")
        self.W_eh = None if W_eh is None else _param(W_eh, dtype, device, 4, "W^eh")
        if b_eh is not None and W_eh is None:
            raise ShapeError(
                "b_eh is the bias of the W^eh contraction (TTLM-Large); "
                "TTLM-Tiny has no W^eh: pass W_eh (or use TTLMLarge)"
            )
        self.b_hh = None if b_hh is None else _param(b_hh, dtype, device, 1, "b^hh")
        self.b_eh = None if b_eh is None else _param(b_eh, dtype, device, 2, "b^eh")
        checks = [
            ("W^hh", self.W_hh, (R, R)),
            ("P", self.P, (R, R, R)),
            ("h0", self.h0, (R,)),
            ("W^eh", self.W_eh, (R,) * 4),
            ("b^hh", self.b_hh, (R,)),
            ("b^eh", self.b_eh, (R, R)),
        ]
        for name, t, shape in checks:
            if t is not None and tuple(t.shape) != shape:
                raise ShapeError(f"{name} must have shape {shape}; got {tuple(t.shape)}")
        self.vocab_size, self.rank = int(V), int(R)

    @property
    def n_params(self) -> int:
        return sum(p.numel() for p in self.parameters())

    def input_matrices(self, w: torch.Tensor) -> torch.Tensor:
        """``f^T W^{xe}`` (Tiny) or its contraction with ``W^{eh}`` over both legs, plus
        ``B^{eh}`` when given (Large); ``(B, R, R)``."""
        M = self.W_xe.index_select(0, w)
        if self.W_eh is None:
            return M
        M = torch.einsum("bjk,jklm->blm", M, self.W_eh)
        return M if self.b_eh is None else M + self.b_eh

    def step(self, h: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
        """One step of Eq. 12 under ``self.reading``; ``h (B, R)``, ``w (B,)``."""
        u = h @ self.W_hh.T  # u = W^{hh} h (+ b^{hh})
        if self.b_hh is not None:
            u = u + self.b_hh
        M = self.input_matrices(w)
        if self.reading == "delta":
            return torch.diagonal(M, dim1=1, dim2=2) * u
        return torch.bmm(M, u.unsqueeze(2)).squeeze(2)

    def hidden(self, tokens) -> torch.Tensor:
        """``h^{(1)}, …, h^{(N)}`` from ``h^{(0)} = h0``; ``(B, N, R)``.  A state beyond the
        float range raises NonFiniteError naming the step; NaN/inf in a parameter (the
        training path) propagates."""
        tokens = check_tokens(tokens, self.vocab_size, self.W_xe.device)
        h = self.h0.expand(tokens.shape[0], -1)
        hs = []
        for t in range(tokens.shape[1]):
            h = self.step(h, tokens[:, t])
            hs.append(h)
        check_sweep(hs, list(self.parameters()), f"{type(self).__name__}.hidden")
        return torch.stack(hs, dim=1)

    def readout(self, h: torch.Tensor, *, p_leg: int = 2, swap: bool = False) -> torch.Tensor:
        """Logits ``V P h`` of Eq. 13 (``(..., |V|)``), ``V[i, w, j] = W_xe[w, i, j]`` (tie).
        ``p_leg``: the leg of ``P`` contracted with ``h``; ``swap``: pair V's two R-legs with
        the two remaining legs of ``Ph`` crosswise."""
        p_leg = as_int(p_leg, "p_leg", minimum=0, maximum=2, error=UsageError)
        Ph = torch.einsum("...k,ijk->...ij", h, torch.movedim(self.P, p_leg, -1))
        if as_flag(swap, "swap"):
            Ph = Ph.transpose(-1, -2)
        return torch.einsum("...ij,wij->...w", Ph, self.W_xe)

    def forward(self, tokens) -> torch.Tensor:
        """Logits of Eq. 13 after each token, ``(B, N, |V|)`` (default reading)."""
        return self.readout(self.hidden(tokens))

    def tt_core(self) -> torch.Tensor:
        """The per-word core in the TT view ``(R, |V|, R)``, ``h_next = h · G[:, w, :]``
        (``B^{eh}`` included).  With ``b_hh`` the step is affine, not linear, in ``h``:
        use :meth:`augmented_core`."""
        if self.b_hh is not None:
            raise StructureError(
                "with b_hh a TTLM-Tiny/Large step is affine in h, not "
                "bilinear; see augmented_core()"
            )
        return self._core_blocks()[0]

    def augmented_core(self) -> torch.Tensor:
        """The core ``G̃ (R+1, |V|, R+1)`` on the augmented state ``h̃ = [h; 1]``:
        ``h̃^{(t)} = h̃^{(t-1)} · G̃[:, x_t, :]`` (differentiable).

        .. math:: \\tilde G_{a w j} = G_{a w j}, \\quad
                  \\tilde G_{R w j} = (M_w b^{hh})_j \\ \\text{(reading (a): }
                  M_{w, jj} b^{hh}_j), \\quad \\tilde G_{a w R} = 0, \\quad
                  \\tilde G_{R w R} = 1

        for ``a, j < R``, with ``G`` the bilinear core of :meth:`tt_core` and ``M_w`` the
        input matrix of word ``w`` (``b_hh`` absent: ``G`` padded by the constant slot).
        The hidden states are ``h^{(t)} = (h̃^{(0)} G̃_{x_1} ⋯ G̃_{x_t})_{:R}`` with
        ``h̃^{(0)} = [h0; 1]``: the TT of the model's hidden-state tensor.
        """
        G, M = self._core_blocks()
        R, V = self.rank, self.vocab_size
        b = self.b_hh if self.b_hh is not None else G.new_zeros(R)
        bias_row = (
            torch.diagonal(M, dim1=1, dim2=2) * b if self.reading == "delta" else M @ b
        )  # (V, R): (M_w b)_j
        out = G.new_zeros(R + 1, V, R + 1)
        out[:R, :, :R] = G
        out[R, :, :R] = bias_row
        out[R, :, R] = 1.0
        return out

    def _core_blocks(self):
        """``(G (R, |V|, R), M (|V|, R, R))``: the bilinear core and the input matrices."""
        M = self.input_matrices(torch.arange(self.vocab_size, device=self.W_xe.device))
        if self.reading == "delta":
            return torch.einsum("wbb,ba->awb", M, self.W_hh), M
        return torch.einsum("wjk,ka->awj", M, self.W_hh), M


class TTLMLarge(TTLMTiny):
    """TTLM-Large (ttlm §5.1, Eq. 12): TTLM-Tiny with ``W^{eh} ∈ ℝ^{R^4}``
    contracting both legs of ``f^T W^{xe}`` before δ.

    .. math:: h^{(t)} = f(x^{(t)})^\\top W^{xe} W^{eh} \\delta W^{hh} h^{(t-1)}

    Optional biases ``b_hh (R,)`` and ``b_eh (R, R)`` as in :class:`TTLMTiny`.
    ``W_eh=None`` raises :class:`~tnverify.errors.UsageError` (that model is
    :class:`TTLMTiny`; a Large cell never silently becomes a Tiny one).
    """

    def __init__(
        self,
        W_xe,
        W_eh,
        W_hh,
        P,
        h0,
        *,
        b_hh=None,
        b_eh=None,
        reading="reshape",
        dtype=torch.float64,
        device="cpu",
    ):
        if W_eh is None:
            raise UsageError(
                "TTLMLarge needs W_eh (R, R, R, R); without it the model is "
                "TTLM-Tiny: build TTLMTiny instead"
            )
        super().__init__(
            W_xe,
            W_hh,
            P,
            h0,
            W_eh=W_eh,
            b_hh=b_hh,
            b_eh=b_eh,
            reading=reading,
            dtype=dtype,
            device=device,
        )
