"""Scalar checkers of the validation layer: integers, reals, tolerances, choices, random
generators and devices (see :mod:`tnverify.validation`)."""

from __future__ import annotations

import math
import numbers
import os
import pathlib

import numpy as np

from ..errors import (
    DeviceError,
    DTypeError,
    RankError,
    ShapeError,
    ToleranceError,
    UsageError,
)

__all__ = [
    "is_int",
    "as_int",
    "as_bool",
    "as_flag",
    "as_float",
    "as_tolerance",
    "as_choice",
    "as_rng",
    "as_device",
    "as_torch_dtype",
    "as_callable",
    "as_optional",
    "as_seed",
    "as_prime",
    "as_text",
    "as_mapping",
    "as_torch_generator",
    "show_value",
    "is_torch",
    "as_path",
    "check_available",
]


def show_value(x) -> str:
    """``repr`` of a value for a message, cut to 80 characters, with its type."""
    try:
        text = repr(x)
    except Exception:  # noqa: BLE001 - a broken __repr__ must not hide the real error
        text = "<unprintable>"
    if len(text) > 80:
        text = text[:77] + "..."
    return f"{text} ({type(x).__name__})"


def is_torch_tensor(x) -> bool:
    return type(x).__module__.startswith("torch") and hasattr(x, "detach")


def is_torch(x) -> bool:
    """Whether ``x`` is a torch tensor (without importing torch)."""
    return is_torch_tensor(x)


def is_int(x) -> bool:
    """True for a Python or numpy integer that is not a bool."""
    return isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_))


def as_int(
    x,
    name: str,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    error: type = ShapeError,
) -> int:
    """``x`` as a Python int, else an error naming ``name``, the rule and the value.

    Parameters
    ----------
    x : int or numpy int scalar
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
    if (
        is_torch_tensor(value)
        and value.dim() == 0
        and not value.is_floating_point()
        and not value.is_complex()
        and str(value.dtype) != "torch.bool"
    ):
        value = int(value.item())
    elif isinstance(value, np.ndarray) and value.ndim == 0 and value.dtype.kind in "iu":
        value = value.item()
    if not is_int(value):
        raise DTypeError(f"{name} must be an integer (int or numpy integer); got {show_value(x)}")
    value = int(value)
    if minimum is not None and value < minimum:
        raise error(f"{name} must be an integer >= {minimum}; got {value}")
    if maximum is not None and value > maximum:
        raise error(f"{name} must be an integer <= {maximum}; got {value}")
    return value


def as_bool(x, name: str) -> bool:
    """A flag: ``x`` as a bool; only ``True``/``False`` (or numpy bools) are accepted.

    A flag is never read by truthiness: ``"no"``, ``"False"``, ``1``, ``0``, ``None`` and
    arrays raise :class:`DTypeError` (``"no"`` would otherwise be true).

    Examples
    --------
    >>> as_bool(np.bool_(True), "log")
    True
    >>> as_bool("no", "log")
    Traceback (most recent call last):
    ...
    tnverify.errors.DTypeError: log must be True or False (a flag); got 'no' (str)
    """
    if isinstance(x, (bool, np.bool_)):
        return bool(x)
    raise DTypeError(f"{name} must be True or False (a flag); got {show_value(x)}")


#: The flag validator (same as :func:`as_bool`).
as_flag = as_bool


def as_optional(x, check, *args, **kwargs):
    """``None`` for ``None``, else ``check(x, *args, **kwargs)``: an optional argument goes
    through the same validator as a required one of its kind."""
    return None if x is None else check(x, *args, **kwargs)


def as_text(x, name: str, *, optional: bool = False):
    """A string (a label, a description); ``None`` only where ``optional``.  Numbers,
    bytes and objects raise :class:`DTypeError` (never formatted into a record)."""
    if x is None and optional:
        return None
    if not isinstance(x, str):
        raise DTypeError(f"{name} must be a string; got {show_value(x)}")
    return x


def as_mapping(x, name: str) -> dict:
    """An optional dict (``None`` → ``{}``), copied; anything else raises
    :class:`DTypeError`."""
    if x is None:
        return {}
    if not isinstance(x, dict):
        raise DTypeError(f"{name} must be a dict or None; got {show_value(x)}")
    return dict(x)


def as_callable(f, name: str):
    """``f`` if it is callable, else :class:`DTypeError` (``None``, numbers, arrays and
    strings are not functions)."""
    if not callable(f) or isinstance(f, type) and issubclass(f, BaseException):
        raise DTypeError(f"{name} must be a callable; got {show_value(f)}")
    return f


def as_seed(seed, name: str = "seed") -> int:
    """An integer seed ``>= 0`` (``bool``, floats such as ``5.5``, strings refused)."""
    return as_int(seed, name, minimum=0, error=UsageError)


def is_prime(p: int) -> bool:
    """Deterministic Miller-Rabin for ``p < 3.3 · 10^24`` (the first 13 prime bases)."""
    if p < 2:
        return False
    bases = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
    for q in bases:
        if p % q == 0:
            return p == q
    d, s = p - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in bases:
        x = pow(a, d, p)
        if x in (1, p - 1):
            continue
        for _ in range(s - 1):
            x = x * x % p
            if x == p - 1:
                break
        else:
            return False
    return True


def as_prime(p, name: str = "p", *, maximum: int | None = None) -> int:
    """A prime ``p`` (``<= maximum``): ``bool``/floats/strings raise :class:`DTypeError`,
    a composite or out-of-range integer :class:`RankError`.

    Examples
    --------
    >>> as_prime(7)
    7
    """
    p = as_int(p, name, minimum=2, maximum=maximum, error=RankError)
    if not is_prime(p):
        raise RankError(f"{name} must be a prime; got {p}")
    return p


def as_torch_generator(generator, name: str = "generator", *, optional: bool = True):
    """A ``torch.Generator`` (or ``None`` where ``optional``); anything else, an int seed
    included, raises :class:`DTypeError`."""
    import torch

    if generator is None and optional:
        return None
    if not isinstance(generator, torch.Generator):
        raise DTypeError(
            f"{name} must be a torch.Generator{' or None' if optional else ''};"
            f" got {show_value(generator)}"
        )
    return generator


def as_torch_dtype(dtype, name: str = "dtype", *, complex_ok: bool = True, real_ok: bool = True):
    """A floating (or, with ``complex_ok``, complex) ``torch.dtype``.

    Integer and bool dtypes are refused (they would truncate weights), as are strings,
    numpy dtypes and ``None``: :class:`DTypeError`.  torch is imported here, on use.

    Examples
    --------
    >>> import torch
    >>> as_torch_dtype(torch.float32)
    torch.float32
    >>> as_torch_dtype(torch.int64)
    Traceback (most recent call last):
    ...
    tnverify.errors.DTypeError: dtype must be a floating or complex torch dtype; got torch.int64 (dtype)
    """
    import torch

    want = " or ".join(k for k, ok in (("floating", real_ok), ("complex", complex_ok)) if ok)
    if not isinstance(dtype, torch.dtype) or not (
        (real_ok and dtype.is_floating_point) or (complex_ok and dtype.is_complex)
    ):
        raise DTypeError(f"{name} must be a {want} torch dtype; got {show_value(dtype)}")
    return dtype


def as_float(
    x,
    name: str,
    *,
    positive: bool = False,
    nonnegative: bool = False,
    finite: bool = True,
    maximum: float | None = None,
    error: type = ToleranceError,
) -> float:
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
    if is_torch_tensor(value) and value.dim() == 0:
        value = value.detach().cpu().item()
    elif isinstance(value, np.ndarray) and value.ndim == 0:
        value = value.item()
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise DTypeError(f"{name} must be a real number; got {show_value(x)}")
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
    return as_float(x, name, positive=not allow_zero, nonnegative=allow_zero, error=ToleranceError)


def as_choice(x, name: str, choices, *, error: type = UsageError):
    """``x`` if it is one of ``choices`` (compared as strings), else ``error``."""
    if not isinstance(x, str):
        raise DTypeError(f"{name} must be a string, one of {tuple(choices)!r}; got {show_value(x)}")
    if x not in tuple(choices):
        raise error(f"{name} must be one of {tuple(choices)!r}; got {x!r}")
    return x


def as_rng(rng, name: str = "rng") -> np.random.Generator:
    """A numpy Generator from ``None`` (fresh entropy), an int seed ``>= 0``, a
    ``SeedSequence`` / ``BitGenerator`` or a Generator (numpy's ``default_rng`` convention).

    Examples
    --------
    >>> float(as_rng(0).random()) == float(np.random.default_rng(0).random())
    True
    """
    if rng is None:
        return np.random.default_rng()
    if isinstance(rng, np.random.Generator):
        return rng
    if isinstance(rng, (np.random.SeedSequence, np.random.BitGenerator)):
        return np.random.default_rng(rng)  # numpy's default_rng convention
    if is_int(rng):
        if int(rng) < 0:
            raise UsageError(f"{name} seed must be an integer >= 0; got {int(rng)}")
        return np.random.default_rng(int(rng))
    raise DTypeError(
        f"{name} must be None, an integer seed >= 0 or a "
        f"numpy.random.Generator; got {show_value(rng)}"
    )


#: Every device form :func:`as_device` accepts, as its error message lists them.
DEVICE_FORMS = (
    "'cpu', 'cuda', 'cuda:N', 'mps', 'meta' (each also as 'name:N'), 'auto' or a torch.device"
)


def as_device(device, name: str = "device", *, available: bool = False):
    """A device string checked for form: ``"cpu"``, ``"auto"``, ``"cuda"``, ``"cuda:N"``,
    ``"mps"``, ``"meta"`` (shapes only, no storage) or a ``torch.device`` (returned as
    is); the error lists every accepted form.  Availability is checked by
    :mod:`tnverify.device` when the device is used, or here with ``available``
    (:func:`tnverify.device.check_available`: ``"cuda"`` without a GPU is a DeviceError)."""
    if available:
        check_available(device)
    if type(device).__name__ == "device" and type(device).__module__.startswith("torch"):
        return device
    if not isinstance(device, str):
        raise DTypeError(
            f"{name} must be a device string or torch.device; got {show_value(device)}"
        )
    base, sep, index = device.partition(":")
    if base not in ("cpu", "cuda", "auto", "mps", "meta") or (
        sep and (base == "auto" or not index.isdigit())
    ):
        raise DeviceError(f"{name} must be {DEVICE_FORMS}; got {device!r}")
    return device


def as_path(x, name: str):
    """A file-system path argument: a ``str`` (not empty) or an ``os.PathLike``; numbers,
    bytes and ``None`` raise :class:`~tnverify.errors.DTypeError` (never ``Path(3)``'s
    ``TypeError`` or a file named after ``repr``)."""
    if isinstance(x, str):
        if not x:
            raise UsageError(f"{name} must be a path; got an empty string")
        return pathlib.Path(x)
    if isinstance(x, os.PathLike) and isinstance(os.fspath(x), str):
        return pathlib.Path(x)
    raise DTypeError(f"{name} must be a path (str or os.PathLike); got {show_value(x)}")


def check_available(device) -> None:
    """Refuse a device form torch cannot use here with a
    :class:`~tnverify.errors.DeviceError` *before* a tensor is moved: ``"cuda"`` /
    ``"cuda:N"`` without a CUDA GPU (or with fewer than ``N + 1``), ``"mps"`` without
    Apple's backend.  ``"cpu"``, ``"meta"`` and ``"auto"`` are always available."""
    device = as_device(device)
    name = str(device)
    base, _, index = name.partition(":")
    if base not in ("cuda", "mps"):
        return
    import torch

    if base == "cuda":
        count = torch.cuda.device_count() if torch.cuda.is_available() else 0
        if count == 0 or (index and int(index) >= count):
            raise DeviceError(
                f"device {name!r} was requested but torch sees "
                f"{count or 'no'} CUDA GPU{'s' if count != 1 else ''}; use "
                f"device='cpu' (or 'auto')"
            )
    elif not (getattr(torch.backends, "mps", None) and torch.backends.mps.is_available()):
        raise DeviceError(
            f"device {name!r} was requested but torch's MPS backend is not "
            f"available here; use device='cpu' (or 'auto')"
        )
