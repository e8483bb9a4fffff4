"""Augmented (affine) cores: the vanilla RNN, the general multiplicative integration
(MI-RNN) and the second-order RNN with bias as TT cores on ``h̃ = [h; 1]`` and
``f̃ = [f; 1]`` (claim ``tnverify-augmented-bilinear``), their blocks and one step.

References
----------
ttlm App. B.1-B.2, Eq. 14-20; thesis §5.3.2, Eq. 5.11-5.17;
Wu et al., 2016 (multiplicative integration).
"""

from __future__ import annotations

import numpy as np

from ..errors import ShapeError
from ..validation import as_choice, as_operand, join_torch
from .bilinear import second_order_to_tt_core
from .operands import contract, is_torch, need_operand, numpy_values, shape_of

__all__ = [
    "augment_input",
    "augment_hidden",
    "vanilla_rnn_to_augmented_core",
    "mi_rnn_to_augmented_core",
    "second_order_to_augmented_core",
    "second_order_affine_to_augmented_core",
    "split_augmented_core",
    "augmented_step",
    "AUGMENTED_LAYOUTS",
]


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
    if is_torch(x):
        import torch

        return torch.cat([x, torch.ones_like(x[..., :1])], dim=-1)
    x = np.asarray(x, dtype=np.float64)
    return np.concatenate([x, np.ones(x.shape[:-1] + (1,))], axis=-1)


def _augmented(bilinear, hidden, inp, bias, like):
    """Assemble ``G̃ (R+1, |V|+1, R+1)`` from its blocks (see
    :func:`split_augmented_core`)."""
    R, V = bias.shape[0], inp.shape[0]
    bilinear, hidden, inp, bias, like = join_torch(bilinear, hidden, inp, bias, like)
    if is_torch(bias):  # numpy and torch operands: torch wins
        import torch

        G = torch.zeros(R + 1, V + 1, R + 1, dtype=bias.dtype, device=bias.device)
    else:
        G = np.zeros((R + 1, V + 1, R + 1))
    if bilinear is not None:
        G[:R, :V, :R] = bilinear
    G[:R, V, :R] = hidden
    G[R, :V, :R] = inp
    G[R, V, :R] = bias
    G[R, V, R] = 1.0  # carries the constant slot of h̃
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
    A, B, b = need_operand(A, 2, "A"), need_operand(B, 2, "B"), need_operand(b, 1, "b")
    R = b.shape[0]
    if shape_of(A) != (R, R) or B.shape[0] != R:
        raise ShapeError(
            f"need A (R, R), B (R, |V|), b (R,); got {shape_of(A)}, {shape_of(B)}, {shape_of(b)}"
        )
    return _augmented(None, A.T, B.T, b, A)


def mi_rnn_to_augmented_core(W, U, alpha, beta1, beta2, b):
    """Augmented core of the general multiplicative integration (Wu et al., 2016):
    ``α ⊙ Wf ⊙ Uh + β₁ ⊙ Uh + β₂ ⊙ Wf + b``.

    .. math:: \\tilde G_{pio} = α_o W_{oi} U_{op}, \\; \\tilde G_{p,|V|,o} = β_{1,o} U_{op},
              \\; \\tilde G_{R,i,o} = β_{2,o} W_{oi}, \\; \\tilde G_{R,|V|,o} = b_o

    ``W (R, |V|)``, ``U (R, R)``, ``alpha, beta1, beta2, b (R,)``.  With ``α = 1`` and
    the rest zero this is the RAC core of
    :func:`~tnverify.equivalences.bilinear.rac_to_tt_core` padded by the constant slot.

    Notes
    -----
    Checked by ``tnverify-augmented-bilinear``.
    """
    W, U = need_operand(W, 2, "W"), need_operand(U, 2, "U")
    vecs = [
        need_operand(v, 1, n)
        for v, n in ((alpha, "alpha"), (beta1, "beta1"), (beta2, "beta2"), (b, "b"))
    ]
    R = U.shape[0]
    if shape_of(U) != (R, R) or W.shape[0] != R or any(v.shape[0] != R for v in vecs):
        raise ShapeError(f"need W (R, |V|), U (R, R) and (R,) vectors with R = {R}")
    alpha, beta1, beta2, b = vecs
    bil = contract("o,oi,op->pio", alpha, W, U)
    return _augmented(bil, contract("o,op->po", beta1, U), contract("o,oi->io", beta2, W), b, W)


def second_order_to_augmented_core(T, b, layout: str = "ttlm"):
    """Augmented core of the second-order RNN with bias (Eq. 14 / Eq. 5.11):
    ``G̃_{pio} = G_{pio}`` (:func:`second_order_to_tt_core`), ``G̃_{R,|V|,o} = b_o``.

    Notes
    -----
    Checked by ``tnverify-augmented-bilinear`` and ``ttlm-eq14-bias-corrected``.
    """
    G = second_order_to_tt_core(T, layout)
    b = need_operand(b, 1, "b")
    R, V = G.shape[0], G.shape[1]
    if b.shape[0] != R:
        raise ShapeError(f"b must have length R = {R}; got {shape_of(b)}")
    zeros_h = np.zeros((R, R)) if not is_torch(G) else G.new_zeros(R, R)
    zeros_i = np.zeros((V, R)) if not is_torch(G) else G.new_zeros(V, R)
    return _augmented(G, zeros_h, zeros_i, b, G)


def second_order_affine_to_augmented_core(T, W_hh, W_xh, b, layout: str = "ttlm"):
    """Augmented core of a second-order RNN with its first-order terms and bias.

    It takes the ``(W_hh, W_xh, T, b)`` parameters of common second-order (and
    CP-decomposed) RNN code:

    .. math:: z = \\sum_{p,i} h_p\\, G_{pio}\\, f_i + W^{hh} h + W^{xh} f + b,

    with ``G`` the TT core of ``T`` (:func:`~tnverify.equivalences.bilinear.second_order_to_tt_core`,
    ``layout`` "ttlm" for ``T (|V|, R, R)`` or "thesis" for ``T (R, R, |V|)``),
    ``W_hh (R, R)``, ``W_xh (R, |V|)``, ``b (R,)``: the blocks of
    :func:`split_augmented_core` are ``bilinear = G``, ``hidden = W_hhᵀ``,
    ``input = W_xhᵀ``, ``bias = b``.  With ``W_hh = W_xh = 0`` this is
    :func:`second_order_to_augmented_core`.

    Notes
    -----
    Its one-step identity is the bilinear form checked by ``tnverify-augmented-bilinear``.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> T, Whh, Wxh, b = (rng.normal(size=s) for s in ((3, 2, 2), (2, 2), (2, 3), (2,)))
    >>> G = second_order_affine_to_augmented_core(T, Whh, Wxh, b)
    >>> h, f = rng.normal(size=2), np.eye(3)[1]
    >>> z = np.einsum("i,iop,p->o", f, T, h) + Whh @ h + Wxh @ f + b   # ttlm: G_pio = T_iop
    >>> bool(np.allclose(augmented_step(G, augment_hidden(h), augment_input(f))[:2], z))
    True
    """
    G = second_order_to_tt_core(T, layout)
    W_hh, W_xh, b = (
        need_operand(W_hh, 2, "W_hh"),
        need_operand(W_xh, 2, "W_xh"),
        need_operand(b, 1, "b"),
    )
    R, V = G.shape[0], G.shape[1]
    if shape_of(W_hh) != (R, R) or shape_of(W_xh) != (R, V) or shape_of(b) != (R,):
        raise ShapeError(
            f"need W_hh ({R}, {R}), W_xh ({R}, {V}) and b ({R},) for T with "
            f"R = {R}, |V| = {V}; got {shape_of(W_hh)}, {shape_of(W_xh)}, "
            f"{shape_of(b)}"
        )
    return _augmented(G, W_hh.T, W_xh.T, b, G)


#: The two layouts of an augmented core: ``"rnn"`` (the biased RNN cells and the maps of
#: this module: ``(R+1, |V|+1, R+1)`` on ``h̃ = [h; 1]`` and ``f̃ = [f; 1]``, carry
#: ``e_R ⊗ e_{|V|}``) and ``"ttlm"`` (``TTLMTiny/TTLMLarge.augmented_core()``:
#: ``(R+1, |V|, R+1)`` on ``h̃`` and a one-hot word, carry ``e_R`` for every word).
AUGMENTED_LAYOUTS = ("rnn", "ttlm")


def _carry(G: np.ndarray, layout: str) -> np.ndarray:
    """The carry column ``G̃[:, :, R]`` a core of ``layout`` must have."""
    R = G.shape[0] - 1
    want = np.zeros(G.shape[:2])
    if layout == "rnn":
        want[R, -1] = 1.0
    else:
        want[R, :] = 1.0
    return want


def _check_carry(G: np.ndarray, layout: str) -> None:
    if not np.array_equal(G[:, :, -1], _carry(G, layout)):
        other = [
            k
            for k in AUGMENTED_LAYOUTS
            if k != layout and np.array_equal(G[:, :, -1], _carry(G, k))
        ]
        hint = (
            f"; it is the carry of the {other[0]!r} layout: pass layout={other[0]!r}"
            if other
            else ""
        )
        rule = (
            "e_R ⊗ e_|V| (G̃[R, |V|, R] = 1, zeros elsewhere)"
            if layout == "rnn"
            else "e_R for every word (G̃[R, w, R] = 1, G̃[a, w, R] = 0 for a < R)"
        )
        raise ShapeError(
            f"G_aug is not an augmented core of the {layout!r} layout: its carry "
            f"column G̃[:, :, R] must be {rule} for the constant slot of "
            f"h̃ = [h; 1] to stay 1{hint}"
        )


def split_augmented_core(G_aug, layout: str = "rnn") -> dict:
    """Blocks of an augmented core, after checking its carry column.

    Parameters
    ----------
    G_aug : array_like or torch.Tensor
        ``layout="rnn"`` (default; the maps of this module and the biased RNN cells'
        ``augmented_core()``): ``G̃ (R+1, |V|+1, R+1)`` on ``h̃ = [h; 1]`` and
        ``f̃ = [f; 1]``.  ``layout="ttlm"`` (``TTLMTiny/TTLMLarge.augmented_core()``):
        ``G̃ (R+1, |V|, R+1)`` on ``h̃`` and a one-hot word (no input slot).
    layout : {"rnn", "ttlm"}
        Which of the two layouts ``G_aug`` has (:data:`AUGMENTED_LAYOUTS`).  The carry
        column ``G̃[:, :, R]`` must be the layout's (``e_R ⊗ e_{|V|}`` for ``"rnn"``,
        ``e_R`` for every word for ``"ttlm"``), else :class:`ShapeError` naming the
        layout it does match: a core of one layout is never split as the other.

    Returns
    -------
    dict
        ``"rnn"``: ``bilinear (R,|V|,R)``, ``hidden (R, R)`` indexed ``[p, o]``,
        ``input (|V|, R)`` indexed ``[i, o]``, ``bias (R,)``, ``carry``.
        ``"ttlm"``: ``bilinear (R,|V|,R)`` (the ``tt_core()``), ``bias (|V|, R)`` (the
        per-word bias row ``(M_w b^{hh})_j``), ``carry``.

    ``G_aug`` may be a numpy array or a torch tensor, also one that requires grad (e.g.
    ``cell.augmented_core()``): its values are read (detached, copied to the CPU) and
    the blocks are float64 numpy arrays.  To differentiate through a block, index the
    tensor itself, e.g. ``G_aug[-1, -1, :-1]`` is the bias."""
    as_choice(layout, "layout", AUGMENTED_LAYOUTS)
    G = numpy_values(G_aug, 3, "G_aug")
    R, V = G.shape[0] - 1, G.shape[1] - (1 if layout == "rnn" else 0)
    if G.shape[2] != R + 1 or R < 1 or V < 1:
        want = "(R+1, |V|+1, R+1)" if layout == "rnn" else "(R+1, |V|, R+1)"
        raise ShapeError(
            f"an augmented core of the {layout!r} layout must be {want} with "
            f"R, |V| >= 1; got {G.shape}"
        )
    _check_carry(G, layout)
    if layout == "ttlm":
        return {"bilinear": G[:R, :, :R], "bias": G[R, :, :R], "carry": G[:, :, R]}
    return {
        "bilinear": G[:R, :V, :R],
        "hidden": G[:R, V, :R],
        "input": G[R, :V, :R],
        "bias": G[R, V, :R],
        "carry": G[:, :, R],
    }


def augmented_step(G_aug, h_aug, f_aug, phi=None):
    """One step ``h̃' = [φ((Σ h̃_p G̃_{pio} f̃_i)_{o<R}); (…)_R]`` with the activation on
    all but the constant slot; ``h_aug (..., R+1)``, ``f_aug (..., |V|+1)`` (layout
    ``"rnn"``) or a one-hot word ``(..., |V|)`` (layout ``"ttlm"``).  The carry column of
    ``G_aug`` must be one of the two layouts' (:func:`split_augmented_core`), else
    :class:`ShapeError`: otherwise the constant slot would not stay 1."""
    G_aug = need_operand(G_aug, 3, "G_aug")
    h_aug, f_aug = as_operand(h_aug, "h_aug", ndim=(1, 2)), as_operand(f_aug, "f", ndim=(1, 2))
    if (
        h_aug.shape[-1] != G_aug.shape[0]
        or f_aug.shape[-1] != G_aug.shape[1]
        or not (phi is None or callable(phi))
    ):
        raise ShapeError(
            f"need h_aug (..., {G_aug.shape[0]}), f_aug (..., {G_aug.shape[1]})"
            f" and a callable phi; got {tuple(h_aug.shape)}, {tuple(f_aug.shape)}"
        )
    if h_aug.ndim == 2 and f_aug.ndim == 2 and h_aug.shape[0] != f_aug.shape[0]:
        raise ShapeError(
            f"h_aug and f_aug must have the same batch size (or one of them "
            f"be 1-D); got {h_aug.shape[0]} and {f_aug.shape[0]}"
        )
    values = numpy_values(G_aug, 3, "G_aug")
    if not any(np.array_equal(values[:, :, -1], _carry(values, k)) for k in AUGMENTED_LAYOUTS):
        _check_carry(values, "rnn" if f_aug.shape[-1] == values.shape[1] else "ttlm")
    z = contract("...p,pio,...i->...o", h_aug, G_aug, f_aug)
    if phi is None:
        return z
    head = phi(z[..., :-1])
    if is_torch(z):
        import torch

        return torch.cat([head, z[..., -1:]], dim=-1)
    return np.concatenate([head, z[..., -1:]], axis=-1)
