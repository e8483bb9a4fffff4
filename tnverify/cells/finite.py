"""Finite in, finite out: the checks the cells' sweeps share.

- :func:`pow2_scaled` divides a core by the power of two just above its largest entry —
  exact in floating point — so a sweep can carry the scale as an integer exponent and
  never form a product of huge or tiny numbers (Born and TT ``log Z``);
- :func:`check_sweep` raises :class:`~tnverify.errors.NonFiniteError` naming the step at
  which a raw (unscaled) sweep left the float range although every parameter and input
  was finite.  When a parameter or an input already holds NaN/inf (the training path,
  e.g. after a diverged optimiser step) the values propagate unchanged, as the cells'
  docstrings state.
"""

from __future__ import annotations

import torch

from ..errors import NonFiniteError

__all__ = ["pow2_scaled", "check_sweep"]


def pow2_scaled(g: torch.Tensor) -> tuple[torch.Tensor, int]:
    """``(g · 2**-k, k)`` with ``2**k`` just above ``max|g|`` (``k = 0`` for a zero or
    non-finite ``g``); the scaling is exact, so results are unchanged bit for bit."""
    m = float(g.detach().abs().max()) if g.numel() else 0.0
    if not (m > 0.0 and m < float("inf")):
        return g, 0
    _, exponent = torch.frexp(torch.tensor(m, dtype=torch.float64))
    k = int(exponent)
    half = k // 2  # two steps: 2**±1074 is not a float
    return g * (2.0**-half) * (2.0 ** -(k - half)), k


def check_sweep(states, inputs, where: str) -> None:
    """Raise NonFiniteError when ``states`` (a list over steps, or a stacked ``(B, L,
    ...)`` tensor) hold NaN/inf although every tensor of ``inputs`` is finite; the
    message names the first such step and the scaled route."""
    if isinstance(states, torch.Tensor):
        states = list(states.unbind(1)) if states.ndim >= 2 else [states]
    if not states or all(bool(torch.isfinite(s.detach()).all()) for s in states[-1:]):
        return
    for t in inputs:
        if (
            isinstance(t, torch.Tensor)
            and (t.is_floating_point() or t.is_complex())
            and not bool(torch.isfinite(t.detach()).all())
        ):
            return  # NaN/inf came in: it propagates
    step = next(i for i, s in enumerate(states) if not bool(torch.isfinite(s.detach()).all()))
    raise NonFiniteError(
        f"{where}: the state left the float range at step {step} (finite "
        f"parameters and inputs; the unscaled sweep over/underflows) — use "
        f"the renormalised or log-domain method"
    )
