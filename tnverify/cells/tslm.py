"""The Tensor Space Language Model (TSLM) cell of tslm, Eq. 19–20.

.. math::

    h_0 = W^{-1}\\mathbf{1}, \\qquad h_t = W h_{t-1} \\odot U \\alpha_t, \\qquad
    y_t = V h_t, \\qquad p(w_t \\mid w_1^{t-1}) = \\mathrm{softmax}(y_t)

(tslm "A Recursive Calculation of Conditional Probability", Eq. 19–20), with
``α_t`` the coefficient vector of word ``t`` (Eq. 4): a row of an embedding table
``(|V|, m)``, or the one-hot ``e_{w_t}`` when ``m = |V|`` and ``embedding=False``.

Orientation of the printed shapes.  Eq. 20 lists ``U ∈ ℝ^{m×r}`` and ``V ∈ ℝ^{r×|V|}``,
but the products ``Uα_t`` (``α_t ∈ ℝ^m``) and ``Vh_t`` (``h_t ∈ ℝ^r``) are typed only for
``U ∈ ℝ^{r×m}`` (as Eq. 16 says: "a matrix U ∈ ℝ^{r×m}") and ``V ∈ ℝ^{|V|×r}`` (as
``V_{k,i}`` with ``k`` over the vocabulary in Eq. 18).  The cell stores the typed
orientations: ``U`` is ``(r, m)``, ``V`` is ``(|V|, r)``.

TT view (:mod:`tnverify.conventions`).  One step is ``h_t[k] = Σ_j h_{t-1}[j] W[k, j] B[k, w_t]`` with
``B = U αᵀ`` of shape ``(r, |V|)``, i.e. the shared core

.. math:: G_{j, w, k} = W_{k j} \\, B_{k w} \\quad (R \\times |V| \\times R),

a TT core that is diagonal ("δ-tensor") in its output index; :meth:`TSLM.tt_core` returns
it and :func:`tnverify.equivalences.tslm_to_tt` builds the whole TT of Eq. 16.

Notes
-----
Checked by claims ``tslm-eq-16``, ``tslm-eq-19``, ``tslm-eq-17`` (tnverify.claims.tslm.recurrence).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import torch
from torch import nn

from ..errors import RankError, ShapeError
from ..validation import (
    as_device,
    as_flag,
    as_int,
    as_tensor,
    as_torch_dtype,
    as_torch_generator,
    check_entries,
    check_nonsingular,
)
from .tokens import check_tokens

__all__ = ["TSLM"]

_LN2 = float(np.log(2.0))


def _param(x, shape, name, dtype, device):
    t = as_tensor(x, name, dtype=dtype, device=device, finite=False)
    if tuple(t.shape) != tuple(shape):
        raise ShapeError(f"{name} must have shape {tuple(shape)}; got {tuple(t.shape)}")
    if not torch.isfinite(t).all():
        raise ShapeError(f"{name} must be finite")
    return nn.Parameter(t.clone())


class TSLM(nn.Module):
    """TSLM recurrent cell (tslm Eq. 19–20); see the module docstring.

    Parameters
    ----------
    vocab_size, m, r : int
        ``|V|``, the word-space dimension ``m`` and the decomposition rank ``r``.
    embedding : bool
        With ``True`` (default) ``α_t`` is row ``w_t`` of a trainable ``(|V|, m)`` table;
        with ``False``, ``m`` must equal ``|V|`` and ``α_t = e_{w_t}`` (one-hot).
    generator : torch.Generator, optional
        Initialisation: ``U, V, embedding ~ N(0, 1/m), N(0, 1/r)``; ``W = I + N(0, 0.1/r)``
        (invertible with high probability).
    dtype : torch.dtype
        A floating dtype; default ``torch.float64``.
    device : str
        Default ``"cpu"``.
    """

    def __init__(
        self,
        vocab_size: int,
        m: int,
        r: int,
        *,
        embedding: bool = True,
        generator: torch.Generator | None = None,
        dtype: torch.dtype = torch.float64,
        device: str = "cpu",
    ):
        super().__init__()
        dtype, device = as_torch_dtype(dtype, complex_ok=False), as_device(device)
        embedding = as_flag(embedding, "embedding")
        generator = as_torch_generator(generator)
        vocab_size, m, r = (
            as_int(v, name, minimum=1, error=RankError)
            for name, v in (("vocab_size", vocab_size), ("m", m), ("r", r))
        )
        if not embedding and m != vocab_size:
            raise ShapeError(f"one-hot inputs need m = |V|; got m={m}, |V|={vocab_size}")
        check_entries((r * m + r * r + vocab_size * r + vocab_size * m,), what="TSLM parameters")
        self.vocab_size, self.m, self.r = vocab_size, m, r
        kw: dict[str, Any] = dict(generator=generator, dtype=dtype, device=device)
        self.U = nn.Parameter(torch.randn(r, m, **kw) / np.sqrt(m))
        self.W = nn.Parameter(
            torch.eye(r, dtype=dtype, device=device) + 0.1 * torch.randn(r, r, **kw) / np.sqrt(r)
        )
        self.V = nn.Parameter(torch.randn(vocab_size, r, **kw) / np.sqrt(r))
        self.embedding = (
            nn.Parameter(torch.randn(vocab_size, m, **kw) / np.sqrt(m)) if embedding else None
        )

    @classmethod
    def from_arrays(cls, U, W, V, embedding=None, *, dtype=torch.float64, device="cpu"):
        """A cell with given ``U (r, m)``, ``W (r, r)``, ``V (|V|, r)`` and optional
        ``embedding (|V|, m)`` (``None``: one-hot inputs, ``m = |V|``)."""
        U_, W_, V_ = (as_tensor(x, n, ndim=2) for x, n in ((U, "U"), (W, "W"), (V, "V")))
        r, m = U_.shape
        vocab = V_.shape[0]
        cell = cls(vocab, m, r, embedding=embedding is not None, dtype=dtype, device=device)
        cell.U = _param(U_, (r, m), "U", dtype, device)
        cell.W = _param(W_, (r, r), "W", dtype, device)
        cell.V = _param(V_, (vocab, r), "V", dtype, device)
        if embedding is not None:
            cell.embedding = _param(embedding, (vocab, m), "embedding", dtype, device)
        return cell

    # -- sizes ----------------------------------------------------------------------
    @property
    def n_params(self) -> int:
        """Number of trainable parameters (``numel`` of ``U, W, V`` and the embedding)."""
        return sum(p.numel() for p in self.parameters())

    @staticmethod
    def count_params(vocab_size: int, m: int, r: int, *, embedding: bool = True) -> int:
        """Analytic count ``r·m + r² + |V|·r (+ |V|·m)``; equals :attr:`n_params`."""
        vocab_size, m, r = (
            as_int(v, name, minimum=1, error=RankError)
            for name, v in (("vocab_size", vocab_size), ("m", m), ("r", r))
        )
        embedding = as_flag(embedding, "embedding")
        return r * m + r * r + vocab_size * r + (vocab_size * m if embedding else 0)

    @property
    def dtype(self) -> torch.dtype:
        return self.W.dtype

    @property
    def device(self) -> torch.device:
        return self.W.device

    # -- pieces -----------------------------------------------------------------------
    def check_tokens(self, tokens) -> torch.Tensor:
        """Validate a ``(B, L)`` integer batch (see :func:`tnverify.cells.tokens.check_tokens`)."""
        return check_tokens(tokens, self.vocab_size, self.device)

    def alphas(self, tokens) -> torch.Tensor:
        """Input vectors ``α_t`` of shape ``(B, L, m)``."""
        tokens = self.check_tokens(tokens)
        if self.embedding is None:
            return nn.functional.one_hot(tokens, self.vocab_size).to(self.dtype)
        return self.embedding[tokens]

    def input_matrix(self) -> torch.Tensor:
        """``B = U αᵀ`` of shape ``(r, |V|)``: column ``w`` is ``U α(w)``."""
        return self.U if self.embedding is None else self.U @ self.embedding.T

    def h0(self) -> torch.Tensor:
        """``h_0 = W⁻¹ 1`` by ``torch.linalg.solve`` (Eq. 19); a singular ``W`` raises
        :class:`~tnverify.errors.RankError` (Eq. 19 needs ``W`` invertible)."""
        check_nonsingular(self.W, "W")
        return torch.linalg.solve(self.W, torch.ones(self.r, dtype=self.dtype, device=self.device))

    def step(self, h: torch.Tensor, alpha: torch.Tensor) -> torch.Tensor:
        """One step ``h_t = W h_{t-1} ⊙ U α_t`` on a batch: ``h (B, r)``, ``alpha (B, m)``."""
        return (h @ self.W.T) * (alpha @ self.U.T)

    # -- sequences --------------------------------------------------------------------
    def hidden(self, tokens) -> torch.Tensor:
        """States ``h_0, …, h_L`` as ``(B, L + 1, r)`` (Eq. 19)."""
        a = self.alphas(tokens)
        h = self.h0().expand(a.shape[0], self.r)
        out = [h]
        for t in range(a.shape[1]):
            h = self.step(h, a[:, t])
            out.append(h)
        return torch.stack(out, dim=1)

    def forward(self, tokens) -> torch.Tensor:
        """Logits ``y_t = V h_t`` for ``t = 1..L`` as printed in Eq. 20: ``(B, L, |V|)``."""
        return self.hidden(tokens)[:, 1:] @ self.V.T

    def hidden_scaled(self, tokens, *, absolute: bool = False):
        """Final state with per-step power-of-two renormalisation (long ``L``).

        Returns ``(h (B, r), log_scale (B,) float64)`` with ``h_L = h · exp(log_scale)``.
        With ``absolute=True`` every factor is replaced by its absolute value
        (``|W|``, ``|Uα_t|``, ``|h_0|``): the scale bounding the rounding error.
        """
        absolute = as_flag(absolute, "absolute")
        a = self.alphas(tokens)
        W = self.W.abs() if absolute else self.W
        h = self.h0().abs() if absolute else self.h0()
        h = h.expand(a.shape[0], self.r)
        exps = torch.zeros(a.shape[0], dtype=torch.int64, device=self.device)
        for t in range(a.shape[1]):
            b = a[:, t] @ self.U.T
            h = (h @ W.T) * (b.abs() if absolute else b)
            m = h.abs().amax(dim=1)
            _, e = torch.frexp(m)
            e = torch.where(m > 0, e.to(torch.int64), torch.zeros_like(exps))
            h = h * torch.ldexp(torch.ones_like(m), -e)[:, None]
            exps = exps + e
        return h, exps.to(torch.float64) * _LN2

    def tt_core(self) -> torch.Tensor:
        """The shared TT core in the TT view ``(r, |V|, r)``: ``G[j,w,k] = W[k,j]
        B[k,w]`` (see the module docstring)."""
        return self.W.T[:, None, :] * self.input_matrix().T[None, :, :]

    def extra_repr(self) -> str:
        return (
            f"vocab_size={self.vocab_size}, m={self.m}, r={self.r}, "
            f"embedding={self.embedding is not None}"
        )
