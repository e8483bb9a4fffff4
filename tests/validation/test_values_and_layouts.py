"""Regression tests: wrong answers from a dtype or a default,
shapes accepted and mis-read, errors outside the hierarchy."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
import torch

import tnverify as tv
import tnverify.errors as errors
from tnverify import equivalences as eq
from tnverify.cells import ttlm
from tnverify.cells import ttlm_variants as tvc
from tnverify.cells.generalized import GeneralizedRNNModule
from tnverify.claims.printed_numbers import judge_printed
from tnverify.errors import (
    DTypeError,
    NonFiniteError,
    NormalizationError,
    ShapeError,
    StructureError,
    TnverifyError,
    UsageError,
)
from tnverify.generalized import grid

R, V = 2, 3
rng = np.random.default_rng(7)


def n(*shape):
    return rng.standard_normal(shape)


# -- root cause: a dtype cast before the check ---------------------------------------------
def test_grid_tensor_refuses_an_integer_torch_dtype():
    net = grid.random_shallow(2, 3, 2, "relu", 0)
    for dtype in (torch.int64, torch.bool, "int64"):
        with pytest.raises(DTypeError):  # int64 truncated the weights
            tv.grid_tensor(net, backend="torch", dtype=dtype)
    ref = tv.grid_tensor(net)
    got = tv.grid_tensor(net, backend="torch", dtype=torch.float64)
    assert np.array_equal(np.asarray(got), ref) or np.allclose(
        np.asarray(got), ref, rtol=0, atol=1e-12 * np.abs(ref).max()
    )


def test_generalized_rnn_module_checks_weights_before_casting():
    net = grid.random_generalized_rnn(2, 3, 2, "relu", 0)
    with pytest.raises(DTypeError, match="complex"):
        GeneralizedRNNModule([c + 1j for c in net.C], net.G, "relu")
    with pytest.raises(DTypeError):
        GeneralizedRNNModule(net.C, net.G, "relu", dtype=torch.int64)


def test_cells_refuse_integer_dtypes_and_bad_devices_before_any_cast():
    for build in (
        lambda **kw: tvc.UniformTTLM(n(V, R), n(R, V, R), **kw),
        lambda **kw: ttlm.TTScorer([n(1, V, 1)], **kw),
    ):
        with pytest.raises(DTypeError):
            build(dtype=torch.int64)
        with pytest.raises(DTypeError):
            build(device=3)


# -- root cause: judge_printed read any input ----------------------------------------------
def test_judge_printed_validates_its_callable_inputs_and_nan_corners():
    gain = lambda a, b: 100 * (a - b) / a  # noqa: E731
    assert judge_printed("gain", "10.0", gain, ["120.1", "108.1"]).verdict == "holds"
    with pytest.raises(DTypeError, match="callable"):
        judge_printed("gain", "10.0", None, ["120.1", "108.1"])
    for inputs in (None, np.array(["120.1", "108.1"]), "120.1"):
        with pytest.raises(DTypeError):
            judge_printed("gain", "10.0", gain, inputs)
    # a NaN corner used to drop out of min/max and decide the verdict
    nan_corner = lambda a: float("nan") if a > 1.0 else a  # noqa: E731
    with pytest.raises(NonFiniteError, match="NaN"):
        judge_printed("x", "1.0", nan_corner, ["1.0"])
    with pytest.raises(NonFiniteError):
        judge_printed("x", "1.0", lambda a, b: a / b, ["1.0", (0.0, 1.0)])  # a / 0


# -- root cause: labels that named the wrong entry ------------------------------------------
def test_compare_values_labels_name_the_entry_that_fails():
    from tnverify.claims.compare import compare_values

    got, ref = np.array([[0.0, 0.0], [0.0, 1.0]]), np.zeros((2, 2))
    assert (
        compare_values("x", got, ref, n=1, labels=["a", "b", "c", "d"]).counterexample["entry"]
        == "d"
    )
    # one label per row: the row's label and the index within the row (entry 3 is not
    # labels[3], which does not exist, nor labels[1] alone)
    assert compare_values("x", got, ref, n=1, labels=["a", "b"]).counterexample["entry"] == ["b", 1]
    with pytest.raises(ShapeError, match="labels"):
        compare_values("x", got, ref, n=1, labels=["a", "b", "c"])


# -- root cause: a total that overflows, a total that is zero ------------------------------
def test_conditionals_of_a_joint_beyond_the_float_range():
    joint = np.array([[1.0, 3.0], [2.0, 2.0]])
    big = tv.conditionals(joint * 1e307)  # Σ overflowed to inf: 0 and NaN
    for got, want in zip(big, tv.conditionals(joint)):
        assert np.allclose(got, want, rtol=4 * np.finfo(float).eps, atol=0)
    assert big[0].tolist() == [0.5, 0.5]


def test_zero_total_mass_is_refused_not_nan():
    with pytest.raises(NormalizationError):
        tv.conditionals(np.zeros((2, 2)))
    scorer = ttlm.TTScorer([np.zeros((1, 2, 1)), np.zeros((1, 2, 1))])
    with pytest.raises(NormalizationError, match="Z is 0"):
        tvc.exact_conditionals(scorer, np.array([[0, 1]]))
    assert issubclass(NormalizationError, errors.NonFiniteError)


def test_ttlm_large_without_w_eh_is_refused():
    with pytest.raises(UsageError, match="TTLMTiny"):  # it silently built a TTLM-Tiny
        tvc.TTLMLarge(n(V, R, R), None, n(R, R), n(R, R, R), n(R))


def test_exact_rank_refuses_bool_matrices():
    for m in (np.eye(2, dtype=bool), [[True, False], [False, True]], [[1, True]]):
        with pytest.raises(DTypeError, match="bool"):
            tv.exact_rank(m)
        with pytest.raises(DTypeError, match="bool"):
            tv.rank_mod_p(m)


# -- root cause: an augmented core split without its carry ---------------------------------
def test_split_augmented_core_checks_the_carry_and_names_both_layouts():
    cell = tvc.TTLMTiny(n(V, R, R), n(R, R), n(R, R, R), n(R), b_hh=n(R))
    G = cell.augmented_core()  # (R+1, |V|, R+1)
    with pytest.raises(ShapeError, match="'ttlm' layout"):
        eq.split_augmented_core(G)  # used to return |V|-1 words
    assert eq.split_augmented_core(G, layout="ttlm")["bias"].shape == (V, R)
    random_core = n(R + 1, V + 1, R + 1)
    with pytest.raises(ShapeError, match="carry"):
        eq.split_augmented_core(random_core)
    with pytest.raises(ShapeError, match="carry"):
        eq.augmented_step(random_core, np.ones(R + 1), np.ones(V + 1))


def test_split_of_a_ttlm_core_gives_the_bilinear_core_and_the_bias_rows():
    W_xe, W_hh, P, h0, b = n(V, R, R), n(R, R), n(R, R, R), n(R), n(R)
    plain = tvc.TTLMTiny(W_xe, W_hh, P, h0).tt_core().detach().numpy()
    blocks = eq.split_augmented_core(
        tvc.TTLMTiny(W_xe, W_hh, P, h0, b_hh=b).augmented_core(), layout="ttlm"
    )
    assert np.array_equal(blocks["bilinear"], plain)
    assert not np.array_equal(blocks["bias"], np.zeros((V, R)))


# -- root cause: errors outside the hierarchy ----------------------------------------------
def test_tt_core_of_a_biased_cell_raises_a_package_error():
    cell = tvc.TTLMTiny(n(V, R, R), n(R, R), n(R, R, R), n(R), b_hh=n(R))
    with pytest.raises(StructureError, match="augmented_core") as info:
        cell.tt_core()
    assert isinstance(info.value, TnverifyError) and isinstance(info.value, NotImplementedError)


def test_every_error_a_user_can_meet_is_in_the_readme_table_with_its_base():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    start = readme.index("<!-- errors-start -->")
    table = readme[start : readme.index("<!-- errors-end -->", start)]
    rows = {m.group(1): m.group(0) for m in re.finditer(r"^\| `(\w+)`[^|]*\|", table, re.M)}
    for name in errors.__all__:
        cls = getattr(errors, name)
        if cls is errors.TnverifyError:
            continue
        assert name in rows, f"{name} is not in the README's error table"
        assert issubclass(cls, TnverifyError)
        # the row names every base a caller might catch it by, beyond ValueError
        bases = [
            b.__name__
            for b in (TypeError, ImportError, NotImplementedError, OSError)
            if issubclass(cls, b)
        ]
        bases += [
            b.__name__
            for b in cls.__mro__[1:]
            if b.__module__ == errors.__name__ and b is not TnverifyError
        ]
        for base in bases:
            assert f"`{base}`" in rows[name], f"{name}'s row does not name its base {base}"
