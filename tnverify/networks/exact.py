"""Exact (integer and rational) tensor trains and CP tensors, for certified ranks.

Certified ranks (:func:`tnverify.exact_rank`, :func:`tnverify.rank_mod_p`) need the
entries of a tensor *exactly*; a float64 TT contracted in floating point has round-off in
every entry, so its ranks are numerical estimates.  :class:`ExactTT` and :class:`ExactCP`
keep integer cores (numpy ``int64``) or rational ones (``object`` arrays of
:class:`fractions.Fraction`) and contract them in exact arithmetic (Python integers,
never int64 overflow): ``full()`` is the exact tensor, an ``int64`` array when every entry
fits, an ``object`` array of ints / Fractions otherwise, and every certified-rank function
of tnverify accepts both.

``random_exact_tt`` / ``random_exact_cp`` draw entries uniformly from
``{−bound, …, bound}`` (``kind="int"``) or as ``p/q`` with ``p`` in that range and
``q`` in ``{1, …, bound}`` (``kind="rational"``), from a numpy Generator (reproducible
from a seed).  Small integer draws often land in the algebraic set where a generic rank
drops (a minor vanishes); :func:`tnverify.networks.generic_rank` is the way to state a
generic rank with such draws.

References
----------
thesis §3.2, Def. 3.2.2 (the TT format); gtm §3.2, Eq. 5 (CP); Oseledets, "Tensor-train
decomposition", SIAM J. Sci. Comput. 33(5), 2011.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from numbers import Integral

import numpy as np

from ..errors import DTypeError, RankError, ShapeError
from ..tt.cp import CPTensor
from ..tt.random_trains import max_tt_ranks
from ..tt.train import TensorTrain
from ..tt.uniform import uniform_cores
from ..validation import as_choice, as_flag, as_int, as_rng, check_entries

__all__ = [
    "ExactTT",
    "ExactCP",
    "random_exact_tt",
    "random_exact_cp",
    "exact_array",
    "draw_entries",
    "narrowed",
    "python_numbers",
    "EXACT_KINDS",
]

#: Kinds of exact entries the draws offer.
EXACT_KINDS = ("int", "rational")
_INT64_MAX = int(np.iinfo(np.int64).max)


def exact_array(x, name: str) -> np.ndarray:
    """``x`` as an exact array: ``int64`` for integer input, ``object`` (Python ints and
    :class:`~fractions.Fraction`; FLINT ``fmpz`` / ``fmpq`` entries are converted to them)
    otherwise.  Floats (even integer-valued ones), bools,
    complex numbers and strings raise :class:`~tnverify.errors.DTypeError`: an exact model
    is never built by a silent cast."""
    if hasattr(x, "detach") and hasattr(x, "numpy"):  # a torch tensor
        x = x.detach().cpu().numpy()
    if isinstance(x, np.ndarray) and x.dtype.kind in "iu" and x.dtype != bool:
        if x.dtype.kind == "u" and x.size and int(x.max()) > _INT64_MAX:
            return np.array(x.tolist(), dtype=object)
        return x.astype(np.int64)
    try:
        a = np.array(x, dtype=object)
    except ValueError as exc:
        raise ShapeError(f"{name} must be a rectangular array; got ragged input") from exc
    flat = []
    for v in a.flat:
        kind = type(v).__name__
        if kind == "fmpz" or (isinstance(v, Integral) and not isinstance(v, (bool, np.bool_))):
            flat.append(int(v))
        elif kind == "fmpq" or isinstance(v, Fraction):  # FLINT or Python rationals
            f = Fraction(int(v.p), int(v.q)) if kind == "fmpq" else v
            flat.append(int(f) if f.denominator == 1 else f)  # type: ignore[arg-type]
        else:
            raise DTypeError(
                f"{name} must have integer or rational (Fraction, FLINT fmpq) "
                f"entries (an exact model); got {kind} {v!r}"
            )
    out = np.empty(a.shape, dtype=object)
    out.flat[:] = flat
    if all(isinstance(v, int) and abs(v) <= _INT64_MAX for v in flat):
        return out.astype(np.int64)
    return out


def narrowed(a: np.ndarray) -> np.ndarray:
    """An exact object array as int64 when every entry is an int that fits."""
    if a.dtype == object and all(isinstance(v, int) and abs(v) <= _INT64_MAX for v in a.flat):
        return a.astype(np.int64)
    return a


def python_numbers(a: np.ndarray) -> np.ndarray:
    """``a`` with Python-int / Fraction entries (exact products and sums, no overflow)."""
    if a.dtype == object:
        return a
    out = np.empty(a.shape, dtype=object)
    out.flat[:] = [int(v) for v in a.flat]
    return out


def _as_float(a: np.ndarray) -> np.ndarray:
    return np.array([float(v) for v in a.flat], dtype=np.float64).reshape(a.shape)


@dataclass(frozen=True, eq=False)
class ExactTT:
    """A tensor train with exact (integer or rational) cores.

    Parameters
    ----------
    cores : sequence of array_like
        ``d >= 1`` arrays of shape ``(r_{k-1}, n_k, r_k)`` with ``r_0 = r_d = 1`` and
        matching adjacent ranks, with integer or :class:`~fractions.Fraction` entries
        (stored read-only as ``int64`` or ``object`` arrays; floats are refused).

    Examples
    --------
    >>> tt = ExactTT([[[[1, 0], [0, 1]]], [[[1], [2]], [[3], [4]]]])
    >>> tt.ranks, tt.full().tolist()
    ((1, 2, 1), [[1, 2], [3, 4]])
    """

    cores: tuple

    def __post_init__(self):
        raw = self.cores
        if isinstance(raw, np.ndarray) or not hasattr(raw, "__len__") or len(raw) == 0:
            raise ShapeError("an ExactTT needs a non-empty sequence of 3-D cores")
        cores = []
        for k, c in enumerate(raw):
            a = exact_array(c, f"core {k}")
            if a.ndim != 3 or min(a.shape) < 1:
                raise ShapeError(
                    f"core {k} must be 3-D (r_prev, n, r_next) with positive "
                    f"sizes; got shape {a.shape}"
                )
            a.flags.writeable = False
            cores.append(a)
        if cores[0].shape[0] != 1 or cores[-1].shape[2] != 1:
            raise RankError(
                f"boundary ranks must be r_0 = r_d = 1; got r_0="
                f"{cores[0].shape[0]}, r_d={cores[-1].shape[2]}"
            )
        for k in range(len(cores) - 1):
            if cores[k].shape[2] != cores[k + 1].shape[0]:
                raise RankError(
                    f"adjacent ranks must match: core {k} has r_next="
                    f"{cores[k].shape[2]} but core {k + 1} has r_prev="
                    f"{cores[k + 1].shape[0]}"
                )
        object.__setattr__(self, "cores", tuple(cores))

    @classmethod
    def uniform(cls, core, length: int, *, alpha=None, omega=None) -> ExactTT:
        """The exact TT whose cores are all ``core`` (boundary vectors absorbed), as
        :meth:`tnverify.TensorTrain.uniform`."""
        return cls(
            uniform_cores(
                exact_array(core, "core"),
                length,
                None if alpha is None else exact_array(alpha, "alpha"),
                None if omega is None else exact_array(omega, "omega"),
            )
        )

    @property
    def ndim(self) -> int:
        """Order ``d`` (number of modes)."""
        return len(self.cores)

    @property
    def shape(self) -> tuple:
        """Mode sizes ``(n_1, …, n_d)``."""
        return tuple(int(c.shape[1]) for c in self.cores)

    @property
    def ranks(self) -> tuple:
        """TT ranks ``(1, r_1, …, r_{d−1}, 1)``."""
        return (1,) + tuple(int(c.shape[2]) for c in self.cores)

    @property
    def rational(self) -> bool:
        """Whether some core entry is a non-integer Fraction."""
        return any(
            c.dtype == object and any(isinstance(v, Fraction) for v in c.flat) for c in self.cores
        )

    def full(self, max_entries: int | None = None) -> np.ndarray:
        """The exact tensor: ``int64`` when every entry fits, else ``object`` (ints /
        Fractions).  Guarded by ``TNVERIFY_MAX_ENTRIES``."""
        check_entries(self.shape, what="exact TT (full tensor)", limit=max_entries)
        out = python_numbers(self.cores[0])[0]  # (n_1, r_1)
        for c in self.cores[1:]:
            out = np.tensordot(out, python_numbers(c), axes=([out.ndim - 1], [0]))
        return narrowed(np.ascontiguousarray(out[..., 0]))

    def to_tt(self) -> TensorTrain:
        """The float64 :class:`~tnverify.TensorTrain` of the same cores (rational entries
        rounded to the nearest float64)."""
        return TensorTrain(tuple(_as_float(c) for c in self.cores))


@dataclass(frozen=True, eq=False)
class ExactCP:
    """A CP tensor ``Σ_r λ_r v_r^{(1)} ∘ … ∘ v_r^{(T)}`` with exact entries (gtm Eq. 5).

    Parameters
    ----------
    weights : (R,) array_like of int / Fraction
    factors : sequence of (n_t, R) array_like of int / Fraction

    Examples
    --------
    >>> ExactCP([1, 1], ([[1, 0], [0, 1]], [[1, 0], [0, 1]])).full().tolist()
    [[1, 0], [0, 1]]
    """

    weights: np.ndarray
    factors: tuple

    def __post_init__(self):
        w = exact_array(self.weights, "weights")
        if w.ndim != 1 or w.size < 1:
            raise RankError(f"weights must be a non-empty 1-D array (R,); got shape {w.shape}")
        if (
            isinstance(self.factors, np.ndarray)
            or not hasattr(self.factors, "__len__")
            or len(self.factors) == 0
        ):
            raise ShapeError("factors must be a non-empty sequence of (n_t, R) matrices")
        fs = []
        for t, f in enumerate(self.factors):
            a = exact_array(f, f"factor {t}")
            if a.ndim != 2 or a.shape[0] < 1:
                raise ShapeError(
                    f"factor {t} must be a (n_t, R) matrix with n_t >= 1; got shape {a.shape}"
                )
            if a.shape[1] != w.size:
                raise RankError(
                    f"factor {t} must have R = {w.size} columns (len(weights)); got {a.shape[1]}"
                )
            a.flags.writeable = False
            fs.append(a)
        w.flags.writeable = False
        object.__setattr__(self, "weights", w)
        object.__setattr__(self, "factors", tuple(fs))

    @property
    def shape(self) -> tuple:
        """Mode sizes ``(n_1, …, n_T)``."""
        return tuple(int(f.shape[0]) for f in self.factors)

    @property
    def rank(self) -> int:
        """The number of terms ``R`` (an upper bound of the CP rank)."""
        return int(self.weights.size)

    def full(self, max_entries: int | None = None) -> np.ndarray:
        """The exact tensor (``int64`` when it fits, else ``object``)."""
        check_entries(self.shape, what="exact CP tensor (full tensor)", limit=max_entries)
        out = python_numbers(self.factors[0]) * python_numbers(self.weights)[None, :]
        for f in self.factors[1:]:
            out = out[..., None, :] * python_numbers(f)
        return narrowed(np.ascontiguousarray(out.sum(axis=-1)))

    def to_cp(self) -> CPTensor:
        """The float64 :class:`~tnverify.CPTensor` (rationals rounded to float64)."""
        return CPTensor(_as_float(self.weights), tuple(_as_float(f) for f in self.factors))


def draw_entries(
    rng: np.random.Generator, shape: tuple, kind: str, bound: int, nonnegative: bool = False
) -> np.ndarray:
    """Exact entries of ``shape``: ints uniform in ``{−bound, …, bound}`` (``{0, …,
    bound}`` when ``nonnegative``), or ``p/q`` with such ``p`` and ``q`` in ``{1, …,
    bound}`` (``kind="rational"``)."""
    nonnegative = as_flag(nonnegative, "nonnegative")
    num = rng.integers(0 if nonnegative else -bound, bound + 1, size=shape)
    if kind == "int":
        return num.astype(np.int64)
    den = rng.integers(1, bound + 1, size=shape)
    out = np.empty(shape, dtype=object)
    out.flat[:] = [Fraction(int(p), int(q)) for p, q in zip(num.flat, den.flat)]
    return out


def _kind_bound(kind, bound) -> tuple[str, int]:
    as_choice(kind, "kind", EXACT_KINDS)
    return kind, as_int(bound, "bound", minimum=1)


def random_exact_tt(
    shape, ranks, rng=None, *, kind: str = "int", bound: int = 2, nonnegative: bool = False
) -> ExactTT:
    """A TT with independent exact random cores (integer or rational).

    Parameters
    ----------
    shape : sequence of int
        Mode sizes ``(n_1, …, n_d)``.
    ranks : int or sequence of int
        As in :func:`tnverify.random_tt`: an int ``r`` gives ``r_k = min(r,
        max_tt_ranks(shape)[k])``; a sequence has length ``d + 1`` with boundary ones.
    rng : None, int, SeedSequence, BitGenerator or Generator
        numpy's convention (pass a seed for a reproducible draw).
    kind : {"int", "rational"}
        ``"int"``: entries uniform in ``{−bound, …, bound}`` (int64 cores);
        ``"rational"``: ``p/q`` with ``p`` uniform in that range and ``q`` uniform in
        ``{1, …, bound}`` (Fraction cores).
    bound : int, default 2
        Entry magnitude (the gtm figures' integer weights use 2).
    nonnegative : bool, default False
        Draw the numerators from ``{0, …, bound}``: a non-negative TT (an HMM-like
        factorization, a TT_{ℝ≥0} model).

    Examples
    --------
    >>> from tnverify import exact_rank, tt_unfolding
    >>> tt = random_exact_tt((2, 3, 2), 2, rng=0)
    >>> tt.full().dtype, tt.ranks
    (dtype('int64'), (1, 2, 2, 1))
    >>> exact_rank(tt_unfolding(tt.full(), 1)) <= 2
    True
    """
    kind, bound = _kind_bound(kind, bound)
    caps = max_tt_ranks(shape)
    d = len(caps) - 1
    if isinstance(ranks, (Integral, float, str, bytes)) or not hasattr(ranks, "__iter__"):
        r = as_int(ranks, "ranks", minimum=1, error=RankError)
        rk = tuple(min(r, m) for m in caps)
    else:
        rk = tuple(
            as_int(r, f"ranks[{k}]", minimum=1, error=RankError) for k, r in enumerate(ranks)
        )
        if len(rk) != d + 1 or rk[0] != 1 or rk[-1] != 1:
            raise RankError(
                f"ranks must be {d + 1} positive ints with boundary ones; got {ranks!r}"
            )
    dims = tuple(int(c) for c in shape)
    rng = as_rng(rng)
    for k in range(d):
        check_entries((rk[k], dims[k], rk[k + 1]), what=f"exact TT core {k}")
    nonnegative = as_flag(nonnegative, "nonnegative")
    return ExactTT(
        tuple(
            draw_entries(rng, (rk[k], dims[k], rk[k + 1]), kind, bound, nonnegative)
            for k in range(d)
        )
    )


def random_exact_cp(shape, rank, rng=None, *, kind: str = "int", bound: int = 2) -> ExactCP:
    """A CP tensor of ``rank`` terms with exact random weights and factors (as
    :func:`random_exact_tt`; the weights are drawn like the factor entries, zeros
    allowed).

    Examples
    --------
    >>> cp = random_exact_cp((2, 2, 2), 2, rng=1, kind="rational")
    >>> cp.rank, cp.shape, cp.full().dtype
    (2, (2, 2, 2), dtype('O'))
    """
    kind, bound = _kind_bound(kind, bound)
    R = as_int(rank, "rank", minimum=1, error=RankError)
    if isinstance(shape, (str, bytes)) or not hasattr(shape, "__iter__"):
        raise ShapeError(f"shape must be a sequence of positive ints; got {shape!r}")
    dims = tuple(as_int(n, f"shape[{k}]", minimum=1) for k, n in enumerate(shape))
    if not dims:
        raise ShapeError("shape must be non-empty")
    rng = as_rng(rng)
    check_entries((sum(dims) + 1, R), what="exact CP factors")
    w = draw_entries(rng, (R,), kind, bound)
    return ExactCP(w, tuple(draw_entries(rng, (n, R), kind, bound) for n in dims))
