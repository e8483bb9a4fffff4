"""Operands of the maps in :mod:`tnverify.equivalences`: numpy arrays or torch tensors
(torch is imported only when a tensor is passed, so that the scaled claims can
differentiate through a map), validated, contracted with the right ``einsum``, and read
back as float64 numpy values for the inverse maps."""

from __future__ import annotations

import numpy as np

from ..errors import DTypeError
from ..validation import as_operand, join_torch


def is_torch(x) -> bool:
    return type(x).__module__.split(".")[0] == "torch"


def contract(spec: str, *ops):
    if any(is_torch(o) for o in ops):
        import torch

        return torch.einsum(spec, *join_torch(*ops))
    return np.einsum(spec, *[np.asarray(o, dtype=np.float64) for o in ops])


def shape_of(x) -> tuple:
    return tuple(int(s) for s in x.shape)


def numpy_values(x, ndim: int, name: str) -> np.ndarray:
    """The values of ``x`` as a float64 numpy array with ``ndim`` modes, for the inverse
    maps: a torch tensor (also one that requires grad, as ``cell.tt_core()`` and
    ``augmented_core()`` return, or one on a GPU) is detached and copied to the CPU."""
    if is_torch(x):
        import torch

        # checked before the cast, as the numpy path is: a cast to float64 would drop the
        # imaginary part of a complex tensor (and read a bool tensor as 0/1)
        if x.is_complex() or x.dtype == torch.bool:
            raise DTypeError(
                f"{name} must be a real tensor; got dtype {x.dtype} (its "
                f"imaginary part would be dropped)"
                if x.is_complex()
                else f"{name} must be a real numeric tensor; got dtype {x.dtype}"
            )
        x = x.detach().to(device="cpu", dtype=torch.float64).numpy().copy()
    return np.asarray(need_operand(x, ndim, name), dtype=np.float64)


def precision_of(x):
    """The numpy float dtype whose ``eps`` the values of ``x`` carry: float32 for float32
    arrays/tensors, float16 for float16 (and torch's bfloat16), else float64."""
    name = str(getattr(x, "dtype", "float64")).replace("torch.", "")
    if name == "float32":
        return np.float32
    return np.float16 if name in ("float16", "bfloat16") else np.float64


def need_operand(x, ndim: int, name: str):
    return as_operand(x, name, ndim=ndim)  # torch stays torch (dual maps), numpy validated
