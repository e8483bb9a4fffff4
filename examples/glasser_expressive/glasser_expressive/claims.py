"""Claims of Glasser et al. 2019 (NeurIPS; arXiv:1907.03741), checked on small instances
with certified (exact) ranks; pytest collects them as tests.  Only the paper's abstract
was read: the one claim with ``quote=True`` is a sentence of it, word for word; the others
are paraphrases (standard consequences of the factorizations it names), labelled so."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import tnverify
from glasser_expressive import models as gm
from tnverify.testing.strategies import exact_tensor_trains, seeds

ABSTRACT = tnverify.Ref("glasser2019", "Abstract")


@tnverify.claim("glasser-hmm-nonneg-tt", refs=ABSTRACT, quote=True, topic="glasser-nonneg",
                statement=(
    "These factorizations include non-negative tensor-trains/MPS, which are in "
    "correspondence with hidden Markov models"))
@settings(max_examples=15, deadline=None)
@given(h=st.integers(1, 3), n=st.integers(2, 3), L=st.integers(1, 3), seed=seeds())
def test_hmm_is_a_nonnegative_tt(h, n, L, seed):
    pi, A, B = gm.random_hmm(h, n, L, np.random.default_rng(seed))
    tt = gm.hmm_tt(pi, A, B)
    paths = gm.hmm_joint_by_paths(pi, A, B)
    tnverify.check(tnverify.compare_ints("D^{2L}·P: TT entries vs sum over hidden paths",
                                         tt.full().ravel(), [paths[x] for x in sorted(paths)]))
    nonneg = int(all((c >= 0).all() for c in tt.cores))
    tnverify.check(tnverify.compare_ints("cores ≥ 0 (1 = yes), bond = hidden states",
                                         [nonneg, max(tt.ranks)], [1, h if L > 1 else 1]))


@tnverify.claim("glasser-tt-le-nonneg-tt", refs=ABSTRACT, topic="glasser-nonneg", statement=(
    "The TT rank of a non-negative tensor is at most its non-negative TT rank: every "
    "unfolding of a non-negative TT with bond dimensions r_k has rank at most r_k."))
@settings(max_examples=20, deadline=None)
@given(tt=exact_tensor_trains(max_rank=3, nonnegative=True))
def test_tt_rank_at_most_nonnegative_rank(tt):
    P = tt.full()
    ranks = [tnverify.matricization_rank(P, range(k)) for k in range(1, tt.ndim)]
    tnverify.check(tnverify.compare_ints(ranks, list(tt.ranks[1:-1]), relation="<=",
                                         names=("TT ranks", "non-negative bonds")))


@tnverify.claim("glasser-tt-nonneg-gap", refs=ABSTRACT, topic="glasser-nonneg", statement=(
    "The TT rank can be strictly smaller than the non-negative TT rank: a distribution of "
    "two 4-valued variables has TT rank 3 and non-negative TT rank 4 (a small instance of "
    "the separations)."))
def test_rank_below_nonnegative_rank():
    M = gm.rank_nonneg_gap_matrix()                       # P = M / M.sum()
    fool = gm.fooling_set(M)                              # non-negative rank ≥ len(fool)
    tnverify.check(tnverify.compare_ints(tnverify.matricization_rank(M, (0,)), 3,
                                         names=("TT rank", "claimed")))
    tnverify.check(tnverify.compare_ints(len(fool), 4, relation=">=",
                                         names=("fooling set size", "n")))


SHAPE, R = (2, 2, 2, 2), 2                             # middle unfolding: 4 × 4


def _born_rank(complex_):
    return lambda rng: tnverify.matricization_rank(
        gm.born_distribution(*gm.random_born_cores(SHAPE, R, rng, complex_=complex_)), (0, 1))


@tnverify.claim("glasser-born-real-complex", refs=ABSTRACT, topic="glasser-born", statement=(
    "The distribution |ψ|² of a Born machine of bond dimension r has TT rank at most "
    "r(r+1)/2 when ψ is real, and r² for a generic complex ψ (four binary variables, "
    "r = 2: 3 versus 4)."))
def test_real_and_complex_born_ranks(tnverify_rng):
    real = [_born_rank(False)(tnverify_rng) for _ in range(10)]
    tnverify.check(tnverify.compare_ints(real, [R * (R + 1) // 2] * 10, relation="<=",
                                         names=("real Born TT ranks", "r(r+1)/2")))
    tnverify.check(tnverify.holds_generically("complex Born TT rank = r²", _born_rank(True),
                                              R * R, draws=5, rng=1))


@tnverify.claim("glasser-nonneg-generic-rank", refs=ABSTRACT, topic="glasser-nonneg", statement=(
    "A generic non-negative TT with bond dimensions r_k at most the maximal ranks has TT "
    "ranks exactly r_k."))
def test_generic_nonnegative_tt_ranks():
    shape, ranks = (2, 3, 3, 2), (1, 2, 3, 2, 1)
    for k in range(1, len(shape)):
        tnverify.check(tnverify.holds_generically(
            f"rank of unfolding {k} = r_{k}",
            lambda rng, k=k: tnverify.matricization_rank(tnverify.random_exact_tt(
                shape, ranks, rng, bound=1, nonnegative=True).full(), range(k)),
            ranks[k], draws=8, rng=k))
