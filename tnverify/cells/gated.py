"""Gated recurrent cells of grurntn in the paper's row-vector conventions.

Row vectors: ``x_t ∈ ℝ^{1×i}``, ``h_t ∈ ℝ^{1×d}``; a batch is ``(B, i)`` / ``(B, d)``.
Weights are stored as printed: ``W_x* (i, d)``, ``W_h* (d, d)``, ``b_* (d,)`` and the
tensor weight ``W_tsr`` with slices ``W_tsr[:, :, k]`` (component ``k`` of the bilinear
term is ``x W_tsr[:, :, k] uᵀ``).

Cells: :class:`GRUCell` (Eq. 8–11, reset ``"before"`` W_hh as printed, or ``"after"`` as
``torch.nn.GRUCell``), :class:`GRURNTN` (Eq. 17 or Eq. 18), :class:`LSTMCell` (Eq. 3–7,
peepholes full, diagonal or none), :class:`LSTMRNTN` (Eq. 19–20).  :func:`run_sequence`
unrolls a cell and keeps what the hand-written BPTT :func:`bptt_w_tsr` (Eq. 24–25) needs;
:func:`grurntn_to_second_order` is the reduction to a second-order RNN.

References
----------
grurntn §II-B, Eq. 3–11; §II-C, Eq. 15; §III, Eq. 17–20, 24–26.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import torch
from torch import nn

from ..errors import DTypeError, ShapeError, UsageError
from ..validation import (
    as_choice,
    as_device,
    as_flag,
    as_int,
    as_torch_dtype,
    as_torch_generator,
    check_entries,
)
from .bilinear_terms import bilinear, bilinear_loop, real_input, recntn_parent
from .recurrent import SecondOrderRNN

__all__ = [
    "ACTIVATIONS",
    "GRURNTN",
    "LSTMRNTN",
    "GRUCell",
    "LSTMCell",
    "bilinear",
    "bilinear_loop",
    "bptt_w_tsr",
    "grurntn_to_second_order",
    "recntn_parent",
    "run_sequence",
]

ACTIVATIONS = {"tanh": torch.tanh, "sigmoid": torch.sigmoid, "identity": lambda a: a}


class _Gated(nn.Module):
    """Shared plumbing: parameter creation (uniform ±1/√d, as torch), dtype/device."""

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        *,
        dtype=torch.float64,
        device="cpu",
        generator: torch.Generator | None = None,
    ):
        super().__init__()
        dtype, generator = as_torch_dtype(dtype, complex_ok=False), as_torch_generator(generator)
        input_size = as_int(input_size, "input_size", minimum=1)
        hidden_size = as_int(hidden_size, "hidden_size", minimum=1)
        device = as_device(device)
        if str(device) != "meta":  # "meta" counts without storage
            check_entries(
                (input_size + hidden_size, input_size + hidden_size, hidden_size),
                what="gated cell parameters (largest tensor)",
                route="count parameters with device='meta'",
            )
        self.input_size, self.hidden_size = input_size, hidden_size
        self._kw = {"dtype": dtype, "device": device}
        self._gen = generator

    def _new(self, name, *shape):
        if str(self._kw["device"]) == "meta":  # counting only: no storage
            setattr(self, name, nn.Parameter(torch.empty(*shape, **self._kw)))
            return
        bound = 1.0 / math.sqrt(self.hidden_size)
        t = torch.empty(*shape, dtype=torch.float64).uniform_(-bound, bound, generator=self._gen)
        setattr(self, name, nn.Parameter(t.to(**self._kw)))

    step_parts: Callable[..., dict]  # each cell's own (GRU, LSTM)
    init_state: Callable[..., Any]

    @property
    def n_params(self) -> int:
        """Number of trainable parameters (``numel`` of every parameter)."""
        return sum(p.numel() for p in self.parameters())

    def _check_x(self, x):
        """``x (B, i)`` validated: numpy accepted, complex/strings refused, the autograd
        graph kept.  NaN/inf values propagate (training path, documented)."""
        x = real_input(x, "x", 2, dtype=self._kw["dtype"])
        if x.shape[1] != self.input_size:
            raise ShapeError(f"x must be (B, {self.input_size}); got {tuple(x.shape)}")
        return x

    def _check_h(self, h, batch: int, name: str = "h"):
        """A state ``(B, d)``, through the same checks as ``x`` (complex, bool, strings,
        ragged refused; the autograd graph kept)."""
        h = real_input(h, name, 2, dtype=self._kw["dtype"])
        if tuple(h.shape) != (batch, self.hidden_size):
            raise ShapeError(f"{name} must be ({batch}, {self.hidden_size}); got {tuple(h.shape)}")
        return h


class GRUCell(_Gated):
    """GRU of grurntn §II-B.2, Eq. 8–11 (row vectors).

    .. math:: r = σ(x W_{xr} + h W_{hr} + b_r),\\; z = σ(x W_{xz} + h W_{hz} + b_z),\\;
              h̃ = f(x W_{xh} + (r ⊙ h) W_{hh} + b_h),\\; h' = (1 − z) ⊙ h + z ⊙ h̃

    ``reset="before"`` is Eq. 10 as printed (and Cho et al. 2014); ``reset="after"``
    uses ``r ⊙ (h W_{hh})`` as ``torch.nn.GRUCell`` does (:meth:`to_torch` is exact only
    for it).  Inputs: ``x (B, i)``, ``h (B, d)``.  Outputs: ``h' (B, d)``.
    """

    gates = ("r", "z", "h")

    def __init__(self, input_size, hidden_size, *, reset="before", f="tanh", **kw):
        super().__init__(input_size, hidden_size, **kw)
        as_choice(reset, "reset", ("before", "after"))
        as_choice(f, "f", tuple(ACTIVATIONS))
        self.reset, self.f_name, self.f = reset, f, ACTIVATIONS[f]
        i, d = self.input_size, self.hidden_size
        for g in self.gates:
            self._new(f"W_x{g}", i, d), self._new(f"W_h{g}", d, d), self._new(f"b_{g}", d)

    def tensor_term(self, x, u):
        """The bilinear term of the candidate (none for a plain GRU)."""
        return 0.0

    def step_parts(self, x, h):
        """One step with its intermediates: ``r, z, u = r ⊙ h, a`` (pre-activation of
        h̃), ``cand = h̃ = f(a)`` and ``h'``."""
        x = self._check_x(x)
        h = self._check_h(h, x.shape[0])
        r = torch.sigmoid(x @ self.W_xr + h @ self.W_hr + self.b_r)
        z = torch.sigmoid(x @ self.W_xz + h @ self.W_hz + self.b_z)
        u = r * h
        rec = u @ self.W_hh if self.reset == "before" else r * (h @ self.W_hh)
        a = self.tensor_term(x, u) + x @ self.W_xh + rec + self.b_h
        cand = self.f(a)
        return {
            "r": r,
            "z": z,
            "u": u,
            "a": a,
            "cand": cand,
            "gate": z,
            "h": (1 - z) * h + z * cand,
        }

    def forward(self, x, h):
        return self.step_parts(x, h)["h"]

    def init_state(self, batch: int):
        return torch.zeros(batch, self.hidden_size, **self._kw)

    def to_torch(self) -> nn.GRUCell:
        """``torch.nn.GRUCell`` computing the same map (requires ``reset="after"``, f=tanh).

        Mapping: torch's ``z`` is ``1 − z`` here, so ``W_iz = −W_xzᵀ``, ``W_hz = −W_hzᵀ``,
        ``b_iz = −b_z``; ``r ⊙ (W_hn h + b_hn)`` with ``b_hn = 0`` and ``b_in = b_h``."""
        if self.reset != "after" or self.f_name != "tanh":
            raise UsageError(
                "torch.nn.GRUCell applies r after W_hh with f = tanh; this cell "
                f"has reset={self.reset!r}, f={self.f_name!r}"
            )
        t = nn.GRUCell(self.input_size, self.hidden_size, **self._kw)
        p = dict(self.named_parameters())
        with torch.no_grad():
            t.weight_ih.copy_(torch.cat([p["W_xr"].T, -p["W_xz"].T, p["W_xh"].T]))
            t.weight_hh.copy_(torch.cat([p["W_hr"].T, -p["W_hz"].T, p["W_hh"].T]))
            t.bias_ih.copy_(torch.cat([p["b_r"], -p["b_z"], p["b_h"]]))
            t.bias_hh.copy_(
                torch.cat(
                    [
                        torch.zeros_like(p["b_r"]),
                        torch.zeros_like(p["b_z"]),
                        torch.zeros_like(p["b_h"]),
                    ]
                )
            )
        return t

    @classmethod
    def from_torch(cls, t: nn.GRUCell) -> GRUCell:
        """The paper-convention cell (``reset="after"``) of a ``torch.nn.GRUCell``; torch's
        ``b_hn`` (inside ``r ⊙ ·``) must be zero, the other hidden biases are folded."""
        d = t.hidden_size
        if t.bias and bool((t.bias_hh[2 * d :] != 0).any()):
            raise UsageError(
                "b_hn sits inside r ⊙ (W_hn h + b_hn) and has no counterpart in "
                "Eq. 10; it must be zero"
            )
        w = t.weight_ih.detach()
        cell = cls(t.input_size, d, reset="after", dtype=w.dtype, device=w.device)
        wi, wh = t.weight_ih.detach().split(d), t.weight_hh.detach().split(d)
        zero = torch.zeros(3 * d, dtype=w.dtype, device=w.device)
        b_i = t.bias_ih.detach() if t.bias else zero
        b_h = t.bias_hh.detach() if t.bias else zero
        bias = (b_i[:d] + b_h[:d], b_i[d : 2 * d] + b_h[d : 2 * d], b_i[2 * d :])
        with torch.no_grad():
            for g, s, k in (("r", 1, 0), ("z", -1, 1), ("h", 1, 2)):
                getattr(cell, f"W_x{g}").copy_(s * wi[k].T)
                getattr(cell, f"W_h{g}").copy_(s * wh[k].T)
                getattr(cell, f"b_{g}").copy_(s * bias[k])
        return cell


class GRURNTN(GRUCell):
    """GRURNTN, grurntn §III-A: the GRU with a tensor term in h̃.

    ``form="eq18"`` (the paper's model): ``x W_tsr^{[k]} (r ⊙ h)ᵀ`` with
    ``W_tsr (i, d, d)``; ``form="eq17"``: ``[x, r⊙h] W_tsr^{[k]} [x, r⊙h]ᵀ`` with
    ``W_tsr (i+d, i+d, d)``.  Inputs: ``x (B, i)``, ``h (B, d)``.  Outputs: ``h' (B, d)``.
    """

    def __init__(self, input_size, hidden_size, *, form="eq18", **kw):
        super().__init__(input_size, hidden_size, **kw)
        as_choice(form, "form", ("eq17", "eq18"))
        self.form = form
        i, d = self.input_size, self.hidden_size
        self._new("W_tsr", *((i, d, d) if form == "eq18" else (i + d, i + d, d)))

    def tensor_term(self, x, u):
        if self.form == "eq18":
            return bilinear(x, u, self.W_tsr)
        v = torch.cat([x, u], dim=1)
        return bilinear(v, v, self.W_tsr)


class LSTMCell(_Gated):
    """Peephole LSTM of grurntn §II-B.1, Eq. 3–7 (row vectors).

    ``peephole="full"``: ``W_ci, W_cf, W_co (d, d)`` as printed; ``"diagonal"``:
    vectors ``(d,)`` (``c ⊙ w``); ``None``: no peepholes (then :meth:`to_torch` gives
    ``torch.nn.LSTMCell``).  Inputs: ``x (B, i)``, state ``(h, c)`` each ``(B, d)``.
    Outputs: ``(h', c')``.
    """

    gates = ("i", "f", "c", "o")

    def __init__(self, input_size, hidden_size, *, peephole="full", **kw):
        super().__init__(input_size, hidden_size, **kw)
        if peephole is not None:
            as_choice(peephole, "peephole", ("full", "diagonal"))
        self.peephole = peephole
        i, d = self.input_size, self.hidden_size
        for g in self.gates:
            self._new(f"W_x{g}", i, d), self._new(f"W_h{g}", d, d), self._new(f"b_{g}", d)
        if peephole is not None:
            for g in ("i", "f", "o"):
                self._new(f"W_c{g}", *((d, d) if peephole == "full" else (d,)))

    def _peep(self, c, g):
        if self.peephole is None:
            return 0.0
        w = getattr(self, f"W_c{g}")
        return c @ w if self.peephole == "full" else c * w

    def tensor_term(self, x, h):
        return 0.0

    def output(self, x, h, c_new):
        """``h' = o ⊙ tanh(c')`` with ``o = σ(x W_xo + h W_ho + c' W_co + b_o)`` (Eq. 6–7)."""
        o = torch.sigmoid(x @ self.W_xo + h @ self.W_ho + self._peep(c_new, "o") + self.b_o)
        return o * torch.tanh(c_new)

    def step_parts(self, x, state):
        x = self._check_x(x)
        if not isinstance(state, (tuple, list)) or len(state) != 2:
            raise DTypeError(f"an LSTM state must be a pair (h, c); got {type(state).__name__}")
        h, c = self._check_h(state[0], x.shape[0], "h"), self._check_h(state[1], x.shape[0], "c")
        ig = torch.sigmoid(x @ self.W_xi + h @ self.W_hi + self._peep(c, "i") + self.b_i)
        fg = torch.sigmoid(x @ self.W_xf + h @ self.W_hf + self._peep(c, "f") + self.b_f)
        a = self.tensor_term(x, h) + x @ self.W_xc + h @ self.W_hc + self.b_c
        c_new = fg * c + ig * torch.tanh(a)
        return {
            "i": ig,
            "f": fg,
            "u": h,
            "a": a,
            "gate": ig,
            "cand": c_new,
            "c": c_new,
            "h": self.output(x, h, c_new),
        }

    def forward(self, x, state):
        p = self.step_parts(x, state)
        return p["h"], p["c"]

    def init_state(self, batch: int):
        z = torch.zeros(batch, self.hidden_size, **self._kw)
        return z, z.clone()

    def to_torch(self) -> nn.LSTMCell:
        """``torch.nn.LSTMCell`` (gate order i, f, g, o; weights transposed); exact only
        without peepholes (torch has none)."""
        if self.peephole is not None:
            raise UsageError("torch.nn.LSTMCell has no peepholes; build with peephole=None")
        t = nn.LSTMCell(self.input_size, self.hidden_size, **self._kw)
        with torch.no_grad():
            t.weight_ih.copy_(torch.cat([getattr(self, f"W_x{g}").T for g in self.gates]))
            t.weight_hh.copy_(torch.cat([getattr(self, f"W_h{g}").T for g in self.gates]))
            t.bias_ih.copy_(torch.cat([getattr(self, f"b_{g}") for g in self.gates]))
            t.bias_hh.zero_()
        return t

    @classmethod
    def from_torch(cls, t: nn.LSTMCell) -> LSTMCell:
        """The paper-convention cell (``peephole=None``) of a ``torch.nn.LSTMCell``."""
        w = t.weight_ih.detach()
        d = t.hidden_size
        cell = cls(t.input_size, d, peephole=None, dtype=w.dtype, device=w.device)
        bias = (t.bias_ih + t.bias_hh).detach() if t.bias else torch.zeros_like(w[:, 0])
        with torch.no_grad():
            for k, g in enumerate(cls.gates):
                getattr(cell, f"W_x{g}").copy_(w[k * d : (k + 1) * d].T)
                getattr(cell, f"W_h{g}").copy_(t.weight_hh.detach()[k * d : (k + 1) * d].T)
                getattr(cell, f"b_{g}").copy_(bias[k * d : (k + 1) * d])
        return cell


class LSTMRNTN(LSTMCell):
    """LSTMRNTN, grurntn §III-B, Eq. 19–20: the candidate cell gets
    ``x W_tsr^{[k]} h_{t−1}ᵀ`` with ``W_tsr (i, d, d)`` (Eq. 19 prints ``[h_{t−1}]``
    without ``ᵀ``; the transpose, as in Eq. 18, is the only typed reading).
    Inputs/Outputs as :class:`LSTMCell`."""

    def __init__(self, input_size, hidden_size, **kw):
        super().__init__(input_size, hidden_size, **kw)
        self._new("W_tsr", self.input_size, self.hidden_size, self.hidden_size)

    def tensor_term(self, x, h):
        return bilinear(x, h, self.W_tsr)


def run_sequence(cell, x, state=None, *, keep: bool = False):
    """Unroll ``cell`` over ``x (B, L, i)`` from ``state`` (default zeros).

    Returns ``(hs (B, L, d), cache)``; ``cache`` (when ``keep``) maps ``"x", "u", "a",
    "gate", "cand", "h"`` to lists over steps (``cand`` = h̃_j for a GRU, c_j for an
    LSTM, as autograd nodes), else ``None``."""
    if not isinstance(cell, _Gated):
        raise DTypeError(
            f"cell must be a gated cell of tnverify.cells.gated; got {type(cell).__name__}"
        )
    x = real_input(x, "x", 3, dtype=cell._kw["dtype"])
    if x.shape[1] < 1:
        raise ShapeError("x must hold at least one step (L >= 1)")
    state = cell.init_state(x.shape[0]) if state is None else state
    keep = as_flag(keep, "keep")
    hs: list[torch.Tensor] = []
    cache: dict[str, list] | None = (
        {k: [] for k in ("x", "u", "a", "gate", "cand", "h")} if keep else None
    )
    for t in range(x.shape[1]):
        p = cell.step_parts(x[:, t], state)
        state = (p["h"], p["c"]) if isinstance(cell, LSTMCell) else p["h"]
        hs.append(p["h"])
        if cache is not None:
            cache["x"].append(x[:, t])
            for k in ("u", "a", "gate", "cand", "h"):
                cache[k].append(p[k])
    return torch.stack(hs, dim=1), cache


def bptt_w_tsr(cache, grads, *, f="tanh", fprime="true", model="gru"):
    """Hand-written ∂E/∂W_tsr of grurntn Eq. 24 (``model="gru"``) or Eq. 25 (``"lstm"``).

    Eq. 24: ``Σ_j (∂E/∂h̃_j) f′(a_j) [x_j]ᵀ[(r_j ⊙ h_{j−1})]``; Eq. 25:
    ``Σ_j (∂E/∂c_j) i_j (1 − tanh²(a_j)) [x_j]ᵀ[h_{j−1}]``.  ``grads[j]`` is the
    error signal ``∂E/∂h̃_j`` (resp. ``∂E/∂c_j``) ``(B, d)`` under the reading chosen by
    the caller.  ``fprime="printed"`` uses ``(1 − f(a))²`` for tanh (as printed in §III-C),
    ``"true"`` uses ``1 − f(a)²``; sigmoid: ``f(a)(1 − f(a))`` (printed = true).
    Returns ``(i, d, d)``: ``G[p, q, k] = Σ_j Σ_b δ_j[b, k] x_j[b, p] u_j[b, q]``.
    """
    if not isinstance(cache, dict) or "a" not in cache:
        raise DTypeError(
            f"cache must be the dict of run_sequence(..., keep=True); got {type(cache).__name__}"
        )
    if isinstance(f, str) or not callable(f):
        as_choice(f, "f", tuple(ACTIVATIONS))
    as_choice(fprime, "fprime", ("true", "printed"))
    as_choice(model, "model", ("gru", "lstm"))
    if len(grads) != len(cache["a"]):
        raise ShapeError(f"need one error signal per step: {len(cache['a'])}; got {len(grads)}")
    total = 0.0
    for j, g in enumerate(grads):
        a = cache["a"][j].detach()
        fa = ACTIVATIONS["tanh" if model == "lstm" else f](a)
        if model == "lstm" or f == "tanh":
            fp = (1 - fa) ** 2 if (fprime == "printed" and model == "gru") else 1 - fa**2
        elif f == "sigmoid":
            fp = fa * (1 - fa)
        else:
            fp = torch.ones_like(a)
        delta = g * fp * (cache["gate"][j].detach() if model == "lstm" else 1.0)
        total = total + torch.einsum(
            "bp,bq,bk->pqk", cache["x"][j].detach(), cache["u"][j].detach(), delta
        )
    return total


def grurntn_to_second_order(cell: GRURNTN) -> SecondOrderRNN:
    """The second-order RNN of a GRURNTN with fixed gates and no additive terms.

    Requires ``form="eq18"``, ``f="identity"``, zero ``W_xr, W_hr, W_xz, W_hz`` (so
    ``r = σ(b_r)``, ``z = σ(b_z)`` are fixed) and zero ``W_xh, W_hh, b_h``.  On one-hot
    inputs ``x = e_p`` (``Σ_p x_p = 1``) the step ``h' = (1 − z) ⊙ h + z ⊙ (x W_tsr (r ⊙
    h)ᵀ)`` is ``h'_k = Σ_{p,q} x_p T_{p k q} h_q`` with (ttlm layout ``T_{jik}``)

    .. math:: T_{p k q} = z_k W_{p q k} r_q + (1 − z_k) δ_{kq}.

    Then :func:`tnverify.equivalences.second_order_to_tt_core` gives the TT core.
    """
    if not isinstance(cell, GRURNTN) or cell.form != "eq18" or cell.f_name != "identity":
        raise UsageError("need a GRURNTN with form='eq18' and f='identity'")
    for name in ("W_xr", "W_hr", "W_xz", "W_hz", "W_xh", "W_hh", "b_h"):
        if bool((getattr(cell, name) != 0).any()):
            raise UsageError(f"{name} must be zero (fixed gates, no additive terms)")
    p = dict(cell.named_parameters())
    r, z = torch.sigmoid(p["b_r"]), torch.sigmoid(p["b_z"])
    eye = torch.eye(cell.hidden_size, dtype=z.dtype, device=z.device)
    T = torch.einsum("k,pqk,q->pkq", z, cell.W_tsr, r) + ((1 - z)[:, None] * eye)[None]
    return SecondOrderRNN(T.detach(), dtype=T.dtype, device=T.device)
