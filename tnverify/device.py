"""Choosing the compute device for the scaled (torch) side of the checks.

Every check runs on the CPU; a GPU only scales it up.  torch is imported lazily so that
``import tnverify`` stays light.
"""

from __future__ import annotations

from .errors import DeviceError
from .validation.scalars import check_available  # re-exported: devices are chosen here

__all__ = [
    "DEVICE_CHOICES",
    "resolve_device",
    "torch_dtype",
    "check_available",
]  # torch_generator: for the claims

DEVICE_CHOICES = ("auto", "cpu", "cuda")


def resolve_device(name: str = "auto") -> str:
    """Resolve ``"auto" | "cpu" | "cuda"`` to ``"cpu"`` or ``"cuda"``.

    ``auto`` picks CUDA when torch sees a GPU and the CPU otherwise; asking for ``cuda``
    without a GPU raises :class:`~tnverify.errors.DeviceError`.

    Examples
    --------
    >>> resolve_device("cpu")
    'cpu'
    """
    if not isinstance(name, str) or name not in DEVICE_CHOICES:
        raise DeviceError(f"device must be one of {', '.join(DEVICE_CHOICES)}; got {name!r}")
    if name == "cpu":
        return "cpu"
    import torch

    has_cuda = torch.cuda.is_available()
    if name == "cuda" and not has_cuda:
        raise DeviceError(
            "device 'cuda' was requested but torch sees no CUDA GPU; "
            "use --device cpu or --device auto"
        )
    return "cuda" if has_cuda else "cpu"


def torch_dtype(name: str):
    """The torch dtype called ``name`` (``"float64"``, ``"float32"``, ...)."""
    import torch

    dt = getattr(torch, name, None) if isinstance(name, str) else None
    if not isinstance(dt, torch.dtype):
        raise DeviceError(f"unknown torch dtype {name!r}")
    return dt


def torch_generator(device: str, rng):
    """A ``torch.Generator`` on ``device`` seeded by one draw of the numpy Generator ``rng``
    (``rng.integers(2**62)``): how a scaled side derives its torch randomness from the
    claim's recorded seed, so that a case re-runs from its params and seed.

    Examples
    --------
    >>> import numpy as np
    >>> a = torch_generator("cpu", np.random.default_rng(1)).initial_seed()
    >>> a == torch_generator("cpu", np.random.default_rng(1)).initial_seed()
    True
    """
    import numpy as np

    from .errors import DTypeError

    if not isinstance(rng, np.random.Generator):
        raise DTypeError(f"rng must be a numpy.random.Generator; got {type(rng).__name__}")
    if not isinstance(device, str):
        raise DeviceError(f"device must be a string such as 'cpu' or 'cuda'; got {device!r}")
    import torch

    return torch.Generator(device).manual_seed(int(rng.integers(2**62)))
