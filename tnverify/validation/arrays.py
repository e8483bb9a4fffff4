"""Array checkers of the validation layer: numpy array-likes, integer arrays, torch
tensors and the operands of the dual numpy/torch maps (see :mod:`tnverify.validation`)."""

from __future__ import annotations

import numpy as np

from ..errors import DTypeError, NonFiniteError, ShapeError
from .scalars import as_device, as_torch_dtype, is_torch_tensor, show_value

__all__ = [
    "as_array",
    "as_int_array",
    "as_tensor",
    "as_numeric",
    "as_numeric_any",
    "as_operand",
    "join_torch",
]


def _to_numpy(x, name: str, allow_torch: bool) -> np.ndarray:
    if is_torch_tensor(x):
        if not allow_torch:
            raise DTypeError(f"{name} must be a numpy array-like, not a torch tensor")
        t = x.detach().cpu()  # only the values are read: detach grad-requiring tensors
        if str(t.dtype) in ("torch.bfloat16", "torch.float16"):
            t = t.float()
        return t.numpy()
    if isinstance(x, (str, bytes, dict, set)) or x is None:
        raise DTypeError(f"{name} must be a numeric array-like; got {show_value(x)}")
    if isinstance(x, (list, tuple)) and any(is_torch_tensor(e) for e in x):
        x = [e.detach().cpu().numpy() if is_torch_tensor(e) else e for e in x]
    try:
        return np.asarray(x)
    except ValueError as exc:
        raise ShapeError(
            f"{name} must be a rectangular array (not ragged); got {show_value(x)}"
        ) from exc
    except Exception as exc:  # noqa: BLE001 - anything numpy refuses
        raise DTypeError(f"{name} must be a numeric array-like; got {show_value(x)}") from exc


def as_array(
    x,
    name: str,
    *,
    complex_ok: bool = False,
    ndim=None,
    finite: bool = True,
    nonempty: bool = False,
    allow_torch: bool = True,
    bool_ok: bool = False,
    copy: bool = False,
) -> np.ndarray:
    """``x`` as a float64 (or, with ``complex_ok``, complex128) ndarray.

    Parameters
    ----------
    x : array_like or torch.Tensor
        Numeric data.  Ragged nesting raises :class:`ShapeError`; string, object or (unless
        ``bool_ok``) bool dtypes raise :class:`DTypeError`; complex data raises
        :class:`DTypeError` unless ``complex_ok`` (never a cast); torch tensors are read
        through ``detach().cpu()`` unless ``allow_torch`` is False.
    ndim : int or tuple of int, optional
        Allowed numbers of modes; else :class:`ShapeError`.
    finite : bool
        NaN/inf raise :class:`NonFiniteError`.
    nonempty : bool
        Arrays with a zero-size mode raise :class:`ShapeError`.

    Examples
    --------
    >>> as_array([[1, 2], [3, 4]], "A", ndim=2).dtype
    dtype('float64')
    >>> as_array([1 + 2j], "w")
    Traceback (most recent call last):
    ...
    tnverify.errors.DTypeError: w must be real; got dtype complex128 (complex input is never cast to real)
    """
    a = _to_numpy(x, name, allow_torch)
    kind = a.dtype.kind
    if a.dtype == object or kind not in "biufc" or (kind == "b" and not bool_ok):
        raise DTypeError(
            f"{name} must be numeric (int, float{', complex' if complex_ok else ''}"
            f"); got dtype {a.dtype}"
        )
    if kind == "c":
        if not complex_ok:
            raise DTypeError(
                f"{name} must be real; got dtype {a.dtype} (complex input is never cast to real)"
            )
        a = a.astype(np.complex128, copy=copy)
    else:
        a = a.astype(np.float64, copy=copy)
    _check_ndim(a, name, ndim, nonempty)
    if finite and not np.isfinite(a).all():
        bad = int(a.size - np.count_nonzero(np.isfinite(a)))
        raise NonFiniteError(
            f"{name} must be finite; found {bad} NaN/inf entr{'y' if bad == 1 else 'ies'}"
        )
    return a


def as_int_array(
    x,
    name: str,
    *,
    ndim=None,
    minimum: int | None = None,
    maximum: int | None = None,
    nonempty: bool = False,
    allow_torch: bool = True,
    error: type = ShapeError,
) -> np.ndarray:
    """``x`` as an int64 ndarray: integer dtypes only (floats, bools, strings, complex →
    :class:`DTypeError`), entries in ``[minimum, maximum]`` else ``error``."""
    a = _to_numpy(x, name, allow_torch)
    if a.dtype.kind not in "iu" or a.dtype == object:
        if a.size == 0 and a.dtype.kind == "f":  # [] is float64 in numpy: an empty int list
            a = a.astype(np.int64)
        else:
            raise DTypeError(f"{name} must hold integers; got dtype {a.dtype}")
    if a.dtype.kind == "u" and a.size and a.max() > np.iinfo(np.int64).max:
        raise error(f"{name} entries must fit int64; got {int(a.max())}")
    a = a.astype(np.int64)
    _check_ndim(a, name, ndim, nonempty)
    if a.size and minimum is not None and int(a.min()) < minimum:
        raise error(f"{name} entries must be >= {minimum}; got {int(a.min())}")
    if a.size and maximum is not None and int(a.max()) > maximum:
        raise error(f"{name} entries must be <= {maximum}; got {int(a.max())}")
    return a


def _check_ndim(a: np.ndarray, name: str, ndim, nonempty: bool) -> None:
    if ndim is not None:
        allowed = (ndim,) if isinstance(ndim, int) else tuple(ndim)
        if a.ndim not in allowed:
            want = allowed[0] if len(allowed) == 1 else f"one of {allowed}"
            raise ShapeError(f"{name} must have {want} modes; got shape {a.shape}")
    if nonempty and a.size == 0:
        raise ShapeError(f"{name} must be non-empty; got shape {a.shape}")


def as_tensor(
    x,
    name: str,
    *,
    dtype=None,
    device=None,
    ndim=None,
    finite: bool = True,
    nonempty: bool = False,
    detach: bool = True,
):
    """``x`` (numpy array-like or torch tensor) as a torch tensor of ``dtype`` on ``device``.

    The checks of :func:`as_array` apply (ragged → :class:`ShapeError`; strings, objects,
    bools → :class:`DTypeError`); ``dtype`` must be a floating or complex torch dtype and
    ``device`` a device (:func:`as_torch_dtype`, :func:`as_device`), checked before any
    cast; complex data with a real ``dtype`` raises
    :class:`DTypeError` (never a cast).  With ``detach`` (constructors, which copy values)
    a grad-requiring tensor is detached and copied; without it (``forward`` inputs) the
    autograd graph is kept.  torch is imported here, on use.
    """
    import torch

    if dtype is not None:  # checked before any cast: an int dtype would truncate
        dtype = as_torch_dtype(dtype, "dtype")
    if device is not None:
        device = as_device(device)
        if device == "auto":
            from ..device import resolve_device

            device = resolve_device("auto")
    if isinstance(x, torch.Tensor):
        t = x.detach().clone() if detach else x
        if t.dtype == torch.bool:
            raise DTypeError(f"{name} must be numeric; got dtype {t.dtype}")
    else:
        a = as_array(x, name, complex_ok=True, finite=False)
        t = torch.from_numpy(np.array(a))
    if t.is_complex() and dtype is not None and not dtype.is_complex:
        raise DTypeError(
            f"{name} is complex ({t.dtype}) but {dtype} is real; complex input "
            f"is never cast to real"
        )
    if dtype is not None or device is not None:
        t = t.to(
            dtype=dtype if dtype is not None else t.dtype,
            device=device if device is not None else t.device,
        )
    if ndim is not None:
        allowed = (ndim,) if isinstance(ndim, int) else tuple(ndim)
        if t.ndim not in allowed:
            raise ShapeError(
                f"{name} must have {allowed[0] if len(allowed) == 1 else allowed}"
                f" modes; got shape {tuple(t.shape)}"
            )
    if nonempty and t.numel() == 0:
        raise ShapeError(f"{name} must be non-empty; got shape {tuple(t.shape)}")
    if finite and (t.is_floating_point() or t.is_complex()):
        bad = int((~torch.isfinite(t.detach())).sum())
        if bad:
            raise NonFiniteError(
                f"{name} must be finite; found {bad} NaN/inf entr{'y' if bad == 1 else 'ies'}"
            )
    return t


def as_numeric(
    x, name: str, *, complex_ok: bool = False, finite: bool = True, nonempty: bool = True
) -> np.ndarray:
    """Like :func:`as_array` but integer data stays integer (int64), for exact
    arithmetic (exact ranks, integer grids); floats become float64."""
    a = _to_numpy(x, name, True)
    if a.dtype.kind in "iu" and a.dtype != object:
        a = a.astype(np.int64)
        _check_ndim(a, name, None, nonempty)
        return a
    return as_array(a, name, complex_ok=complex_ok, finite=finite, nonempty=nonempty)


def as_numeric_any(x, name: str, *, finite: bool = True, nonempty: bool = True) -> np.ndarray:
    """``x`` as a numeric ndarray of its own dtype (no cast: float32 stays float32, ints
    stay ints, complex stays complex); torch tensors are detached; ragged → ShapeError;
    strings, objects, bools → DTypeError; NaN/inf → NonFiniteError (with ``finite``)."""
    a = _to_numpy(x, name, True)
    if a.dtype == object or a.dtype.kind not in "iufc":
        raise DTypeError(f"{name} must be numeric; got dtype {a.dtype}")
    _check_ndim(a, name, None, nonempty)
    if finite and a.dtype.kind in "fc" and not np.isfinite(a).all():
        bad = int(a.size - np.count_nonzero(np.isfinite(a)))
        raise NonFiniteError(
            f"{name} must be finite; found {bad} NaN/inf entr{'y' if bad == 1 else 'ies'}"
        )
    return a


def as_operand(x, name: str, *, ndim=None, nonempty: bool = True):
    """An operand of the dual numpy/torch maps: a torch tensor stays torch (real floating,
    finite; its autograd graph kept), anything else becomes a float64 ndarray
    (:func:`as_array`).  Complex, bool, string, object, NaN/inf and ragged input are
    refused, as are empty arrays (with ``nonempty``)."""
    if is_torch_tensor(x):
        if x.is_complex() or not x.dtype.is_floating_point:
            raise DTypeError(f"{name} must be a real floating tensor; got dtype {x.dtype}")
        if not bool(x.detach().isfinite().all()):
            raise NonFiniteError(f"{name} must be finite; found NaN/inf entries")
        _check_ndim(x, name, ndim, nonempty)
        return x
    return as_array(x, name, ndim=ndim, nonempty=nonempty)


def join_torch(*ops):
    """The operands with numpy arrays moved to the dtype and device of the first torch
    tensor among them (numpy and torch operands mixed: torch wins); unchanged without one.
    ``None`` entries stay ``None``."""
    like = next((o for o in ops if is_torch_tensor(o)), None)
    if like is None:
        return ops
    import torch

    return tuple(
        o
        if o is None or is_torch_tensor(o)
        else torch.as_tensor(o, dtype=like.dtype, device=like.device)
        for o in ops
    )
