"""The glossary of abbreviations (tnverify.report.glossary): every abbreviation of a
claim's title is spelled out, and a text's abbreviations give their names."""

from __future__ import annotations

import re

import pytest

from tnverify.claims import all_claims
from tnverify.errors import DTypeError
from tnverify.report.glossary import ABBREVIATIONS, spelled_out

#: capitals in titles that are not abbreviations: products of variables (T·M, M·T, L·R,
#: V·P), a section (IV-B), roman numerals, a product name
NOT_ABBREVIATIONS = {"TM", "MT", "LR", "VP", "IV-B", "II", "III", "MATLAB"}


def test_every_abbreviation_of_a_title_is_spelled_out():
    found = {
        w
        for c in all_claims()
        for w in re.findall(
            r"(?<![\w-])[0-9]?-?[A-Z][A-Za-z0-9]*[A-Z](?:-[A-Z0-9][A-Za-z0-9]*)*(?![A-Za-z0-9])",
            c.title or "",
        )
    }
    assert {"2-RNN", "RAC", "MI-RNN", "TTLM", "TSLM", "LMM"} <= found  # the scan finds them
    missing = sorted(
        w
        for w in found - NOT_ABBREVIATIONS
        if w.rstrip("s") not in ABBREVIATIONS and not spelled_out(w)
    )
    assert missing == []


def test_names_of_a_text():
    assert spelled_out("2-RNN = TTLM core") == [
        "second-order recurrent neural network",
        "second-order RNN",
        "recurrent neural network",
        "tensor train language model",
    ]
    assert spelled_out("RACs / MI-RNNs") == [
        "recurrent arithmetic circuit",
        "multiplicative integration RNN",
        "multiplicative integration",
        "recurrent neural network",
    ]
    # whole words only: no RAC in TRACE, no TT in TTLM's name twice, no MI in "MIN"
    assert spelled_out("TRACE MINOR ATTLM") == []
    assert spelled_out("LMM-MLP")[:2] == ["linear multiplicative model", "multilayer perceptron"]


def test_bad_input_is_refused():
    with pytest.raises(DTypeError):
        spelled_out(3)
