"""The networks behind :mod:`tnverify.teaching.diagrams`, and the arrays that fill them.

Each ``*_network`` function returns a :class:`~tnverify.teaching.diagrams.Network` whose
:meth:`~tnverify.teaching.diagrams.Network.contract` with the arrays of the matching ``*_arrays``
function is the object drawn:

* :func:`feature_tensor_network` — Φ(X) (ttlm Eq. 1) or ⟨𝒜, Φ(X)⟩ (Eq. 2);
* :func:`tensor_train_network` — a TT (ttlm Eq. 3–5; thesis Eq. 3.3);
* :func:`cell_core_network` — G[p, i, o] of a 2-RNN (ttlm App. B.1, Eq. 14–17), a RAC
  (App. B.2, Eq. 18; claim ``ttlm-claim-b2-variant``: a δ-contraction), TTLM-Tiny /
  TTLM-Large (§5.1, Eq. 12, Fig. 2b–c) and the TSLM (tslm Eq. 19);
* :func:`born_z_network` — Z = Σ_x |Ψ(x)|² (thesis §4.1.3, Eq. 4.3);
* :func:`grid_recursion_network` — the grid recursion (gtm Prop. A.3, Eq. 21).

Legs of a cell core are named ``p`` (h^{(t−1)}), ``i`` (the input) and ``o`` (h^{(t)}), so
the result has the TT-view layout G[p, i, o] = ``cell.tt_core()``.
"""

from __future__ import annotations

import numpy as np

from ...errors import ShapeError, UsageError
from ...validation import as_flag
from .network import Box, Network, Node

__all__ = [
    "FAMILIES",
    "born_arrays",
    "born_z_network",
    "cell_core_arrays",
    "cell_core_network",
    "cell_family",
    "feature_arrays",
    "feature_tensor_network",
    "grid_arrays",
    "grid_recursion_network",
    "tensor_train_network",
    "tt_arrays",
]

#: Cell families with a TT core: TT core itself, 2-RNN, RAC, TTLM-Tiny, TTLM-Large, TSLM.
FAMILIES = ("ttlm", "2-rnn", "rac", "tiny", "large", "tslm")
_DX = 1.7


def _pos_int(x, name: str) -> int:
    if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or int(x) < 1:
        raise ShapeError(f"{name} must be an int >= 1; got {x!r}")
    return int(x)


def _vector(name, leg, x, y, label, below=True):
    return Node(name, (leg,), (x, y), "vector", label, label_pos=(0.0, -0.5 if below else 0.5))


# -- Φ(X) and ⟨𝒜, Φ(X)⟩ -------------------------------------------------------------------
def feature_tensor_network(length: int = 3, *, inner: bool = False) -> Network:
    """Φ(X) = ⊗_t f(x⁽ᵗ⁾): L vectors, no contraction, L open legs i₁…i_L; with
    ``inner=True`` the legs meet 𝒜 and the result is the scalar ⟨𝒜, Φ(X)⟩."""
    L, inner = _pos_int(length, "length"), as_flag(inner, "inner")
    fs = tuple(
        _vector(f"f{t}", f"i{t}", _DX * (t - 1), 0.0, rf"$f(x^{{({t})}})$", below=inner)
        for t in range(1, L + 1)
    )
    labels = {f"i{t}": rf"$i_{t}$" for t in range(1, L + 1)}
    if not inner:
        return Network(
            fs,
            open_legs=tuple(f"i{t}" for t in range(1, L + 1)),
            leg_labels=labels,
            boxes=(Box(tuple(f.name for f in fs), r"$\Phi(X)$: an outer product"),),
            title=r"$\Phi(X) = f(x^{(1)}) \otimes \cdots \otimes f(x^{(L)})$",
        )
    A = Node(
        "A",
        tuple(f"i{t}" for t in range(1, L + 1)),
        (_DX * (L - 1) / 2, 1.6),
        "tensor",
        r"$\mathcal{A}$",
        width=_DX * (L - 1),
    )
    return Network(
        (A,) + fs,
        leg_labels=labels,
        title=r"$p(X) = \langle \mathcal{A}, \Phi(X) \rangle = "
        r"\mathcal{A}[x^{(1)}, \ldots, x^{(L)}]$",
    )


def feature_arrays(sequence, vocab_size: int, A=None) -> dict:
    """{"f1": one_hot(x₁), …} (and "A" when given) for :func:`feature_tensor_network`."""
    from ...definitions.explicit import one_hot

    out = {f"f{t + 1}": one_hot(int(w), vocab_size) for t, w in enumerate(sequence)}
    if A is not None:
        out["A"] = np.asarray(A)
    return out


# -- tensor trains -----------------------------------------------------------------------
def _tt_spec(spec):
    """(d, ranks or None, shape or None) from a TensorTrain, a rank tuple or an order."""
    from ...tt import TensorTrain

    if isinstance(spec, TensorTrain):
        return spec.ndim, tuple(spec.ranks), tuple(spec.shape)
    if isinstance(spec, (tuple, list)):
        ranks = tuple(_pos_int(r, "rank") for r in spec)
        if len(ranks) < 2 or ranks[0] != 1 or ranks[-1] != 1:
            raise ShapeError(f"TT ranks (r_0, ..., r_d) need d >= 1 and r_0 = r_d = 1; got {ranks}")
        return len(ranks) - 1, ranks, None
    return _pos_int(spec, "order d"), None, None


def tensor_train_network(tt_or_ranks=3, *, features: bool = False) -> Network:
    """Cores G⁽¹⁾…G⁽ᵈ⁾ in a chain; bond α_k joins cores k and k+1 (rank r_k); mode i_k is
    open, or joined to f(x⁽ᵏ⁾) when ``features`` (then the result is the scalar score)."""
    d, ranks, shape = _tt_spec(tt_or_ranks)
    features = as_flag(features, "features")
    nodes, labels = [], {}
    for k in range(1, d + 1):
        legs = ((f"a{k - 1}",) if k > 1 else ()) + (f"i{k}",) + ((f"a{k}",) if k < d else ())
        nodes.append(Node(f"G{k}", legs, (_DX * (k - 1), 0.0), "core", rf"$G^{{({k})}}$"))
        labels[f"i{k}"] = rf"$i_{k}$" + (f" ({shape[k - 1]})" if shape else "")
        if k < d:
            labels[f"a{k}"] = rf"$\alpha_{k}$" + (f"\nr={ranks[k]}" if ranks else "")
    if features:
        nodes += [
            _vector(f"f{k}", f"i{k}", _DX * (k - 1), -1.5, rf"$f(x^{{({k})}})$")
            for k in range(1, d + 1)
        ]
        return Network(
            tuple(nodes),
            leg_labels=labels,
            title=r"$\langle \mathcal{A}, \Phi(X) \rangle = G^{(1)}[x_1] "
            r"\cdots G^{(d)}[x_d]$ (a TTLM score)",
        )
    return Network(
        tuple(nodes),
        open_legs=tuple(f"i{k}" for k in range(1, d + 1)),
        leg_labels=labels,
        title="tensor train" + (f", ranks {ranks}" if ranks else ""),
    )


def tt_arrays(tt, sequence=None) -> dict:
    """{"G1": first core (n₁, r₁), …, "Gd": last core (r_{d−1}, n_d)} — the boundary
    ranks r₀ = r_d = 1 squeezed — plus one-hot "f1"… when ``sequence`` is given."""
    d = tt.ndim
    out = {}
    for k, core in enumerate(tt.cores, start=1):
        c = core[0] if k == 1 else core
        out[f"G{k}"] = c[..., 0] if k == d else c
    if sequence is not None:
        from ...definitions.explicit import one_hot

        if len(sequence) != d:
            raise ShapeError(f"need one index per mode (d = {d}); got {len(sequence)}")
        out.update(
            {f"f{k + 1}": one_hot(int(w), n) for k, (w, n) in enumerate(zip(sequence, tt.shape))}
        )
    return out


# -- cell cores ------------------------------------------------------------------------------
_CORE_LEGS = {"p": r"$p$: $h^{(t-1)}$", "i": r"$i$: $f(x^{(t)})$", "o": r"$o$: $h^{(t)}$"}
_CORE_DIRS = {"p": (-1.0, 0.0), "i": (0.0, -1.0), "o": (1.0, 0.0)}


def _core_nodes(family: str, reading: str | None) -> tuple:
    W_hh = lambda out: Node("W_hh", (out, "p"), (-0.3, 0.0), "tensor", r"$W^{hh}$")
    if family == "ttlm":
        return (Node("G", ("p", "i", "o"), (0.6, 0.0), "core", r"$G$"),), "TT core G[p, i, o]"
    if family == "2-rnn":
        return (
            (Node("T", ("i", "o", "p"), (0.6, 0.0), "core", r"$\mathcal{T}$"),),
            r"2-RNN: $G_{pio} = \mathcal{T}_{iop}$",
        )
    if family == "rac":
        return (
            (
                W_hh("u"),
                Node("delta", ("x", "u", "o"), (1.3, 0.0), "delta", r"$\delta$"),
                Node("W_hx", ("x", "i"), (1.3, -1.3), "tensor", r"$W^{hx}$"),
            ),
            r"RAC: $G = W^{hx}\,\delta\,W^{hh}$",
        )
    if family in ("tiny", "large"):
        name = "TTLM-Tiny" if family == "tiny" else "TTLM-Large"
        xe = lambda legs, y: Node("W_xe", legs, (1.3, y), "tensor", r"$W^{xe}$")
        eh = lambda legs, y: Node("W_eh", legs, (1.3, y), "tensor", r"$W^{eh}$")
        if reading == "delta":  # f^T W^xe (W^eh) δ W^hh (Fig. 2b–c)
            delta = lambda legs: Node("delta", legs, (1.3, 0.0), "delta", r"$\delta$")
            if family == "tiny":
                nodes = (W_hh("u"), delta(("j", "k", "u", "o")), xe(("i", "j", "k"), -1.3))
            else:
                nodes = (
                    W_hh("u"),
                    delta(("l", "m", "u", "o")),
                    eh(("j", "k", "l", "m"), -1.3),
                    xe(("i", "j", "k"), -2.6),
                )
        elif family == "tiny":  # δ as a reshape (App. C): a matrix product
            nodes = (W_hh("k"), xe(("i", "o", "k"), 0.0))
        else:
            nodes = (W_hh("m"), eh(("j", "k", "o", "m"), 0.0), xe(("i", "j", "k"), -1.3))
        return nodes, f"{name} ({reading} reading)"
    if family == "tslm":
        return (
            (
                Node("W", ("u", "p"), (-0.3, 0.0), "tensor", r"$W$"),
                Node("delta", ("u", "v", "o"), (1.3, 0.0), "delta", r"$\delta$"),
                Node("U", ("v", "c"), (1.3, -1.3), "tensor", r"$U$"),
                Node("E", ("i", "c"), (1.3, -2.6), "tensor", r"$\alpha$"),
            ),
            r"TSLM: $G = W\,\delta\,(U\alpha^\top)$",
        )
    raise UsageError(f"family must be one of {', '.join(FAMILIES)}; got {family!r}")


def cell_family(cell_or_family, reading=None) -> tuple:
    """(family, reading) of a family name or a cell of :mod:`tnverify.cells`; ``reading``
    ("delta" / "reshape") matters for TTLM-Tiny/Large only (default "delta", the δ of
    ttlm Fig. 2b; a cell brings its own)."""
    if isinstance(cell_or_family, str):
        fam = cell_or_family.lower()
        if fam not in FAMILIES:
            raise UsageError(f"family must be one of {', '.join(FAMILIES)}; got {cell_or_family!r}")
    else:
        from ...cells.recurrent import RAC, SecondOrderRNN, TTCoreRNN
        from ...cells.tslm import TSLM
        from ...cells.ttlm_variants import TTLMTiny

        cell = cell_or_family
        if isinstance(cell, TTLMTiny):
            fam = "tiny" if cell.W_eh is None else "large"
            reading = reading or cell.reading
        else:
            kinds = ((SecondOrderRNN, "2-rnn"), (RAC, "rac"), (TSLM, "tslm"), (TTCoreRNN, "ttlm"))
            fam = next((f for cls, f in kinds if isinstance(cell, cls)), None)
            if fam is None:
                raise UsageError(
                    f"no TT-core diagram for a {type(cell).__name__}; families:"
                    f" {', '.join(FAMILIES)}"
                )
    if fam in ("tiny", "large"):
        reading = reading or "delta"
        if reading not in ("delta", "reshape"):
            raise UsageError(f"reading must be 'delta' or 'reshape'; got {reading!r}")
    return fam, (reading if fam in ("tiny", "large") else None)


def cell_core_network(family: str, *, reading: str | None = None) -> Network:
    """The network whose contraction is the cell's TT core G[p, i, o]."""
    fam, reading = cell_family(family, reading)
    nodes, title = _core_nodes(fam, reading)
    return Network(
        nodes,
        open_legs=("p", "i", "o"),
        leg_labels=dict(_CORE_LEGS),
        open_dirs=dict(_CORE_DIRS),
        title=title,
    )


def cell_core_arrays(cell) -> dict:
    """The cell's weights keyed by the node names of :func:`cell_core_network` (numpy,
    float64).  Raises UsageError for a 2-RNN with bias (no bilinear core)."""
    fam, _ = cell_family(cell)
    get = lambda t: t.detach().cpu().double().numpy()
    if fam == "2-rnn":
        if cell.bias is not None:
            raise UsageError("a 2-RNN with bias has no TT core (see augmented_core())")
        return {"T": get(cell.T)}
    if fam == "rac":
        return {"W_hx": get(cell.W_hx), "W_hh": get(cell.W_hh)}
    if fam in ("tiny", "large"):
        out = {"W_xe": get(cell.W_xe), "W_hh": get(cell.W_hh)}
        return out if fam == "tiny" else {**out, "W_eh": get(cell.W_eh)}
    if fam == "tslm":
        E = np.eye(cell.vocab_size) if cell.embedding is None else get(cell.embedding)
        return {"W": get(cell.W), "U": get(cell.U), "E": E}
    return {"G": get(cell.G)}


# -- Born machine: Z ---------------------------------------------------------------------
def born_z_network(length: int = 4) -> Network:
    """Z = Σ_x Ψ(x) Ψ̄(x): cores on top, conjugate cores below, the physical legs joined;
    column t is the transfer matrix T⁽ᵗ⁾ = Σ_i G_i ⊗ Ḡ_i of the sweep E ← Σ_i G_iᴴ E G_i."""
    L = _pos_int(length, "length")
    nodes, labels, boxes = [], {}, []
    for t in range(1, L + 1):
        for row, y, bar in (("G", 0.9, ""), ("Gc", -0.9, r"\bar")):
            b = "a" if row == "G" else "b"
            legs = (
                ((f"{b}{t - 1}",) if t > 1 else ()) + (f"i{t}",) + ((f"{b}{t}",) if t < L else ())
            )
            nodes.append(
                Node(f"{row}{t}", legs, (_DX * (t - 1), y), "core", rf"${bar}{{G}}^{{({t})}}$")
            )
        labels.update({f"i{t}": rf"$x_{t}$", f"a{t}": rf"$\alpha_{t}$", f"b{t}": rf"$\beta_{t}$"})
        boxes.append(Box((f"G{t}", f"Gc{t}"), rf"$T^{{({t})}}$"))
    return Network(
        tuple(nodes),
        leg_labels=labels,
        boxes=tuple(boxes),
        title=r"$Z = \sum_x |\Psi(x)|^2$: a sweep of transfer matrices, "
        r"$O(|V| L R^3)$",
    )


def born_arrays(cores) -> dict:
    """``{"G1": …, "Gc1": conj, …}`` from the cores ``(r_{t−1}, |V|, r_t)``, boundaries
    squeezed."""
    cores = [np.asarray(c) for c in cores]
    L, out = len(cores), {}
    for t, c in enumerate(cores, start=1):
        c = c[0] if t == 1 else c
        c = c[..., 0] if t == L else c
        out[f"G{t}"], out[f"Gc{t}"] = c, np.conj(c)
    return out


# -- ξ-networks: the grid recursion ---------------------------------------------------------
def grid_recursion_network(T_or_network=3) -> Network:
    """Step t: C⁽ᵗ⁾Fᵀ (legs x_t over L, m_t over the M templates, open) and Γ^{ℓ,t−1}
    (leg k_{t−1}) enter ⊗_ξ; 𝒢⁽ᵗ⁾ contracts (i, j) and gives k_t (gtm Eq. 21).
    The result has the open legs m₁…m_T: the grid tensor Γ^ℓ(𝕏)."""
    T = T_or_network.length if hasattr(T_or_network, "length") else _pos_int(T_or_network, "T")
    nodes = [_vector("h0", "k0", 0.0, 0.0, r"$h^{(0)}$")]
    labels, boxes = {"k0": ""}, []
    for t in range(1, T + 1):
        xx, xg = 3.2 * t - 1.0, 3.2 * t  # a gap between the steps' frames for Γ
        nodes += [
            Node(
                f"CF{t}",
                (f"x{t}", f"m{t}"),
                (xx, -1.5),
                "tensor",
                rf"$C^{{({t})}}F^\top$",
                width=0.5,
            ),
            Node(
                f"xi{t}",
                (f"x{t}", f"k{t - 1}", f"i{t}", f"j{t}"),
                (xx, 0.0),
                "xi",
                r"$\otimes_\xi$",
            ),
            Node(
                f"G{t}",
                (f"i{t}", f"j{t}") + ((f"k{t}",) if t < T else ()),
                (xg, 0.0),
                "core",
                rf"$\mathcal{{G}}^{{({t})}}$",
            ),
        ]
        labels.update(
            {
                f"x{t}": "",
                f"i{t}": "",
                f"j{t}": "",
                f"m{t}": rf"$m_{t}$",
                f"k{t}": rf"$\Gamma^{{\ell,{t}}}$",
            }
        )
        boxes.append(Box((f"CF{t}", f"xi{t}", f"G{t}"), f"step {t}"))
    return Network(
        tuple(nodes),
        open_legs=tuple(f"m{t}" for t in range(1, T + 1)),
        leg_labels=labels,
        boxes=tuple(boxes),
        title=r"$\Gamma^{\ell,t} = \mathcal{G}^{(t)} \cdot (C^{(t)}F^\top "
        r"\otimes_\xi \Gamma^{\ell,t-1})$  (Prop. A.3, Eq. 21)",
    )


def grid_arrays(network, F=None) -> dict:
    """{"h0": [h⁽⁰⁾], "CF1": C⁽¹⁾Fᵀ (L, M), "G1": 𝒢⁽¹⁾ (L, 1, R₁), …, "GT": (L, R_{T−1})}
    for a :class:`tnverify.generalized.grid.GeneralizedRNN` (F defaults to the identity)."""
    M = network.n_features
    F = np.eye(M) if F is None else np.asarray(F, dtype=np.float64)
    out = {"h0": np.array([network.h0])}
    T = network.length
    for t, (C, G) in enumerate(zip(network.C, network.G), start=1):
        out[f"CF{t}"] = C @ F.T
        out[f"G{t}"] = G[..., 0] if t == T else G
    return out
