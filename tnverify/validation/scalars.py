"""Scalar checkers of the validation layer: integers, reals, tolerances, choices, random
generators and devices (see :mod:`tnverify.validation`)."""

from __future__ import annotations

import math
import numbers

import numpy as np

from ..errors import DeviceError, DTypeError, ShapeError, ToleranceError, UsageError

__all__ = ["is_int", "as_int", "as_bool", "as_float", "as_tolerance", "as_choice", "as_rng",
           "as_device"]


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



def is_int(x) -> bool:
    """True for a Python or numpy integer that is not a bool."""
    return isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_))


def as_int(x, name: str, *, minimum: int | None = None, maximum: int | None = None,
           error: type = ShapeError) -> int:
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
        return np.random.default_rng(rng)       # numpy's default_rng convention
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


