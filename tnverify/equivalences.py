"""Constructive maps between model families and the tensor-train (TT) core view.

Every recurrent model that is a TTLM has a core ``G`` in the DESIGN view
``(R_prev, |V|, R_next)``: one step is

.. math:: h^{(t)}_k = \\sum_{j, i} h^{(t-1)}_j \\, G_{j i k} \\, f^{(t)}_i .

The functions here are named ``<from>_to_<to>``; each has a round-trip test
(``tests/test_equivalences.py``, ``tests/test_ttlm_variants.py``,
``tests/test_ttlm_tslm.py``).  They accept numpy
arrays or torch tensors (torch is imported only when a tensor is passed), so that the
scaled claims can differentiate through a map.

Sections: second-order RNN, RAC, MI-RNN, vanilla RNN and augmented (affine) inputs
(claims ``ttlm-claim-b1``, ``ttlm-claim-b2``, ``tnverify-augmented-bilinear``);
TTLM-Tiny / TTLM-Large (``ttlm-eq12``); TSLM (``tslm-eq-16``).

References
----------
seed 000 (ttlm) App. B, Eq. 14–20 and §5.1, Eq. 12; seed 001 (thesis) §5.3.2,
Eq. 5.11–5.17; seed 003 (tslm) Eq. 16.
"""

from __future__ import annotations

import numpy as np

from .errors import RankError, ShapeError
from .tt import TensorTrain
from .validation import as_array, as_choice, as_float, as_int, as_operand
from .validation import check_entries, join_torch


def _is_torch(x) -> bool:
    return type(x).__module__.split(".")[0] == "torch"


def _einsum(spec: str, *ops):
    if any(_is_torch(o) for o in ops):
        import torch
        return torch.einsum(spec, *join_torch(*ops))
    return np.einsum(spec, *[np.asarray(o, dtype=np.float64) for o in ops])


def _shape(x) -> tuple:
    return tuple(int(s) for s in x.shape)


def _values(x, ndim: int, name: str) -> np.ndarray:
    """The values of ``x`` as a float64 numpy array with ``ndim`` modes, for the inverse
    maps: a torch tensor (also one that requires grad, as ``cell.tt_core()`` and
    ``augmented_core()`` return, or one on a GPU) is detached and copied to the CPU."""
    if _is_torch(x):
        import torch
        x = x.detach().to(device="cpu", dtype=torch.float64).numpy().copy()
    return np.asarray(_need(x, ndim, name), dtype=np.float64)


def _precision(x):
    """The numpy float dtype whose ``eps`` the values of ``x`` carry: float32 for float32
    arrays/tensors, float16 for float16 (and torch's bfloat16), else float64."""
    name = str(getattr(x, "dtype", "float64")).replace("torch.", "")
    if name == "float32":
        return np.float32
    return np.float16 if name in ("float16", "bfloat16") else np.float64


def _need(x, ndim: int, name: str):
    return as_operand(x, name, ndim=ndim)      # torch stays torch (dual maps), numpy validated


# --- second-order RNN, RAC, MI-RNN, vanilla RNN, augmented inputs ---

#: Index layouts of the second-order tensor T in the two papers, as (mode roles):
#: seed 000 (ttlm) Eq. 17, T ∈ ℝ^{M×R×R}, T_{jik}: j input, i output, k previous state;
#: seed 001 (thesis) Eq. 5.14, T ∈ ℝ^{R×R×|V|}, T_{jik}: j previous state, i output,
#: k input.
SECOND_ORDER_LAYOUTS = {"ttlm": "ior", "thesis": "poi"}
_TO_DESIGN = {"ttlm": "iop->pio", "thesis": "poi->pio"}
_FROM_DESIGN = {"ttlm": "pio->iop", "thesis": "pio->poi"}


def _check_layout(layout: str) -> str:
    return as_choice(layout, "layout", sorted(SECOND_ORDER_LAYOUTS), error=ShapeError)


def second_order_to_tt_core(T, layout: str = "ttlm"):
    """The TT core (DESIGN view ``(R, |V|, R)``) of a second-order RNN.

    .. math:: G_{p i o} = T_{i o p} \\quad (\\text{ttlm, Eq. 17}), \\qquad
              G_{p i o} = T_{p o i} \\quad (\\text{thesis, Eq. 5.14})

    so that ``Σ_{p,i} h_p G_{pio} f_i`` is the pre-activation of Eq. 14 / Eq. 5.11
    with ``b = 0``.

    Parameters
    ----------
    T : array_like or torch.Tensor
        ``(|V|, R, R)`` for ``layout="ttlm"``, ``(R, R, |V|)`` for ``"thesis"``.
    layout : {"ttlm", "thesis"}

    References
    ----------
    seed 000 (ttlm) App. B.1, Eq. 14, 16–17; seed 001 (thesis) §5.3.2, Eq. 5.11, 5.13–5.14.

    Notes
    -----
    Checked by ``ttlm-claim-b1`` and ``thesis-claim-5.3.1``.

    Examples
    --------
    >>> T = np.arange(2 * 3 * 3.0).reshape(2, 3, 3)
    >>> bool((tt_core_to_second_order(second_order_to_tt_core(T)) == T).all())
    True
    """
    T = _need(T, 3, "T")
    layout = _check_layout(layout)
    if layout == "ttlm" and T.shape[1] != T.shape[2]:
        raise ShapeError(f"ttlm layout T must be (|V|, R, R); got {_shape(T)}")
    if layout == "thesis" and T.shape[0] != T.shape[1]:
        raise ShapeError(f"thesis layout T must be (R, R, |V|); got {_shape(T)}")
    return _einsum(_TO_DESIGN[layout], T)


def tt_core_to_second_order(G, layout: str = "ttlm"):
    """Inverse of :func:`second_order_to_tt_core`: ``T`` in the paper's layout."""
    G = _need(G, 3, "G")
    layout = _check_layout(layout)
    if G.shape[0] != G.shape[2]:
        raise ShapeError(f"G must be (R, |V|, R); got {_shape(G)}")
    return _einsum(_FROM_DESIGN[layout], G)


def rac_to_tt_core(W_hx, W_hh):
    """The TT core of a recurrent arithmetic circuit (RAC) / the bilinear part of an
    MI-RNN.

    .. math:: h^{(t)} = W^{hx} f \\odot W^{hh} h^{(t-1)}
              \\;\\Longrightarrow\\; G_{p i o} = W^{hx}_{o i} \\, W^{hh}_{o p}

    i.e. the δ-contraction of Eq. 20 with ``W^{hx}`` in its declared orientation
    ``R × |V|`` (``W^{hx}_{α_t i_t}``) and ``W^{hh}`` indexed as printed
    (``W^{hh}_{α_t α_{t-1}}``); in seed 001's names ``A = W^{hh}``, ``B = W^{hx}``
    and Eq. 5.17 as printed.

    Parameters
    ----------
    W_hx : ``(R, |V|)`` input-to-hidden matrix.
    W_hh : ``(R, R)`` hidden-to-hidden matrix.

    References
    ----------
    seed 000 (ttlm) App. B.2, Eq. 18–20; seed 001 (thesis) §5.3.2, Eq. 5.15–5.17.

    Notes
    -----
    Checked by ``ttlm-claim-b2`` and ``thesis-claim-5.3.2`` (and their corrections).

    Examples
    --------
    >>> G = rac_to_tt_core(np.ones((2, 3)), 2 * np.eye(2))
    >>> G.shape, float(G.sum())
    ((2, 3, 2), 12.0)
    """
    W_hx, W_hh = _need(W_hx, 2, "W_hx"), _need(W_hh, 2, "W_hh")
    R = W_hh.shape[0]
    if _shape(W_hh) != (R, R):
        raise ShapeError(f"W_hh must be square (R, R); got {_shape(W_hh)}")
    if W_hx.shape[0] != R:
        raise ShapeError(f"W_hx must be (R, |V|) with R = {R}; got {_shape(W_hx)}")
    return _einsum("oi,op->pio", W_hx, W_hh)


def tt_core_to_rac(G, *, rtol: float | None = None):
    """Factor a core of RAC form back into ``(W_hx, W_hh)``.

    Each output slice ``G[:, :, o]`` (``R × |V|``) must have rank ≤ 1; it is factored
    as ``W^{hh}_{o,:} ⊗ W^{hx}_{o,:}`` by its leading singular pair, with the gauge
    ``‖W^{hx}_{o,:}‖ = ‖W^{hh}_{o,:}‖`` (the factors are unique up to ``c, 1/c`` per row).

    ``G`` may be a numpy array or a torch tensor, also one that requires grad (e.g.
    ``RAC(...).tt_core()``): its values are read (detached, on the CPU) and the factors
    are float64 numpy arrays.  The rank of each slice is judged at the precision of
    ``G`` (a float32 core with float32's ``eps``, :func:`tnverify.matricize.numerical_rank`),
    so the round-off of a float32 cell does not count as rank.

    Raises
    ------
    RankError
        A slice of numerical rank > 1 (numpy's rank rule, or ``rtol``).
    """
    from .matricize import numerical_rank
    rtol = None if rtol is None else as_float(rtol, "rtol", nonnegative=True)
    precision = _precision(G)
    G = _values(G, 3, "G")
    R, V, R2 = G.shape
    if R != R2:
        raise ShapeError(f"G must be (R, |V|, R); got {G.shape}")
    W_hx, W_hh = np.zeros((R, V)), np.zeros((R, R))
    for o in range(R):
        s = G[:, :, o]
        nr = numerical_rank(s.astype(precision), rtol=rtol)
        if int(nr) > 1:
            raise RankError(f"slice G[:, :, {o}] has numerical rank {int(nr)} > 1: "
                            "not a RAC core")
        u, sv, vt = np.linalg.svd(s)
        root = np.sqrt(sv[0])
        W_hh[o], W_hx[o] = root * u[:, 0], root * vt[0]
    return W_hx, W_hh


def augment_input(f):
    """``f̃ = [f; 1]`` (last axis): the affine input of ``tnverify-augmented-bilinear``."""
    return _cat_one(f)


def augment_hidden(h):
    """``h̃ = [h; 1]`` (last axis): the hidden state with its constant slot."""
    return _cat_one(h)


def _cat_one(x):
    x = as_operand(x, "x")
    if x.ndim < 1 or x.shape[-1] < 1:
        raise ShapeError(f"the vector to augment needs a non-empty last mode; got {x.shape}")
    if _is_torch(x):
        import torch
        return torch.cat([x, torch.ones_like(x[..., :1])], dim=-1)
    x = np.asarray(x, dtype=np.float64)
    return np.concatenate([x, np.ones(x.shape[:-1] + (1,))], axis=-1)


def _augmented(bilinear, hidden, inp, bias, like):
    """Assemble ``G̃ (R+1, |V|+1, R+1)`` from its blocks (see
    :func:`split_augmented_core`)."""
    R, V = bias.shape[0], inp.shape[0]
    bilinear, hidden, inp, bias, like = join_torch(bilinear, hidden, inp, bias, like)
    if _is_torch(bias):                          # numpy and torch operands: torch wins
        import torch
        G = torch.zeros(R + 1, V + 1, R + 1, dtype=bias.dtype, device=bias.device)
    else:
        G = np.zeros((R + 1, V + 1, R + 1))
    if bilinear is not None:
        G[:R, :V, :R] = bilinear
    G[:R, V, :R] = hidden
    G[R, :V, :R] = inp
    G[R, V, :R] = bias
    G[R, V, R] = 1.0                         # carries the constant slot of h̃
    return G


def vanilla_rnn_to_augmented_core(A, B, b):
    """Augmented core of the vanilla RNN pre-activation ``A h + B f + b``.

    .. math:: \\tilde G_{p, |V|, o} = A_{op}, \\; \\tilde G_{R, i, o} = B_{oi}, \\;
              \\tilde G_{R, |V|, o} = b_o, \\; \\tilde G_{R, |V|, R} = 1

    so that ``Σ_{p,i} h̃_p G̃_{pio} f̃_i`` is ``[A h + B f + b; 1]`` for
    ``h̃ = [h; 1]``, ``f̃ = [f; 1]``.  ``A (R, R)``, ``B (R, |V|)``, ``b (R,)``.

    Notes
    -----
    Checked by ``tnverify-augmented-bilinear``.
    """
    A, B, b = _need(A, 2, "A"), _need(B, 2, "B"), _need(b, 1, "b")
    R = b.shape[0]
    if _shape(A) != (R, R) or B.shape[0] != R:
        raise ShapeError(f"need A (R, R), B (R, |V|), b (R,); got {_shape(A)}, "
                         f"{_shape(B)}, {_shape(b)}")
    return _augmented(None, A.T, B.T, b, A)


def mi_rnn_to_augmented_core(W, U, alpha, beta1, beta2, b):
    """Augmented core of the general multiplicative integration (Wu et al., 2016):
    ``α ⊙ Wf ⊙ Uh + β₁ ⊙ Uh + β₂ ⊙ Wf + b``.

    .. math:: \\tilde G_{pio} = α_o W_{oi} U_{op}, \\; \\tilde G_{p,|V|,o} = β_{1,o} U_{op},
              \\; \\tilde G_{R,i,o} = β_{2,o} W_{oi}, \\; \\tilde G_{R,|V|,o} = b_o

    ``W (R, |V|)``, ``U (R, R)``, ``alpha, beta1, beta2, b (R,)``.  With ``α = 1`` and
    the rest zero this is the RAC core of :func:`rac_to_tt_core` padded by the constant
    slot.

    Notes
    -----
    Checked by ``tnverify-augmented-bilinear``.
    """
    W, U = _need(W, 2, "W"), _need(U, 2, "U")
    vecs = [_need(v, 1, n) for v, n in ((alpha, "alpha"), (beta1, "beta1"),
                                         (beta2, "beta2"), (b, "b"))]
    R = U.shape[0]
    if _shape(U) != (R, R) or W.shape[0] != R or any(v.shape[0] != R for v in vecs):
        raise ShapeError(f"need W (R, |V|), U (R, R) and (R,) vectors with R = {R}")
    alpha, beta1, beta2, b = vecs
    bil = _einsum("o,oi,op->pio", alpha, W, U)
    return _augmented(bil, _einsum("o,op->po", beta1, U), _einsum("o,oi->io", beta2, W),
                      b, W)


def second_order_to_augmented_core(T, b, layout: str = "ttlm"):
    """Augmented core of the second-order RNN with bias (Eq. 14 / Eq. 5.11):
    ``G̃_{pio} = G_{pio}`` (:func:`second_order_to_tt_core`), ``G̃_{R,|V|,o} = b_o``.

    Notes
    -----
    Checked by ``tnverify-augmented-bilinear`` and ``ttlm-eq14-bias-corrected``.
    """
    G = second_order_to_tt_core(T, layout)
    b = _need(b, 1, "b")
    R, V = G.shape[0], G.shape[1]
    if b.shape[0] != R:
        raise ShapeError(f"b must have length R = {R}; got {_shape(b)}")
    zeros_h = np.zeros((R, R)) if not _is_torch(G) else G.new_zeros(R, R)
    zeros_i = np.zeros((V, R)) if not _is_torch(G) else G.new_zeros(V, R)
    return _augmented(G, zeros_h, zeros_i, b, G)


def split_augmented_core(G_aug) -> dict:
    """Blocks of an augmented core ``G̃ (R+1, |V|+1, R+1)``: ``bilinear (R,|V|,R)``,
    ``hidden (R, R)`` indexed ``[p, o]``, ``input (|V|, R)`` indexed ``[i, o]``,
    ``bias (R,)``, and ``carry`` = the constant-slot column ``G̃[:, :, R]`` (must be
    ``e_R ⊗ e_{|V|}`` for the constant slot to stay 1).

    ``G_aug`` may be a numpy array or a torch tensor, also one that requires grad (e.g.
    ``cell.augmented_core()``): its values are read (detached, copied to the CPU) and
    the blocks are float64 numpy arrays.  To differentiate through a block, index the
    tensor itself, e.g. ``G_aug[-1, -1, :-1]`` is the bias."""
    G = _values(G_aug, 3, "G_aug")
    R, V = G.shape[0] - 1, G.shape[1] - 1
    if G.shape[2] != R + 1 or R < 1 or V < 1:
        raise ShapeError(f"augmented core must be (R+1, |V|+1, R+1); got {G.shape}")
    return {"bilinear": G[:R, :V, :R], "hidden": G[:R, V, :R], "input": G[R, :V, :R],
            "bias": G[R, V, :R], "carry": G[:, :, R]}


def augmented_step(G_aug, h_aug, f_aug, phi=None):
    """One step ``h̃' = [φ((Σ h̃_p G̃_{pio} f̃_i)_{o<R}); (…)_R]`` with the activation on
    all but the constant slot; ``h_aug (..., R+1)``, ``f_aug (..., |V|+1)``."""
    G_aug = _need(G_aug, 3, "G_aug")
    h_aug, f_aug = as_operand(h_aug, "h_aug", ndim=(1, 2)), as_operand(f_aug, "f", ndim=(1, 2))
    if h_aug.shape[-1] != G_aug.shape[0] or f_aug.shape[-1] != G_aug.shape[1] or not (
            phi is None or callable(phi)):
        raise ShapeError(f"need h_aug (..., {G_aug.shape[0]}), f_aug (..., {G_aug.shape[1]})"
                         f" and a callable phi; got {tuple(h_aug.shape)}, {tuple(f_aug.shape)}")
    z = _einsum("...p,pio,...i->...o", h_aug, G_aug, f_aug)
    if phi is None:
        return z
    head = phi(z[..., :-1])
    if _is_torch(z):
        import torch
        return torch.cat([head, z[..., -1:]], dim=-1)
    return np.concatenate([head, z[..., -1:]], axis=-1)


# --- TTLM-Tiny / TTLM-Large ---
#: Readings of the contraction ``f^T W^{xe} (W^{eh}) δ W^{hh} h`` of seed 000 Eq. 12
#: (CLAIMS.md ttlm-eq12): ``"delta"`` (a): both legs of the R×R input matrix enter the
#: 4th-order δ, its third leg meets ``W^{hh} h``, its fourth is the output;
#: ``"reshape"`` (b): δ realised as a reshape (App. C), an ordinary matrix product.
EQ12_READINGS = ("delta", "reshape")


def _tiny_checked(W_xe, W_hh):
    W_xe, W_hh = _need(W_xe, 3, "W_xe"), _need(W_hh, 2, "W_hh")
    V, R, R2 = _shape(W_xe)
    if R != R2 or _shape(W_hh) != (R, R):
        raise ShapeError(f"need W_xe (|V|, R, R) and W_hh (R, R); got {_shape(W_xe)}, "
                         f"{_shape(W_hh)}")
    return W_xe, W_hh


def _input_to_core(M, W_hh, reading: str):
    if reading == "delta":       # h_m = M_{mm} (W^{hh} h)_m  ->  G_{a w m} = M_{w m m} W^{hh}_{m a}
        return _einsum("wmm,ma->awm", M, W_hh)
    if reading == "reshape":     # h_j = Σ_k M_{jk} (W^{hh} h)_k  ->  G_{a w j} = Σ_k M_{wjk} W^{hh}_{ka}
        return _einsum("wjk,ka->awj", M, W_hh)
    raise ShapeError(f"reading must be one of {EQ12_READINGS}; got {reading!r}")


def tiny_to_tt_core_delta(W_xe, W_hh):
    """TT core of TTLM-Tiny under reading (a) (explicit δ) of seed 000 (ttlm) Eq. 12.

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
    W_eh = _need(W_eh, 4, "W_eh")
    R = W_hh.shape[0]
    if _shape(W_eh) != (R,) * 4:
        raise ShapeError(f"W_eh must be (R, R, R, R) with R = {R}; got {_shape(W_eh)}")
    return _einsum("wjk,jklm->wlm", W_xe, W_eh), W_hh


def large_to_tt_core_delta(W_xe, W_eh, W_hh):
    """TT core of TTLM-Large, reading (a): ``W^{eh}`` contracts both legs of
    ``f^T W^{xe}``; the two remaining legs enter δ (seed 000 (ttlm) §5.1, Eq. 12).

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
    G = _values(G, 3, "G")
    W_hh = _values(W_hh, 2, "W_hh")
    R, V, R2 = G.shape
    if R != R2 or W_hh.shape != (R, R):
        raise ShapeError(f"need G (R, |V|, R) and W_hh (R, R); got {G.shape}, {W_hh.shape}")
    # W_xe[w] W_hh = G[:, w, :]^T  <=>  W_hh^T W_xe[w]^T = G[:, w, :]
    X = np.linalg.solve(W_hh.T, G.reshape(R, V * R2)).reshape(R, V, R2)
    return np.transpose(X, (1, 2, 0))



# --- TSLM ---
def tslm_to_tt(U, W, lam, length, *, embedding=None):
    """The tensor 𝒯 of seed 003 (tslm) Eq. 16 as a :class:`~tnverify.tt.TensorTrain`.

    .. math::

        \\mathcal{T}_{d_1 \\dots d_n} = \\sum_{i_1, \\dots, i_n} \\lambda_{i_n}
        \\prod_{t=1}^{n} U_{i_t d_t} \\prod_{t=1}^{n-1} W_{i_{t+1} i_t}

    (Eq. 16 unrolled with ``𝒮_{(1)} = 1``; ``u_i`` is row ``i`` of ``U ∈ ℝ^{r×m}``).
    Cores (DESIGN view): first ``G^{(1)}[0, d, k] = U[k, d]``; middle
    ``G[j, d, k] = W[k, j] U[k, d]`` (the TSLM step ``h_t = W h_{t−1} ⊙ U α_t``, Eq. 19);
    last ``G^{(n)}[j, d, 0] = Σ_k W[k, j] U[k, d] λ_k``.  With ``embedding`` (``(|V|, m)``)
    the modes run over the vocabulary: ``U`` is replaced by ``U embeddingᵀ`` (``(r, |V|)``).
    ``W`` need not be invertible here: Eq. 16 starts from ``𝒮_{(1)} = 1 = W h_0``.

    Parameters
    ----------
    U : (r, m) array
    W : (r, r) array
    lam : (r,) array
    length : int
        The order ``n >= 1``.
    embedding : (|V|, m) array, optional

    Returns
    -------
    TensorTrain
        Ranks ``(1, r, …, r, 1)``, mode sizes ``m`` (or ``|V|``).

    Raises
    ------
    ShapeError, RankError
        Inconsistent shapes or ``length < 1``.
    """
    U, W, lam = as_array(U, "U"), as_array(W, "W"), as_array(lam, "lam")
    length = as_int(length, "length", minimum=1, error=RankError)
    if U.ndim != 2:
        raise ShapeError(f"U must be (r, m); got shape {U.shape}")
    r = U.shape[0]
    if W.shape != (r, r) or lam.shape != (r,):
        raise ShapeError(f"W must be ({r}, {r}) and lam ({r},); got {W.shape} and {lam.shape}")
    B = U
    if embedding is not None:
        E = as_array(embedding, "embedding")
        if E.ndim != 2 or E.shape[1] != U.shape[1]:
            raise ShapeError(f"embedding must be (|V|, m={U.shape[1]}); got {E.shape}")
        B = U @ E.T
    check_entries((length, r, B.shape[1], r), what="TT cores of 𝒯 (Eq. 16)", route="use tslm_inner")
    G = W.T[:, None, :] * B.T[None, :, :]                      # (r, n, r)
    if int(length) == 1:
        return TensorTrain((np.einsum("kd,k->d", B, lam)[None, :, None],))
    first = B.T[None, :, :]                                    # (1, n, r)
    last = np.einsum("jdk,k->jd", G, lam)[:, :, None]          # (r, n, 1)
    return TensorTrain((first,) + (G,) * (int(length) - 2) + (last,))



__all__ = [
    # T3
    "SECOND_ORDER_LAYOUTS", "second_order_to_tt_core", "tt_core_to_second_order",
    "rac_to_tt_core", "tt_core_to_rac", "augment_input", "augment_hidden",
    "vanilla_rnn_to_augmented_core", "mi_rnn_to_augmented_core",
    "second_order_to_augmented_core", "split_augmented_core", "augmented_step",
    # T4
    "tslm_to_tt",
    # T2
    "EQ12_READINGS", "tiny_to_tt_core", "tiny_to_tt_core_delta", "tiny_to_tt_core_reshape",
    "large_to_tt_core", "large_to_tt_core_delta", "large_to_tt_core_reshape",
    "tt_core_to_tiny_reshape",
]
