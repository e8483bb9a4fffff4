"""Parameter counts of the language models of grurntn §IV-B, from the cells.

A model is embedding ``(|V|, E)`` → recurrent cell (:mod:`tnverify.cells.gated`) →
output layer ``d × |V| + |V|`` (softmax).  Counts are the ``numel`` of the parameters of
modules instantiated on torch's ``meta`` device (no storage), so the numbers come from
the cells actually used by the claims, not from a formula typed in by hand;
:func:`formula_count` is the closed form they are tested against.

The printed totals ("about 12 million", "about 2.2 million") are judged by the rule
:func:`about`: the count, rounded to the printed precision (the unit of the last printed
digit), equals the printed value.

References
----------
grurntn §IV-A (PTB, vocabulary 10,000), §IV-B "Experiment Models"; Eq. 3–11,
18, 19.
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal
from typing import Any

from ..errors import DTypeError, UsageError

__all__ = [
    "MODELS",
    "PUBLISHED",
    "about",
    "formula_count",
    "model_param_count",
    "printed_unit",
]

#: Model name → (cell class name, keyword arguments).
MODELS = {
    "GRURNN": ("GRUCell", {}),
    "GRURNTN": ("GRURNTN", {"form": "eq18"}),
    "LSTMRNN": ("LSTMCell", {}),
    "LSTMRNTN": ("LSTMRNTN", {}),
}

#: The settings and totals printed in §IV-B.  ``hidden`` as printed; the character
#: level prints "600 for LSTMRNTN" (LSTMRNTN already has 256; LSTMRNN has none).
PUBLISHED = {
    "word": {
        "vocab_size": 10_000,
        "embedding": 128,
        "hidden": {"GRURNTN": 256, "LSTMRNTN": 256, "GRURNN": 860, "LSTMRNN": 740},
        "total": {"GRURNN": "12", "GRURNTN": "12", "LSTMRNN": "13", "LSTMRNTN": "13"},
    },
    "char": {
        "vocab_size": None,
        "embedding": 32,
        "hidden": {"GRURNTN": 256, "LSTMRNTN": 256, "GRURNN": 820},
        "printed_600_for": "LSTMRNTN",
        "total": {"GRURNN": "2.2", "GRURNTN": "2.2", "LSTMRNN": "2.6", "LSTMRNTN": "2.6"},
    },
}


def _size(value, name: str) -> int:
    """A model size: an integer (bool excluded) >= 1, else DTypeError / UsageError."""
    import numbers

    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise DTypeError(f"{name} must be an integer >= 1; got {value!r} ({type(value).__name__})")
    if int(value) < 1:
        raise UsageError(f"{name} must be an integer >= 1; got {int(value)}")
    return int(value)


def model_param_count(
    model: str, *, vocab_size: int, embedding: int, hidden: int, peephole: str | None = "full"
) -> dict:
    """Trainable parameters of one §IV-B language model, by part.

    Parameters
    ----------
    model : {"GRURNN", "GRURNTN", "LSTMRNN", "LSTMRNTN"}
    vocab_size, embedding, hidden : int
        ``|V|``, ``E`` (= the cell input size ``i``) and ``d``.
    peephole : {"full", "diagonal", None}
        LSTM peepholes as ``d × d`` matrices (Eq. 3–6 as written) or vectors.

    Returns
    -------
    dict
        ``embedding, cell, tensor, output, total`` (``tensor`` = ``W_tsr`` inside ``cell``).
    """
    import torch

    from . import gated

    if not isinstance(model, str) or model not in MODELS:
        raise UsageError(f"model must be one of {sorted(MODELS)}; got {model!r}")
    vocab_size, embedding, hidden = (
        _size(v, k)
        for v, k in ((vocab_size, "vocab_size"), (embedding, "embedding"), (hidden, "hidden"))
    )
    cls_name, model_kw = MODELS[model]
    kw: dict[str, Any] = dict(model_kw, dtype=torch.float32, device="meta")
    if model.startswith("LSTM"):
        kw["peephole"] = peephole
    cell = getattr(gated, cls_name)(embedding, hidden, **kw)
    emb = torch.nn.Embedding(vocab_size, embedding, device="meta")
    out = torch.nn.Linear(hidden, vocab_size, device="meta")
    parts = {
        "embedding": sum(p.numel() for p in emb.parameters()),
        "cell": cell.n_params,
        "tensor": cell.W_tsr.numel() if hasattr(cell, "W_tsr") else 0,
        "output": sum(p.numel() for p in out.parameters()),
    }
    parts["total"] = parts["embedding"] + parts["cell"] + parts["output"]
    return parts


def formula_count(
    model: str, *, vocab_size: int, embedding: int, hidden: int, peephole: str | None = "full"
) -> int:
    """Closed form: ``V·E + g(E·d + d² + d) + [i·d·d] + [3·d² | 3·d] + d·V + V`` with
    ``g = 3`` (GRU) or ``4`` (LSTM)."""
    V, E, d = vocab_size, embedding, hidden
    g = 3 if model.startswith("GRU") else 4
    n = V * E + g * (E * d + d * d + d) + d * V + V
    if model.endswith("RNTN"):
        n += E * d * d
    if model.startswith("LSTM") and peephole is not None:
        n += 3 * (d * d if peephole == "full" else d)
    return n


def printed_unit(printed: str) -> Decimal:
    """The unit of the last printed digit of a value in millions (``"2.2"`` → 0.1)."""
    exponent = Decimal(printed).as_tuple().exponent
    if not isinstance(exponent, int):  # "NaN", "Infinity": no last digit
        raise UsageError(f"printed must be a finite number; got {printed!r}")
    return Decimal(1).scaleb(exponent)


def about(count: int, printed: str) -> dict:
    """The closeness rule for "about <printed> million": ``count / 10⁶`` rounded (half to
    even) to the printed precision equals the printed value.

    Justification: §IV-B prints each total to one digit ("about 12 million", "about 2.2
    million") and states no tolerance, so the printed value carries exactly the precision
    of its last digit; a count agrees with it when it rounds to it (a deviation of at most
    half a unit of that digit).  ``relative_deviation = (count/10⁶ − printed) / printed``
    is returned alongside so the size of each miss is on record.

    Examples
    --------
    >>> about(12_441_620, "12")["holds"], about(12_534_288, "12")["holds"]
    (True, False)
    """
    unit = printed_unit(printed)
    millions = Decimal(int(count)) / Decimal(10**6)
    rounded = millions.quantize(unit, rounding=ROUND_HALF_EVEN)
    return {
        "count": int(count),
        "millions": float(millions),
        "rounded": str(rounded),
        "printed": printed,
        "unit_millions": str(unit),
        "holds": rounded == Decimal(printed),
        "relative_deviation": float((millions - Decimal(printed)) / Decimal(printed)),
    }
