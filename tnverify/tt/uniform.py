"""The cores of a uniform tensor train ``αᵀ G ⋯ G ω`` (one core repeated, boundary vectors
absorbed), shared by :meth:`tnverify.TensorTrain.uniform` (floats) and
:meth:`tnverify.networks.ExactTT.uniform` (exact entries).

References
----------
thesis §3.2, Def. 3.2.2 (the TT format).
"""

from __future__ import annotations

import numpy as np

from ..errors import RankError, ShapeError

__all__ = ["uniform_cores"]


def uniform_cores(core: np.ndarray, length: int, alpha=None, omega=None) -> tuple:
    """The cores of the uniform TT ``αᵀ G ⋯ G ω`` (``length`` copies of ``core``, α and ω
    absorbed into the end cores); works on float and on exact (int / object) arrays, so
    :meth:`TensorTrain.uniform` and :meth:`tnverify.networks.ExactTT.uniform` share it."""
    if core.ndim != 3 or core.shape[0] != core.shape[2] or min(core.shape) < 1:
        raise ShapeError(
            f"a uniform TT needs a square core of shape (r, n, r); got shape {core.shape}"
        )
    if isinstance(length, bool) or not isinstance(length, (int, np.integer)) or length < 1:
        raise ShapeError(f"length must be an integer >= 1; got {length!r}")
    r = core.shape[0]
    ends = []
    for vec, name in ((alpha, "alpha"), (omega, "omega")):
        if vec is None:
            if r != 1:
                raise RankError(
                    f"a uniform TT of bond dimension r = {r} > 1 needs the "
                    f"boundary vector {name} (shape ({r},)); there is no "
                    "canonical one"
                )
            vec = np.ones(1, dtype=core.dtype)
        if vec.shape != (r,):
            raise ShapeError(f"{name} must have shape ({r},); got {vec.shape}")
        ends.append(vec)
    a, w = ends
    first = np.tensordot(a, core, axes=([0], [0]))[None]  # (1, n, r)
    if length == 1:
        return (np.tensordot(first, w, axes=([2], [0]))[:, :, None],)
    last = np.tensordot(core, w, axes=([2], [0]))[:, :, None]  # (r, n, 1)
    return (first,) + (core,) * (int(length) - 2) + (last,)
