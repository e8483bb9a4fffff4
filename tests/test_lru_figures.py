"""Tests of the [lru-stats] figures (tnverify.figures.lru), in fast mode."""

import json

import numpy as np
import pytest

import tnverify.figures.lru as lf
from tnverify.errors import UsageError
from tnverify.figures import FIGURES, make_figure

NAMES = ["thesis-fig-4.7", "thesis-fig-4.8", "thesis-fig-6.8", "thesis-decay"]


@pytest.mark.parametrize("name", NAMES)
def test_fast_figure_writes_json_and_png(name, tmp_path):
    js, png = make_figure(name, tmp_path, fast=True, seed=1)
    record = json.loads(js.read_text())
    assert record["figure"] == name and png.stat().st_size > 0


def test_ginibre_radial_cdf_is_close_to_r2(tmp_path):
    d = lf._ginibre_data(True, 0)
    r = np.asarray(d["radii_sorted"])
    # scale of the Dvoretzky–Kiefer–Wolfowitz band at level 1e-6 for H = 200 radii (eigenvalues
    # are not independent, so this is a sanity scale, not a test)
    assert d["max_abs_cdf_minus_r2"] <= np.sqrt(np.log(2 / 1e-6) / (2 * r.size))


def test_products_figure_marks_exact_kurtosis():
    d = lf._products_data(True, 0, samples=20_000)
    assert d["series"]["real"]["exact_kurtosis"] == 78.0
    assert d["series"]["complex (b)"]["exact_kurtosis"] == 21.0
    assert sum(d["series"]["real"]["raw_counts"]) <= 20_000


def test_decay_fits_grow_and_decay():
    d = lf._decay_data(True, 0)
    assert d["multiplicative"]["fit"]["b"] > 0  # exponential decay
    ha = np.asarray(d["additive"]["mean_abs_h"])
    assert ha.shape == (lf.DECAY_SIZES[True]["steps"],)


def test_option_rejected_where_not_taken(tmp_path):
    assert FIGURES["thesis-fig-6.8"].options == ("samples",)
    with pytest.raises(UsageError):
        make_figure("thesis-decay", tmp_path, fast=True, options={"samples": 10})
