"""Generalized RNN with ξ-nonlinearity as a PyTorch module (gtm §4.1, Eq. 16–17).

.. math:: h^{(t)}_k = \\sum_{i,j} \\mathcal{G}^{(t)}_{ijk}\\,
          \\xi\\big([C^{(t)} f(x^{(t)})]_i,\\ h^{(t-1)}_j\\big), \\qquad \\ell(X) = h^{(T)},

with h^{(0)} the unit of ξ (§4.1, "Initial hidden state"; see :mod:`tnverify.generalized.xi`).  Cores
keep the paper's order 𝒢^{(t)} ∈ ℝ^{L×R_{t−1}×R_t}.  Shared cores (𝒢^{(2)} = ⋯ = 𝒢^{(T−1)},
App. B) are one parameter used at every inner step (``core_sites``).

Memory: one step holds the (B, L, R_{t−1}) temporary ξ(C f, h); for the scaled size of
claim ``gtm-eq-16`` (B = 4096, L = R = 256) that is 1 GiB in float32 — freed after each step
when no gradient is recorded.  Checked by claim ``gtm-eq-16`` against
:class:`tnverify.generalized.grid.GeneralizedRNN` (numpy float64).
"""

from __future__ import annotations

import numpy as np
import torch
from torch import nn

from ..errors import DTypeError, NonFiniteError, ShapeError, UsageError
from ..generalized.grid import GeneralizedRNN
from ..generalized.xi import get_xi
from ..validation import as_array, as_device, as_flag, as_int_array, as_tensor, as_torch_dtype

__all__ = ["GeneralizedRNNModule"]


def _param(a, dtype, device) -> nn.Parameter:
    t = as_tensor(a, "generalized RNN weights", dtype=dtype, device=device, finite=False)
    if not torch.isfinite(t).all():
        raise NonFiniteError("generalized RNN weights must be finite")
    return nn.Parameter(t)


class GeneralizedRNNModule(nn.Module):
    """Batched generalized RNN: ``forward(features (B, T, M)) -> (B,)``.

    Parameters
    ----------
    C : sequence of T arrays/tensors (L_t, M)
    G : sequence of T arrays/tensors (L_t, R_{t−1}, R_t), R_0 = R_T = 1
    xi : XiOperator or key of :data:`tnverify.generalized.xi.XI_OPERATORS`
    h0 : float, optional — default ``xi.unit``
    shared : bool — store 𝒢^{(2)} = ⋯ = 𝒢^{(T−1)} as one parameter (and C likewise if
        ``shared_inputs``); the given inner weights must be equal
    dtype, device : torch dtype and device
    """

    def __init__(
        self,
        C,
        G,
        xi,
        *,
        h0=None,
        shared=False,
        shared_inputs=False,
        dtype=torch.float64,
        device="cpu",
    ):
        super().__init__()
        device, dtype = as_device(device), as_torch_dtype(dtype, complex_ok=False)
        shared, shared_inputs = as_flag(shared, "shared"), as_flag(shared_inputs, "shared_inputs")
        for seq, name in ((C, "C"), (G, "G")):
            if not isinstance(seq, (list, tuple)):
                raise DTypeError(f"{name} must be a sequence of T arrays; got {type(seq).__name__}")
        # validate through the numpy definition (shapes, finiteness, unit)
        ref = GeneralizedRNN(tuple(_np(c, "C") for c in C), tuple(_np(g, "G") for g in G), xi, h0)
        T = ref.length
        if (shared and not ref.shared) or (shared_inputs and not ref.shared_inputs):
            raise UsageError(
                "shared=True / shared_inputs=True need equal weights at steps "
                "2 … T−1 (𝒢^{(2)} = ⋯ = 𝒢^{(T−1)}); the given ones differ"
            )
        self.xi, self.h0 = get_xi(xi), ref.h0
        self.core_sites = [t if not (shared and 1 < t < T - 1) else 1 for t in range(T)]
        self.input_sites = [t if not (shared_inputs and 1 < t < T - 1) else 1 for t in range(T)]
        self.cores = nn.ParameterList(
            [_param(ref.G[t], dtype, device) for t in sorted(set(self.core_sites))]
        )
        self.inputs = nn.ParameterList(
            [_param(ref.C[t], dtype, device) for t in sorted(set(self.input_sites))]
        )
        self._core_index = {t: i for i, t in enumerate(sorted(set(self.core_sites)))}
        self._input_index = {t: i for i, t in enumerate(sorted(set(self.input_sites)))}
        self.length, self.n_features = T, ref.n_features

    @classmethod
    def from_network(cls, net: GeneralizedRNN, *, dtype=torch.float64, device="cpu"):
        """The module with the weights of a :class:`~tnverify.generalized.grid.GeneralizedRNN`."""
        return cls(net.C, net.G, net.xi, h0=net.h0, shared=False, dtype=dtype, device=device)

    def core(self, t: int) -> torch.Tensor:
        """𝒢^{(t+1)} (0-based step t)."""
        return self.cores[self._core_index[self.core_sites[t]]]

    def input_matrix(self, t: int) -> torch.Tensor:
        """C^{(t+1)} (0-based step t)."""
        return self.inputs[self._input_index[self.input_sites[t]]]

    def to_network(self) -> GeneralizedRNN:
        """The numpy float64 :class:`~tnverify.generalized.grid.GeneralizedRNN` with these weights."""
        T = self.length
        return GeneralizedRNN(
            tuple(_np(self.input_matrix(t)) for t in range(T)),
            tuple(_np(self.core(t)) for t in range(T)),
            self.xi,
            self.h0,
        )

    def hidden_states(self, features: torch.Tensor) -> list:
        """[h^{(0)}, …, h^{(T)}], each (B, R_t), by Eq. 16."""
        ref = self.cores[0]
        # the training path: the autograd graph is kept and NaN/inf values propagate
        features = as_tensor(features, "features", finite=False, detach=False)
        if features.is_complex():
            raise DTypeError(f"features must be real; got dtype {features.dtype}")
        if features.ndim != 3 or tuple(features.shape[1:]) != (self.length, self.n_features):
            raise ShapeError(
                f"features must have shape (B, T={self.length}, "
                f"M={self.n_features}); got {tuple(features.shape)}"
            )
        f = features.to(dtype=ref.dtype, device=ref.device)
        h = torch.full((f.shape[0], 1), self.h0, dtype=ref.dtype, device=ref.device)
        out = [h]
        for t in range(self.length):
            x = f[:, t, :] @ self.input_matrix(t).T  # (B, L)
            X = self.xi.torch(x[:, :, None], h[:, None, :])  # (B, L, R_{t−1})
            G = self.core(t)
            h = X.reshape(X.shape[0], -1) @ G.reshape(-1, G.shape[2])
            out.append(h)
        return out

    def forward(self, features: torch.Tensor) -> torch.Tensor:
        """ℓ(X) = h^{(T)} for features of shape (B, T, M); returns (B,)."""
        return self.hidden_states(features)[-1][:, 0]

    def score_tokens(self, tokens: torch.Tensor, F) -> torch.Tensor:
        """ℓ on template sequences: ``tokens`` (B, T) long indexes the rows of F (Eq. 19)."""
        ref = self.cores[0]
        Ft = as_tensor(F, "F", dtype=ref.dtype, device=ref.device, ndim=2)
        tokens = torch.as_tensor(as_int_array(tokens, "tokens"))
        if tokens.ndim != 2 or tokens.shape[1] != self.length:
            raise ShapeError(
                f"tokens must have shape (B, T={self.length}); got {tuple(tokens.shape)}"
            )
        if tokens.numel() and (int(tokens.min()) < 0 or int(tokens.max()) >= Ft.shape[0]):
            raise ShapeError(f"template indices must lie in [0, {Ft.shape[0]})")
        return self.forward(Ft[tokens.to(Ft.device)])


def _np(a, name: str = "generalized RNN weights") -> np.ndarray:
    # validated before any cast: complex, bool, object and string weights are refused
    return as_array(a, name, finite=False)
