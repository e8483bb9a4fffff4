"""conditionals.py: the ratio-of-marginals definition and the chain rule."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tnverify.conventions import tolerance
from tnverify.definitions.conditionals import conditionals, conditionals_by_sequence
from tnverify.definitions.explicit import all_sequences
from tnverify.errors import NonFiniteError, ShapeError


@given(V=st.integers(1, 4), N=st.integers(1, 4), seed=st.integers(0, 2**32 - 1))
def test_chain_rule_recovers_the_normalised_joint(V, N, seed):
    joint = np.random.default_rng(seed).uniform(0.1, 1.0, (V,) * N)
    by_seq = conditionals_by_sequence(joint)
    seqs = all_sequences(V, N)
    chain = np.prod(by_seq[np.arange(len(seqs))[:, None], np.arange(N), seqs], axis=1)
    tol = tolerance(np.float64, n=V**N + N, norm=1.0)  # V**N summed terms, N factors
    assert np.abs(chain - (joint / joint.sum()).reshape(-1)).max() <= float(tol)
    for t, c in enumerate(conditionals(joint)):
        assert c.shape == (V,) * (t + 1)
        assert np.abs(c.sum(axis=-1) - 1).max() <= float(tol)


def test_a_prefix_without_mass_has_no_conditional():
    joint = np.array([[0.0, 0.0], [1.0, 3.0]])
    c = conditionals(joint)
    assert np.isnan(c[1][0]).all() and c[1][1].tolist() == [0.25, 0.75]


def test_validation():
    with pytest.raises(ShapeError, match="equal modes"):
        conditionals(np.ones((2, 3)))
    with pytest.raises(NonFiniteError):
        conditionals(np.array([1.0, np.nan]))
