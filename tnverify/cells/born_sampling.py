"""The exact sampler of the Born machines (:class:`tnverify.cells.born.BornMachine`):
``x_t`` from the exact conditional ``P(x_t | x_{<t})`` = ratio of prefix marginals (left to
right) or ``x_{k-1}`` from ratios of suffix marginals (right to left, thesis §4.1.3,
Eq. 4.5), by the inverse CDF of given uniforms, so a fixed array of uniforms gives a
deterministic, enumerable sampler.

Checked by the claims ``thesis-eq-4.5`` and ``tnverify-born-sampler-exact``.
"""

from __future__ import annotations

from collections.abc import Callable

import torch

from ..errors import DTypeError, ShapeError, UsageError
from ..validation import as_int, as_tensor, check_entries, check_mass
from .sites import SiteCores, pow2_renormalise

__all__ = ["BornSampler"]


class BornSampler(SiteCores):
    """Mixin of :class:`~tnverify.cells.born.BornMachine`: the next-token weights and the
    exact samplers, on the machine's environments and boundary states."""

    # the machine's own (methods and attributes of BornMachine)
    vocab_size: int
    reversed: Callable[[], BornSampler]
    left_environments: Callable[..., list]
    _initial_states: Callable[[int], tuple]

    def _next_weights(self, h: torch.Tensor, t: int, renv: torch.Tensor) -> torch.Tensor:
        """Unnormalised ``q_v = (h G_v) R (h G_v)ᴴ`` (``(B, V)`` float64, >= 0)."""
        g = self.core(t)
        u = torch.einsum("ba,avc->bvc", h, g)
        q = torch.einsum("bvc,cd,bvd->bv", u, renv.transpose(0, 1), u.conj()).real
        return q.double().clamp_min(0.0)

    def sample_from_uniforms(self, uniforms, *, direction: str = "left"):
        """Inverse-CDF sampler: ``x_t`` is the smallest ``v`` whose cumulative conditional
        weight exceeds ``u_t · total``.  ``uniforms`` is ``(n, L)`` in ``[0, 1)``; for
        ``direction="right"`` position ``L`` is drawn first with ``u[:, 0]`` (Eq. 4.5).

        Returns ``(tokens (n, L) long, log_prob (n,) float64)``, ``log_prob`` the sum of
        the log conditionals of the drawn tokens.
        """
        if not isinstance(direction, str) or direction not in ("left", "right"):
            raise ShapeError(f"direction must be 'left' or 'right'; got {direction!r}")
        u = as_tensor(uniforms, "uniforms", dtype=torch.float64, device=self.device)
        if not bool(((u >= 0) & (u < 1)).all()):
            raise UsageError("uniforms must lie in [0, 1)")
        if u.ndim != 2 or u.shape[1] != self.length:
            raise ShapeError(
                f"uniforms must have shape (n, L = {self.length}); got {tuple(u.shape)}"
            )
        if direction == "right":
            tok, lp = self.reversed().sample_from_uniforms(u, direction="left")
            return torch.flip(tok, dims=(1,)), lp
        renvs = self.reversed().left_environments()
        n = u.shape[0]
        h, _ = self._initial_states(n)
        toks, logp = [], torch.zeros(n, dtype=torch.float64, device=self.device)
        for t in range(self.length):
            q = self._next_weights(h, t, renvs[self.length - t - 1][0])
            cum = torch.cumsum(q, dim=1)
            total = cum[:, -1]
            check_mass(total, f"BornMachine.sample at position {t}")  # no draw from Z = 0
            idx = torch.searchsorted(cum, (u[:, t] * total).unsqueeze(1), right=True)
            idx = idx.squeeze(1).clamp_max(self.vocab_size - 1)
            logp = logp + torch.log(q.gather(1, idx.unsqueeze(1)).squeeze(1) / total)
            g = self.core(t).index_select(1, idx).permute(1, 0, 2)
            h, _ = pow2_renormalise(torch.bmm(h.unsqueeze(1), g).squeeze(1))
            toks.append(idx)
        return torch.stack(toks, dim=1), logp

    def sample(self, n: int, *, generator: torch.Generator, direction: str = "left"):
        """``n`` exact samples (uniforms from ``generator``): ``(tokens, log_prob)``."""
        n = as_int(n, "n", minimum=1)
        check_entries((n, self.length), what="uniforms of the samples")
        if not isinstance(generator, torch.Generator):
            raise DTypeError(f"generator must be a torch.Generator; got {type(generator).__name__}")
        u = torch.rand(
            n, self.length, generator=generator, dtype=torch.float64, device=generator.device
        )
        return self.sample_from_uniforms(u.to(self.device), direction=direction)
