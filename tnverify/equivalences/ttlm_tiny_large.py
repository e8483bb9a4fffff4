"""TT cores of TTLM-Tiny and TTLM-Large under the two readings of the contraction of
ttlm §5.1, Eq. 12 (claim ``ttlm-eq12``): explicit δ, or δ as a reshape
(App. C), and the inverse of the Tiny map under the reshape reading.

References
----------
ttlm §5.1, Eq. 12 and App. C.
"""

from __future__ import annotations

import numpy as np

from ..errors import ShapeError
from ..validation import check_nonsingular
from .operands import contract, need_operand, numpy_values, shape_of

__all__ = [
    "EQ12_READINGS",
    "tiny_to_tt_core",
    "tiny_to_tt_core_delta",
    "tiny_to_tt_core_reshape",
    "large_to_tt_core",
    "large_to_tt_core_delta",
    "large_to_tt_core_reshape",
    "tt_core_to_tiny_reshape",
]


#: Readings of the contraction ``f^T W^{xe} (W^{eh}) δ W^{hh} h`` of ttlm Eq. 12
#: (the claims catalogue ttlm-eq12): ``"delta"`` (a): both legs of the R×R input matrix enter the
#: 4th-order δ, its third leg meets ``W^{hh} h``, its fourth is the output;
#: ``"reshape"`` (b): δ realised as a reshape (App. C), an ordinary matrix product.
EQ12_READINGS = ("delta", "reshape")


def _tiny_checked(W_xe, W_hh):
    W_xe, W_hh = need_operand(W_xe, 3, "W_xe"), need_operand(W_hh, 2, "W_hh")
    V, R, R2 = shape_of(W_xe)
    if R != R2 or shape_of(W_hh) != (R, R):
        raise ShapeError(
            f"need W_xe (|V|, R, R) and W_hh (R, R); got {shape_of(W_xe)}, {shape_of(W_hh)}"
        )
    return W_xe, W_hh


def _input_to_core(M, W_hh, reading: str):
    if reading == "delta":  # h_m = M_{mm} (W^{hh} h)_m  ->  G_{a w m} = M_{w m m} W^{hh}_{m a}
        return contract("wmm,ma->awm", M, W_hh)
    if (
        reading == "reshape"
    ):  # h_j = Σ_k M_{jk} (W^{hh} h)_k  ->  G_{a w j} = Σ_k M_{wjk} W^{hh}_{ka}
        return contract("wjk,ka->awj", M, W_hh)
    raise ShapeError(f"reading must be one of {EQ12_READINGS}; got {reading!r}")


def tiny_to_tt_core_delta(W_xe, W_hh):
    """TT core of TTLM-Tiny under reading (a) (explicit δ) of ttlm Eq. 12.

    .. math:: h^{(t)}_m = \\sum_{j,k,l} (f^\\top W^{xe})_{jk} \\delta_{jklm} (W^{hh} h)_l
              \\;\\Rightarrow\\; G_{a w m} = W^{xe}_{w m m} W^{hh}_{m a}

    Only the diagonals ``W^{xe}_{w m m}`` enter: the core is a RAC core with
    ``W^{hx}_{m w} = W^{xe}_{w m m}``.  ``W_xe (|V|, R, R)`` (§5.1 layout), ``W_hh (R, R)``.
    Returns ``(R, |V|, R)``.  Checked by ``ttlm-eq12``.
    """
    W_xe, W_hh = _tiny_checked(W_xe, W_hh)
    return _input_to_core(W_xe, W_hh, "delta")


def tiny_to_tt_core_reshape(W_xe, W_hh):
    """TT core of TTLM-Tiny under reading (b) (δ as a reshape, App. C) of Eq. 12.

    .. math:: h^{(t)} = (f^\\top W^{xe}) (W^{hh} h^{(t-1)})
              \\;\\Rightarrow\\; G_{a w j} = \\sum_k W^{xe}_{w j k} W^{hh}_{k a}

    Returns ``(R, |V|, R)``.  Inverse: :func:`tt_core_to_tiny_reshape`.  Checked by
    ``ttlm-eq12``.
    """
    W_xe, W_hh = _tiny_checked(W_xe, W_hh)
    return _input_to_core(W_xe, W_hh, "reshape")


def tiny_to_tt_core(W_xe, W_hh, reading: str = "reshape"):
    """Dispatch to :func:`tiny_to_tt_core_delta` / :func:`tiny_to_tt_core_reshape`."""
    W_xe, W_hh = _tiny_checked(W_xe, W_hh)
    return _input_to_core(W_xe, W_hh, reading)


def _large_input(W_xe, W_eh, W_hh):
    W_xe, W_hh = _tiny_checked(W_xe, W_hh)
    W_eh = need_operand(W_eh, 4, "W_eh")
    R = W_hh.shape[0]
    if shape_of(W_eh) != (R,) * 4:
        raise ShapeError(f"W_eh must be (R, R, R, R) with R = {R}; got {shape_of(W_eh)}")
    return contract("wjk,jklm->wlm", W_xe, W_eh), W_hh


def large_to_tt_core_delta(W_xe, W_eh, W_hh):
    """TT core of TTLM-Large, reading (a): ``W^{eh}`` contracts both legs of
    ``f^T W^{xe}``; the two remaining legs enter δ (ttlm §5.1, Eq. 12).

    .. math:: G_{a w m} = \\Big(\\sum_{jk} W^{xe}_{wjk} W^{eh}_{jkmm}\\Big) W^{hh}_{m a}
    """
    M, W_hh = _large_input(W_xe, W_eh, W_hh)
    return _input_to_core(M, W_hh, "delta")


def large_to_tt_core_reshape(W_xe, W_eh, W_hh):
    """TT core of TTLM-Large, reading (b) (δ as a reshape, App. C).

    .. math:: G_{a w l} = \\sum_{m} \\Big(\\sum_{jk} W^{xe}_{wjk} W^{eh}_{jklm}\\Big) W^{hh}_{m a}
    """
    M, W_hh = _large_input(W_xe, W_eh, W_hh)
    return _input_to_core(M, W_hh, "reshape")


def large_to_tt_core(W_xe, W_eh, W_hh, reading: str = "reshape"):
    """Dispatch to :func:`large_to_tt_core_delta` / :func:`large_to_tt_core_reshape`."""
    M, W_hh = _large_input(W_xe, W_eh, W_hh)
    return _input_to_core(M, W_hh, reading)


def tt_core_to_tiny_reshape(G, W_hh):
    """Inverse of :func:`tiny_to_tt_core_reshape` for invertible ``W_hh``:
    ``W^{xe}_w = G_{:, w, :}^\\top (W^{hh})^{-1}`` (numpy, solve).  Any TT core is a
    TTLM-Tiny core under reading (b) with ``W^{hh} = I``.

    ``G`` and ``W_hh`` may be numpy arrays or torch tensors, also ones that require grad
    (e.g. ``TTLMTiny(...).tt_core()`` and its ``W_hh``): their values are read (detached,
    on the CPU) and the result is a float64 numpy array."""
    G = numpy_values(G, 3, "G")
    W_hh = numpy_values(W_hh, 2, "W_hh")
    R, V, R2 = G.shape
    if R != R2 or W_hh.shape != (R, R):
        raise ShapeError(f"need G (R, |V|, R) and W_hh (R, R); got {G.shape}, {W_hh.shape}")
    # W_xe[w] W_hh = G[:, w, :]^T  <=>  W_hh^T W_xe[w]^T = G[:, w, :]
    check_nonsingular(W_hh, "W_hh")  # reading (b) needs W^{hh} invertible
    X = np.linalg.solve(W_hh.T, G.reshape(R, V * R2)).reshape(R, V, R2)
    return np.transpose(X, (1, 2, 0))
