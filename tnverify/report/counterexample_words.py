"""A counterexample of an errata entry in words: what was compared and where, the values
and the sizes, with the toolkit's keys written as a reader of the paper reads them (probe
sizes apart from the model's, 0-based positions said, nested check labels said once)."""

from __future__ import annotations

import math
import re

import numpy as np

from ..errors import DTypeError
from .size_names import is_probe, size_name

__all__ = ["describe_counterexample"]


def _fmt(x) -> str:
    """A value in words: floats to 6 significant digits (the sheets must not change with
    the BLAS thread count, which moves the last digits), sequences as (a, b), mappings as
    'k = v' lists."""
    if isinstance(x, bool):
        return "yes" if x else "no"
    if isinstance(x, float):
        return f"{x:.6g}"
    if isinstance(x, complex):
        return f"{x.real:.6g}{x.imag:+.6g}i"
    if isinstance(x, dict):
        if set(x) == {"real", "imag"}:
            return f"{x['real']:.6g}{x['imag']:+.6g}i"
        return ", ".join(f"{k} = {_fmt(v)}" for k, v in x.items())
    if isinstance(x, (list, tuple)):
        return "(" + ", ".join(_fmt(v) for v in x) + ")"
    return str(x)


def _is_size(v) -> bool:
    """A number, or a sequence of them (a shape, TT-ranks): not a flag, a label or None."""
    if isinstance(v, (list, tuple)):
        return bool(v) and all(_is_size(x) for x in v)
    return isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(
        v, (bool, np.bool_)
    )


def _sizes_words(sizes: dict, paper: str | None = None) -> str:
    """``k = v`` for each size, its name in the paper's notation where
    :data:`~tnverify.report.size_names.SIZE_NOTATION` has one (``vocab_size`` → ``|V|``)."""
    return ", ".join(f"{size_name(k, paper)} = {_fmt(v)}" for k, v in sizes.items())


def _where_words(where: str, texts=None) -> str:
    """A counterexample's place in the check in words: ``part 'x'`` → ``check: x``,
    ``reading 'r'`` → ``under reading “r”``, or, where ``texts`` gives the text of every
    reading named (the sheet prints them beneath the sentence, without their short keys),
    ``under the reading below``."""
    bits: list[str] = []
    parts: list[str] = []
    named: list[str] = []
    for piece in str(where).split(" / "):
        m = re.fullmatch(r"(part|reading) (['\"])(.*)\2", piece.strip())
        if not m:
            bits.append(piece.strip())
        elif m.group(1) == "reading":
            named.append(m.group(3))
            bits.append(f"under reading “{m.group(3)}”")
        elif not parts or not _repeats(m.group(3), parts[-1]):
            parts.append(m.group(3))
    if named and texts is not None and all(n in texts for n in named):
        bits = [b for b in bits if not b.startswith("under reading “")]
        bits.insert(
            0, "under the reading below" if len(set(named)) == 1 else "under the readings below"
        )
    # a part inside a part is said once ("check: outer › inner"), an inner label that only
    # repeats the outer one's words is left out
    if parts:
        bits.append("check: " + " › ".join(parts))
    return "; ".join(dict.fromkeys(bits))


def _repeats(label: str, outer: str) -> bool:
    """Whether every word of ``label`` is already in ``outer``."""
    words = lambda t: set(re.split(r"[\s,;:]+", t.strip())) - {""}  # noqa: E731
    return words(label) <= words(outer)


def _entry_words(entry, shape=None) -> str:
    """Where in the compared arrays: tuples and integers are 0-based indices, said so; a
    flat position in an array whose ``shape`` is recorded is given as its index there."""
    if isinstance(entry, bool) or not isinstance(entry, (int, list, tuple)):
        return f"at {_fmt(entry)}"
    if isinstance(entry, int):
        if shape:
            index = tuple(int(i) for i in np.unravel_index(entry, tuple(shape)))
            return (
                f"at index {_fmt(list(index))} (0-based) of the compared values, an "
                f"array of shape {_fmt(list(shape))}"
            )
        return f"at position {entry} (0-based, row-major) of the compared values"
    return f"at index {_fmt(entry)} (0-based)"


def _key_words(key) -> str:
    """A detail's name in words where it is a code identifier of whole words
    (``cut_after_mode`` → "cut after mode", ``distance_at_least`` → "distance at least");
    a name with another one- or two-letter piece (``r_min``, ``mod_p_rank``) is notation
    and stays as it is."""
    key = str(key)
    if not re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)+", key):
        return key  # already words, or notation (|x_k|, E|x_k|^2)
    pieces = key.split("_")
    return (
        " ".join(pieces)
        if all(len(p) > 2 or p in _SHORT_WORDS for p in pieces[1:]) and len(pieces[0]) > 2
        else key
    )


#: Two-letter English words that a code identifier of words may hold (``cut_at_mode``).
_SHORT_WORDS = frozenset({"at", "of", "to", "in", "by", "on", "or", "vs", "is"})


def _end(x, side: str = "") -> str:
    """An interval end: an integer-valued one as an integer (a count), ±inf as ±∞, a float
    with at most 12 significant digits as it is (``2.318336``), a longer one rounded to 6
    digits outward (``side`` "lo" down, "hi" up), so the interval shown contains the true
    one: a lower bound is never rounded up.

    >>> _end(2.318336, "lo"), _end(2 / 3, "lo"), _end(2 / 3, "hi"), _end(2e6)
    ('2.318336', '0.666666', '0.666667', '2000000')
    >>> _end(1.2345678e-7, "lo"), _end(1.2345678e-7, "hi"), _end(1.5e-7, "lo")
    ('1.23456e-07', '1.23457e-07', '1.5e-07')
    """
    if isinstance(x, float) and x in (float("inf"), float("-inf")):
        return "∞" if x > 0 else "−∞"
    if isinstance(x, float) and x.is_integer() and abs(x) < 1e15:
        return str(int(x))
    if isinstance(x, float) and math.isfinite(x) and x != 0:
        text = repr(x)
        digits = text.lower().split("e")[0].lstrip("-").replace(".", "").strip("0")
        if len(digits) <= 12 and "e" not in text.lower():
            return text
        if side in ("lo", "hi") and len(digits) > 6:
            step = 10.0 ** (math.floor(math.log10(abs(x))) - 5)
            n = math.floor(x / step) if side == "lo" else math.ceil(x / step)
            return f"{n * step:.6g}"
    return _fmt(x)


def _interval(lo, hi) -> str:
    return f"[{_end(lo, 'lo')}, " + (f"{_end(hi, 'hi')}]" if _end(hi) != "∞" else "∞)")


def _printed_words(ce: dict) -> str:
    """A printed number against the formula's range (:func:`tnverify.claims.printed_numbers.
    judge_printed`), with what the range is taken over: each input of the formula and the
    interval it ranges over (its rounding interval, or a range of exact values), so that a
    reader can recompute it."""
    lo, hi = ce.pop("formula_range")
    printed = ce.pop("printed")
    text = f"printed {_fmt(printed)}"
    if "printed_interval" in ce:
        text += f" (the values that round to it: {_interval(*ce.pop('printed_interval'))})"
    text += f", while the formula gives a value in {_interval(lo, hi)}"
    inputs = ce.pop("inputs", None)
    if not inputs:
        return text + (" (the interval covers every input that the paper's rounded figures allow)")
    said = []
    for item in inputs:
        name, shown, (a, b) = item.get("name", ""), item.get("printed", ""), item["interval"]
        if shown:
            who = f"{name} = {shown}" if name else f"the printed input {shown}"
            said.append(f"{who} taken anywhere in its rounding interval {_interval(a, b)}")
        else:
            who = name or "the input"
            said.append(
                f"{who} taken anywhere in {_interval(a, b)} (a range of exact values, "
                f"not a rounding interval)"
            )
    return (
        text
        + ": its range with "
        + " and ".join(said)
        + "; every other number in the formula is exact"
    )


def describe_counterexample(
    ce: dict | None, readings: dict | None = None, paper: str | None = None
) -> str:
    """One sentence saying what a counterexample shows, with its numbers named: the
    comparison, where in the check (which check, under which reading), the entry (0-based
    indices, said so), the computed value against the wanted one, the sizes of the
    failing comparison (``ce["sizes"]``: the model's apart from the probe's, samples,
    paths, batches; in the paper's notation, :mod:`tnverify.report.size_names`) and the
    seed (only for a check that drew random numbers).  The case's parameters
    (``ce["params"]``, what re-runs the case) are not sizes of the comparison and are not
    printed: a part that used a few of them records those as its sizes.  ``readings`` (name → text, optional) holds the texts of the readings
    the counterexample names, printed beneath it: the sentence then points to them
    ("under the reading below") instead of naming their short keys.  ``paper`` (a paper
    key, optional) picks that paper's symbols for the sizes
    (:func:`~tnverify.report.size_names.size_name`).

    Examples
    --------
    >>> describe_counterexample({"compared": "ranks of the unfoldings", "got": [16],
    ...                          "want": [15], "sizes": {"vocab_size": 4},
    ...                          "params": {"vocab_size": 4, "length": 6}, "seed": 7})
    'ranks of the unfoldings: computed (16), wanted (15) (sizes |V| = 4; seed 7).'
    >>> describe_counterexample({"compared": "a vs b", "where": "part 'x'", "entry": [1, 0],
    ...                          "value": 0.5, "reference": 1.0, "sizes": {"n": 2,
    ...                          "samples": 10}, "seed": None})
    'a vs b (check: x): at index (1, 0) (0-based); computed 0.5 against the reference 1 (sizes n = 2; probe sizes samples = 10).'
    """
    if ce is not None and not isinstance(ce, dict):
        raise DTypeError(f"ce must be a counterexample dict or None; got {type(ce).__name__}")
    if not ce:
        return ""
    ce = dict(ce)
    compared = ce.pop("compared", "the comparison")
    where = ce.pop("where", None)
    ce.pop("params", None)  # what re-runs the case, not the check's sizes
    sizes, seed = ce.pop("sizes", None), ce.pop("seed", None)
    bits = []
    shape = ce.pop("entry_shape", None)
    if "entry" in ce:
        bits.append(_entry_words(ce.pop("entry"), shape))
    if "value" in ce and "reference" in ce:
        bits.append(
            f"computed {_fmt(ce.pop('value'))} against the reference {_fmt(ce.pop('reference'))}"
        )
    if "printed" in ce and "formula_range" in ce:
        bits.append(_printed_words(ce))
    if "got" in ce and "want" in ce:
        ce.pop("statement", None)  # "got a = want b": the line below says it
        at_most = "at most " if ce.pop("relation", "==") == "<=" else ""
        bits.append(f"computed {_fmt(ce.pop('got'))}, wanted {at_most}{_fmt(ce.pop('want'))}")
    bits += [str(v) if k == "why" else f"{_key_words(k)} = {_fmt(v)}" for k, v in ce.items()]
    if paper is not None and not isinstance(paper, str):
        raise DTypeError(f"paper must be a paper key (str) or None; got {type(paper).__name__}")
    if readings is not None and not isinstance(readings, dict):
        raise DTypeError(
            f"readings must be a dict (name -> text) or None; got {type(readings).__name__}"
        )
    text = compared + (f" ({_where_words(where, readings)})" if where else "")
    if bits:
        text += ": " + "; ".join(bits)
    tail = []
    if sizes is not None and not isinstance(sizes, dict):
        raise DTypeError(f"ce['sizes'] must be a dict (name -> size); got {type(sizes).__name__}")
    # a flag or a label among them (``complex = no``) chooses a variant, it sizes nothing
    sizes = {k: v for k, v in (sizes or {}).items() if _is_size(v)}
    if sizes:
        model = {k: v for k, v in sizes.items() if not is_probe(str(k), paper)}
        probe = {k: v for k, v in sizes.items() if is_probe(str(k), paper)}
        if model:
            tail.append("sizes " + _sizes_words(model, paper))
        if probe:
            tail.append("probe sizes " + _sizes_words(probe, paper))
    if seed is not None:
        tail.append(f"seed {seed}")
    return text + (f" ({'; '.join(tail)})" if tail else "") + "."
