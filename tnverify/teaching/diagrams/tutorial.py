"""The diagrams of ``docs/tutorial.md``: one drawing function per picture,
:data:`TUTORIAL_DIAGRAMS` (file name -> drawing) and ``python -m tnverify.teaching.diagrams OUTDIR``
(:func:`main`), which regenerates every image of the tutorial.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ...errors import TnverifyError
from . import builders as b
from .drawing import draw_network, new_figure, save_figure

__all__ = [
    "TUTORIAL_DIAGRAMS",
    "draw_born_z_sweep",
    "draw_cell_core",
    "draw_cell_cores",
    "draw_feature_tensor",
    "draw_grid_recursion",
    "draw_tensor_train",
    "main",
    "write_all",
]


def draw_feature_tensor(length: int = 3, *, inner: bool = False):
    """Φ(X) = f(x⁽¹⁾) ⊗ ⋯ ⊗ f(x⁽ᴸ⁾) (ttlm §4.1, Eq. 1), or with ``inner=True``
    the score ⟨𝒜, Φ(X)⟩ (Eq. 2): every leg of 𝒜 contracted with one f(x⁽ᵗ⁾)."""
    return draw_network(b.feature_tensor_network(length, inner=inner))


def draw_tensor_train(tt_or_ranks=3, *, features: bool = False):
    """A TT (ttlm Fig. 2a, Eq. 3–5) from a TensorTrain, a rank tuple
    (r₀, …, r_d) or an order d; ``features=True`` attaches f(x⁽ᵗ⁾) to every mode."""
    return draw_network(b.tensor_train_network(tt_or_ranks, features=features))


def draw_cell_core(cell_or_family, *, reading: str | None = None, ax=None):
    """The TT core G[p, i, o] of a recurrent cell or family name (see
    :data:`tnverify.teaching.diagrams.builders.FAMILIES`): 2-RNN, RAC, TTLM-Tiny/Large (δ or
    reshape reading of ttlm Eq. 12), TSLM (tslm Eq. 19)."""
    family, reading = b.cell_family(cell_or_family, reading)
    return draw_network(b.cell_core_network(family, reading=reading), ax=ax)


def draw_cell_cores():
    """All cell cores side by side (one panel per family)."""
    fams = (("2-rnn", None), ("rac", None), ("tiny", "delta"), ("large", "delta"), ("tslm", None))
    fig = new_figure((17.0, 4.6))
    for k, (fam, reading) in enumerate(fams):
        draw_network(
            b.cell_core_network(fam, reading=reading),
            ax=fig.add_subplot(1, len(fams), k + 1),
            limits=((-2.1, 2.9), (-3.6, 0.8)),
        )
    return fig


def draw_born_z_sweep(length: int = 4):
    """``Z = Σ_x |Ψ(x)|²`` of a Born machine as a ladder of cores and conjugate cores, one
    dashed transfer matrix per site (thesis §4.1.3, Eq. 4.3; §4.3.2)."""
    return draw_network(b.born_z_network(length))


def draw_grid_recursion(T_or_network=3):
    """The grid-tensor recursion of a generalized RNN (gtm App. A, Prop. A.3,
    Eq. 21): step t feeds C⁽ᵗ⁾Fᵀ (open template leg m_t) and Γ^{ℓ,t−1} into ⊗_ξ and
    contracts with 𝒢⁽ᵗ⁾."""
    return draw_network(b.grid_recursion_network(T_or_network))


#: File name (in docs/img) -> callable returning the Figure; every image of the tutorial.
TUTORIAL_DIAGRAMS = {
    "feature_tensor.png": lambda: draw_feature_tensor(3),
    "inner_product.png": lambda: draw_feature_tensor(3, inner=True),
    "tensor_train.png": lambda: draw_tensor_train((1, 2, 3, 2, 1)),
    "tt_score.png": lambda: draw_tensor_train(4, features=True),
    "cell_cores.png": draw_cell_cores,
    "born_z_sweep.png": lambda: draw_born_z_sweep(4),
    "grid_recursion.png": lambda: draw_grid_recursion(3),
}


def write_all(outdir) -> list:
    """Draw every :data:`TUTORIAL_DIAGRAMS` entry into ``outdir``; return the paths."""
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    return [save_figure(make(), out / name) for name, make in TUTORIAL_DIAGRAMS.items()]


def main(argv=None) -> int:
    """``python -m tnverify.teaching.diagrams OUTDIR``: regenerate the tutorial's images."""
    argv = sys.argv[1:] if argv is None else list(argv)
    usage = (
        "usage: python -m tnverify.teaching.diagrams OUTDIR\n\n"
        "Draw every image of docs/tutorial.md (tensor-network diagrams of the tutorial's "
        "objects) as PNG files into OUTDIR, which is created if missing."
    )
    if argv in (["-h"], ["--help"]):
        print(usage)
        return 0
    if len(argv) != 1 or argv[0].startswith("-"):
        print(usage.splitlines()[0], file=sys.stderr)
        return 2
    try:
        paths = write_all(argv[0])
    except (OSError, TnverifyError) as exc:  # one line, no traceback (exit 2)
        message = " ".join(str(exc).split()) or type(exc).__name__
        print(
            f"python -m tnverify.teaching.diagrams: error: cannot write the diagrams to "
            f"{argv[0]!r}: {message}",
            file=sys.stderr,
        )
        return 2
    for p in paths:
        print(p)
    return 0
