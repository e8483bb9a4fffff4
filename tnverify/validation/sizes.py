"""Size guards of the validation layer: refuse an allocation (or an exact integer result)
above the limit before it happens, judged with logarithms (see :mod:`tnverify.validation`)."""

from __future__ import annotations

import math
import os

import numpy as np

from ..errors import DTypeError, ShapeError, SizeLimitError
from .scalars import as_int, as_text, is_int, show_value

__all__ = [
    "DEFAULT_MAX_ENTRIES",
    "MAX_RESULT_BITS",
    "max_entries",
    "human_bytes",
    "check_entries",
    "check_power",
    "check_work",
]

#: Default limit on the number of entries of anything allocated from sizes
#: (2**26 = 512 MiB as float64).
DEFAULT_MAX_ENTRIES = 2**26
_ENV = "TNVERIFY_MAX_ENTRIES"


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


#: The most modes a numpy array has (``numpy.ndarray`` supports 64 dimensions).
MAX_MODES = 64


def _check_modes(n_modes: int, what: str) -> None:
    """An explicit tensor of few entries but more than :data:`MAX_MODES` modes (size-1
    modes): numpy cannot build it, so refuse it here with a ShapeError."""
    if n_modes > MAX_MODES:
        raise ShapeError(
            f"{what} would have {n_modes} modes; a numpy array has at most "
            f"{MAX_MODES}: keep the tensor structured (a TensorTrain, its "
            f"entries) or merge its size-1 modes"
        )


def check_entries(
    shape,
    *,
    repeat=1,
    what: str = "explicit tensor",
    dtype=np.float64,
    limit: int | None = None,
    route: str | None = None,
    limit_name: str | None = None,
) -> int:
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
    what = as_text(what, "what")
    route = as_text(route, "route", optional=True)
    try:
        np.dtype(dtype)  # refused here unless a numpy dtype
    except TypeError as exc:
        raise DTypeError(f"{what}: dtype must be a numpy dtype; got {show_value(dtype)}") from exc
    try:
        sizes = tuple(shape)
    except TypeError as exc:
        raise DTypeError(
            f"{what}: shape must be a sequence of integers; got {show_value(shape)}"
        ) from exc
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
            raise SizeLimitError(f"max_entries must be a positive integer; got {show_value(limit)}")
        lim = int(limit)
        source = limit_name or "max_entries"
    sizes = tuple(int(s) for s in sizes)
    if repeat == 0 or not sizes:
        return 1
    if 0 in sizes:
        _check_modes(len(sizes) * repeat, what)
        return 0
    log2_entries = repeat * math.fsum(math.log2(s) for s in sizes)
    if log2_entries <= 256:  # at most 256 factors > 1: the exact count is cheap
        entries = math.prod(sizes) ** repeat
        if entries <= lim:
            _check_modes(len(sizes) * repeat, what)
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
        f" above {source}={lim:,}{tail}; raise {_ENV}"
        if source == _ENV
        else f"{what} of shape {shown} needs {count} entries ({nbytes} as {np.dtype(dtype).name}),"
        f" above {source}={lim:,}{tail}"
    )


#: Largest exact integer result (in bits) a closed-form formula may build: 2**20 bits.
MAX_RESULT_BITS = 2**20


def check_power(base: int, exponent: int, what: str) -> None:
    """Refuse an exact ``base ** exponent`` with more than :data:`MAX_RESULT_BITS` bits
    (:class:`SizeLimitError`), judged by logarithms before anything is computed."""
    if base > 1 and exponent > 0 and exponent * math.log2(base) > MAX_RESULT_BITS:
        raise SizeLimitError(
            f"{what}: {base}^{exponent} has about "
            f"{exponent * math.log2(base):.3g} bits, above the limit of "
            f"{MAX_RESULT_BITS:,} bits for an exact result"
        )


def check_work(log2_steps: float, what: str, *, route: str | None = None) -> None:
    """Refuse an enumeration or loop of ``2 ** log2_steps`` steps above the entry limit
    (:func:`max_entries`, the same budget as an allocation) with a
    :class:`SizeLimitError`, before it starts.  The count is passed as a logarithm so
    that ``2^(T-1)`` splits of a huge ``T`` are judged without being formed.

    Examples
    --------
    >>> check_work(10.0, "splits")
    >>> check_work(1e6, "splits")
    Traceback (most recent call last):
    ...
    tnverify.errors.SizeLimitError: splits needs about 2^1000000 steps, above TNVERIFY_MAX_ENTRIES=67,108,864; raise TNVERIFY_MAX_ENTRIES
    """
    lim = max_entries()
    if not math.isfinite(log2_steps) or log2_steps > math.log2(lim):
        shown = (
            f"{round(2**log2_steps):,}"
            if math.isfinite(log2_steps) and log2_steps < 256
            else f"about 2^{log2_steps:.0f}"
        )
        tail = f"; {route}" if route else ""
        raise SizeLimitError(
            f"{what} needs {shown} steps, above {_ENV}={lim:,}{tail}; raise {_ENV}"
        )
