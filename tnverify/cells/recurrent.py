"""Recurrent cells that the papers relate to TTLMs, in PyTorch.

One-hot inputs ``f(x^{(t)}) = e_{w_t}`` are never materialised: every input product is a
gather of the column/slice of token ``w_t``.  Every cell has ``step(h, w)``, a batched
``forward(tokens)`` over ``(batch, length)`` token ids, ``n_params``, and, where the
model is a TTLM, ``tt_core()`` in the TT view ``(R, |V|, R)`` (one step is
``h'_o = φ(Σ_{p,i} h_p G_{pio} f_i)``).  Models with an affine part (bias, additive
terms) expose ``augmented_core()``: a TT core on ``[h; 1]`` and ``[f; 1]``
(:mod:`tnverify.equivalences`).

References
----------
ttlm App. B, Eq. 14, 18, 19 and App. C; thesis §5.3.2,
Eq. 5.11, 5.15, 5.16; Wu et al. (2016), multiplicative integration.

Notes
-----
Checked by ``ttlm-claim-b1``, ``ttlm-claim-b2``, ``thesis-claim-5.3.1``,
``thesis-claim-5.3.2`` and ``tnverify-augmented-bilinear``.
"""

from __future__ import annotations

from collections.abc import Callable

import torch
from torch import nn

from .. import equivalences as eq
from ..errors import (
    DTypeError,
    NonFiniteError,
    RankError,
    ShapeError,
    StructureError,
    VocabularyError,
)
from ..validation import as_device, as_flag, as_int, as_tensor, as_torch_dtype, check_entries
from .finite import check_sweep
from .tokens import check_tokens

__all__ = [
    "RecurrentCell",
    "TTCoreRNN",
    "SecondOrderRNN",
    "RAC",
    "MIRNN",
    "GeneralMIRNN",
    "VanillaRNN",
    "activation",
]

_ACTIVATIONS = {
    None: None,
    "id": None,
    "identity": None,
    "tanh": torch.tanh,
    "relu": torch.relu,
    "sigmoid": torch.sigmoid,
}


def activation(phi) -> Callable | None:
    """``None``/``"id"`` → no activation; ``"tanh"``, ``"relu"``, ``"sigmoid"`` or a
    callable (applied elementwise)."""
    if callable(phi):
        return phi
    if phi is not None and not isinstance(phi, str):
        raise DTypeError(f"activation must be a name, None or a callable; got {phi!r}")
    if phi in _ACTIVATIONS:
        return _ACTIVATIONS[phi]
    raise ShapeError(
        f"activation must be one of {sorted(k for k in _ACTIVATIONS if k)}, "
        f"None or a callable; got {phi!r}"
    )


def _param(x, dtype, device, name: str, ndim: int) -> nn.Parameter:
    t = as_tensor(x, name, dtype=dtype, device=device, finite=False)
    if t.ndim != ndim:
        raise ShapeError(f"{name} must have {ndim} modes; got shape {tuple(t.shape)}")
    if not torch.isfinite(t).all():
        raise NonFiniteError(
            f"{name} must be finite; found {int((~torch.isfinite(t)).sum())} NaN/inf entries"
        )
    return nn.Parameter(t)


class RecurrentCell(nn.Module):
    """Shared plumbing: token validation, the initial state ``h0`` (a buffer, default
    all ones), the activation and the sequence loop.  Subclasses define
    :meth:`preactivation`."""

    h0: torch.Tensor  # a buffer (register_buffer)

    def __init__(
        self,
        rank: int,
        vocab_size: int,
        *,
        phi=None,
        h0=None,
        dtype: torch.dtype = torch.float64,
        device: str = "cpu",
    ):
        super().__init__()
        dtype = as_torch_dtype(dtype, complex_ok=False)
        self.rank = as_int(rank, "rank", minimum=1, error=RankError)
        self.vocab_size = as_int(vocab_size, "vocab_size", minimum=1, error=VocabularyError)
        check_entries((self.rank, self.vocab_size, self.rank), what="recurrent cell core")
        device = as_device(device)
        self.phi_name = (
            phi if isinstance(phi, str) or phi is None else getattr(phi, "__name__", "callable")
        )
        self.phi = activation(phi)
        h0 = torch.ones(self.rank) if h0 is None else _param(h0, dtype, device, "h0", 1).data
        if h0.shape != (self.rank,):
            raise ShapeError(f"h0 must have shape ({self.rank},); got {tuple(h0.shape)}")
        self.register_buffer("h0", h0.to(dtype=dtype, device=device))

    @property
    def n_params(self) -> int:
        """Number of trainable parameters (``h0`` is a buffer, not counted)."""
        return sum(p.numel() for p in self.parameters())

    @property
    def dtype(self) -> torch.dtype:
        return self.h0.dtype

    @property
    def device(self) -> torch.device:
        return self.h0.device

    def check_tokens(self, tokens) -> torch.Tensor:
        """Validate a ``(B, L)`` integer batch (see :func:`tnverify.cells.tokens.check_tokens`)."""
        return check_tokens(tokens, self.vocab_size, self.device)

    def preactivation(self, h: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
        raise StructureError(
            f"{type(self).__name__} is the base of the recurrent cells and "
            f"has no step of its own; use one of its subclasses"
        )

    def step(self, h: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
        """One step ``h' = φ(z(h, e_w))``; ``h (B, R)``, ``w (B,)`` token ids."""
        z = self.preactivation(h, w)
        return z if self.phi is None else self.phi(z)

    def forward(self, tokens, *, h0=None, return_all: bool = False) -> torch.Tensor:
        """Run over ``tokens (B, L)`` from ``h0`` (default the buffer); return the last
        state ``(B, R)`` or all states ``(B, L, R)``.

        The raw recurrence: with finite parameters a state that leaves the float range
        raises :class:`~tnverify.errors.NonFiniteError` naming the step; NaN/inf already
        in a parameter or ``h0`` (the training path) propagates."""
        tokens = self.check_tokens(tokens)
        return_all = as_flag(return_all, "return_all")
        # an optional h0 goes through the same checks as the constructor's (a complex or
        # bool h0 is refused, never cast); its autograd graph is kept
        h = (
            self.h0
            if h0 is None
            else as_tensor(
                h0,
                "h0",
                dtype=self.dtype,
                device=self.device,
                finite=False,
                detach=False,
                ndim=(1, 2),
            )
        )
        if h.shape[-1] != self.rank or (h.ndim == 2 and h.shape[0] != tokens.shape[0]):
            raise ShapeError(
                f"h0 must have shape ({self.rank},) or (B, {self.rank}) with "
                f"B = {tokens.shape[0]}; got {tuple(h.shape)}"
            )
        h = h.expand(tokens.shape[0], self.rank) if h.ndim == 1 else h
        states = []
        for t in range(tokens.shape[1]):
            h = self.step(h, tokens[:, t])
            states.append(h)
        check_sweep(
            states,
            [h if h0 is not None else self.h0, *self.parameters()],
            f"{type(self).__name__}.forward",
        )
        return torch.stack(states, dim=1) if return_all else h

    def tt_core(self) -> torch.Tensor:
        """The TT core ``(R, |V|, R)`` (the TT view); differentiable."""
        raise StructureError(
            f"{type(self).__name__} is not a TTLM (no bilinear core); see augmented_core()"
        )

    def extra_repr(self) -> str:
        return f"rank={self.rank}, vocab_size={self.vocab_size}, phi={self.phi_name}"


class TTCoreRNN(RecurrentCell):
    """The generic TT-core cell, optionally followed by an activation (the "TTLM
    accompanied by an activation function" of ttlm App. B).

    .. math:: h^{(t)}_o = \\phi\\Big(\\sum_{p} h^{(t-1)}_p \\, G_{p, w_t, o}\\Big)

    (ttlm Eq. 5 and Eq. 16; thesis Eq. 5.8, 5.13).
    ``G`` has shape ``(R, |V|, R)``.
    """

    def __init__(self, G, *, phi=None, h0=None, dtype=torch.float64, device="cpu"):
        g = _param(G, dtype, device, "G", 3)
        if g.shape[0] != g.shape[2]:
            raise ShapeError(f"G must be (R, |V|, R); got {tuple(g.shape)}")
        super().__init__(g.shape[0], g.shape[1], phi=phi, h0=h0, dtype=dtype, device=device)
        self.G = g

    def preactivation(self, h, w):
        return torch.bmm(h.unsqueeze(1), self.G.index_select(1, w).permute(1, 0, 2)).squeeze(1)

    def tt_core(self):
        return self.G


class SecondOrderRNN(RecurrentCell):
    """Second-order RNN (2-RNN), ttlm layout ``T ∈ ℝ^{|V|×R×R}``.

    .. math:: h^{(t)}_i = \\phi\\Big(\\sum_{j,k} f(x^{(t)})_j \\, T_{jik} \\,
              h^{(t-1)}_k + b_i\\Big)

    ttlm App. B.1, Eq. 14 and 17 (``T_{jik}``: j input, i output, k previous
    state); thesis Eq. 5.11 is the same map with ``T`` laid out
    ``(R, R, |V|)`` (:data:`tnverify.equivalences.SECOND_ORDER_LAYOUTS`).
    ``bias`` is optional (``None``: no bias).
    """

    def __init__(self, T, *, bias=None, phi=None, h0=None, dtype=torch.float64, device="cpu"):
        t = _param(T, dtype, device, "T", 3)
        if t.shape[1] != t.shape[2]:
            raise ShapeError(f"T must be (|V|, R, R); got {tuple(t.shape)}")
        super().__init__(t.shape[1], t.shape[0], phi=phi, h0=h0, dtype=dtype, device=device)
        self.T = t
        self.bias = None if bias is None else _param(bias, dtype, device, "bias", 1)
        if self.bias is not None and self.bias.shape != (self.rank,):
            raise ShapeError(f"bias must have shape ({self.rank},); got {tuple(self.bias.shape)}")

    def preactivation(self, h, w):
        z = torch.bmm(self.T.index_select(0, w), h.unsqueeze(2)).squeeze(2)
        return z if self.bias is None else z + self.bias

    def tt_core(self):
        if self.bias is not None:
            raise StructureError("a 2-RNN with bias is not bilinear; see augmented_core()")
        return eq.second_order_to_tt_core(self.T, "ttlm")

    def augmented_core(self):
        b = self.bias if self.bias is not None else self.T.new_zeros(self.rank)
        return eq.second_order_to_augmented_core(self.T, b, "ttlm")


class RAC(RecurrentCell):
    """Recurrent arithmetic circuit.

    .. math:: h^{(t)} = W^{hx} f(x^{(t)}) \\odot W^{hh} h^{(t-1)}

    ttlm App. B.2, Eq. 18 (``W^{hx} ∈ ℝ^{R×|V|}``, ``W^{hh} ∈ ℝ^{R×R}``);
    thesis Eq. 5.15 with ``A = W^{hh}``, ``B = W^{hx}``.  ``tt_core()`` is
    :func:`tnverify.equivalences.rac_to_tt_core`.
    """

    def __init__(self, W_hx, W_hh, *, phi=None, h0=None, dtype=torch.float64, device="cpu"):
        wx, wh = _param(W_hx, dtype, device, "W_hx", 2), _param(W_hh, dtype, device, "W_hh", 2)
        if wh.shape[0] != wh.shape[1] or wx.shape[0] != wh.shape[0]:
            raise ShapeError(
                f"need W_hx (R, |V|) and W_hh (R, R); got {tuple(wx.shape)}, {tuple(wh.shape)}"
            )
        super().__init__(wh.shape[0], wx.shape[1], phi=phi, h0=h0, dtype=dtype, device=device)
        self.W_hx, self.W_hh = wx, wh

    def preactivation(self, h, w):
        return self.W_hx.index_select(1, w).transpose(0, 1) * (h @ self.W_hh.transpose(0, 1))

    def tt_core(self):
        return eq.rac_to_tt_core(self.W_hx, self.W_hh)


class MIRNN(RAC):
    """MI-RNN of ttlm Eq. 19 / thesis Eq. 5.16: a RAC followed by φ
    (default ``tanh``).

    .. math:: h^{(t)} = \\phi(W^{hx} f(x^{(t)}) \\odot W^{hh} h^{(t-1)})
    """

    def __init__(self, W_hx, W_hh, *, phi="tanh", h0=None, dtype=torch.float64, device="cpu"):
        super().__init__(W_hx, W_hh, phi=phi, h0=h0, dtype=dtype, device=device)


class GeneralMIRNN(RecurrentCell):
    """General multiplicative integration (Wu et al., 2016, Eq. 4).

    .. math:: h^{(t)} = \\phi(\\alpha \\odot W f \\odot U h + \\beta_1 \\odot U h
              + \\beta_2 \\odot W f + b)

    ``W (R, |V|)``, ``U (R, R)``, ``alpha, beta1, beta2, b (R,)``.  Not bilinear unless
    ``β₁ = β₂ = b = 0``; ``augmented_core()`` gives its core on ``[h; 1]``, ``[f; 1]``.
    """

    def __init__(
        self,
        W,
        U,
        alpha,
        beta1,
        beta2,
        b,
        *,
        phi="tanh",
        h0=None,
        dtype=torch.float64,
        device="cpu",
    ):
        w, u = _param(W, dtype, device, "W", 2), _param(U, dtype, device, "U", 2)
        if u.shape[0] != u.shape[1] or w.shape[0] != u.shape[0]:
            raise ShapeError(
                f"need W (R, |V|) and U (R, R); got {tuple(w.shape)}, {tuple(u.shape)}"
            )
        super().__init__(u.shape[0], w.shape[1], phi=phi, h0=h0, dtype=dtype, device=device)
        self.W, self.U = w, u
        for name, v in (("alpha", alpha), ("beta1", beta1), ("beta2", beta2), ("b", b)):
            p = _param(v, dtype, device, name, 1)
            if p.shape != (self.rank,):
                raise ShapeError(f"{name} must have shape ({self.rank},); got {tuple(p.shape)}")
            setattr(self, name, p)

    def preactivation(self, h, w):
        wf = self.W.index_select(1, w).transpose(0, 1)
        uh = h @ self.U.transpose(0, 1)
        return self.alpha * wf * uh + self.beta1 * uh + self.beta2 * wf + self.b

    def augmented_core(self):
        return eq.mi_rnn_to_augmented_core(
            self.W, self.U, self.alpha, self.beta1, self.beta2, self.b
        )


class VanillaRNN(RecurrentCell):
    """Vanilla (Elman) RNN ``h^{(t)} = φ(A h^{(t-1)} + B f(x^{(t)}) + b)`` (thesis
    (thesis) §2, the additive block of ttlm App. B.1); ``A (R, R)``,
    ``B (R, |V|)``, ``b (R,)``."""

    def __init__(self, A, B, b, *, phi="tanh", h0=None, dtype=torch.float64, device="cpu"):
        a, bm = _param(A, dtype, device, "A", 2), _param(B, dtype, device, "B", 2)
        if a.shape[0] != a.shape[1] or bm.shape[0] != a.shape[0]:
            raise ShapeError(
                f"need A (R, R) and B (R, |V|); got {tuple(a.shape)}, {tuple(bm.shape)}"
            )
        super().__init__(a.shape[0], bm.shape[1], phi=phi, h0=h0, dtype=dtype, device=device)
        self.A, self.B = a, bm
        self.b = _param(b, dtype, device, "b", 1)
        if self.b.shape != (self.rank,):
            raise ShapeError(f"b must have shape ({self.rank},); got {tuple(self.b.shape)}")

    def preactivation(self, h, w):
        return h @ self.A.transpose(0, 1) + self.B.index_select(1, w).transpose(0, 1) + self.b

    def augmented_core(self):
        return eq.vanilla_rnn_to_augmented_core(self.A, self.B, self.b)
