"""Table 2's parameter shapes for ttlm's seven Table 1 rows and their counts as exact
integers, in pure Python: the registration text (:mod:`.readings`) quotes counts computed
here, and :mod:`.numbers` instantiates the same shapes as torch modules on the meta
device for the checks (a test keeps the two counts equal)."""

from __future__ import annotations

import itertools
import math

MODELS = ("Vanilla-RNNs", "Second-order RNNs", "RACs", "MI-RNNs", "TTLM", "TTLM-Tiny", "TTLM-Large")
#: Table 1 "Params" in units of 0.1M (PTB, WikiText-2).
PRINTED_PARAMS = {
    "ptb": dict(zip(MODELS, (40, 42, 40, 40, 42, 40, 42))),
    "wt2": dict(zip(MODELS, (116, 118, 116, 116, 122, 116, 118))),
}
#: counting readings of the claims catalogue: tied pairs, G^(1), second-order T
READINGS = tuple(
    {"tie": a, "g1": b, "T": c}
    for a, b, c in itertools.product(
        ("once", "twice"), ("1xR", "separate", "tied"), ("HxHxH", "ExHxH")
    )
)


def reading_name(rd: dict) -> str:
    """The name of a counting reading (``"tie once, G1 tied, T HxHxH"``)."""
    return f"tie {rd['tie']}, G1 {rd['g1']}, T {rd['T']}"


def table2_shapes(model, V, R, E, H, rd):
    """Table 2 shapes (name -> shape); ``"=name"`` marks a parameter tied to ``name``.
    The second-order row's E×H matrix is named W^hh as printed (``rd["row"] ==
    "printed"``, the default) or W^eh as meant (``"corrected"``)."""
    rnn = {"W_xe": (E, V), "W_eh": (E, H), "W_hh": (H, H), "P": (H, E), "V": (E, V)}
    if model == "Second-order RNNs":
        T = (H, H, H) if rd["T"] == "HxHxH" else (E, H, H)
        name = "W_eh" if rd.get("row") == "corrected" else "W_hh"
        rnn = {"W_xe": (E, V), "T": T, name: (E, H), "P": (H, E), "V": (E, V)}
    if model in MODELS[:4]:
        return rnn, {"V": "W_xe"}
    if model == "TTLM":
        s = {"G": (R, V, R), "G_t": (R, V)}
        ties = {}
        if rd["g1"] == "1xR":
            s["G_1"] = (1, R)
        elif rd["g1"] == "separate":
            s["G_1"] = (R, V)
        else:
            s["G_1"], ties["G_1"] = (R, V), "G_t"
        return s, ties
    s = {"W_xe": (R, V, R), "W_hh": (R, R), "P": (R, R, R), "V": (R, R, V)}
    if model == "TTLM-Large":
        s["W_eh"] = (R, R, R, R)
    if rd["g1"] == "1xR":
        s["G_1"] = (1, R)
    return s, {"V": "W_xe"}


def count(model, vocab_size, reading, R=20, E=400, H=20) -> int:
    """The number of distinct parameters of ``model``'s Table 2 shapes under ``reading``:
    a tied pair counts once (``tie once``; ``G_1`` tied to ``G_t`` always once)."""
    shapes, ties = table2_shapes(model, vocab_size, R, E, H, reading)
    return sum(
        math.prod(shape)
        for name, shape in shapes.items()
        if not (name in ties and (reading["tie"] == "once" or name == "G_1"))
    )


def affine(model, reading, R=20, E=400, H=20) -> tuple[int, int]:
    """``(a, b)`` with ``count(|V|) = a·|V| + b``."""
    c1, c2 = (count(model, v, reading, R, E, H) for v in (1, 2))
    return c2 - c1, 2 * c1 - c2


def vocab_interval(model, printed_01M, reading, R=20, E=400, H=20) -> list[int]:
    """The integer ``|V|`` whose count rounds to ``printed_01M`` × 0.1M, ``[lo, hi]``."""
    a, b = affine(model, reading, R, E, H)
    lo = math.ceil((printed_01M * 100_000 - 50_000 - b) / a)
    hi = math.floor((printed_01M * 100_000 + 50_000 - 1 - b) / a)
    return [lo, hi]


def formula(model, reading) -> str:
    """``"400|V| + 16,400"`` (``"420|V|"`` without a constant)."""
    a, b = affine(model, reading)
    return f"{a}|V|" + (f" + {b:,}" if b else "")


def millions(n: int) -> str:
    """A count rounded to 0.1M as Table 1 prints it (4,176,000 → "4.2M")."""
    return f"{(n + 50_000) // 100_000 / 10:.1f}M"
