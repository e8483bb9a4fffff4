"""The ξ-operators of generalized tensor networks (gtm §4.1, §4.2, App. B).

A generalized outer product replaces ``x·y`` by an associative, commutative binary operator
ξ (gtm §4.1, "Generalized outer product", Eq. 13).  The paper names

* ``product``  ξ(x, y) = xy                    (§4.1: "a simple RNN"),
* ``relu``     ξ(x, y) = max(x, y, 0)          (§4.1: rectifier nonlinearities),
* ``softplus`` ξ(x, y) = ln(eˣ + eʸ)           (§4.1: softplus nonlinearities),
* ``sum``      ξ(x, y) = x + y                 (App. B, Table 1),
* ``l2``       ξ(x, y) = √(x² + y²)            (App. B, Table 1),
* ``relu_sum`` ξ(x, y) = max(x, 0) + max(y, 0) (§4.2, after Cohen & Shashua 2016).

Each :class:`XiOperator` carries its numpy function (float64, broadcasting), its torch twin
(autograd-safe, any device and dtype), a sympy expression and ``unit``: the value the
paper uses as the initial hidden state h^{(0)} (gtm §4.1, "Initial hidden
state").  ``unit`` follows reading (a) of claim ``gtm-xi-operators`` — the printed ternary
condition ξ(x, y, u) = ξ(x, y) for all real x, y.  Under it max(x, y, 0) and
max(x, 0) + max(y, 0) admit every u ≤ 0 (we take u = 0, the paper's choice), √(x² + y²)
and x + y take u = 0, xy takes u = 1.  ln(eˣ + eʸ) has **no** real unit: the condition needs
e^u = 0; its ``unit`` is ``-inf``, an *extended-real* unit (u ∈ ℝ ∪ {−∞}, not in ℝ), for
which ``ξ(x, −inf) = x`` holds exactly in IEEE arithmetic (np.logaddexp, torch.logaddexp);
``unit_in_reals`` is False for it.  Whether the units exist is checked by the claim, not
assumed here.

The numerically delicate operators use stable forms: ``np.logaddexp`` / ``torch.logaddexp``
for ln(eˣ + eʸ) (no overflow for large x, y) and ``np.hypot`` / ``torch.hypot`` for
√(x² + y²).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import ShapeError, UsageError
from ..validation import as_array, as_int

__all__ = ["XiOperator", "XI_OPERATORS", "XI_NAMES", "get_xi"]


@dataclass(frozen=True)
class XiOperator:
    """An associative, commutative binary operator ξ : ℝ × ℝ → ℝ (gtm §4.1).

    Attributes
    ----------
    name : str
        Key in :data:`XI_OPERATORS`.
    label : str
        The formula as printed, e.g. ``"max(x, y, 0)"``.
    numpy : callable
        ``numpy(x, y) -> ndarray``, broadcasting, float64 in/out.
    torch : callable
        ``torch(x, y) -> Tensor``, broadcasting, autograd-safe, any device/dtype.
    sympy : callable
        ``sympy(x, y) -> sympy expression`` (sympy is imported by the caller).
    unit : float or None
        h^{(0)}: the unit under the printed ternary condition ξ(x, y, u) = ξ(x, y)
        (reading (a)); ``-inf`` only for ``softplus`` (extended real); None when none.
    unit_in_reals : bool
        Whether ``unit`` is a real number (False for the extended-real ``-inf``).
    """

    name: str
    label: str
    numpy: Callable[[Any, Any], np.ndarray]
    torch: Callable[[Any, Any], Any]
    sympy: Callable[[Any, Any], Any]
    unit: float | None
    unit_in_reals: bool = True

    def __call__(self, x, y) -> np.ndarray:
        """ξ(x, y) in numpy (float64, broadcasting)."""
        return self.numpy(as_array(x, "x", finite=False), as_array(y, "y", finite=False))

    def reduce(self, values, axis: int = -1) -> np.ndarray:
        """ξ(v_1, …, v_n) over ``axis`` by a left fold ξ(ξ(v_1, v_2), v_3)… — the n-ary ξ
        the paper defines through associativity (gtm §4.1).

        Raises
        ------
        UsageError
            The axis is empty (ξ of no operands is not defined without a unit).
        """
        # validated like every array argument (strings, complex, ragged refused; NaN/inf
        # pass: ξ is defined on the extended reals) and the axis checked for range
        a = as_array(values, "values", finite=False)
        axis = as_int(axis, "axis", error=ShapeError)
        if a.ndim == 0 or not -a.ndim <= axis < a.ndim:
            raise ShapeError(f"axis {axis} is out of range for values of shape {a.shape}")
        v = np.moveaxis(a, axis, 0)
        if v.shape[0] == 0:
            raise UsageError(f"ξ = {self.label} of no operands: axis {axis} is empty")
        return functools.reduce(self.numpy, v[1:], v[0].copy())

    def torch_reduce(self, values, dim: int = -1):
        """Torch twin of :meth:`reduce` (left fold over ``dim``)."""
        if values.shape[dim] == 0:
            raise UsageError(f"ξ = {self.label} of no operands: dim {dim} is empty")
        parts = values.unbind(dim)
        return functools.reduce(self.torch, parts[1:], parts[0])

    def __repr__(self) -> str:
        return f"XiOperator({self.name!r}, {self.label!r}, unit={self.unit!r})"


# -- the operators -----------------------------------------------------------------------
def _np_relu(x, y):
    # max is exact, so clamping the smaller (broadcast) operand first gives the same
    # values with one full-size pass instead of two
    if np.size(x) < np.size(y):
        return np.maximum(np.maximum(x, 0.0), y)
    return np.maximum(x, np.maximum(y, 0.0))


def _np_relu_sum(x, y):
    return np.maximum(x, 0.0) + np.maximum(y, 0.0)


def _t_relu(x, y):
    import torch

    if x.numel() < y.numel():
        return torch.maximum(torch.clamp(x, min=0), y)
    return torch.maximum(x, torch.clamp(y, min=0))


def _t_relu_sum(x, y):
    import torch

    return torch.clamp(x, min=0) + torch.clamp(y, min=0)


def _t_logaddexp(x, y):
    import torch

    return torch.logaddexp(x, y)


def _t_hypot(x, y):
    """torch.hypot with the subgradient 0 at (0, 0) where autograd is on (torch.hypot's
    own gradient is NaN there); the plain op otherwise (no extra temporaries)."""
    import torch

    if not (
        torch.is_grad_enabled()
        and (getattr(x, "requires_grad", False) or getattr(y, "requires_grad", False))
    ):
        return torch.hypot(x, y)
    zero = (x == 0) & (y == 0)
    r = torch.hypot(torch.where(zero, torch.ones_like(x), x), y)
    return torch.where(zero, torch.zeros_like(r), r)


def _sp_max(*args):
    import sympy

    return sympy.Max(*args)


def _sp_softplus(x, y):
    import sympy

    return sympy.log(sympy.exp(x) + sympy.exp(y))


def _sp_l2(x, y):
    import sympy

    return sympy.sqrt(x**2 + y**2)


XI_OPERATORS: dict[str, XiOperator] = {
    op.name: op
    for op in (
        XiOperator("product", "xy", np.multiply, lambda x, y: x * y, lambda x, y: x * y, unit=1.0),
        XiOperator(
            "relu", "max(x, y, 0)", _np_relu, _t_relu, lambda x, y: _sp_max(x, y, 0), unit=0.0
        ),
        XiOperator(
            "softplus",
            "ln(e^x + e^y)",
            np.logaddexp,
            _t_logaddexp,
            _sp_softplus,
            unit=-math.inf,
            unit_in_reals=False,
        ),
        XiOperator("sum", "x + y", np.add, lambda x, y: x + y, lambda x, y: x + y, unit=0.0),
        XiOperator("l2", "sqrt(x^2 + y^2)", np.hypot, _t_hypot, _sp_l2, unit=0.0),
        XiOperator(
            "relu_sum",
            "max(x, 0) + max(y, 0)",
            _np_relu_sum,
            _t_relu_sum,
            lambda x, y: _sp_max(x, 0) + _sp_max(y, 0),
            unit=0.0,
        ),
    )
}

#: The keys of :data:`XI_OPERATORS`, in the order above.
XI_NAMES: tuple[str, ...] = tuple(XI_OPERATORS)


def get_xi(xi) -> XiOperator:
    """The :class:`XiOperator` for a key of :data:`XI_OPERATORS` or an XiOperator.

    Raises
    ------
    UsageError
        ``xi`` is neither; the message lists the keys.

    Examples
    --------
    >>> get_xi("relu").label
    'max(x, y, 0)'
    """
    if isinstance(xi, XiOperator):
        return xi
    if isinstance(xi, str) and xi in XI_OPERATORS:
        return XI_OPERATORS[xi]
    raise UsageError(
        f"unknown ξ-operator {xi!r}; choose one of {', '.join(XI_NAMES)} or pass an XiOperator"
    )
