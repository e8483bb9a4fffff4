"""A counterexample of an errata entry in words: what was compared and where, the values
and the sizes, with the toolkit's keys written as a reader of the paper reads them (probe
sizes apart from the model's, 0-based positions said, nested check labels said once)."""

from __future__ import annotations

import re

from ..errors import DTypeError

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


#: Parameters that size a probe of the check (samples drawn, paths simulated, a batch),
#: not the model: a counterexample lists them apart from the model's sizes.
_PROBE_KEYS = frozenset({"samples", "sample", "paths", "batch", "batches", "batch_size",
                         "fig5_samples", "k_symbolic", "n_samples", "train"})


def _is_probe(key: str) -> bool:
    return key in _PROBE_KEYS or key.startswith(("probe_", "span_"))


def _where_words(where: str) -> str:
    """A counterexample's place in the check in words: ``part 'x'`` → ``check: x``,
    ``reading 'r'`` → ``under reading “r”`` (the reading's text follows on the sheet)."""
    bits, parts = [], []
    for piece in str(where).split(" / "):
        m = re.fullmatch(r"(part|reading) (['\"])(.*)\2", piece.strip())
        if not m:
            bits.append(piece.strip())
        elif m.group(1) == "reading":
            bits.append(f"under reading “{m.group(3)}”")
        elif not parts or not _repeats(m.group(3), parts[-1]):
            parts.append(m.group(3))
    # a part inside a part is said once ("check: outer › inner"), an inner label that only
    # repeats the outer one's words is left out
    if parts:
        bits.append("check: " + " › ".join(parts))
    return "; ".join(dict.fromkeys(bits))


def _repeats(label: str, outer: str) -> bool:
    """Whether every word of ``label`` is already in ``outer``."""
    words = lambda t: set(re.split(r"[\s,;:]+", t.strip())) - {""}  # noqa: E731
    return words(label) <= words(outer)


def _entry_words(entry) -> str:
    """Where in the compared arrays: tuples and integers are 0-based indices, said so."""
    if isinstance(entry, bool) or not isinstance(entry, (int, list, tuple)):
        return f"at {_fmt(entry)}"
    if isinstance(entry, int):
        return f"at position {entry} (0-based, row-major) of the compared values"
    return f"at index {_fmt(entry)} (0-based)"


def _key_words(key) -> str:
    """A detail's name in words where it is a code identifier of whole words
    (``cut_after_mode`` → "cut after mode"); a name with a one- or two-letter piece
    (``r_min``, ``mod_p_rank``) is notation and stays as it is."""
    key = str(key)
    if not re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)+", key):
        return key                  # already words, or notation (|x_k|, E|x_k|^2)
    pieces = key.split("_")
    return " ".join(pieces) if all(len(p) > 2 for p in pieces) else key


def describe_counterexample(ce: dict | None) -> str:
    """One sentence saying what a counterexample shows, with its numbers named: the
    comparison, where in the check (which check, under which reading), the entry (0-based
    indices, said so), the computed value against the wanted one, the model's sizes apart
    from the probe's (samples, paths, batches) and the seed (only for a check that drew
    random numbers).

    Examples
    --------
    >>> describe_counterexample({"compared": "ranks of the unfoldings", "got": [16],
    ...                          "want": [15], "params": {"n": 4}, "seed": 7})
    'ranks of the unfoldings: computed (16), wanted (15) (sizes n = 4; seed 7).'
    >>> describe_counterexample({"compared": "a vs b", "where": "part 'x'", "entry": [1, 0],
    ...                          "value": 0.5, "reference": 1.0, "params": {"n": 2,
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
    params, seed = ce.pop("params", None), ce.pop("seed", None)
    bits = []
    if "entry" in ce:
        bits.append(_entry_words(ce.pop("entry")))
    if "value" in ce and "reference" in ce:
        bits.append(f"computed {_fmt(ce.pop('value'))} against the reference "
                    f"{_fmt(ce.pop('reference'))}")
    if "printed" in ce and "formula_range" in ce:
        lo, hi = ce.pop("formula_range")
        bits.append(f"printed {_fmt(ce.pop('printed'))}, while the formula gives a value "
                    f"in [{_fmt(lo)}, {_fmt(hi)}] (the interval covers every input that the "
                    f"paper's rounded figures allow)")
    if "got" in ce and "want" in ce:
        ce.pop("statement", None)            # "got a = want b": the line below says it
        at_most = "at most " if ce.pop("relation", "==") == "<=" else ""
        bits.append(f"computed {_fmt(ce.pop('got'))}, wanted {at_most}{_fmt(ce.pop('want'))}")
    bits += [str(v) if k == "why" else f"{_key_words(k)} = {_fmt(v)}" for k, v in ce.items()]
    text = compared + (f" ({_where_words(where)})" if where else "")
    if bits:
        text += ": " + "; ".join(bits)
    tail = []
    if params:
        model = {k: v for k, v in params.items() if not _is_probe(str(k))}
        probe = {k: v for k, v in params.items() if _is_probe(str(k))}
        if model:
            tail.append("sizes " + _fmt(model))
        if probe:
            tail.append("probe sizes " + _fmt(probe))
    if seed is not None:
        tail.append(f"seed {seed}")
    return text + (f" ({'; '.join(tail)})" if tail else "") + "."
