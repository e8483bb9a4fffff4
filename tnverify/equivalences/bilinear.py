"""TT cores of the second-order RNN and of the recurrent arithmetic circuit (RAC, the
bilinear part of an MI-RNN), and their inverses, in the TT view ``(R_prev, |V|, R_next)`` (:mod:`tnverify.conventions`).

References
----------
ttlm App. B.1-B.2, Eq. 14-20; thesis §5.3.2, Eq. 5.11-5.17.
"""

from __future__ import annotations

import numpy as np

from ..errors import RankError, ShapeError
from ..validation import as_choice, as_float
from .operands import contract, need_operand, numpy_values, precision_of, shape_of

__all__ = [
    "SECOND_ORDER_LAYOUTS",
    "second_order_to_tt_core",
    "tt_core_to_second_order",
    "rac_to_tt_core",
    "tt_core_to_rac",
]


#: Index layouts of the second-order tensor T in the two papers, as (mode roles):
#: ttlm Eq. 17, T ∈ ℝ^{M×R×R}, T_{jik}: j input, i output, k previous state;
#: thesis Eq. 5.14, T ∈ ℝ^{R×R×|V|}, T_{jik}: j previous state, i output,
#: k input.
SECOND_ORDER_LAYOUTS = {"ttlm": "ior", "thesis": "poi"}
_TO_TT_VIEW = {"ttlm": "iop->pio", "thesis": "poi->pio"}
_FROM_TT_VIEW = {"ttlm": "pio->iop", "thesis": "pio->poi"}


def _check_layout(layout: str) -> str:
    return as_choice(layout, "layout", sorted(SECOND_ORDER_LAYOUTS), error=ShapeError)


def second_order_to_tt_core(T, layout: str = "ttlm"):
    """The TT core (the TT view ``(R, |V|, R)``) of a second-order RNN.

    .. math:: G_{p i o} = T_{i o p} \\quad (\\text{ttlm, Eq. 17}), \\qquad
              G_{p i o} = T_{p o i} \\quad (\\text{thesis, Eq. 5.14})

    so that ``Σ_{p,i} h_p G_{pio} f_i`` is the pre-activation of Eq. 14 / Eq. 5.11
    with ``b = 0``.

    Parameters
    ----------
    T : array_like or torch.Tensor
        ``(|V|, R, R)`` for ``layout="ttlm"``, ``(R, R, |V|)`` for ``"thesis"``.
    layout : {"ttlm", "thesis"}

    Notes
    -----
    Checked by ``ttlm-claim-b1`` and ``thesis-claim-5.3.1``.

    References
    ----------
    ttlm App. B.1, Eq. 14, 16–17; thesis §5.3.2, Eq. 5.11, 5.13–5.14.

    Examples
    --------
    >>> T = np.arange(2 * 3 * 3.0).reshape(2, 3, 3)
    >>> bool((tt_core_to_second_order(second_order_to_tt_core(T)) == T).all())
    True
    """
    T = need_operand(T, 3, "T")
    layout = _check_layout(layout)
    if layout == "ttlm" and T.shape[1] != T.shape[2]:
        raise ShapeError(f"ttlm layout T must be (|V|, R, R); got {shape_of(T)}")
    if layout == "thesis" and T.shape[0] != T.shape[1]:
        raise ShapeError(f"thesis layout T must be (R, R, |V|); got {shape_of(T)}")
    return contract(_TO_TT_VIEW[layout], T)


def tt_core_to_second_order(G, layout: str = "ttlm"):
    """Inverse of :func:`second_order_to_tt_core`: ``T`` in the paper's layout."""
    G = need_operand(G, 3, "G")
    layout = _check_layout(layout)
    if G.shape[0] != G.shape[2]:
        raise ShapeError(f"G must be (R, |V|, R); got {shape_of(G)}")
    return contract(_FROM_TT_VIEW[layout], G)


def rac_to_tt_core(W_hx, W_hh):
    """The TT core of a recurrent arithmetic circuit (RAC) / the bilinear part of an
    MI-RNN.

    .. math:: h^{(t)} = W^{hx} f \\odot W^{hh} h^{(t-1)}
              \\;\\Longrightarrow\\; G_{p i o} = W^{hx}_{o i} \\, W^{hh}_{o p}

    i.e. the δ-contraction of Eq. 20 with ``W^{hx}`` in its declared orientation
    ``R × |V|`` (``W^{hx}_{α_t i_t}``) and ``W^{hh}`` indexed as printed
    (``W^{hh}_{α_t α_{t-1}}``); in thesis's names ``A = W^{hh}``, ``B = W^{hx}``
    and Eq. 5.17 as printed.

    Parameters
    ----------
    W_hx : array_like
        ``(R, |V|)`` input-to-hidden matrix.
    W_hh : array_like
        ``(R, R)`` hidden-to-hidden matrix.

    Notes
    -----
    Checked by ``ttlm-claim-b2`` and ``thesis-claim-5.3.2`` (and their corrections).

    References
    ----------
    ttlm App. B.2, Eq. 18–20; thesis §5.3.2, Eq. 5.15–5.17.

    Examples
    --------
    >>> G = rac_to_tt_core(np.ones((2, 3)), 2 * np.eye(2))
    >>> G.shape, float(G.sum())
    ((2, 3, 2), 12.0)
    """
    W_hx, W_hh = need_operand(W_hx, 2, "W_hx"), need_operand(W_hh, 2, "W_hh")
    R = W_hh.shape[0]
    if shape_of(W_hh) != (R, R):
        raise ShapeError(f"W_hh must be square (R, R); got {shape_of(W_hh)}")
    if W_hx.shape[0] != R:
        raise ShapeError(f"W_hx must be (R, |V|) with R = {R}; got {shape_of(W_hx)}")
    return contract("oi,op->pio", W_hx, W_hh)


def tt_core_to_rac(G, *, rtol: float | None = None):
    """Factor a core of RAC form back into ``(W_hx, W_hh)``.

    Each output slice ``G[:, :, o]`` (``R × |V|``) must have rank ≤ 1; it is factored
    as ``W^{hh}_{o,:} ⊗ W^{hx}_{o,:}`` by its leading singular pair, with the gauge
    ``‖W^{hx}_{o,:}‖ = ‖W^{hh}_{o,:}‖`` (the factors are unique up to ``c, 1/c`` per row).

    ``G`` may be a numpy array or a torch tensor, also one that requires grad (e.g.
    ``RAC(...).tt_core()``): its values are read (detached, on the CPU) and the factors
    are float64 numpy arrays.  The rank of each slice is judged at the precision of
    ``G`` (a float32 core with float32's ``eps``, :func:`tnverify.ranks.numerical.numerical_rank`),
    so the round-off of a float32 cell does not count as rank.

    Raises
    ------
    RankError
        A slice of numerical rank > 1 (numpy's rank rule, or ``rtol``).
    """
    from ..ranks.numerical import numerical_rank

    rtol = None if rtol is None else as_float(rtol, "rtol", nonnegative=True)
    precision = precision_of(G)
    G = numpy_values(G, 3, "G")
    R, V, R2 = G.shape
    if R != R2:
        raise ShapeError(f"G must be (R, |V|, R); got {G.shape}")
    W_hx, W_hh = np.zeros((R, V)), np.zeros((R, R))
    for o in range(R):
        s = G[:, :, o]
        nr = numerical_rank(s.astype(precision), rtol=rtol)
        if int(nr) > 1:
            raise RankError(f"slice G[:, :, {o}] has numerical rank {int(nr)} > 1: not a RAC core")
        u, sv, vt = np.linalg.svd(s)
        root = np.sqrt(sv[0])
        W_hh[o], W_hx[o] = root * u[:, 0], root * vt[0]
    return W_hx, W_hh
