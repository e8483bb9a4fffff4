"""Tensor Train Language Model scorers in PyTorch.

The score of a sequence ``w = (w_1, ..., w_N)`` under a TT with cores
``G^{(t)} ∈ ℝ^{R_{t-1} × |V| × R_t}`` is the product of the selected slice matrices

.. math::

    \\mathcal{A}_{w_1 \\dots w_N} = G^{(1)}_{:, w_1, :} G^{(2)}_{:, w_2, :} \\cdots
    G^{(N)}_{:, w_N, :} = \\langle \\mathcal{A}, \\Phi(X) \\rangle ,

evaluated either sequentially (the hidden-state recurrence
``h^{(t)} = h^{(t-1)} G^{(t)}_{:, w_t, :}``, ``h^{(0)} = [1]``) or as a pairwise
(tree-parallel) product of the gathered slice matrices.

Design for extension: a :class:`TTScorer` stores a list of *distinct* cores and a map
``sites`` from each position ``t`` to the core it uses, so site-dependent TTs
(``sites = range(N)``) and tied/uniform ones (``sites = [0, 1, 1, ..., 1, 2]``) share one
implementation; uniform TTLM variants (Tiny, Large) can subclass it.

References
----------
ttlm §4.2, Eq. 3–5; thesis §3.2.2, Eq. 3.3 and §5.2.2, Eq. 5.5.

Notes
-----
Checked by claims ``ttlm-eq3``, ``ttlm-eq5``, ``thesis-eq-3.4`` and ``thesis-prop-5.2.1``.
"""

from __future__ import annotations

from collections.abc import Sequence

import torch
from torch import nn

from ..errors import DTypeError, RankError, ShapeError, UsageError
from ..validation import (
    as_device,
    as_flag,
    as_int,
    as_torch_dtype,
)
from .finite import pow2_scaled
from .sites import (
    LN2,
    SiteCores,
    as_core,
    chain_ranks,
    check_sites,
    pairwise_product,
    pow2_renormalise,
    vocab_size_of,
)
from .tokens import check_tokens

__all__ = ["TTScorer"]


class TTScorer(SiteCores, nn.Module):
    """Score token sequences with a (possibly tied) tensor train.

    Parameters
    ----------
    cores : sequence of array-like or torch.Tensor
        Distinct cores, each of shape ``(r_prev, V, r_next)``.
    sites : sequence of int, optional
        ``sites[t]`` is the index into ``cores`` used at position ``t`` (0-based).
        Default ``range(len(cores))`` (site-dependent cores).
    dtype : torch.dtype
        Default ``torch.float64``.
    device : str
        ``"cpu"`` or ``"cuda"``.

    Raises
    ------
    ShapeError, RankError
        Cores not 3-D, differing vocabularies, or ranks that do not chain with
        ``r_0 = r_N = 1``.

    Examples
    --------
    >>> import numpy as np, torch
    >>> g = [np.ones((1, 2, 2)), np.ones((2, 2, 1))]
    >>> TTScorer(g)(torch.tensor([[0, 1]])).tolist() == [2.0]
    True
    """

    def __init__(
        self,
        cores: Sequence,
        *,
        sites: Sequence[int] | None = None,
        dtype: torch.dtype = torch.float64,
        device: str = "cpu",
    ):
        super().__init__()
        dtype, device = as_torch_dtype(dtype, complex_ok=False), as_device(device)
        if isinstance(cores, (str, bytes)) or not hasattr(cores, "__iter__"):
            raise DTypeError(f"cores must be a sequence of arrays; got {type(cores).__name__}")
        tensors = [as_core(c, dtype, device) for c in cores]
        if not tensors:
            raise ShapeError("a TTScorer needs at least one core; got 0")
        sites = check_sites(sites, len(tensors))
        vocab_size = vocab_size_of(tensors)
        ranks = chain_ranks(tensors, sites)
        if ranks[-1] != 1:
            raise RankError(f"the last core must have r_N = 1; got {ranks[-1]}")
        self.core_list = nn.ParameterList([nn.Parameter(t) for t in tensors])
        self.sites = tuple(sites)
        self.ranks = tuple(ranks)
        self.vocab_size = vocab_size

    # -- construction ---------------------------------------------------------------
    @classmethod
    def from_tt(cls, tt, *, dtype: torch.dtype = torch.float64, device: str = "cpu"):
        """Build a site-dependent scorer from a :class:`tnverify.tt.TensorTrain`
        (or any object with a ``cores`` sequence)."""
        return cls(list(tt.cores), dtype=dtype, device=device)

    def to_tt(self):
        """The represented tensor as a :class:`tnverify.tt.TensorTrain` (float64 numpy)."""
        from ..tt import TensorTrain

        return TensorTrain(
            tuple(self.core(t).detach().cpu().double().numpy() for t in range(self.length))
        )

    # -- validation -----------------------------------------------------------------
    def check_tokens(self, tokens) -> torch.Tensor:
        """Validate a ``(B, N)`` integer batch with ``N`` = the number of sites and move it
        to the cores' device (see :func:`tnverify.cells.tokens.check_tokens`)."""
        return check_tokens(tokens, self.vocab_size, self.device, length=self.length)

    def slices(self, tokens, t: int, *, absolute: bool = False) -> torch.Tensor:
        """Gathered slice matrices ``G^{(t)}_{:, w_t, :}`` of shape ``(B, r_{t-1}, r_t)``
        (``tokens`` and ``t`` are checked; the sweeps use the unchecked ``_slices``)."""
        tokens = self.check_tokens(tokens)
        t = as_int(t, "t", minimum=0, maximum=self.length - 1)
        return self._slices(tokens, t, absolute=as_flag(absolute, "absolute"))

    def _slices(self, tokens: torch.Tensor, t: int, *, absolute: bool = False) -> torch.Tensor:
        g = self.core(t).index_select(1, tokens[:, t]).permute(1, 0, 2)
        return g.abs() if absolute else g

    # -- evaluation -----------------------------------------------------------------
    def forward(self, tokens) -> torch.Tensor:
        """Scores by the sequential recurrence.

        .. math:: h^{(0)} = [1], \\quad h^{(t)} = h^{(t-1)} G^{(t)}_{:, w_t, :},
                  \\quad \\mathcal{A}_{w} = h^{(N)}

        (ttlm §4.2, Eq. 5; thesis §5.2.2, Eq. 5.5).  Returns ``(B,)``.
        """
        tokens = self.check_tokens(tokens)
        h = torch.ones(tokens.shape[0], 1, dtype=self.dtype, device=self.device)
        for t in range(self.length):
            h = torch.bmm(h.unsqueeze(1), self._slices(tokens, t)).squeeze(1)
        return h[:, 0]

    def forward_scaled(self, tokens, *, absolute: bool = False):
        """Sequential recurrence with per-step renormalisation (for long ``N``).

        Returns ``(mantissa, log_scale)`` with score ``= mantissa · exp(log_scale)``;
        after every step ``h`` is divided by the power of two ``2**e`` just above
        ``max|h|`` (exact) and ``e·ln 2`` is added to the (float64) scale.  With ``absolute=True`` the cores are replaced by ``|G|`` and the
        result is ``|h^{(0)}| |G^{(1)}_{w_1}| ⋯ |G^{(N)}_{w_N}|``, the scale that bounds the
        rounding error of the product (Higham, Accuracy and Stability, §3.5).
        """
        h, log_scale = self.hidden_scaled(
            tokens, self.length, absolute=as_flag(absolute, "absolute")
        )
        return h[:, 0], log_scale

    def hidden_scaled(self, tokens, steps: int, *, absolute: bool = False):
        """Renormalised hidden state after ``steps`` positions: ``(h (B, r_steps),
        log_scale (B,) float64)`` with ``h^{(steps)} = h · exp(log_scale)``."""
        tokens = self.check_tokens(tokens)
        absolute = as_flag(absolute, "absolute")
        steps = as_int(steps, "steps", minimum=0, maximum=self.length)
        h = torch.ones(tokens.shape[0], 1, dtype=self.dtype, device=self.device)
        exps = torch.zeros(tokens.shape[0], dtype=torch.int64, device=self.device)
        for t in range(int(steps)):
            h = torch.bmm(h.unsqueeze(1), self._slices(tokens, t, absolute=absolute)).squeeze(1)
            h, e = pow2_renormalise(h)
            exps = exps + e
        return h, exps.to(torch.float64) * LN2

    def log_abs(self, tokens):
        """``(sign, log|score|)`` by the renormalised recurrence (``-inf`` for zero)."""
        m, c = self.forward_scaled(tokens)
        return torch.sign(m), torch.log(m.abs()) + c

    def tree_scaled(self, tokens, *, batch_chunk: int | None = None):
        """Pairwise (tree-parallel) product of the gathered slice matrices.

        Level by level, neighbouring ``(B, r, r')`` matrices are multiplied with one
        batched GEMM; every product is renormalised by its largest absolute entry and the
        log of that factor kept.  Returns ``(mantissa, log_scale)`` like
        :meth:`forward_scaled`.  ``batch_chunk`` bounds memory (``B·N·R²`` entries per
        chunk otherwise).
        """
        tokens = self.check_tokens(tokens)
        B = tokens.shape[0]
        chunk = (
            B
            if batch_chunk is None
            else as_int(batch_chunk, "batch_chunk", minimum=1, error=UsageError)
        )
        ms, cs = [], []
        for lo in range(0, B, chunk):
            m, c = self._tree_chunk(tokens[lo : lo + chunk])
            ms.append(m)
            cs.append(c)
        return torch.cat(ms), torch.cat(cs)

    def _tree_chunk(self, tokens: torch.Tensor):
        m, e, _ = pairwise_product([self._slices(tokens, t) for t in range(self.length)])
        return m[:, 0, 0], e.to(torch.float64) * LN2

    def tree(self, tokens, *, batch_chunk: int | None = None) -> torch.Tensor:
        """Scores by the tree-parallel product (see :meth:`tree_scaled`); ``(B,)``."""
        m, c = self.tree_scaled(tokens, batch_chunk=batch_chunk)
        return m * torch.exp(c)

    def log_partition(self, *, squared: bool = True):
        """``(sign, log|Z|)`` of the sum of (squared) scores over all ``|V|^N`` sequences.

        .. math:: Z_2 = \\sum_{w} \\mathcal{A}_w^2, \\quad
                  E^{(t)} = \\sum_{i} G^{(t)\\top}_{:, i, :} E^{(t-1)} G^{(t)}_{:, i, :},
                  \\quad E^{(0)} = [1], \\quad Z_2 = E^{(N)}

        computed as two GEMMs per site (``E @ G`` reshaped ``(R, V·R')``, then the
        ``(V·R, R')ᵀ`` GEMM), renormalised by powers of two.  With ``squared=False``,
        ``Z_1 = Σ_w 𝒜_w = Π_t (Σ_i G^{(t)}_{:, i, :})``.  thesis §5.2.2,
        Eq. 5.1 (``Z``) and §4.3.2 (cost); the sweep is ``O(N · |V| · R³)``.
        """
        log2 = 0
        if as_flag(squared, "squared"):
            env = torch.ones(1, 1, dtype=self.dtype, device=self.device)
            for t in range(self.length):
                g, k = pow2_scaled(self.core(t))  # exact: huge/tiny cores stay in range
                r0, v, r1 = g.shape
                y = (env @ g.reshape(r0, v * r1)).reshape(r0 * v, r1)
                env = g.reshape(r0 * v, r1).transpose(0, 1) @ y
                env, e = pow2_renormalise(env.reshape(1, r1, r1))
                env = env[0]
                log2 += int(e[0]) + 2 * k
        else:
            env = torch.ones(1, 1, dtype=self.dtype, device=self.device)
            for t in range(self.length):
                g, k = pow2_scaled(self.core(t))
                env, e = pow2_renormalise(env @ g.sum(dim=1))
                log2 += int(e[0]) + k
        z = env[0, 0]
        return torch.sign(z), torch.log(z.abs().to(torch.float64)) + log2 * LN2

    def extra_repr(self) -> str:
        return (
            f"vocab_size={self.vocab_size}, length={self.length}, ranks={self.ranks}, "
            f"distinct_cores={len(self.core_list)}"
        )
