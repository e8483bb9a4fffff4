"""MPS / TT Born machines in PyTorch: amplitudes, partition function, marginals, sampling.

A Born machine assigns ``P(x) = |Ψ(x)|² / Z`` with the amplitude a product of slice
matrices ``Ψ(x) = α^⊤ G^{(1)}_{:, x_1, :} ⋯ G^{(L)}_{:, x_L, :} ω`` (cores
``(r_{t-1}, |V|, r_t)``, real or complex) and ``Z = Σ_x |Ψ(x)|²`` (thesis
§4.1.3, Eq. 4.3).  The boundary vectors ``α ∈ ℂ^{r_0}``, ``ω ∈ ℂ^{r_L}`` are optional:
without them ``r_0 = r_L = 1`` and ``α = ω = [1]`` (the open TT of the thesis); with
them every core may have rank ``R`` on both sides, as in the uniform MPS of Miller,
Rabusseau & Terilla (2021, "Tensor networks for probabilistic sequence modeling",
AISTATS, Eq. 2: ``Ψ(x) = α^⊤ A(x_1) ⋯ A(x_n) ω``) and TorchMPS's boundary vectors.  ``Z`` is a product of transfer
matrices ``E ← Σ_i G_iᴴ E G_i`` (``O(|V| L R³)``, thesis §4.3.2).  Every long product is
renormalised by powers of two (exact in floating point) and the exponents are kept, so
``log Z`` and ``log P(x)`` neither under- nor overflow at ``|V| = 33,278``, ``L = 1024``.

Sampling draws ``x_t`` from the exact conditional ``P(x_t | x_{<t})`` = ratio of prefix
marginals (left to right) or ``x_{k-1}`` from ratios of suffix marginals (right to left,
thesis §4.1.3, Eq. 4.5) by the inverse CDF of given uniforms, so a fixed array of
uniforms gives a deterministic, enumerable sampler (:mod:`tnverify.cells.born_sampling`,
the machine's sampling mixin).

Checked by the [born-ngram] claims ``thesis-eq-4.3``, ``thesis-eq-4.5``,
``thesis-sec-4.1.3-parallel``, ``thesis-sec-4.3.2-cost`` and
``tnverify-born-sampler-exact``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import torch
from torch import nn

from ..errors import DTypeError, NonFiniteError, RankError, ShapeError
from ..validation import (
    as_device,
    as_flag,
    as_int,
    as_rng,
    as_tensor,
    as_torch_dtype,
    check_entries,
    check_mass,
)
from .born_products import transfer_matrix, tree_product
from .born_sampling import BornSampler
from .finite import pow2_scaled
from .sites import (
    COMPLEX as _COMPLEX,
)
from .sites import (
    LN2 as _LN2,
)
from .sites import (
    as_core,
    chain_ranks,
    check_sites,
    vocab_size_of,
)
from .sites import (
    pow2_renormalise as _renorm,
)
from .tokens import check_tokens

__all__ = ["BornMachine", "random_born", "tree_product", "transfer_matrix"]


def _as_boundary(vec, dtype, name: str) -> torch.Tensor:
    """A boundary vector ``α`` or ``ω`` as a 1-D finite tensor of ``dtype`` (complex kept)."""
    # through the validation layer: bool, string, object and ragged vectors are refused
    t = as_tensor(vec, name, finite=False)
    t = t.to(_COMPLEX[dtype]) if t.is_complex() else t.to(dtype)
    if t.ndim != 1 or t.shape[0] < 1:
        raise ShapeError(f"{name} must be a non-empty 1-D vector; got shape {tuple(t.shape)}")
    if not torch.isfinite(torch.view_as_real(t) if t.is_complex() else t).all():
        raise NonFiniteError(f"{name} must be finite; found NaN/inf entries")
    return t


class BornMachine(BornSampler, nn.Module):
    """``P(x) = |Ψ(x)|² / Z`` for an MPS/TT amplitude ``Ψ`` (thesis Eq. 4.3).

    The samplers ``sample`` and ``sample_from_uniforms`` (thesis Eq. 4.5) are those of
    its mixin :class:`~tnverify.cells.born_sampling.BornSampler`.

    Parameters
    ----------
    cores : sequence of array-like or torch.Tensor
        Distinct cores ``(r_prev, V, r_next)``, real or complex (then all become complex).
    sites : sequence of int, optional
        ``sites[t]`` indexes ``cores`` at position ``t`` (default ``range(len(cores))``);
        ``[0, 1, 1, ..., 1, 2]`` is a uniform MPS.
    alpha, omega : array-like or torch.Tensor, optional
        Boundary vectors: ``Ψ(x) = α^⊤ G^{(1)}_{x_1} ⋯ G^{(L)}_{x_L} ω``.  ``alpha`` has
        length ``r_0`` (the first core's left rank) and ``omega`` length ``r_L``; each
        one left out means ``[1]`` and needs that rank to be 1.  Given, they are trained
        parameters like the cores (TorchMPS's α and ω; with ``sites = [0] * L`` and one
        ``(R, |V|, R)`` core this is the uniform MPS of Miller, Rabusseau & Terilla 2021).
        Every method (``log_psi``, ``log_partition``, marginals, conditionals, samplers)
        includes them.
    dtype : torch.dtype
        Real precision, ``torch.float64`` (default) or ``torch.float32``.
    device : str

    Examples
    --------
    >>> import numpy as np
    >>> m = BornMachine([np.ones((1, 2, 1)), np.ones((1, 2, 1))])
    >>> round(float(m.log_partition().detach().exp()), 12)
    4.0
    >>> u = BornMachine([np.ones((2, 2, 2))], sites=[0, 0, 0], alpha=[1.0, 0.0],
    ...                 omega=[1.0, 1.0])           # a uniform MPS with boundary vectors
    >>> round(float(u.log_partition().detach().exp()), 12)   # J = ones: Σ_x (α^T J³ ω)² = 8·8²
    512.0
    """

    def __init__(
        self,
        cores: Sequence,
        *,
        sites: Sequence[int] | None = None,
        alpha=None,
        omega=None,
        dtype: torch.dtype = torch.float64,
        device: str = "cpu",
    ):
        super().__init__()
        if as_torch_dtype(dtype, complex_ok=False) not in _COMPLEX:
            raise DTypeError(f"dtype must be torch.float64 or torch.float32; got {dtype!r}")
        device = as_device(device)
        if isinstance(cores, (str, bytes)) or not hasattr(cores, "__iter__"):
            raise DTypeError(f"cores must be a sequence of 3-D arrays; got {type(cores).__name__}")
        tensors = [as_core(c, dtype, name="Born core", complex_ok=True) for c in cores]
        if not tensors:
            raise ShapeError("a BornMachine needs at least one core; got 0")
        ends = [
            None if v is None else _as_boundary(v, dtype, name)
            for v, name in ((alpha, "alpha"), (omega, "omega"))
        ]
        if any(t.is_complex() for t in tensors + [e for e in ends if e is not None]):
            tensors = [t.to(_COMPLEX[dtype]) for t in tensors]
            ends = [None if e is None else e.to(_COMPLEX[dtype]) for e in ends]
        sites = check_sites(sites, len(tensors))
        vocab_size = vocab_size_of(tensors)
        first = 1 if ends[0] is None else int(ends[0].shape[0])
        ranks = chain_ranks(
            tensors,
            sites,
            first,
            "r_0 = 1 without alpha" if ends[0] is None else f"r_0 = len(alpha) = {first}",
        )
        if ends[1] is None and ranks[-1] != 1:
            raise RankError(
                f"the last core must have r_L = 1 without omega; got r_L = "
                f"{ranks[-1]} (pass omega of length {ranks[-1]})"
            )
        if ends[1] is not None and ranks[-1] != ends[1].shape[0]:
            raise RankError(
                f"omega must have length r_L = {ranks[-1]} (the last core's right "
                f"rank); got length {ends[1].shape[0]}"
            )
        self.core_list = nn.ParameterList([nn.Parameter(t.to(device)) for t in tensors])
        self.alpha = None if ends[0] is None else nn.Parameter(ends[0].to(device))
        self.omega = None if ends[1] is None else nn.Parameter(ends[1].to(device))
        self.sites, self.ranks, self.vocab_size = tuple(sites), tuple(ranks), vocab_size

    # -- basics --------------------------------------------------------------------
    @property
    def is_complex(self) -> bool:
        return self.core_list[0].is_complex()

    @property
    def has_boundaries(self) -> bool:
        """Whether ``alpha`` or ``omega`` was given."""
        return self.alpha is not None or self.omega is not None

    def _left_boundary(self, n: int) -> torch.Tensor:
        """``α^⊤`` as ``n`` row states ``(n, r_0)`` (``[1]`` without ``alpha``)."""
        if self.alpha is None:
            return torch.ones(n, 1, dtype=self.dtype, device=self.device)
        return self.alpha.unsqueeze(0).expand(n, -1)

    def _initial_states(self, n: int):
        """``(h (n, r_0), log2 (n,) int64)`` with ``h · 2**log2 = α^⊤`` (renormalised;
        ``h = [1]``, ``log2 = 0`` without ``alpha``)."""
        if self.alpha is None:
            return (
                torch.ones(n, 1, dtype=self.dtype, device=self.device),
                torch.zeros(n, dtype=torch.int64, device=self.device),
            )
        return _renorm(self._left_boundary(n))

    def _right_boundary(self) -> torch.Tensor:
        """``ω`` as a vector ``(r_L,)`` (``[1]`` without ``omega``)."""
        if self.omega is None:
            return torch.ones(1, dtype=self.dtype, device=self.device)
        return self.omega

    def reversed(self) -> BornMachine:
        """The machine on reversed sequences: cores ``G^{(L-t)}`` transposed and the
        boundary vectors swapped (``α' = ω``, ``ω' = α``), so that
        ``Ψ'(x_L, …, x_1) = Ψ(x_1, …, x_L)`` (shares no storage with ``self``)."""
        cores = [c.detach().permute(2, 1, 0).contiguous() for c in self.core_list]
        real = torch.float64 if self.dtype in (torch.float64, torch.complex128) else torch.float32
        ends = [None if v is None else v.detach().clone() for v in (self.omega, self.alpha)]
        return BornMachine(
            cores,
            sites=[s for s in reversed(self.sites)],
            alpha=ends[0],
            omega=ends[1],
            dtype=real,
            device=str(self.device),
        )

    def to_tt(self):
        """The amplitude ``Ψ`` as a :class:`~tnverify.tt.TensorTrain` (numpy, float64 or
        complex128), with ``α`` absorbed into the first core and ``ω`` into the last, so
        that ``tt.entry(x) == Ψ(x)`` and ``P(x) = |tt.entry(x)|² / Z``; the cores are
        copies (detached, on the CPU) of the cores at each position (a uniform MPS is
        unrolled to its ``L`` positions).  From there :meth:`TensorTrain.full`, the oracle
        and :func:`~tnverify.tt.interop.to_quimb` take it.

        Examples
        --------
        >>> import numpy as np
        >>> u = BornMachine([np.ones((2, 2, 2))], sites=[0, 0, 0], alpha=[1.0, 0.0],
        ...                 omega=[1.0, 1.0])
        >>> tt = u.to_tt()
        >>> tt.ranks, float(tt.entry((0, 1, 1)))        # α^T J³ ω with J = ones(2, 2)
        ((1, 2, 2, 1), 8.0)
        """
        from ..tt import TensorTrain

        cores = [
            self.core(t)
            .detach()
            .cpu()
            .numpy()
            .astype(np.complex128 if self.is_complex else np.float64)
            for t in range(self.length)
        ]
        alpha = self._left_boundary(1)[0].detach().cpu().numpy()
        omega = self._right_boundary().detach().cpu().numpy()
        cores[0] = np.einsum("a,aib->ib", alpha, cores[0])[None]
        cores[-1] = np.einsum("aib,b->ai", cores[-1], omega)[:, :, None]
        return TensorTrain(cores)

    def _tokens(self, tokens, length=None, min_length=1):
        return check_tokens(
            tokens, self.vocab_size, self.device, min_length=min_length, length=length
        )

    # -- amplitudes ----------------------------------------------------------------
    def _states(self, tokens: torch.Tensor, steps: int):
        """Renormalised row states ``h = α^⊤ G^{(1)}_{x_1} ⋯ G^{(k)}_{x_k}``: ``(h (B, r_k),
        log2 (B,) int64)``."""
        h, e0 = self._initial_states(tokens.shape[0])
        e = e0
        for t in range(steps):
            g = self.core(t).index_select(1, tokens[:, t]).permute(1, 0, 2)
            h, de = _renorm(torch.bmm(h.unsqueeze(1), g).squeeze(1))
            e = e + de
        return h, e

    def log_psi(self, tokens) -> torch.Tensor:
        """``log|Ψ(x)|`` by the renormalised sequential product; ``(B,)`` float64."""
        tokens = self._tokens(tokens, self.length)
        h, e = self._states(tokens, self.length)
        psi = h @ self._right_boundary()
        return torch.log(psi.abs().double()) + e.double() * _LN2

    def log_psi_tree(self, tokens) -> torch.Tensor:
        """``log|Ψ(x)|`` by the tree-parallel product of the slice matrices (``(B,)``)."""
        tokens = self._tokens(tokens, self.length)
        mats = [
            self.core(t).index_select(1, tokens[:, t]).permute(1, 0, 2) for t in range(self.length)
        ]
        B = tokens.shape[0]
        if self.alpha is not None:
            mats.insert(0, self.alpha.view(1, 1, -1).expand(B, 1, -1))
        if self.omega is not None:
            mats.append(self.omega.view(1, -1, 1).expand(B, -1, 1))
        m, e, _ = tree_product(mats)
        return torch.log(m[:, 0, 0].abs().double()) + e.double() * _LN2

    def log_prob(self, tokens) -> torch.Tensor:
        """``log P(x) = 2 log|Ψ(x)| − log Z`` (natural log), ``(B,)``."""
        return 2.0 * self.log_psi(tokens) - self.log_partition()

    # -- environments and Z -----------------------------------------------------------
    def _env_step(self, env: torch.Tensor, g: torch.Tensor, chunk: int):
        """``Σ_i G_iᴴ E G_i`` over vocabulary chunks (two GEMMs each)."""
        r0, v, r1 = g.shape
        out = torch.zeros(r1, r1, dtype=self.dtype, device=self.device)
        for lo in range(0, v, chunk):
            gc = g[:, lo : lo + chunk, :]
            vc = gc.shape[1]
            y = (env @ gc.reshape(r0, vc * r1)).reshape(r0 * vc, r1)
            out = out + gc.reshape(r0 * vc, r1).conj().transpose(0, 1) @ y
        return out

    def left_environments(self, *, chunk: int | None = None):
        """``[(E_k, log2_k)]`` for ``k = 0..L``: ``E_k · 2**log2_k = Σ_{x_{<k}} Pᴴ P``
        with the row ``P = α^⊤ G^{(1)}_{x_1} ⋯ G^{(k)}_{x_k}`` (``E_0 = conj(α) α^⊤``,
        ``[1]`` without ``alpha``), each ``r_k × r_k``."""
        if self.alpha is None:
            envs = [(torch.ones(1, 1, dtype=self.dtype, device=self.device), 0)]
        else:
            e0, de0 = _renorm(torch.outer(self.alpha.conj(), self.alpha).unsqueeze(0))
            envs = [(e0[0], int(de0[0]))]
        for t in range(self.length):
            g, k = pow2_scaled(self.core(t))  # exact: huge/tiny cores stay in range
            ch = (
                as_int(chunk, "chunk", minimum=1)
                if chunk is not None
                else max(1, 2**24 // (g.shape[0] * g.shape[2]))
            )
            e, de = _renorm(self._env_step(envs[-1][0], g, ch).unsqueeze(0))
            envs.append((e[0], envs[-1][1] + int(de[0]) + 2 * k))
        return envs

    def log_partition(self, *, chunk: int | None = None) -> torch.Tensor:
        """``log Z`` by the transfer-matrix sweep ``E ← Σ_i G_iᴴ E G_i`` (per-site
        power-of-two rescaling), ``O(|V| L R³)`` (thesis §4.3.2), closed by
        ``Z = ωᴴ E_L ω``."""
        env, e = self.left_environments(chunk=chunk)[-1]
        w = self._right_boundary()
        z = (w.conj() @ env @ w).real
        check_mass(z, "BornMachine.log_partition")  # Z = 0: no distribution, not -inf
        return torch.log(z.double()) + e * _LN2

    def log_partition_tree(self) -> torch.Tensor:
        """``log Z`` as a tree product of transfer matrices ``T^{(t)}`` (``r²×r²``),
        computed once per distinct core and once per distinct subtree (uniform MPS:
        ``O(log L)`` products of ``R²×R²`` matrices)."""
        ts = {s: transfer_matrix(self.core_list[s]) for s in set(self.sites)}
        mats, keys = [ts[s].unsqueeze(0) for s in self.sites], list(self.sites)
        if self.alpha is not None:  # vec(conj(α) α^⊤) as a (1, r_0²) row
            mats.insert(0, torch.outer(self.alpha.conj(), self.alpha).reshape(1, 1, -1))
            keys.insert(0, "alpha")
        if self.omega is not None:  # Z = Σ_ab E[a, b] conj(ω_a) ω_b: a (r_L², 1) column
            mats.append(torch.outer(self.omega.conj(), self.omega).reshape(1, -1, 1))
            keys.append("omega")
        m, e, _ = tree_product(mats, keys=keys)
        check_mass(m[0, 0, 0].real, "BornMachine.log_partition_tree")
        return torch.log(m[0, 0, 0].real.double()) + float(e[0]) * _LN2

    # -- marginals and conditionals ---------------------------------------------------
    def log_marginal(self, prefix) -> torch.Tensor:
        """``log P(x_1, …, x_k)`` for a ``(B, k)`` prefix, ``1 <= k <= L``."""
        prefix = self._tokens(prefix)
        k = prefix.shape[1]
        if k > self.length:
            raise ShapeError(f"prefix length must be <= L = {self.length}; got {k}")
        rev = self.reversed()
        renv, re_ = rev.left_environments()[self.length - k]  # sites k..L-1, r_k×r_k
        h, e = self._states(prefix, k)
        # Σ_{suffix} |h S|² = h R hᴴ with R = Σ S Sᴴ = transpose of the reversed left env
        q = torch.einsum("ba,ac,bc->b", h, renv.transpose(0, 1), h.conj()).real
        return (torch.log(q.double()) + (2 * e + re_).double() * _LN2) - self.log_partition()

    def log_suffix_marginal(self, suffix) -> torch.Tensor:
        """``log P(x_{L-k+1}, …, x_L)`` for a ``(B, k)`` suffix (Eq. 4.5's marginals)."""
        suffix = self._tokens(suffix)
        return self.reversed().log_marginal(torch.flip(suffix, dims=(1,)))

    def conditionals(self, tokens) -> torch.Tensor:
        """``P(x_t = v | x_{<t})`` for every ``t`` and ``v``: ``(B, L, V)`` float64."""
        tokens = self._tokens(tokens, self.length)
        renvs = self.reversed().left_environments()
        out = []
        h, _ = self._initial_states(tokens.shape[0])
        for t in range(self.length):
            q = self._next_weights(h, t, renvs[self.length - t - 1][0])
            check_mass(q.sum(dim=1), f"BornMachine.conditionals at position {t}")
            out.append(q / q.sum(dim=1, keepdim=True))
            g = self.core(t).index_select(1, tokens[:, t]).permute(1, 0, 2)
            h, _ = _renorm(torch.bmm(h.unsqueeze(1), g).squeeze(1))
        return torch.stack(out, dim=1)

    def extra_repr(self) -> str:
        return (
            f"vocab_size={self.vocab_size}, length={self.length}, ranks={self.ranks}, "
            f"complex={self.is_complex}, distinct_cores={len(self.core_list)}, "
            f"alpha={self.alpha is not None}, omega={self.omega is not None}"
        )


def random_born(
    vocab_size: int,
    length: int,
    rank: int,
    rng: np.random.Generator,
    *,
    complex: bool = False,
    uniform: bool = False,
    boundary: bool = False,
    dtype: torch.dtype = torch.float64,
    device: str = "cpu",
) -> BornMachine:
    """A random Born machine, entries ``N(0, 1/(|V| r_prev))`` (``Z`` per site of order
    one); ``uniform=True`` ties all middle cores (``sites = [0, 1, …, 1, 2]``).

    ``boundary=True``: every core is ``(R, |V|, R)`` and random boundary vectors
    ``α, ω ~ N(0, 1/R)`` close the chain; with ``uniform=True`` one core is shared by all
    positions (``sites = [0] * L``, the uniform MPS of Miller, Rabusseau & Terilla 2021).
    """
    V = as_int(vocab_size, "vocab_size", minimum=1)
    L = as_int(length, "length", minimum=1)
    R = as_int(rank, "rank", minimum=1)
    rng = as_rng(rng)
    complex, uniform = as_flag(complex, "complex"), as_flag(uniform, "uniform")
    boundary = as_flag(boundary, "boundary")
    dtype, device = as_torch_dtype(dtype), as_device(device)
    check_entries(
        (L if not uniform else min(L, 3), R, V, R),
        what="Born machine cores",
        route="pass uniform=True to tie the middle cores",
    )
    check_entries((L,), what="Born machine sites")
    if boundary:
        shapes = [(R, R)] if uniform else [(R, R)] * L
        sites = [0] * L if uniform else list(range(L))
    elif uniform and L >= 2:
        shapes, sites = [(1, R), (R, R), (R, 1)], [0] + [1] * (L - 2) + [2]
    else:
        shapes = [(1 if t == 0 else R, R if t < L - 1 else 1) for t in range(L)]
        sites = list(range(L))

    def draw(shape, fan_in):
        c = rng.standard_normal(shape)
        if complex:
            c = (c + 1j * rng.standard_normal(shape)) / math.sqrt(2.0)
        return c / math.sqrt(fan_in)

    cores = [draw((r0, V, r1), V * r0) for r0, r1 in shapes]
    ends = [draw((R,), R) for _ in range(2)] if boundary else [None, None]
    return BornMachine(cores, sites=sites, alpha=ends[0], omega=ends[1], dtype=dtype, device=device)
