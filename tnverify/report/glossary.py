"""The abbreviations of the claims' titles and texts, spelled out (the papers' own names).

The site's search index gives a page the spelled-out names of the abbreviations it holds,
so that a search for "second-order RNN" or "recurrent arithmetic circuit" finds the
titles that write 2-RNN or RAC; the site's glossary page lists the table.

Examples
--------
>>> from tnverify.report.glossary import spelled_out
>>> spelled_out("2-RNN = TTLM core")  # doctest: +NORMALIZE_WHITESPACE
['second-order recurrent neural network', 'second-order RNN',
 'recurrent neural network', 'tensor train language model']
>>> spelled_out("RACs")
['recurrent arithmetic circuit']
"""

from __future__ import annotations

import re

from ..validation import as_text

__all__ = ["ABBREVIATIONS", "spelled_out"]

#: Each abbreviation and its spelled-out names (the first as the papers introduce it).
ABBREVIATIONS = {
    "2-RNN": ("second-order recurrent neural network", "second-order RNN"),
    "BPC": ("bits per character",),
    "BPTT": ("backpropagation through time",),
    "CP": ("canonical polyadic decomposition", "CANDECOMP/PARAFAC"),
    "GRU": ("gated recurrent unit",),
    "GRURNTN": ("gated recurrent unit recurrent neural tensor network",),
    "KL": ("Kullback-Leibler divergence",),
    "KS": ("Kolmogorov-Smirnov test",),
    "LMM": ("linear multiplicative model",),
    "LSTM": ("long short-term memory",),
    "LSTMRNN": ("long short-term memory recurrent neural network",),
    "LSTMRNTN": ("long short-term memory recurrent neural tensor network",),
    "MI": ("multiplicative integration",),
    "MI-RNN": ("multiplicative integration RNN",),
    "MLP": ("multilayer perceptron",),
    "MMn": ("min-max normalization",),
    "MPS": ("matrix product state",),
    "NLL": ("negative log-likelihood",),
    "PPL": ("perplexity",),
    "PTB": ("Penn Treebank",),
    "RAC": ("recurrent arithmetic circuit",),
    "RNN": ("recurrent neural network",),
    "RecNTN": ("recursive neural tensor network",),
    "RNTN": ("recurrent neural tensor network",),
    "SVD": ("singular value decomposition",),
    "TSLM": ("tensor space language model",),
    "TT": ("tensor train",),
    "TT-SVD": ("tensor-train singular value decomposition",),
    "TTLM": ("tensor train language model",),
}

# an abbreviation as a word of its own (a hyphen separates: the RNN of 2-RNN, the TT of
# TT-SVD), or with a plural s; the longest first (2-RNN before RNN)
_FOUND = re.compile(
    r"(?<![A-Za-z0-9])("
    + "|".join(re.escape(a) for a in sorted(ABBREVIATIONS, key=len, reverse=True))
    + r")s?(?![A-Za-z0-9])"
)


def spelled_out(text) -> list[str]:
    """The spelled-out names of the abbreviations in a text, each once, in order.

    Parameters
    ----------
    text : str
        A title or a page's text.

    Returns
    -------
    list of str
        The names of :data:`ABBREVIATIONS` of every abbreviation the text holds (a
        hyphenated one also gives the names of its parts).
    """
    text = as_text(text, "text")
    names: dict[str, None] = {}
    for m in _FOUND.finditer(text):
        abbr = m.group(1)
        parts = [abbr] + [p for p in re.split(r"-", abbr) if p in ABBREVIATIONS and p != abbr]
        for p in parts:
            names.update(dict.fromkeys(ABBREVIATIONS[p]))
    return list(names)
