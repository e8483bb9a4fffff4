"""The :class:`TensorTrain` class: a tensor in TT format as a tuple of validated,
read-only cores, with entries, the full tensor (size-guarded), algebra, norms,
orthogonalization, rounding and TensorLy interop (see :mod:`tnverify.tt` for the format).

References
----------
thesis §3.2, Def. 3.2.2 and Thm 3.2.1; Oseledets, "Tensor-train
decomposition", SIAM J. Sci. Comput. 33(5), 2011 (rounding: Algorithm 2).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from numbers import Number

import numpy as np

from ..conventions import check_finite
from ..errors import (
    DTypeError,
    NonFiniteError,
    RankError,
    ShapeError,
    ToleranceError,
    VocabularyError,
)
from ..validation import as_array, as_flag, as_int_array
from .rounding import orthogonalize_cores, round_cores
from .truncation import check_eps, check_max_rank
from .uniform import uniform_cores

__all__ = ["TensorTrain", "tt_to_full"]


def _as_core(core, k: int) -> np.ndarray:
    a = as_array(core, f"core {k}", complex_ok=True, finite=False)
    if a.ndim != 3:
        raise ShapeError(f"core {k} must be 3-D (r_prev, n, r_next); got shape {a.shape}")
    if min(a.shape) < 1:
        raise ShapeError(f"core {k} must have positive sizes; got shape {a.shape}")
    check_finite(a, f"core {k}")
    return a


@dataclass(frozen=True, eq=False)
class TensorTrain:
    """A tensor in TT format: a tuple of validated, read-only cores.

    Parameters
    ----------
    cores : sequence of array_like
        ``d >= 1`` arrays of shape ``(r_{k-1}, n_k, r_k)`` with ``r_0 = r_d = 1`` and
        matching adjacent ranks.  Stored as read-only float64 (complex128 if any core is
        complex) copies.

    Raises
    ------
    ShapeError, RankError, NonFiniteError, DTypeError
        Non-3-D cores; boundary ranks != 1 or mismatched adjacent ranks; NaN/inf;
        non-numeric cores.

    References
    ----------
    thesis §3.2, Def. 3.2.2, Eq. 3.4.

    Examples
    --------
    >>> import numpy as np
    >>> from tnverify.tt import random_tt
    >>> tt = random_tt((2, 3, 4), 2, np.random.default_rng(0))
    >>> tt.ranks, tt.shape, tt.n_entries
    ((1, 2, 2, 1), (2, 3, 4), 24)
    >>> bool(np.allclose(tt.entry((1, 2, 3)), tt.full()[1, 2, 3]))
    True

    It is a sequence of its cores, like TensorLy's ``TTTensor``:

    >>> len(tt), [c.shape for c in tt], tt[0].shape
    (3, [(1, 2, 2), (2, 3, 2), (2, 4, 1)], (1, 2, 2))
    """

    cores: tuple

    def __post_init__(self):
        raw = self.cores
        if isinstance(raw, np.ndarray) or not hasattr(raw, "__len__"):
            raise DTypeError(f"cores must be a sequence of 3-D arrays; got {type(raw).__name__}")
        if len(raw) == 0:
            raise ShapeError("a TensorTrain needs at least one core; got 0")
        arrays = [_as_core(c, k) for k, c in enumerate(raw)]
        dtype = np.complex128 if any(a.dtype.kind == "c" for a in arrays) else np.float64
        if arrays[0].shape[0] != 1 or arrays[-1].shape[2] != 1:
            raise RankError(
                "boundary ranks must be r_0 = r_d = 1; got r_0="
                f"{arrays[0].shape[0]}, r_d={arrays[-1].shape[2]}"
            )
        for k in range(len(arrays) - 1):
            if arrays[k].shape[2] != arrays[k + 1].shape[0]:
                raise RankError(
                    f"adjacent ranks must match: core {k} has r_next="
                    f"{arrays[k].shape[2]} but core {k + 1} has r_prev="
                    f"{arrays[k + 1].shape[0]}"
                )
        stored = []
        for a in arrays:
            c = np.array(a, dtype=dtype, copy=True)
            c.flags.writeable = False
            stored.append(c)
        object.__setattr__(self, "cores", tuple(stored))

    @classmethod
    def from_trusted(cls, cores) -> TensorTrain:
        """A TensorTrain of cores this package has just computed (3-D, finite, float64 or
        complex128, ranks matching): stored as read-only copies without re-validating
        them.  Public constructors validate; algorithms that produce cores from validated
        input (TT-SVD) use this to avoid paying the validation at every call."""
        dtype = np.complex128 if any(c.dtype.kind == "c" for c in cores) else np.float64
        stored = []
        for c in cores:
            c = np.array(c, dtype=dtype, copy=True)
            c.flags.writeable = False
            stored.append(c)
        tt = object.__new__(cls)
        object.__setattr__(tt, "cores", tuple(stored))
        return tt

    # ----------------------------------------------------------------- properties
    @property
    def ndim(self) -> int:
        """Order ``d`` (number of modes)."""
        return len(self.cores)

    @property
    def shape(self) -> tuple:
        """Mode sizes ``(n_1, ..., n_d)``."""
        return tuple(int(c.shape[1]) for c in self.cores)

    @property
    def ranks(self) -> tuple:
        """TT ranks ``(r_0, ..., r_d)`` (length ``d + 1``, ``r_0 = r_d = 1``)."""
        return (1,) + tuple(int(c.shape[2]) for c in self.cores)

    @property
    def n_params(self) -> int:
        """Number of stored numbers, ``sum_k r_{k-1} n_k r_k``."""
        return int(sum(c.size for c in self.cores))

    @property
    def n_entries(self) -> int:
        """Number of entries of the full tensor, ``prod_k n_k`` (exact Python int)."""
        return math.prod(self.shape)

    @property
    def dtype(self) -> np.dtype:
        """float64, or complex128 when a core is complex."""
        return self.cores[0].dtype

    def __repr__(self) -> str:
        return f"TensorTrain(shape={self.shape}, ranks={self.ranks})"

    # ----------------------------------------------------------------- the cores as a sequence
    # Like TensorLy's TTTensor: len() is the number of cores d, iteration yields the cores
    # and tt[k] is core k (a slice gives a tuple of cores), so functions written for a list
    # of TT factors accept a TensorTrain (tensorly.tt_to_tensor(tt), [c.shape for c in tt]).
    def __len__(self) -> int:
        """Number of cores ``d`` (as ``len`` of a TensorLy ``TTTensor``)."""
        return len(self.cores)

    def __iter__(self):
        """The cores ``G_1, ..., G_d`` in order (read-only arrays)."""
        return iter(self.cores)

    def __getitem__(self, index):
        """Core ``index`` (0-based; a slice gives a tuple of cores)."""
        return self.cores[index]

    # Being a sequence must not make numpy stack the cores into one array (a wrong answer
    # when all cores have one shape): conversion is refused, and numpy's operators defer
    # to ours (``np.float64(2) * tt`` is ``tt.__rmul__``).
    __array_ufunc__ = None

    def __array__(self, dtype=None, copy=None):
        raise DTypeError(
            "a TensorTrain is not converted to an array implicitly: use "
            "tt.full() for the explicit tensor (size-guarded), or iterate over "
            "tt for its cores"
        )

    # ----------------------------------------------------------------- entries
    def entries(self, indices) -> np.ndarray:
        """Entries at ``n`` multi-indices, without forming the full tensor.

        Parameters
        ----------
        indices : (n, d) array_like of int
            0-based multi-indices, one per row.

        Returns
        -------
        (n,) ndarray
            ``A[indices[j]]`` by the left-to-right product of slice matrices, O(n d r^2).
        """
        idx = as_int_array(indices, "indices")
        if idx.ndim != 2 or idx.shape[1] != self.ndim:
            raise ShapeError(f"indices must have shape (n, d={self.ndim}); got {idx.shape}")
        shape = np.asarray(self.shape)
        bad = (idx < 0) | (idx >= shape)
        if bad.any():
            j, k = np.argwhere(bad)[0]
            raise VocabularyError(
                f"index {int(idx[j, k])} at mode {int(k)} is outside "
                f"range({int(shape[k])}) (row {int(j)})"
            )
        h = self.cores[0][0, idx[:, 0], :]  # (n, r_1)
        for k in range(1, self.ndim):
            g = self.cores[k][:, idx[:, k], :]  # (r_{k-1}, n, r_k)
            h = np.einsum("nr,rns->ns", h, g)
        if not np.isfinite(h).all():
            raise NonFiniteError(
                "TT entries overflowed the float range in the product of "
                "slice matrices; the tensor's entries are not representable"
            )
        return h[:, 0]

    def entry(self, index) -> float:
        """One entry ``A[index]`` (``index``: d 0-based integers)."""
        idx = as_int_array(index, "index")
        if idx.ndim != 1:
            raise ShapeError(
                f"index must be a 1-D sequence of d={self.ndim} ints; got shape {idx.shape}"
            )
        return self.entries(idx[None, :])[0]

    def full(self, max_entries: int | None = None) -> np.ndarray:
        """The explicit tensor, refused above ``TNVERIFY_MAX_ENTRIES`` before allocating."""
        from ..definitions.explicit import guard_size

        guard_size(self.shape, dtype=self.dtype, what="TT to full tensor", max_entries=max_entries)
        m = self.cores[0].reshape(self.shape[0], -1)
        for c in self.cores[1:]:
            r, n, s = c.shape
            m = (m @ c.reshape(r, n * s)).reshape(-1, s)
        return m.reshape(self.shape)

    # ----------------------------------------------------------------- algebra
    def _check_same_shape(self, other, op: str) -> None:
        if not isinstance(other, TensorTrain):
            raise DTypeError(f"{op} needs a TensorTrain; got {type(other).__name__}")
        if other.shape != self.shape:
            raise ShapeError(f"{op} needs equal shapes; got {self.shape} and {other.shape}")

    def __add__(self, other):
        """Sum by block cores (ranks add): Oseledets 2011 §4.1."""
        if not isinstance(other, TensorTrain):
            return NotImplemented
        self._check_same_shape(other, "addition")
        a, b, d = self.cores, other.cores, self.ndim
        if d == 1:
            return TensorTrain((a[0] + b[0],))
        dtype = np.result_type(self.dtype, other.dtype)
        cores = [np.concatenate([a[0], b[0]], axis=2)]
        for k in range(1, d - 1):
            (ra, n, sa), (rb, _, sb) = a[k].shape, b[k].shape
            c = np.zeros((ra + rb, n, sa + sb), dtype=dtype)
            c[:ra, :, :sa] = a[k]
            c[ra:, :, sa:] = b[k]
            cores.append(c)
        cores.append(np.concatenate([a[-1], b[-1]], axis=0))
        return TensorTrain(cores)

    def __mul__(self, scalar):
        """Scalar multiple (scales the first core)."""
        if not isinstance(scalar, Number) or isinstance(scalar, bool):
            return NotImplemented
        if not np.isfinite(scalar):
            raise ToleranceError(f"scalar must be finite; got {scalar!r}")
        return TensorTrain((self.cores[0] * scalar,) + self.cores[1:])

    __rmul__ = __mul__

    def __neg__(self):
        return self * -1.0

    def __sub__(self, other):
        if not isinstance(other, TensorTrain):
            return NotImplemented
        return self + (-other)

    def inner(self, other: TensorTrain):
        """Frobenius inner product ``sum conj(A) * B`` by a transfer sweep, O(d n r^3)."""
        self._check_same_shape(other, "inner")
        e = np.ones((1, 1), dtype=np.result_type(self.dtype, other.dtype))
        for k, (a, b) in enumerate(zip(self.cores, other.cores)):
            t = np.tensordot(e, a.conj(), axes=(0, 0))  # (rb, n, sa)
            e = np.tensordot(t, b, axes=([0, 1], [0, 1]))  # (sa, sb)
            if not np.isfinite(e).all():
                raise NonFiniteError(
                    f"inner: the transfer matrix overflowed at core {k}; "
                    f"the inner product is not representable as a float "
                    f"(use norm(log=True) for sizes)"
                )
        return e[0, 0]

    def norm(self, log: bool = False) -> float:
        """Frobenius norm ``‖A‖_F`` (or its natural log) by a QR sweep.

        Each step divides the core and the carried triangular factor by their largest
        entries before any product or square is formed, and accumulates the logs of those
        scales, so ``log=True`` never overflows or underflows (e.g. ``d = 1000``, or core
        entries of 1e200 or 1e-200).  The zero tensor has ``norm() == 0`` and
        ``norm(log=True) == -inf``; without ``log`` a norm beyond the float range is
        ``inf`` (below it, ``0.0``).
        """
        log = as_flag(log, "log")
        r = np.ones((1, 1), dtype=self.dtype)
        log_scale = 0.0
        for c in self.cores:
            cmax = float(np.max(np.abs(c)))
            if cmax == 0.0:
                return -math.inf if log else 0.0
            m = (r @ (c / cmax).reshape(c.shape[0], -1)).reshape(-1, c.shape[2])
            mmax = float(np.max(np.abs(m)))
            if mmax == 0.0:
                return -math.inf if log else 0.0
            r = np.linalg.qr(m / mmax, mode="r")  # type: ignore[assignment]  # R only
            s = float(np.linalg.norm(r))
            if s == 0.0:
                return -math.inf if log else 0.0
            r = r / s
            log_scale += math.log(cmax) + math.log(mmax) + math.log(s)
        value = abs(complex(r[0, 0]))
        if value == 0.0:
            return -math.inf if log else 0.0
        log_norm = log_scale + math.log(value)
        if log:
            return log_norm
        try:
            return math.exp(log_norm)
        except OverflowError:  # the norm itself is not representable
            return math.inf

    # ----------------------------------------------------------------- structure
    def orthogonalize(self, direction: str = "left") -> TensorTrain:
        """A new TT with QR-orthogonalized cores; same tensor.

        ``"left"``: cores ``0..d-2`` satisfy ``G^H G = I`` for the ``(r n) x r'`` reshape,
        the last core carries the norm.  ``"right"``: cores ``1..d-1`` satisfy ``G G^H = I``
        for the ``r x (n r')`` reshape, the first core carries the norm.  Ranks may drop to
        ``min(r_{k-1} n_k, r_k)``.
        """
        if not isinstance(direction, str) or direction not in ("left", "right"):
            raise ShapeError(f"direction must be 'left' or 'right'; got {direction!r}")
        return TensorTrain(orthogonalize_cores(self.cores, direction))

    def round(self, eps: float, max_rank: int | None = None) -> TensorTrain:
        """TT rounding (Oseledets 2011, Algorithm 2): recompress to accuracy ``eps``.

        Right-to-left orthogonalization, then left-to-right truncated SVDs with
        ``δ = eps ‖A‖_F / sqrt(d - 1)`` and the truncation rule of
        :func:`tnverify.tt.truncation.truncation_rank` (smallest rank whose discarded tail has
        Frobenius norm ``<= δ``, capped at ``max_rank``).  Without ``max_rank`` the result
        ``B`` satisfies ``‖A - B‖_F <= eps ‖A‖_F``.
        """
        return TensorTrain(round_cores(self.cores, check_eps(eps), check_max_rank(max_rank)))

    # ----------------------------------------------------------------- interop
    def to_tensorly(self):
        """This TT as a ``tensorly.tt_tensor.TTTensor`` (same core layout, copies).

        See :mod:`tnverify.tt.interop` for the function forms and quimb.  TensorLy's
        functions on TT factors also take a TensorTrain directly (it is a sequence of its
        cores): ``tensorly.tt_to_tensor(tt)``.
        """
        from tensorly.tt_tensor import TTTensor

        return TTTensor([np.array(c) for c in self.cores])

    @classmethod
    def uniform(cls, core, length: int, *, alpha=None, omega=None) -> TensorTrain:
        """The TT whose ``length`` cores all equal ``core`` (an MPS with one repeated
        tensor, a weight-shared linear RNN), closed by boundary vectors.

        ``A[i_1, …, i_L] = αᵀ G[:, i_1, :] ⋯ G[:, i_L, :] ω`` with ``G = core`` of shape
        ``(r, n, r)``; α is absorbed into the first core and ω into the last, so the
        boundary ranks are 1 and cores ``2 … L−1`` are ``core`` itself (thesis §3.2,
        Def. 3.2.2; a uniform MPS).

        Parameters
        ----------
        core : (r, n, r) array_like
        length : int >= 1
        alpha, omega : (r,) array_like, optional
            Boundary vectors; required when ``r > 1`` (there is no canonical choice),
            optional (default ``[1]``) when ``r = 1``.

        Examples
        --------
        >>> G = np.zeros((2, 2, 2)); G[:, 0, :] = np.eye(2); G[0, 1, 1] = 1.0
        >>> tt = TensorTrain.uniform(G, 3, alpha=[1.0, 0.0], omega=[0.0, 1.0])
        >>> tt.ranks, float(tt.full()[0, 1, 0]), float(tt.full()[1, 1, 0])
        ((1, 2, 2, 1), 1.0, 0.0)
        """
        core = as_array(core, "core", complex_ok=True)
        return cls(
            uniform_cores(
                core,
                length,
                None if alpha is None else as_array(alpha, "alpha", complex_ok=True),
                None if omega is None else as_array(omega, "omega", complex_ok=True),
            )
        )

    @classmethod
    def from_tensorly(cls, factors) -> TensorTrain:
        """Build from a TensorLy ``TTTensor`` or a list of its factors."""
        factors = getattr(factors, "factors", factors)
        if isinstance(factors, (str, bytes, np.ndarray)) or not hasattr(factors, "__iter__"):
            raise DTypeError(
                f"from_tensorly needs a TensorLy TTTensor or a list of its "
                f"factors; got {type(factors).__name__}"
            )
        return cls(tuple(factors))


def tt_to_full(tt: TensorTrain, max_entries: int | None = None) -> np.ndarray:
    """The explicit tensor of ``tt`` (guarded by :func:`tnverify.definitions.explicit.guard_size`)."""
    if not isinstance(tt, TensorTrain):
        raise DTypeError(f"tt_to_full needs a TensorTrain; got {type(tt).__name__}")
    return tt.full(max_entries=max_entries)
