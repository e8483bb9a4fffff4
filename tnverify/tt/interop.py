"""Conversions between :class:`~tnverify.tt.TensorTrain` and the TT/MPS objects of TensorLy
and quimb.

All three libraries store the same numbers; only the index order of the cores differs:

- tnverify ``TensorTrain``: core ``k`` (0-based) has shape ``(r_{k-1}, n_k, r_k)`` with
  ``r_0 = r_d = 1`` (:mod:`tnverify.conventions`);
- TensorLy ``tensorly.tt_tensor.TTTensor``: the same layout (its ``factors``);
- quimb ``quimb.tensor.MatrixProductState``: site ``k`` holds the bond to site ``k-1``,
  the bond to site ``k+1`` and the physical index ``mps.site_ind(k)`` of size ``n_k``;
  the two end sites have no outer bond (open boundaries).

The amplitude ``A[i_1, …, i_d]`` of the TT is the entry of the quimb MPS's dense vector
at ``ravel(i_1, …, i_d)`` (C order, site 0 slowest), i.e.
``mps.to_dense().reshape(tt.shape) == tt.full()``.

TensorLy is a dependency of tnverify.  quimb is optional: install it with
``pip install quimb`` (from a clone of tnverify: ``pip install -e '.[interop]'``); the
quimb functions import it on use and say so when it is missing.

Examples
--------
>>> import numpy as np, tensorly as tl
>>> from tnverify import random_tt
>>> tt = random_tt((2, 3, 4), 2, rng=0)
>>> bool(np.allclose(tl.tt_to_tensor(to_tensorly(tt)), tt.full()))
True
>>> from_tensorly(to_tensorly(tt)).ranks
(1, 2, 2, 1)
"""

from __future__ import annotations

import numpy as np

from ..errors import DTypeError, MissingDependencyError, RankError, ShapeError, UsageError
from .train import TensorTrain

__all__ = ["to_tensorly", "from_tensorly", "to_quimb", "from_quimb"]


def _need_tt(tt, what: str) -> TensorTrain:
    if not isinstance(tt, TensorTrain):
        raise DTypeError(f"{what} needs a tnverify TensorTrain; got {type(tt).__name__}")
    return tt


# ----------------------------------------------------------------------------- TensorLy


def to_tensorly(tt: TensorTrain):
    """``tt`` as a TensorLy ``TTTensor`` (same core layout; copies, numpy backend).

    Same as :meth:`TensorTrain.to_tensorly`.  A :class:`TensorTrain` is itself a sequence
    of its cores, so TensorLy's functions on TT factors also take it directly
    (``tensorly.tt_to_tensor(tt)``).
    """
    return _need_tt(tt, "to_tensorly").to_tensorly()


def from_tensorly(factors) -> TensorTrain:
    """A :class:`TensorTrain` from a TensorLy ``TTTensor`` or a list of its factors
    (copies; validated like any TensorTrain).  Same as :meth:`TensorTrain.from_tensorly`."""
    return TensorTrain.from_tensorly(factors)


# ----------------------------------------------------------------------------- quimb


def _quimb_tensor(what: str):
    """``quimb.tensor``, or a MissingDependencyError (an ImportError) that says how to
    install it."""
    try:
        import quimb.tensor as qtn
    except ImportError as exc:
        raise MissingDependencyError(
            f"{what} needs the optional dependency quimb, which is not installed: "
            "pip install quimb (from a clone of tnverify: pip install -e '.[interop]')"
        ) from exc
    return qtn


def to_quimb(tt: TensorTrain, *, site_ind_id: str = "k{}", site_tag_id: str = "I{}"):
    """``tt`` as a quimb ``MatrixProductState`` (open boundaries, one site per core).

    Site ``k`` holds core ``k`` with its bonds to the neighbouring sites and the physical
    index ``site_ind_id.format(k)`` (quimb's default ``"k{}"``) of size ``n_k``; the
    boundary bonds of size 1 (``r_0 = r_d = 1``) are dropped, as quimb's MPS has none.
    The arrays are copies.  ``mps.to_dense().reshape(tt.shape)`` equals ``tt.full()``.

    Raises
    ------
    ImportError
        quimb is not installed (it is an optional dependency).
    """
    tt = _need_tt(tt, "to_quimb")
    for fmt, name in ((site_ind_id, "site_ind_id"), (site_tag_id, "site_tag_id")):
        # a format string with one {} field: anything else would name every site alike
        if (
            not isinstance(fmt, str)
            or fmt.count("{") != 1
            or fmt.count("}") != 1
            or "{}" not in fmt
        ):
            raise UsageError(
                f"{name} must be a format string with one '{{}}' field (e.g. 'k{{}}'); got {fmt!r}"
            )
    qtn = _quimb_tensor("to_quimb")
    d = tt.ndim
    if d == 1:
        arrays = [np.array(tt.cores[0][0, :, 0])]
    else:
        arrays = (
            [np.array(tt.cores[0][0])]  # (n_1, r_1): "pr"
            + [np.array(c) for c in tt.cores[1:-1]]  # (r, n, r'): "lpr"
            + [np.array(tt.cores[-1][:, :, 0])]
        )  # (r_{d-1}, n_d): "lp"
    return qtn.MatrixProductState(
        arrays, shape="lpr", site_ind_id=site_ind_id, site_tag_id=site_tag_id
    )


def from_quimb(mps) -> TensorTrain:
    """A :class:`TensorTrain` from a quimb ``MatrixProductState`` with open boundaries.

    Core ``k`` is site ``k``'s tensor transposed to (bond to site ``k-1``, physical index,
    bond to site ``k+1``), with size-1 bonds added at the two ends.  Works whatever the
    index order and names quimb stores (the physical index is ``mps.site_ind(k)``); the
    data are copied to numpy (float64, or complex128 for complex data).

    Raises
    ------
    ImportError
        quimb is not installed.
    DTypeError
        ``mps`` is not a quimb ``MatrixProductState``.
    RankError
        A periodic (cyclic) MPS: it has a bond between its last and first site, which no
        TT with ``r_0 = r_d = 1`` has (contract it into an open MPS first).
    ShapeError
        A site tensor has indices other than its two bonds and its physical index.
    """
    qtn = _quimb_tensor("from_quimb")
    if not isinstance(mps, qtn.MatrixProductState):
        raise DTypeError(f"from_quimb needs a quimb MatrixProductState; got {type(mps).__name__}")
    if getattr(mps, "cyclic", False):
        raise RankError(
            "from_quimb needs an MPS with open boundaries (r_0 = r_d = 1); got a "
            f"cyclic MPS of {mps.L} sites (a bond joins its last and first site)"
        )
    L = int(mps.L)
    cores = []
    for k in range(L):
        t = mps[mps.site_tag(k)]
        left = mps.bond(k - 1, k) if k > 0 else None
        right = mps.bond(k, k + 1) if k < L - 1 else None
        order = tuple(i for i in (left, mps.site_ind(k), right) if i is not None)
        if set(order) != set(t.inds) or len(order) != len(t.inds):
            raise ShapeError(
                f"site {k} of the MPS must have exactly the indices {order} "
                f"(bonds and the physical index); got {t.inds}"
            )
        data = _to_numpy(t.transpose(*order).data)
        if left is None:
            data = data[None]
        if right is None:
            data = data[..., None]
        cores.append(data)
    return TensorTrain(tuple(cores))


def _to_numpy(data) -> np.ndarray:
    """quimb tensors may hold arrays of any autoray backend (numpy, torch, …)."""
    if hasattr(data, "detach"):  # torch, possibly requiring grad / on a GPU
        data = data.detach().cpu().numpy()
    return np.array(data)
