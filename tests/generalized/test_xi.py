"""Tests of tnverify.generalized.xi: the ξ-operators of gtm §4.1, §4.2, App. B."""

import dataclasses
import math

import numpy as np
import pytest
import torch
from hypothesis import given
from hypothesis import strategies as st

from tnverify.conventions import tolerance
from tnverify.errors import UsageError
from tnverify.generalized.xi import XI_NAMES, XI_OPERATORS, XiOperator, get_xi

finite = st.floats(-50, 50, allow_nan=False)


def test_keys_and_labels():
    assert XI_NAMES == ("product", "relu", "softplus", "sum", "l2", "relu_sum")
    assert get_xi("relu").label == "max(x, y, 0)"
    assert get_xi(XI_OPERATORS["l2"]) is XI_OPERATORS["l2"]


def test_unknown_key_lists_keys():
    with pytest.raises(UsageError, match="product"):
        get_xi("tanh")


@pytest.mark.parametrize(
    "x,y,name,want",
    [
        (2.0, 3.0, "product", 6.0),
        (-2.0, -3.0, "relu", 0.0),
        (-2.0, 3.0, "relu", 3.0),
        (0.0, 0.0, "softplus", math.log(2.0)),
        (3.0, 4.0, "l2", 5.0),
        (-1.0, 2.0, "sum", 1.0),
        (-1.0, 2.0, "relu_sum", 2.0),
        (3.0, 2.0, "relu_sum", 5.0),
    ],
)
def test_pinned_values(x, y, name, want):
    got = float(XI_OPERATORS[name](x, y))
    assert abs(got - want) <= float(tolerance(np.float64, n=4, norm=abs(want) + 1))


def test_stable_forms_do_not_overflow():
    assert float(XI_OPERATORS["softplus"](1000.0, 1000.0)) == pytest.approx(
        1000.0 + math.log(2.0), abs=float(tolerance(np.float64, n=2, norm=1000.0))
    )
    assert float(XI_OPERATORS["l2"](1e200, 1e200)) == pytest.approx(
        math.sqrt(2.0) * 1e200, rel=float(tolerance(np.float64, n=4))
    )


def test_units_reading_a():
    units = {k: op.unit for k, op in XI_OPERATORS.items()}
    assert units == {
        "product": 1.0,
        "relu": 0.0,
        "softplus": -math.inf,
        "sum": 0.0,
        "l2": 0.0,
        "relu_sum": 0.0,
    }
    assert not XI_OPERATORS["softplus"].unit_in_reals
    # softplus: the extended-real unit acts as an identity in IEEE arithmetic
    x = np.linspace(-5, 5, 11)
    assert np.array_equal(XI_OPERATORS["softplus"](x, -math.inf), x)


@given(st.sampled_from(XI_NAMES), st.lists(finite, min_size=1, max_size=6))
def test_reduce_is_left_fold(name, vals):
    op = XI_OPERATORS[name]
    want = vals[0]
    for v in vals[1:]:
        want = float(op(want, v))
    assert float(op.reduce(np.array(vals), axis=0)) == want
    t = op.torch_reduce(torch.tensor(vals, dtype=torch.float64), dim=0)
    assert abs(float(t) - want) <= float(tolerance(np.float64, n=4 * len(vals), norm=abs(want) + 1))


def test_reduce_empty_axis():
    with pytest.raises(UsageError):
        XI_OPERATORS["sum"].reduce(np.zeros((0, 3)), axis=0)


@given(st.sampled_from(XI_NAMES), finite, finite)
def test_torch_matches_numpy_and_has_grad(name, x, y):
    op = XI_OPERATORS[name]
    tx = torch.tensor(x, dtype=torch.float64, requires_grad=True)
    out = op.torch(tx, torch.tensor(y, dtype=torch.float64))
    ref = float(op(x, y))
    assert abs(out.item() - ref) <= float(tolerance(np.float64, n=4, norm=abs(ref) + 1))
    out.backward()
    assert tx.grad is not None and torch.isfinite(tx.grad)


@pytest.mark.parametrize("name", XI_NAMES)
def test_torch_gradient_finite_at_zero(name):
    x = torch.zeros(3, dtype=torch.float64, requires_grad=True)
    XI_OPERATORS[name].torch(x, torch.zeros(3, dtype=torch.float64)).sum().backward()
    assert torch.isfinite(x.grad).all()


def test_xi_operator_is_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        XI_OPERATORS["sum"].unit = 1.0  # type: ignore[misc]
    assert isinstance(XI_OPERATORS["sum"], XiOperator)
