"""RAC layers and Linear Multiplicative Models (LMMs) of thesis §5.4, in PyTorch.

- :class:`RACLayer` — Eq. 5.18, ``h^{(t)} = A h^{(t−1)} ⊙ B x^{(t)}`` with the declared
  ``B ∈ ℝ^{N×H}`` and the readings that make ``B x`` typed (``orientation``).
- :class:`LMM` — Eq. 5.20–5.21, ``h^{(t)} = Λ h^{(t−1)} ⊙ Γ x^{(t)}`` with complex
  diagonals ``Λ = diag(exp(−v_Λ + iθ_Λ))``, ``Γ = diag(exp(−v_Γ + iθ_Γ))``, initialised
  by Lemma 4.2.1 (:func:`annulus_init`, in :mod:`tnverify.cells.annulus`).
- :class:`LMMMLP` — Eq. 5.23, ``h^{(t)} = C z + D x^{(t)}`` with ``z = Λh ⊙ Γx``.
- :class:`LMMMMn` — Eq. 5.24, ``h^{(t)} = MMn(z)`` (:func:`mmn`), on the real part as
  in §7.2 (``part="real"``) or on the complex ``z`` as printed (``part="complex"``).
- :func:`lmm_to_tt_core` — the LMM as a TTLM with a diagonal core (in
  :mod:`tnverify.cells.lmm_tt_core`).

Inputs are dense vectors (the thesis' ``N``-dimensional inputs ``x^{(t)}``), batched as
``(batch, L, N)``.  Parameter counts (:func:`real_param_count`) count a complex entry as
two real numbers.

References
----------
thesis §5.4, Eq. 5.18–5.24; §4.2.2, Lemma 4.2.1 (Orvieto et al., 2023,
Lem. 3.2); §7.2.

Notes
-----
Checked by the claims of :mod:`tnverify.claims.thesis.lmm` (``thesis-eq-5.18`` … ``thesis-eq-6.9``).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import torch
from torch import nn

from ..errors import DTypeError, NonFiniteError, ShapeError, UsageError
from ..validation import (
    as_choice,
    as_device,
    as_flag,
    as_float,
    as_int,
    as_rng,
    as_tensor,
    check_entries,
)
from .annulus import annulus_init
from .finite import check_sweep
from .lmm_tt_core import lmm_to_tt_core

__all__ = [
    "LMM",
    "LMMMLP",
    "ORIENTATIONS",
    "LMMMMn",
    "RACLayer",
    "annulus_init",
    "lmm_to_tt_core",
    "mmn",
    "real_param_count",
]

#: Readings of ``B x^{(t)}`` in Eq. 5.18 with the declared ``B ∈ ℝ^{N×H}``:
#: ``"NxH"`` stores B as declared and applies ``Bᵀ x`` (row convention ``x B``);
#: ``"HxN"`` declares ``B ∈ ℝ^{H×N}`` and applies ``B x``;
#: ``"literal"`` applies ``B x`` to the declared ``N×H`` matrix (typed only when N = H).
ORIENTATIONS = ("NxH", "HxN", "literal")
_COMPLEX = {
    torch.float32: torch.complex64,
    torch.float64: torch.complex128,
    torch.complex64: torch.complex64,
    torch.complex128: torch.complex128,
}


def real_param_count(module: nn.Module) -> int:
    """Trainable real numbers of ``module``: ``numel`` per parameter, a complex entry
    counted as 2 (its real and imaginary parts)."""
    if not isinstance(module, nn.Module):
        raise DTypeError(f"module must be a torch.nn.Module; got {type(module).__name__}")
    return sum(p.numel() * (2 if p.is_complex() else 1) for p in module.parameters())


def _tensor(x, dtype, device, name: str, ndim: int) -> torch.Tensor:
    return as_tensor(x, name, dtype=dtype, device=device, ndim=ndim)


def _check_dtype(dtype) -> torch.dtype:
    if not isinstance(dtype, torch.dtype) or dtype not in _COMPLEX:
        raise DTypeError(f"dtype must be float32/float64/complex64/complex128; got {dtype!r}")
    return dtype


class _Recurrence(nn.Module):
    """Shared sequence loop over dense inputs ``x (batch, L, N)``."""

    hidden: int
    n_inputs: int

    # each recurrence's own (properties and a method of RACLayer, LMM, ...)
    device: torch.device
    state_dtype: torch.dtype
    step: Callable[[torch.Tensor, torch.Tensor], torch.Tensor]

    def _inputs(self, x) -> torch.Tensor:
        # the training path: the autograd graph is kept (NaN/inf are refused below)
        x = as_tensor(x, "x", device=self.device, finite=False, detach=False)
        if x.ndim != 3 or x.shape[2] != self.n_inputs or x.shape[1] < 1:
            raise ShapeError(f"x must be (batch, L >= 1, {self.n_inputs}); got {tuple(x.shape)}")
        if x.is_complex() and not self.state_dtype.is_complex:
            raise DTypeError(f"x is complex ({x.dtype}) but the states are {self.state_dtype}")
        if not torch.isfinite(x).all():
            raise NonFiniteError("x must be finite")
        return x.to(self.state_dtype)

    def _h0(self, h0, batch: int) -> torch.Tensor:
        h = (
            torch.ones(self.hidden, dtype=self.state_dtype, device=self.device)
            if h0 is None
            else as_tensor(
                h0, "h0", dtype=self.state_dtype, device=self.device, finite=False, detach=False
            )
        )
        if h.shape not in ((self.hidden,), (batch, self.hidden)):
            raise ShapeError(
                f"h0 must be ({self.hidden},) or ({batch}, {self.hidden}); got {tuple(h.shape)}"
            )
        return h.expand(batch, self.hidden)

    def forward(self, x, *, h0=None, return_all: bool = False) -> torch.Tensor:
        """Run the recurrence.

        Inputs: ``x (batch, L, N)``; ``h0 (H,)`` or ``(batch, H)``, default all ones
        (thesis Eq. 5.22 assumes ``h^{(0)} = 𝟏``).
        Outputs: ``h^{(L)} (batch, H)``, or ``(batch, L, H)`` with ``return_all=True``.
        A state beyond the float range (finite parameters and inputs) raises NonFiniteError
        naming the step — :meth:`LMM.log_forward` is the log-domain route; NaN/inf in a
        parameter (the training path) propagates.
        """
        x = self._inputs(x)
        return_all = as_flag(return_all, "return_all")
        h = self._h0(h0, x.shape[0])
        states = []
        for t in range(x.shape[1]):
            h = self.step(h, x[:, t])
            states.append(h)
        check_sweep(states, [x, *self.parameters()], f"{type(self).__name__}.forward")
        return torch.stack(states, dim=1) if return_all else h

    @property
    def n_real_params(self) -> int:
        """Trainable real numbers (complex entries count 2)."""
        return real_param_count(self)


class RACLayer(_Recurrence):
    """RAC layer, thesis §5.4, Eq. 5.18:
    ``h^{(t)} = A h^{(t−1)} ⊙ B x^{(t)}``, ``A ∈ ℝ^{H×H}``, ``B ∈ ℝ^{N×H}`` (declared).

    ``orientation`` picks the reading of ``B x`` (:data:`ORIENTATIONS`): ``"NxH"`` (B of
    shape ``(N, H)``, term ``Bᵀ x``), ``"HxN"`` (B of shape ``(H, N)``, term ``B x``),
    ``"literal"`` (B of shape ``(N, H)``, term ``B x``; refused unless ``N = H``).

    Inputs: ``x (batch, L, N)``, optional ``h0 (H,)``/``(batch, H)``.
    Outputs: ``(batch, H)`` last state or ``(batch, L, H)`` all states.
    """

    def __init__(self, A, B, *, orientation: str = "NxH", dtype=torch.float64, device: str = "cpu"):
        super().__init__()
        if orientation not in ORIENTATIONS:
            raise UsageError(f"orientation must be one of {ORIENTATIONS}; got {orientation!r}")
        dtype, device = _check_dtype(dtype), as_device(device)
        a, b = _tensor(A, dtype, device, "A", 2), _tensor(B, dtype, device, "B", 2)
        H = a.shape[0]
        if a.shape != (H, H):
            raise ShapeError(f"A must be (H, H); got {tuple(a.shape)}")
        out_axis = 0 if orientation == "HxN" else 1
        if b.shape[out_axis] != H:
            want = "(H, N)" if orientation == "HxN" else "(N, H)"
            raise ShapeError(
                f"B must be {want} with H = {H} for orientation {orientation!r}; "
                f"got {tuple(b.shape)}"
            )
        if orientation == "literal" and b.shape[0] != H:
            raise ShapeError(
                f"B x with B ∈ ℝ^(N×H) = {tuple(b.shape)} and x ∈ ℝ^N is not typed "
                f"(inner sizes {b.shape[1]} ≠ N = {b.shape[0]}); it is only when "
                "N = H"
            )
        self.orientation, self.hidden = orientation, H
        self.n_inputs = int(b.shape[1] if orientation == "HxN" else b.shape[0])
        self.A, self.B = nn.Parameter(a), nn.Parameter(b)

    @property
    def device(self):
        return self.A.device

    @property
    def state_dtype(self):
        return self.A.dtype

    def input_term(self, x: torch.Tensor) -> torch.Tensor:
        """``B x`` under the reading: ``x (batch, N) -> (batch, H)``."""
        return x @ self.B if self.orientation == "NxH" else x @ self.B.transpose(0, 1)

    def step(self, h, x):
        """``h (batch, H)``, ``x (batch, N)`` -> ``(batch, H)``."""
        return (h @ self.A.transpose(0, 1)) * self.input_term(x)


class LMM(_Recurrence):
    """Linear Multiplicative Model, thesis §5.4.1, Eq. 5.20–5.21.

    ``h^{(t)} = Λ h^{(t−1)} ⊙ Γ x^{(t)}``, ``Λ = diag(exp(−v_Λ + iθ_Λ))``,
    ``Γ = diag(exp(−v_Γ + iθ_Γ))``; ``N = H``.  The four parameter vectors are complex
    (as declared, ``∈ ℂ^H``) with ``complex_params=True``, real otherwise.  They are drawn
    by :func:`annulus_init` (``init="lemma"`` or ``"printed"``) from ``rng`` unless given.

    Inputs: ``x (batch, L, H)`` real or complex; ``h0`` as :meth:`forward`.
    Outputs: complex states ``(batch, H)`` or ``(batch, L, H)``; :meth:`log_forward`
    gives ``log h^{(t)}`` (principal log of each factor, summed: no under/overflow).
    """

    v_lam: torch.Tensor  # the four parameter vectors (set in a loop)
    theta_lam: torch.Tensor
    v_gam: torch.Tensor
    theta_gam: torch.Tensor

    def __init__(
        self,
        hidden: int,
        *,
        r_min: float = 0.0,
        r_max: float = 1.0,
        rng: np.random.Generator | None = None,
        init: str = "lemma",
        complex_params: bool = True,
        params: dict | None = None,
        dtype=torch.complex128,
        device: str = "cpu",
    ):
        super().__init__()
        dtype = _check_dtype(dtype)
        if not dtype.is_complex:
            raise DTypeError(f"LMM states are complex; dtype must be complex64/128; got {dtype}")
        self.hidden = self.n_inputs = as_int(hidden, "hidden", minimum=1)
        complex_params, device = as_flag(complex_params, "complex_params"), as_device(device)
        if params is not None and not isinstance(params, dict):
            raise DTypeError(
                f"params must be None or a dict of the four parameter vectors; "
                f"got {type(params).__name__}"
            )
        if params is not None and set(params) != {"v_lam", "theta_lam", "v_gam", "theta_gam"}:
            raise ShapeError(
                f"params must have the keys v_lam, theta_lam, v_gam, theta_gam; "
                f"got {sorted(map(str, params))}"
            )
        check_entries((self.hidden,), repeat=1, what="LMM diagonals")
        pdtype = (
            dtype
            if complex_params
            else (torch.float32 if dtype == torch.complex64 else torch.float64)
        )
        if params is None:
            rng = as_rng(rng)
            vl, tl = annulus_init(self.hidden, r_min, r_max, rng, formula=init)
            vg, tg = annulus_init(self.hidden, r_min, r_max, rng, formula=init)
            params = {"v_lam": vl, "theta_lam": tl, "v_gam": vg, "theta_gam": tg}
        for name in ("v_lam", "theta_lam", "v_gam", "theta_gam"):
            t = _tensor(params[name], pdtype, device, name, 1)
            if t.shape != (self.hidden,):
                raise ShapeError(f"{name} must be ({self.hidden},); got {tuple(t.shape)}")
            setattr(self, name, nn.Parameter(t))
        self._dtype = dtype

    @classmethod
    def from_diagonals(cls, lam, gam, **kw) -> LMM:
        """The LMM with ``Λ = diag(lam)``, ``Γ = diag(gam)`` (nonzero complex ``(H,)``):
        ``v = −log|·|``, ``θ = arg(·)``."""
        lam, gam = np.asarray(lam, dtype=np.complex128), np.asarray(gam, dtype=np.complex128)
        if lam.shape != gam.shape or lam.ndim != 1 or (lam == 0).any() or (gam == 0).any():
            raise ShapeError(
                f"need nonzero lam, gam of one shape (H,); got {lam.shape}, {gam.shape}"
            )
        p = {
            "v_lam": -np.log(np.abs(lam)),
            "theta_lam": np.angle(lam),
            "v_gam": -np.log(np.abs(gam)),
            "theta_gam": np.angle(gam),
        }
        return cls(lam.shape[0], params=p, complex_params=kw.pop("complex_params", False), **kw)

    @property
    def device(self):
        return self.v_lam.device

    @property
    def state_dtype(self):
        return self._dtype

    def _diag(self, v, theta):
        return torch.exp(-v.to(self._dtype) + 1j * theta.to(self._dtype))

    def lam(self) -> torch.Tensor:
        """``diag(Λ)``, Eq. 5.21: ``exp(−v_Λ + iθ_Λ)`` ``(H,)``."""
        return self._diag(self.v_lam, self.theta_lam)

    def gam(self) -> torch.Tensor:
        """``diag(Γ)``, Eq. 5.21: ``exp(−v_Γ + iθ_Γ)`` ``(H,)``."""
        return self._diag(self.v_gam, self.theta_gam)

    def pre(self, h, x):
        """``z = Λ h ⊙ Γ x`` (Eq. 5.20): ``h, x (batch, H)``."""
        return (self.lam() * h) * (self.gam() * x)

    def step(self, h, x):
        return self.pre(h, x)

    def log_forward(self, x, *, log_h0=None) -> torch.Tensor:
        """``log h^{(t)}`` for every t: ``log h^{(0)} + Σ_{i≤t} (log λ + log γ + log x^{(i)})``
        (thesis Eq. 5.22 in the log domain; ``x`` must have no zero entry).

        Inputs: ``x (batch, L, H)``; ``log_h0 (H,)`` (default 0, i.e. ``h^{(0)} = 𝟏``).
        Outputs: ``(batch, L, H)`` complex logs (imaginary part = unwrapped phase).
        """
        x = self._inputs(x).to(self._dtype)
        if (x == 0).any():
            raise NonFiniteError("log_forward needs inputs without zero entries (log 0)")
        log_lg = (-self.v_lam - self.v_gam).to(self._dtype) + 1j * (
            self.theta_lam + self.theta_gam
        ).to(self._dtype)
        out = torch.cumsum(log_lg + torch.log(x), dim=1)
        if log_h0 is None:
            return out
        log_h0 = as_tensor(
            log_h0, "log_h0", dtype=out.dtype, device=out.device, detach=False, ndim=(1, 2)
        )
        if log_h0.shape[-1] != self.hidden:
            raise ShapeError(
                f"log_h0 must be ({self.hidden},) or (batch, {self.hidden}); "
                f"got {tuple(log_h0.shape)}"
            )
        return out + log_h0


class LMMMLP(LMM):
    """LMM-MLP, thesis §5.4.2, Eq. 5.23: ``h^{(t)} = MLP(Λh^{(t−1)} ⊙ Γx^{(t)})``
    with ``MLP(z) = C z + D x^{(t)}``, ``C, D ∈ ℂ^{H×H}`` (drawn complex normal with
    variance ``1/H`` unless ``C``, ``D`` are given).

    Inputs/Outputs as :class:`LMM`.
    """

    def __init__(self, hidden: int, *, C=None, D=None, rng=None, **kw):
        rng = as_rng(rng)
        super().__init__(hidden, rng=rng, **kw)
        H, s = self.hidden, 1.0 / math.sqrt(2.0 * self.hidden)
        check_entries((2, H, H), what="LMM-MLP matrices C, D")
        for name, M in (("C", C), ("D", D)):
            if M is None:
                M = s * (rng.standard_normal((H, H)) + 1j * rng.standard_normal((H, H)))
            t = _tensor(M, self._dtype, self.device, name, 2)
            if t.shape != (H, H):
                raise ShapeError(f"{name} must be ({H}, {H}); got {tuple(t.shape)}")
            setattr(self, name, nn.Parameter(t))

    def mlp(self, z, x):
        """``MLP(z) = C z + D x`` for ``z, x (batch, H)``."""
        return z @ self.C.transpose(0, 1) + x.to(self._dtype) @ self.D.transpose(0, 1)

    def step(self, h, x):
        return self.mlp(self.pre(h, x), x)


def mmn(z: torch.Tensor, a: float = -1.0, b: float = 1.0, *, dim: int = -1) -> torch.Tensor:
    """Min-Max normalisation, thesis Eq. 5.24, literally:
    ``MMn(z) = a + (z − min z)(b − a)/(max z − min z)`` along ``dim``.

    A constant ``z`` (and every ``z`` with one entry) gives ``0/0 = NaN``, as printed.
    torch defines no min/max of complex numbers: a complex ``z`` raises
    :class:`~tnverify.errors.DTypeError`.

    Inputs: ``z (..., H)`` real.  Outputs: same shape.
    """
    z = as_tensor(z, "z", finite=False, detach=False)
    a, b = as_float(a, "a", error=UsageError), as_float(b, "b", error=UsageError)
    dim = as_int(dim, "dim")
    if z.is_complex():
        raise DTypeError(
            "MMn needs a real z: min/max are undefined for complex numbers "
            f"(torch refuses them); got {z.dtype}"
        )
    lo, hi = z.amin(dim=dim, keepdim=True), z.amax(dim=dim, keepdim=True)
    return a + (z - lo) * (b - a) / (hi - lo)


class LMMMMn(LMM):
    """LMM-MMn, thesis §5.4.2, Eq. 5.24: ``h^{(t)} = MMn(Λh^{(t−1)} ⊙ Γx^{(t)})``.

    ``part="real"``: MMn of the real part of ``z`` (thesis §7.2); the states are real
    (stored in the complex dtype).  ``part="complex"``: MMn of the complex ``z`` as printed,
    which :func:`mmn` refuses.  ``a, b`` are the fixed min-max bounds (not trainable).

    Inputs/Outputs as :class:`LMM`.
    """

    def __init__(self, hidden: int, *, a: float = -1.0, b: float = 1.0, part: str = "real", **kw):
        as_choice(part, "part", ("real", "complex"))
        a, b = as_float(a, "a", error=UsageError), as_float(b, "b", error=UsageError)
        if isinstance(hidden, (int, np.integer)) and int(hidden) < 2:
            raise ShapeError(
                f"LMM-MMn needs hidden >= 2: Min-Max normalisation of a single "
                f"unit is 0/0 (claim thesis-eq-5.24); got hidden = {hidden}"
            )
        super().__init__(hidden, **kw)
        self.a, self.b, self.part = float(a), float(b), part

    def step(self, h, x):
        z = self.pre(h, x)
        return mmn(z.real if self.part == "real" else z, self.a, self.b).to(self._dtype)
