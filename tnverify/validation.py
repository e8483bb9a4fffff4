"""The validation layer: one place for the checks every public entry point makes.

Every public function, constructor and ``forward`` of tnverify passes its arguments
through these checkers before it computes or allocates anything.  Each checker either
returns the argument in the one form the library works with (a float64 ndarray, a Python
int, a numpy Generator, ...) or raises a :class:`~tnverify.errors.TnverifyError` whose
message names the argument, the rule and the value found.  Nothing is ever cast silently:

- array-likes: ragged nesting → :class:`ShapeError`; strings, bytes, objects, bools →
  :class:`DTypeError`; complex where real is meant → :class:`DTypeError` (never a cast that
  drops the imaginary part); NaN/inf → :class:`NonFiniteError`; torch tensors are accepted
  where numpy is documented (detached: only their values are read);
- integers (sizes, counts, seeds, indices): ``bool``, floats (even ``3.0``), strings →
  :class:`DTypeError`; numpy integers are accepted;
- generators (``rng``): ``None``, a non-negative int seed or a ``numpy.random.Generator``;
- tolerances and scales: finite real numbers, positive (or non-negative where stated);
- devices: ``"cpu"``, ``"cuda"``, ``"cuda:N"``, ``"auto"`` or a ``torch.device``;
- sizes: :func:`check_entries` refuses an allocation above ``TNVERIFY_MAX_ENTRIES`` entries
  (default ``2**26``) *before* it happens, with the bytes needed and the structured route;
  it works with logarithms, so a huge number of modes never hangs it.

References
----------
/work DESIGN §6 (errors and limits): "Shapes, ranks, eps, NaN/inf, empty sequences and
out-of-vocabulary indices are validated at the public boundary."
"""

from __future__ import annotations

import math
import numbers
import os

import numpy as np

from .errors import (
    DeviceError, DTypeError, NonFiniteError, ShapeError, SizeLimitError, ToleranceError,
    UsageError,
)

__all__ = [
    "DEFAULT_MAX_ENTRIES", "max_entries", "check_entries", "human_bytes",
    "is_int", "as_int", "as_float", "as_tolerance", "as_rng", "as_choice", "as_device",
    "as_array", "as_int_array", "as_bool", "as_tensor", "check_power", "MAX_RESULT_BITS",
    "as_numeric", "as_numeric_any", "as_operand", "join_torch",
]

#: Default limit on the number of entries of anything allocated from sizes
#: (2**26 = 512 MiB as float64).
DEFAULT_MAX_ENTRIES = 2**26
_ENV = "TNVERIFY_MAX_ENTRIES"


def _show(x) -> str:
    """``repr`` of a value for a message, cut to 80 characters, with its type."""
    try:
        text = repr(x)
    except Exception:  # noqa: BLE001 - a broken __repr__ must not hide the real error
        text = "<unprintable>"
    if len(text) > 80:
        text = text[:77] + "..."
    return f"{text} ({type(x).__name__})"


def _is_torch(x) -> bool:
    return type(x).__module__.startswith("torch") and hasattr(x, "detach")


# ---------------------------------------------------------------------------- scalars
def is_int(x) -> bool:
    """True for a Python or numpy integer that is not a bool."""
    return isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_))


def as_int(x, name: str, *, minimum: int | None = None, maximum: int | None = None,
           error: type = ShapeError) -> int:
    """``x`` as a Python int, else an error naming ``name``, the rule and the value.

    Parameters
    ----------
    x : int or numpy integer
        ``bool``, floats (also integral ones like ``3.0``), strings and 0-d arrays of those
        raise :class:`DTypeError`; a 0-d integer array or torch integer scalar is accepted.
    minimum, maximum : int, optional
        Inclusive bounds; outside them ``error`` (default :class:`ShapeError`) is raised.

    Examples
    --------
    >>> as_int(np.int64(3), "hidden", minimum=1)
    3
    >>> as_int(3.5, "hidden")
    Traceback (most recent call last):
    ...
    tnverify.errors.DTypeError: hidden must be an integer (int or numpy integer); got 3.5 (float)
    """
    value = x
    if _is_torch(value) and value.dim() == 0 and not value.is_floating_point() \
            and not value.is_complex() and str(value.dtype) != "torch.bool":
        value = int(value.item())
    elif isinstance(value, np.ndarray) and value.ndim == 0 and value.dtype.kind in "iu":
        value = value.item()
    if not is_int(value):
        raise DTypeError(f"{name} must be an integer (int or numpy integer); got {_show(x)}")
    value = int(value)
    if minimum is not None and value < minimum:
        raise error(f"{name} must be an integer >= {minimum}; got {value}")
    if maximum is not None and value > maximum:
        raise error(f"{name} must be an integer <= {maximum}; got {value}")
    return value


def as_bool(x, name: str) -> bool:
    """``x`` as a bool; only ``True``/``False`` (or numpy bools) are accepted."""
    if isinstance(x, (bool, np.bool_)):
        return bool(x)
    raise DTypeError(f"{name} must be True or False; got {_show(x)}")


def as_float(x, name: str, *, positive: bool = False, nonnegative: bool = False,
             finite: bool = True, maximum: float | None = None,
             error: type = ToleranceError) -> float:
    """``x`` as a finite Python float.

    Real numbers (int, float, numpy scalars, 0-d real arrays) are accepted; ``bool``,
    strings and complex numbers raise :class:`DTypeError`; NaN/inf (with ``finite``),
    values ``<= 0`` (with ``positive``), ``< 0`` (with ``nonnegative``) or ``> maximum``
    raise ``error`` (default :class:`ToleranceError`).

    Examples
    --------
    >>> as_float(1e-3, "eps", positive=True)
    0.001
    """
    value = x
    if _is_torch(value) and value.dim() == 0:
        value = value.detach().cpu().item()
    elif isinstance(value, np.ndarray) and value.ndim == 0:
        value = value.item()
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise DTypeError(f"{name} must be a real number; got {_show(x)}")
    value = float(value)
    if finite and not math.isfinite(value):
        raise error(f"{name} must be finite; got {value!r}")
    if positive and not value > 0:
        raise error(f"{name} must be > 0; got {value!r}")
    if nonnegative and not value >= 0:
        raise error(f"{name} must be >= 0; got {value!r}")
    if maximum is not None and value > maximum:
        raise error(f"{name} must be <= {maximum!r}; got {value!r}")
    return value


def as_tolerance(x, name: str, *, allow_zero: bool = False) -> float:
    """A tolerance or scale: a finite real number, ``> 0`` (``>= 0`` with ``allow_zero``)."""
    return as_float(x, name, positive=not allow_zero, nonnegative=allow_zero,
                    error=ToleranceError)


def as_choice(x, name: str, choices, *, error: type = UsageError):
    """``x`` if it is one of ``choices`` (compared as strings), else ``error``."""
    if not isinstance(x, str):
        raise DTypeError(f"{name} must be a string, one of {tuple(choices)!r}; got {_show(x)}")
    if x not in tuple(choices):
        raise error(f"{name} must be one of {tuple(choices)!r}; got {x!r}")
    return x


def as_rng(rng, name: str = "rng") -> np.random.Generator:
    """A numpy Generator from ``None`` (fresh entropy), an int seed ``>= 0`` or a Generator.

    Examples
    --------
    >>> float(as_rng(0).random()) == float(np.random.default_rng(0).random())
    True
    """
    if rng is None:
        return np.random.default_rng()
    if isinstance(rng, np.random.Generator):
        return rng
    if is_int(rng):
        if int(rng) < 0:
            raise UsageError(f"{name} seed must be an integer >= 0; got {int(rng)}")
        return np.random.default_rng(int(rng))
    raise DTypeError(f"{name} must be None, an integer seed >= 0 or a "
                     f"numpy.random.Generator; got {_show(rng)}")


def as_device(device, name: str = "device"):
    """A device string checked for form: ``"cpu"``, ``"auto"``, ``"cuda"``, ``"cuda:N"``,
    ``"mps"``, ``"meta"`` (shapes only, no storage) or a ``torch.device`` (returned as is).  Availability is checked by
    :mod:`tnverify.device` when the device is used."""
    if _is_torch(device) or type(device).__name__ == "device":
        return device
    if not isinstance(device, str):
        raise DTypeError(f"{name} must be a device string or torch.device; got {_show(device)}")
    base, _, index = device.partition(":")
    if base not in ("cpu", "cuda", "auto", "mps", "meta") or (index and not index.isdigit()):
        raise DeviceError(f"{name} must be 'cpu', 'auto', 'cuda' or 'cuda:N'; got {device!r}")
    return device


# ---------------------------------------------------------------------------- arrays
def _to_numpy(x, name: str, allow_torch: bool) -> np.ndarray:
    if _is_torch(x):
        if not allow_torch:
            raise DTypeError(f"{name} must be a numpy array-like, not a torch tensor")
        t = x.detach().cpu()      # only the values are read: detach grad-requiring tensors
        if str(t.dtype) in ("torch.bfloat16", "torch.float16"):
            t = t.float()
        return t.numpy()
    if isinstance(x, (str, bytes, dict, set)) or x is None:
        raise DTypeError(f"{name} must be a numeric array-like; got {_show(x)}")
    if isinstance(x, (list, tuple)) and any(_is_torch(e) for e in x):
        x = [e.detach().cpu().numpy() if _is_torch(e) else e for e in x]
    try:
        return np.asarray(x)
    except ValueError as exc:
        raise ShapeError(f"{name} must be a rectangular array (not ragged); got "
                         f"{_show(x)}") from exc
    except Exception as exc:  # noqa: BLE001 - anything numpy refuses
        raise DTypeError(f"{name} must be a numeric array-like; got {_show(x)}") from exc


def as_array(x, name: str, *, complex_ok: bool = False, ndim=None, finite: bool = True,
             nonempty: bool = False, allow_torch: bool = True, bool_ok: bool = False,
             copy: bool = False) -> np.ndarray:
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
        raise DTypeError(f"{name} must be numeric (int, float{', complex' if complex_ok else ''}"
                         f"); got dtype {a.dtype}")
    if kind == "c":
        if not complex_ok:
            raise DTypeError(f"{name} must be real; got dtype {a.dtype} (complex input is "
                             f"never cast to real)")
        a = a.astype(np.complex128, copy=copy)
    else:
        a = a.astype(np.float64, copy=copy)
    _check_ndim(a, name, ndim, nonempty)
    if finite and not np.isfinite(a).all():
        bad = int(a.size - np.count_nonzero(np.isfinite(a)))
        raise NonFiniteError(f"{name} must be finite; found {bad} NaN/inf "
                             f"entr{'y' if bad == 1 else 'ies'}")
    return a


def as_int_array(x, name: str, *, ndim=None, minimum: int | None = None,
                 maximum: int | None = None, nonempty: bool = False,
                 allow_torch: bool = True, error: type = ShapeError) -> np.ndarray:
    """``x`` as an int64 ndarray: integer dtypes only (floats, bools, strings, complex →
    :class:`DTypeError`), entries in ``[minimum, maximum]`` else ``error``."""
    a = _to_numpy(x, name, allow_torch)
    if a.dtype.kind not in "iu" or a.dtype == object:
        if a.size == 0 and a.dtype.kind == "f":     # [] is float64 in numpy: an empty int list
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


# ---------------------------------------------------------------------------- sizes
def max_entries() -> int:
    """The limit on allocated entries: env ``TNVERIFY_MAX_ENTRIES`` or ``2**26``.

    Examples
    --------
    >>> max_entries() >= 1
    True
    """
    raw = os.environ.get(_ENV)
    if raw is None or raw.strip() == "":
        return DEFAULT_MAX_ENTRIES
    try:
        value = int(raw.strip().replace("_", ""))
    except ValueError:
        value = None
    if value is None or value < 1:
        raise SizeLimitError(f"{_ENV} must be a positive integer number of entries; got {raw!r}")
    return value


def human_bytes(n: float) -> str:
    """``n`` bytes in B/KiB/.../EiB (and as a power of two beyond that)."""
    value = float(n)
    for unit in ("B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"):
        if value < 1024 or unit == "EiB":
            if unit == "EiB" and value >= 1024:
                return f"about 2^{math.log2(float(n)):.0f} B"
            return f"{value:.1f} {unit}" if unit != "B" else f"{int(value)} B"
        value /= 1024
    return f"{n} B"  # pragma: no cover - loop always returns


def check_entries(shape, *, repeat=1, what: str = "explicit tensor", dtype=np.float64,
                  limit: int | None = None, route: str | None = None,
                  limit_name: str | None = None) -> int:
    """Refuse to allocate ``prod(shape) ** repeat`` entries above the limit, before allocating.

    Works with ``log2`` of the sizes (and an early exit), so neither a huge mode size nor
    a huge ``repeat`` (the number of modes of a ``(V,) * L`` tensor) makes the guard itself
    slow: the exact product is formed only when it is known to be small.

    Parameters
    ----------
    shape : sequence of int
        Mode sizes, each an integer ``>= 0`` (else :class:`ShapeError`/:class:`DTypeError`).
    repeat : int
        The shape is repeated this many times (``(V,) * L`` is ``shape=(V,), repeat=L``).
    what, route : str
        What is being built, and the structured route around the limit, for the message.
    limit : int, optional
        Default :func:`max_entries`.

    Returns
    -------
    int
        The number of entries.

    Examples
    --------
    >>> check_entries((4, 5, 6))
    120
    >>> check_entries((2,), repeat=10**12)
    Traceback (most recent call last):
    ...
    tnverify.errors.SizeLimitError: explicit tensor of shape (2,) * 1000000000000 needs about 2^1000000000000 entries (about 2^1000000000003 B as float64), above TNVERIFY_MAX_ENTRIES=67,108,864; raise TNVERIFY_MAX_ENTRIES
    """
    try:
        sizes = tuple(shape)
    except TypeError as exc:
        raise DTypeError(f"{what}: shape must be a sequence of integers; got {_show(shape)}") \
            from exc
    for s in sizes:
        if not is_int(s):
            raise DTypeError(f"{what}: mode sizes must be integers; got shape {sizes!r}")
        if int(s) < 0:
            raise ShapeError(f"{what}: mode sizes must be integers >= 0; got shape {sizes!r}")
    repeat = as_int(repeat, "repeat", minimum=0)
    if limit is None:
        lim, source = max_entries(), _ENV
    else:
        if not is_int(limit) or int(limit) < 1:
            raise SizeLimitError(f"max_entries must be a positive integer; got {_show(limit)}")
        lim = int(limit)
        source = limit_name or "max_entries"
    sizes = tuple(int(s) for s in sizes)
    if repeat == 0 or not sizes:
        return 1
    if 0 in sizes:
        return 0
    log2_entries = repeat * math.fsum(math.log2(s) for s in sizes)
    if log2_entries <= 256:          # at most 256 factors > 1: the exact count is cheap
        entries = math.prod(sizes) ** repeat
        if entries <= lim:
            return entries
        count, nbytes = f"{entries:,}", human_bytes(entries * np.dtype(dtype).itemsize)
    else:
        count = f"about 2^{log2_entries:.0f}"
        nbytes = f"about 2^{log2_entries + math.log2(np.dtype(dtype).itemsize):.0f} B"
    shown = f"{sizes} * {repeat}" if repeat != 1 else f"{sizes}"
    if len(shown) > 100:
        shown = f"{len(sizes)} modes{' * ' + str(repeat) if repeat != 1 else ''}"
    tail = f"; {route}" if route else ""
    raise SizeLimitError(
        f"{what} of shape {shown} needs {count} entries ({nbytes} as {np.dtype(dtype).name}),"
        f" above {source}={lim:,}{tail}; raise {_ENV}" if source == _ENV else
        f"{what} of shape {shown} needs {count} entries ({nbytes} as {np.dtype(dtype).name}),"
        f" above {source}={lim:,}{tail}"
    )


def as_tensor(x, name: str, *, dtype=None, device=None, ndim=None, finite: bool = True,
              nonempty: bool = False, detach: bool = True):
    """``x`` (numpy array-like or torch tensor) as a torch tensor of ``dtype`` on ``device``.

    The checks of :func:`as_array` apply (ragged → :class:`ShapeError`; strings, objects,
    bools → :class:`DTypeError`); complex data with a real ``dtype`` raises
    :class:`DTypeError` (never a cast).  With ``detach`` (constructors, which copy values)
    a grad-requiring tensor is detached and copied; without it (``forward`` inputs) the
    autograd graph is kept.  torch is imported here, on use.
    """
    import torch

    if isinstance(x, torch.Tensor):
        t = x.detach().clone() if detach else x
        if t.dtype == torch.bool:
            raise DTypeError(f"{name} must be numeric; got dtype {t.dtype}")
    else:
        a = as_array(x, name, complex_ok=True, finite=False)
        t = torch.from_numpy(np.array(a))
    if t.is_complex() and dtype is not None and not dtype.is_complex:
        raise DTypeError(f"{name} is complex ({t.dtype}) but {dtype} is real; complex input "
                         f"is never cast to real")
    if dtype is not None or device is not None:
        t = t.to(dtype=dtype if dtype is not None else t.dtype,
                 device=device if device is not None else t.device)
    if ndim is not None:
        allowed = (ndim,) if isinstance(ndim, int) else tuple(ndim)
        if t.ndim not in allowed:
            raise ShapeError(f"{name} must have {allowed[0] if len(allowed) == 1 else allowed}"
                             f" modes; got shape {tuple(t.shape)}")
    if nonempty and t.numel() == 0:
        raise ShapeError(f"{name} must be non-empty; got shape {tuple(t.shape)}")
    if finite and (t.is_floating_point() or t.is_complex()):
        bad = int((~torch.isfinite(t.detach())).sum())
        if bad:
            raise NonFiniteError(f"{name} must be finite; found {bad} NaN/inf "
                                 f"entr{'y' if bad == 1 else 'ies'}")
    return t


#: Largest exact integer result (in bits) a closed-form formula may build: 2**20 bits.
MAX_RESULT_BITS = 2**20


def check_power(base: int, exponent: int, what: str) -> None:
    """Refuse an exact ``base ** exponent`` with more than :data:`MAX_RESULT_BITS` bits
    (:class:`SizeLimitError`), judged by logarithms before anything is computed."""
    if base > 1 and exponent > 0 and exponent * math.log2(base) > MAX_RESULT_BITS:
        raise SizeLimitError(f"{what}: {base}^{exponent} has about "
                             f"{exponent * math.log2(base):.3g} bits, above the limit of "
                             f"{MAX_RESULT_BITS:,} bits for an exact result")


def as_numeric(x, name: str, *, complex_ok: bool = False, finite: bool = True,
               nonempty: bool = True) -> np.ndarray:
    """Like :func:`as_array` but integer data stays integer (int64), for exact
    arithmetic (exact ranks, integer grids); floats become float64."""
    a = _to_numpy(x, name, True)
    if a.dtype.kind in "iu" and a.dtype != object:
        a = a.astype(np.int64)
        _check_ndim(a, name, None, nonempty)
        return a
    return as_array(a, name, complex_ok=complex_ok, finite=finite, nonempty=nonempty)


def as_numeric_any(x, name: str, *, finite: bool = True, nonempty: bool = True
                   ) -> np.ndarray:
    """``x`` as a numeric ndarray of its own dtype (no cast: float32 stays float32, ints
    stay ints, complex stays complex); torch tensors are detached; ragged → ShapeError;
    strings, objects, bools → DTypeError; NaN/inf → NonFiniteError (with ``finite``)."""
    a = _to_numpy(x, name, True)
    if a.dtype == object or a.dtype.kind not in "iufc":
        raise DTypeError(f"{name} must be numeric; got dtype {a.dtype}")
    _check_ndim(a, name, None, nonempty)
    if finite and a.dtype.kind in "fc" and not np.isfinite(a).all():
        bad = int(a.size - np.count_nonzero(np.isfinite(a)))
        raise NonFiniteError(f"{name} must be finite; found {bad} NaN/inf "
                             f"entr{'y' if bad == 1 else 'ies'}")
    return a


def as_operand(x, name: str, *, ndim=None, nonempty: bool = True):
    """An operand of the dual numpy/torch maps: a torch tensor stays torch (real floating,
    finite; its autograd graph kept), anything else becomes a float64 ndarray
    (:func:`as_array`).  Complex, bool, string, object, NaN/inf and ragged input are
    refused, as are empty arrays (with ``nonempty``)."""
    if _is_torch(x):
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
    like = next((o for o in ops if _is_torch(o)), None)
    if like is None:
        return ops
    import torch
    return tuple(o if o is None or _is_torch(o) else
                 torch.as_tensor(o, dtype=like.dtype, device=like.device) for o in ops)
