"""Explicit tensors: the definitions the rest of tnverify is checked against (the oracle).

Everything here builds full tensors over all ``|V|^N`` index tuples, so it is only for small
sizes; :func:`guard_size` refuses a tensor above ``TNVERIFY_MAX_ENTRIES`` entries (default
``2**26``) *before* anything is allocated.

References
----------
ttlm §3 (tensor operations: inner product, generalized inner product, the copy
tensor δ) and §4.1, Eq. 1-2 (Φ(X) as an outer product of one-hot vectors); thesis
(thesis) §3.1, Def. 3.1.1-3.1.2.
"""

from __future__ import annotations

import string
from collections.abc import Callable

import numpy as np

from .. import validation
from ..conventions import DEFAULT_DTYPE
from ..errors import DTypeError, NonFiniteError, ShapeError, VocabularyError
from ..validation import (
    DEFAULT_MAX_ENTRIES,
    as_array,
    as_int,
    as_int_array,
    check_entries,
    human_bytes,
    is_int,
)
from ..validation.norms import scaled_product

__all__ = [
    "DEFAULT_MAX_ENTRIES",
    "max_entries",
    "guard_size",
    "one_hot",
    "feature_tensor",
    "inner",
    "generalized_inner",
    "copy_tensor",
    "all_sequences",
    "sequence_tensor",
]

#: Rows of :func:`all_sequences` passed to a score function at once in
#: :func:`sequence_tensor`.
CHUNK_ROWS = 2**16


def max_entries() -> int:
    """The limit on explicit-tensor entries: env ``TNVERIFY_MAX_ENTRIES`` or ``2**26``.

    Examples
    --------
    >>> max_entries() >= 1
    True
    """
    return validation.max_entries()


def _is_int(x) -> bool:
    return is_int(x)


#: The structured route named when an explicit tensor is refused.
TT_ROUTE = (
    "use the tensor-train route (tnverify.TensorTrain / tt_svd on smaller pieces, "
    "entry access with TensorTrain.entries)"
)


def guard_size(
    shape,
    *,
    dtype=DEFAULT_DTYPE,
    what: str = "explicit tensor",
    max_entries: int | None = None,
    repeat: int = 1,
) -> int:
    """Refuse an explicit tensor of ``shape`` above the entry limit, before allocating.

    Parameters
    ----------
    shape : sequence of int
        Mode sizes (each a non-negative integer).
    dtype : numpy dtype
        Used only to state the bytes in the message.
    what : str
        What is being built, for the message.
    max_entries : int, optional
        Limit; default :func:`max_entries` (env ``TNVERIFY_MAX_ENTRIES``).
    repeat : int
        ``shape`` repeated this many times (``(V,) * L`` is ``shape=(V,), repeat=L``),
        so a huge number of modes is judged without building the shape.

    Returns
    -------
    int
        The number of entries ``prod(shape)`` (a Python int, no overflow).

    Raises
    ------
    SizeLimitError
        Above the limit; the message names entries, bytes and the tensor-train route.
    ShapeError
        A mode size is negative (:class:`DTypeError` if it is not an integer).

    Notes
    -----
    The check works with logarithms (:func:`tnverify.validation.check_entries`): it never
    multiplies a huge shape out exactly.

    Examples
    --------
    >>> guard_size((4, 5, 6))
    120
    """
    return check_entries(
        shape, repeat=repeat, what=what, dtype=dtype, limit=max_entries, route=TT_ROUTE
    )


def _human_bytes(n: int) -> str:
    return human_bytes(n)


def _check_vocab_size(vocab_size) -> int:
    return as_int(vocab_size, "vocab_size", minimum=1, error=VocabularyError)


def one_hot(index, vocab_size) -> np.ndarray:
    """The one-hot vector ``e_index`` of length ``vocab_size`` (float64).

    ttlm §4.1: the input feature of token ``w_t`` (paper's 1-based ``w_t`` is
    code index ``w_t - 1``).

    Examples
    --------
    >>> one_hot(2, 4).tolist()
    [0.0, 0.0, 1.0, 0.0]
    """
    V = _check_vocab_size(vocab_size)
    index = as_int(index, "token index")
    if not 0 <= index < V:
        raise VocabularyError(f"token index must be in range(0, {V}); got {index}")
    guard_size((V,), what="one-hot vector")
    e = np.zeros(V, dtype=DEFAULT_DTYPE)
    e[index] = 1.0
    return e


def _check_sequence(sequence, vocab_size: int | None) -> np.ndarray:
    seq = as_int_array(sequence, "sequence (token indices)")
    if seq.ndim != 1:
        raise ShapeError(f"a sequence must be 1-D; got shape {seq.shape}")
    if seq.size == 0:
        raise VocabularyError("a sequence must be non-empty; got length 0")
    if vocab_size is not None:
        bad = (seq < 0) | (seq >= vocab_size)
        if bad.any():
            t = int(np.flatnonzero(bad)[0])
            raise VocabularyError(
                f"token indices must be in range(0, {vocab_size}); got {int(seq[t])} at "
                f"position {t}"
            )
    return seq


def feature_tensor(
    sequence, *, vocab_size=None, features=None, max_entries: int | None = None
) -> np.ndarray:
    """Φ(X) = f(w_1) ∘ f(w_2) ∘ ... ∘ f(w_N), the outer product of token features.

    .. math:: \\Phi(X)_{i_1 \\dots i_N} = \\prod_{t=1}^{N} f(w_t)_{i_t}

    With ``vocab_size`` the features are one-hot (ttlm §4.1, Eq. 1-2), so Φ(X)
    has a single 1 at index ``(w_1, ..., w_N)``; with ``features`` (a ``(V, M)`` matrix)
    ``f(w) = features[w]``.

    Parameters
    ----------
    sequence : 1-D int array-like
        Token indices ``w`` (0-based), non-empty.
    vocab_size : int, optional
        One-hot features of this length.
    features : (V, M) array-like, optional
        Feature matrix, finite; ``vocab_size`` is inferred as ``V`` (if both are given
        they must agree).
    max_entries : int, optional
        Size limit (see :func:`guard_size`).

    Returns
    -------
    numpy.ndarray
        Shape ``(M,) * N`` (``M = vocab_size`` for one-hot), float64 (complex128 if the
        features are complex).

    Examples
    --------
    >>> phi = feature_tensor([1, 0, 2], vocab_size=3)
    >>> bool(phi[1, 0, 2] == 1.0 and phi.sum() == 1.0)
    True
    """
    if vocab_size is None and features is None:
        raise VocabularyError("feature_tensor needs vocab_size or features; got neither")
    F = None
    if features is not None:
        F = as_array(features, "features", complex_ok=True)
        if F.ndim != 2 or F.shape[0] < 1 or F.shape[1] < 1:
            raise ShapeError(f"features must be a non-empty (V, M) matrix; got shape {F.shape}")
        if vocab_size is not None and _check_vocab_size(vocab_size) != F.shape[0]:
            raise VocabularyError(
                f"vocab_size must equal features.shape[0]; got vocab_size={vocab_size}, "
                f"features.shape={F.shape}"
            )
        V = F.shape[0]
    else:
        V = _check_vocab_size(vocab_size)
    seq = _check_sequence(sequence, V)
    M = V if F is None else F.shape[1]
    dtype = DEFAULT_DTYPE if F is None else F.dtype
    guard_size(
        (M,), repeat=seq.size, dtype=dtype, what="feature tensor Φ(X)", max_entries=max_entries
    )
    shape = (M,) * seq.size
    if F is None:
        out = np.zeros(shape, dtype=DEFAULT_DTYPE)
        out[tuple(int(w) for w in seq)] = 1.0
        return out
    out = F[seq[0]]
    for w in seq[1:]:
        out = np.multiply.outer(out, F[w])
    return np.asarray(out).reshape(shape)


def _as_tensor(x, name: str) -> np.ndarray:
    return as_array(x, name, complex_ok=True)


def inner(a, b):
    """Frobenius inner product ``⟨A, B⟩ = Σ_{i_1..i_N} A_{i_1..i_N} B_{i_1..i_N}``.

    ttlm §3 (inner product of two same-shape tensors).  Complex inputs are
    **not** conjugated (bilinear, as in the paper's real-valued definition); pass
    ``a.conj()`` for the Hermitian product.

    Examples
    --------
    >>> float(inner(np.arange(4.0).reshape(2, 2), np.ones((2, 2))))
    6.0
    """
    A, B = _as_tensor(a, "a"), _as_tensor(b, "b")
    if A.shape != B.shape:
        raise ShapeError(f"inner needs tensors of the same shape; got {A.shape} and {B.shape}")
    # computed in a scaled form where the sum overflows (NonFiniteError only when the
    # product itself exceeds float64), never a silent inf
    return scaled_product(
        lambda x, y: (
            np.vdot(x.conj(), y)
            if x.dtype.kind == "c" or y.dtype.kind == "c"
            else np.dot(x.ravel(), y.ravel())
        ),
        A,
        B,
        "inner product",
    )


def _check_modes(modes, ndim: int, name: str) -> tuple[int, ...]:
    if isinstance(modes, (str, bytes)) or not hasattr(modes, "__iter__"):
        raise DTypeError(f"{name} must be a sequence of integers; got {modes!r}")
    modes = tuple(as_int(m, f"{name} entry") for m in modes)
    if any(not 0 <= m < ndim for m in modes) or len(set(modes)) != len(modes):
        raise ShapeError(
            f"{name} must be distinct 0-based modes in range(0, {ndim}); got {modes!r}"
        )
    return modes


def generalized_inner(x, y, modes_x, modes_y) -> np.ndarray:
    """Generalized inner product: contract mode ``modes_x[j]`` of x with ``modes_y[j]`` of y.

    ttlm §3 ("Generalized inner product", after Kossaifi et al. 2020): for
    ``X`` of shape ``I_1×..×I_N×I_x`` and ``Y`` of shape ``I_1×..×I_N×I_y``,

    .. math:: \\langle X, Y \\rangle_{N;\\,jk} =
              \\sum_{i_1..i_N} X_{i_1..i_N j}\\, Y_{i_1..i_N k}
              \\in \\mathbb{R}^{I_x \\times I_y}

    (the printed equation omits the free indices ``j, k``; the stated result space
    ``R^{I_x×I_y}`` fixes them as above).

    In general the free modes of ``x`` (in increasing order) come first, then the free
    modes of ``y``.  With every mode contracted the result is :func:`inner` (0-d array).

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> X, Y = rng.normal(size=(2, 3, 4)), rng.normal(size=(2, 3, 5))
    >>> Z = generalized_inner(X, Y, (0, 1), (0, 1))
    >>> Z.shape == (4, 5) and bool(np.allclose(Z, X.reshape(6, 4).T @ Y.reshape(6, 5)))
    True
    """
    X, Y = _as_tensor(x, "x"), _as_tensor(y, "y")
    mx = _check_modes(modes_x, X.ndim, "modes_x")
    my = _check_modes(modes_y, Y.ndim, "modes_y")
    if len(mx) != len(my):
        raise ShapeError(
            f"modes_x and modes_y must have the same length; got {len(mx)} and {len(my)}"
        )
    for a, b in zip(mx, my):
        if X.shape[a] != Y.shape[b]:
            raise ShapeError(
                f"contracted modes must have equal sizes; mode {a} of x has {X.shape[a]}, "
                f"mode {b} of y has {Y.shape[b]}"
            )
    if X.ndim + Y.ndim > len(string.ascii_letters):
        raise ShapeError(f"too many modes for einsum: {X.ndim} + {Y.ndim}")
    letters = iter(string.ascii_letters)
    sx = [next(letters) for _ in range(X.ndim)]
    sy = [next(letters) for _ in range(Y.ndim)]
    for a, b in zip(mx, my):
        sy[b] = sx[a]
    out = [sx[i] for i in range(X.ndim) if i not in mx] + [
        sy[i] for i in range(Y.ndim) if i not in my
    ]
    free = [X.shape[i] for i in range(X.ndim) if i not in mx] + [
        Y.shape[i] for i in range(Y.ndim) if i not in my
    ]
    guard_size(free, what="generalized inner product")
    spec = f"{''.join(sx)},{''.join(sy)}->{''.join(out)}"
    return np.asarray(
        scaled_product(lambda p, q: np.einsum(spec, p, q), X, Y, "generalized inner product")
    )


def copy_tensor(order, dim, *, max_entries: int | None = None) -> np.ndarray:
    """The copy (diagonal) tensor δ of ``order`` modes of size ``dim``.

    ttlm §3: ``δ_{i_1..i_N} = 1`` if ``i_1 = ... = i_N``, else 0.

    Examples
    --------
    >>> d = copy_tensor(3, 2)
    >>> int(d.sum()), float(d[1, 1, 1]), float(d[0, 1, 1])
    (2, 1.0, 0.0)
    """
    order = as_int(order, "copy_tensor order", minimum=1)
    dim = as_int(dim, "copy_tensor dim", minimum=1)
    guard_size((dim,), repeat=order, what="copy tensor δ", max_entries=max_entries)
    shape = (dim,) * order
    out = np.zeros(shape, dtype=DEFAULT_DTYPE)
    idx = np.arange(dim)
    out[(idx,) * order] = 1.0
    return out


def all_sequences(vocab_size, length, *, max_entries: int | None = None) -> np.ndarray:
    """Every sequence of ``length`` tokens, as a ``(V**L, L)`` int64 array in C order.

    Row ``i`` is the multi-index of entry ``i`` of a flattened ``(V,)*L`` tensor (the
    order of ``itertools.product(range(V), repeat=L)``).

    Examples
    --------
    >>> all_sequences(2, 2).tolist()
    [[0, 0], [0, 1], [1, 0], [1, 1]]
    """
    V = _check_vocab_size(vocab_size)
    L = as_int(length, "sequence length", minimum=1, error=VocabularyError)
    guard_size(
        (V,), repeat=L, dtype=np.int64, what="table of all sequences", max_entries=max_entries
    )
    guard_size((V**L, L), dtype=np.int64, what="table of all sequences", max_entries=max_entries)
    grids = np.indices((V,) * L, dtype=np.int64)
    return grids.reshape(L, -1).T.copy()


def sequence_tensor(
    score: Callable[[np.ndarray], np.ndarray], vocab_size, length, *, max_entries: int | None = None
) -> np.ndarray:
    """The explicit tensor ``T[w_1, ..., w_L] = score(w)`` over all sequences.

    Parameters
    ----------
    score : callable
        Maps an ``(n, L)`` int64 array of sequences to ``n`` finite scores; called on
        chunks of at most ``CHUNK_ROWS`` rows of :func:`all_sequences`.
    vocab_size, length : int
    max_entries : int, optional

    Returns
    -------
    numpy.ndarray
        Shape ``(V,) * L``, float64 (complex128 if the scores are complex).

    Examples
    --------
    >>> T = sequence_tensor(lambda w: w.sum(axis=1), 3, 2)
    >>> bool(T[2, 1] == 3.0 and T.shape == (3, 3))
    True
    """
    if not callable(score):
        raise DTypeError(f"score must be callable; got {type(score).__name__}")
    V = _check_vocab_size(vocab_size)
    L = as_int(length, "sequence length", minimum=1, error=VocabularyError)
    total = guard_size((V,), repeat=L, what="sequence tensor", max_entries=max_entries)
    shape = (V,) * L
    parts = []
    for start in range(0, total, CHUNK_ROWS):
        # rows start..stop of all_sequences(V, L), built chunk by chunk
        flat = np.arange(start, min(start + CHUNK_ROWS, total), dtype=np.int64)
        chunk = np.stack(np.unravel_index(flat, shape), axis=1).astype(np.int64)
        try:
            vals = as_array(
                score(chunk), "score's return value", complex_ok=True, finite=False, bool_ok=True
            )
        except DTypeError as exc:
            raise DTypeError(f"score must return numbers; {exc}") from exc
        if vals.ndim == 2 and vals.shape[1] == 1:
            vals = vals[:, 0]
        if vals.shape != (chunk.shape[0],):
            raise ShapeError(
                f"score must map ({chunk.shape[0]}, {L}) sequences to shape "
                f"({chunk.shape[0]},); got {vals.shape}"
            )
        vals = vals.astype(np.complex128 if vals.dtype.kind == "c" else DEFAULT_DTYPE)
        if not np.isfinite(vals).all():
            raise NonFiniteError(
                f"score must be finite; got NaN/inf for sequences starting at row {start}"
            )
        parts.append(vals)
    return np.concatenate(parts).reshape(shape)
