"""The table of public entry points for the boundary fuzzer (tests/test_boundary_fuzz.py).

One row per entry point: what it covers (the public object), how to call it, a valid
input, and the kind of each fuzzed argument (see tests/boundary_fuzz_kinds.py).
"""

from __future__ import annotations

import importlib
import importlib.util

import numpy as np
import torch

import tnverify as tv
from tnverify import equivalences as eq
from tnverify import tt
from tnverify.definitions import explicit, ngram
from tnverify.generalized import bounds as gb
from tnverify.generalized import constructions as gc
from tnverify.generalized import expressivity as ge
from tnverify.generalized import grid, xi
from tnverify.tt import cp

# modules whose name is shadowed by a function of the same name in the tnverify namespace
cond = importlib.import_module("tnverify.definitions.conditionals")
mz = importlib.import_module("tnverify.ranks.matricize")
tt_svd = importlib.import_module("tnverify.tt.svd")

ROWS: list[dict] = []


def row(covers, call, kinds: dict, alternatives=(), **valid):
    """Register ``call(**valid)`` as the valid call of ``covers``; ``kinds`` maps the
    fuzzed argument names to their kinds; ``alternatives`` names bad-value labels that
    are valid inputs of this entry point with a different answer (e.g. NaN values
    that ``compare_values`` must judge, not refuse), as ``label`` (every argument) or
    ``argument:label``."""
    ROWS.append(
        dict(covers=covers, call=call, kinds=kinds, valid=valid, alternatives=tuple(alternatives))
    )


R = np.random.default_rng(0)
A23 = R.standard_normal((2, 3))
A234 = R.standard_normal((2, 3, 4))
SQ = R.standard_normal((3, 3))
TT3 = tv.random_tt((2, 3, 2), 2, 0)
SHALLOW = grid.random_shallow(2, 3, 2, "relu", 0)
RNN = grid.random_generalized_rnn(2, 3, 2, "relu", 0)
F2 = np.array([[1.0, 0.5], [0.25, 1.0]])
COUNTS = np.array([10, 12, 9, 11])
SEQS = [[0, 1, 2, 1], [2, 1, 0, 0, 1]]


# ------------------------------------------------------------------ explicit / tt / ranks
row(tv.one_hot, tv.one_hot, {"index": "index", "vocab_size": "int"}, index=1, vocab_size=3)
row(
    tv.feature_tensor,
    tv.feature_tensor,
    {"sequence": "tokens", "vocab_size": "int"},
    sequence=np.array([0, 1]),
    vocab_size=2,
)
row(
    tv.feature_tensor,
    lambda sequence, features: tv.feature_tensor(sequence, features=features),
    {"features": "complex"},
    sequence=np.array([0, 1]),
    features=F2,
)
row(tv.inner, tv.inner, {"a": "complex", "b": "complex"}, a=A23, b=A23 + 1)
row(
    tv.generalized_inner,
    tv.generalized_inner,
    {"x": "complex", "modes_x": "object"},
    x=A23,
    y=A23,
    modes_x=(0,),
    modes_y=(0,),
)
row(tv.copy_tensor, tv.copy_tensor, {"order": "int", "dim": "int"}, order=2, dim=3)
row(
    explicit.all_sequences,
    explicit.all_sequences,
    {"vocab_size": "int", "length": "int"},
    vocab_size=2,
    length=3,
)
row(
    tv.sequence_tensor,
    tv.sequence_tensor,
    {"score": "callable", "vocab_size": "int", "length": "int"},
    score=lambda w: w.sum(axis=1),
    vocab_size=2,
    length=2,
)
row(
    explicit.guard_size,
    explicit.guard_size,
    {"shape": "shape", "repeat": "int"},
    shape=(2, 3),
    repeat=2,
)
row(explicit.max_entries, explicit.max_entries, {})
row(
    tv.TensorTrain,
    lambda c0, c1: tv.TensorTrain((c0, c1)),
    {"c0": "complex", "c1": "complex"},
    c0=np.ones((1, 2, 2)),
    c1=np.ones((2, 3, 1)),
)
row(tv.TensorTrain, TT3.norm, {"log": "flag"}, log=True)
row(tv.TensorTrain, lambda idx: TT3.entries(idx), {"idx": "tokens"}, idx=np.array([[0, 1, 1]]))
row(tv.TensorTrain, lambda eps: TT3.round(eps), {"eps": "tol"}, eps=1e-3)
row(tv.tt_to_full, tv.tt_to_full, {"tt": "object"}, tt=TT3)
row(tv.to_tensorly, tv.to_tensorly, {"tt": "object"}, tt=TT3)
row(tv.from_tensorly, tv.from_tensorly, {"factors": "object"}, factors=list(TT3.cores))
if importlib.util.find_spec("quimb") is not None:  # the optional interop extra
    row(tv.to_quimb, lambda tt: tv.to_quimb(tt).to_dense().shape, {"tt": "object"}, tt=TT3)
    row(
        tv.from_quimb,
        lambda mps: tv.from_quimb(mps).full(),
        {"mps": "object"},
        mps=tv.to_quimb(TT3),
    )
row(
    tv.random_tt,
    tv.random_tt,
    {"shape": "shape", "ranks": "int", "rng": "seed", "scale": "tol"},
    shape=(2, 3),
    ranks=2,
    rng=0,
    scale=1.0,
)
row(
    tt.max_tt_ranks,
    tt.max_tt_ranks,
    {"shape": "shape"},  # integers only: no
    alternatives=("huge-mode", "huge-modes"),
    shape=(2, 3, 2),
)  # allocation, any size
row(
    tv.tt_svd,
    tv.tt_svd,
    {"tensor": "complexnd", "eps": "tol", "max_rank": "num"},
    tensor=A234,
    eps=1e-3,
    max_rank=2,
)
row(tv.tt_ranks, tv.tt_ranks, {"tensor": "complexnd", "rtol": "tol"}, tensor=A234, rtol=1e-8)
row(
    tt_svd.truncation_rank,
    tt_svd.truncation_rank,
    {"singular_values": "real", "delta": "tol", "max_rank": "num"},
    singular_values=np.array([3.0, 2.0, 1.0]),
    delta=0.5,
    max_rank=2,
)
row(
    tv.CPTensor,
    tv.CPTensor,
    {"weights": "complex"},
    weights=np.ones(2),
    factors=(np.ones((2, 2)), np.ones((3, 2))),
)
row(
    cp.random_cp,
    cp.random_cp,
    {"shape": "shape", "rank": "int", "rng": "seed"},
    shape=(2, 3),
    rank=2,
    rng=0,
)
row(tv.tt_unfolding, tv.tt_unfolding, {"tensor": "complexnd", "k": "index"}, tensor=A234, k=1)
row(
    tv.matricize,
    tv.matricize,
    {"tensor": "complexnd", "row_modes": "object"},
    tensor=A234,
    row_modes=(0, 2),
)
row(tv.exact_rank, tv.exact_rank, {"matrix": "ints"}, matrix=np.array([[1, 2], [2, 4]]))
row(tv.rank_backend, tv.rank_backend, {"backend": "choice"}, backend="flint")
row(
    tv.rank_mod_p,
    tv.rank_mod_p,
    {"matrix": "ints", "p": "num"},
    matrix=np.array([[1, 2], [2, 5]]),
    p=7,
)
row(mz.NumericalRank, lambda m: tv.numerical_rank(m).rank, {"m": "complex"}, m=SQ)
row(
    tv.numerical_rank, tv.numerical_rank, {"matrix": "complex", "rtol": "tol"}, matrix=SQ, rtol=1e-8
)
JOINT3 = np.abs(R.standard_normal((2, 2, 2))) + 0.1
row(tv.conditionals, tv.conditionals, {"joint": "realnd"}, joint=JOINT3)
row(cond.conditionals_by_sequence, cond.conditionals_by_sequence, {"joint": "realnd"}, joint=JOINT3)
row(
    tv.tolerance,
    tv.tolerance,
    {"n": "num", "norm": "tol", "dtype": "dtype"},
    n=3,
    norm=2.0,
    dtype=np.float64,
)

# ------------------------------------------------------------------ generalized networks
row(tv.get_xi, tv.get_xi, {"xi": "choice"}, xi="relu")
row(xi.XiOperator, lambda a, b: tv.get_xi("relu").numpy(a, b), {}, a=A23, b=A23)
row(
    tv.ShallowNetwork,
    tv.ShallowNetwork,
    {"weights": "real", "templates": "real", "xi": "choice"},
    weights=SHALLOW.weights,
    templates=SHALLOW.templates,
    xi="relu",
)
row(tv.ShallowNetwork, lambda X: SHALLOW.score(X), {"X": "real"}, X=R.standard_normal((1, 3, 2)))
row(tv.GeneralizedRNN, tv.GeneralizedRNN, {"xi": "choice"}, C=RNN.C, G=RNN.G, xi="relu")
row(
    grid.random_shallow,
    grid.random_shallow,
    {"M": "int", "T": "int", "R": "int", "xi": "choice", "rng": "seed", "dist": "choice"},
    M=2,
    T=3,
    R=2,
    xi="relu",
    rng=0,
    dist="normal",
)
row(
    grid.random_generalized_rnn,
    grid.random_generalized_rnn,
    {"M": "int", "T": "int", "R": "int", "xi": "choice", "rng": "seed"},
    M=2,
    T=3,
    R=2,
    xi="relu",
    rng=0,
)
row(
    tv.grid_tensor,
    tv.grid_tensor,
    {"network": "object", "F": "real", "backend": "choice", "device": "device"},
    network=SHALLOW,
    F=F2,
    backend="numpy",
    device="cpu",
)
row(
    tv.grid_tensor,
    lambda dtype: tv.grid_tensor(SHALLOW, F2, backend="torch", dtype=dtype),
    {"dtype": "dtype"},
    alternatives=("None",),
    dtype=torch.float64,
)  # None: float64
row(
    grid.grid_by_evaluation,
    grid.grid_by_evaluation,
    {"network": "object", "F": "real"},
    network=SHALLOW,
    F=F2,
)
row(
    grid.grid_entries,
    grid.grid_entries,
    {"F": "real", "indices": "tokens"},
    alternatives=("None",),
    network=SHALLOW,
    F=F2,
    indices=np.array([[0, 1, 0]]),
)
row(
    grid.odd_even_matricization,
    grid.odd_even_matricization,
    {"grid": "realnd"},
    grid=np.ones((2, 2, 2, 2)),
)
row(
    grid.recursion_a3_literal,
    grid.recursion_a3_literal,
    {"network": "object", "F": "real", "new_mode": "choice"},
    network=RNN,
    F=F2,
    new_mode="last",
)
row(gb.lemma_a1_bound, gb.lemma_a1_bound, {"R": "num", "M": "num", "T": "num"}, R=2, M=3, T=4)
row(
    gb.shallow_width_lower_bound,
    gb.shallow_width_lower_bound,
    {"rank": "num", "M": "num", "T": "num"},
    rank=4,
    M=3,
    T=4,
)
row(gb.thm_5_2_bound, gb.thm_5_2_bound, {"M": "num", "R": "num", "T": "num"}, M=3, R=2, T=4)
row(
    gb.lemma_a2_rank_formula,
    gb.lemma_a2_rank_formula,
    {"M": "num", "R": "num", "T": "num"},
    M=3,
    R=2,
    T=4,
)
row(
    gb.lemma_a2_rank_bound,
    gb.lemma_a2_rank_bound,
    {"M": "num", "R": "num", "T": "num"},
    M=3,
    R=2,
    T=4,
)
row(gb.odd_even_matrix, gb.odd_even_matrix, {"grid": "realnd"}, grid=np.ones((2, 2, 2, 2)))
row(gb.is_integer_valued, gb.is_integer_valued, {"a": "values"}, a=np.array([1.0, 2.0]))
row(
    gb.grid_rank,
    gb.grid_rank,
    {"grid": "realnd", "certify": "choice"},
    grid=np.arange(16.0).reshape(2, 2, 2, 2),
    certify="auto",
)
row(gb.GridRank, lambda g: gb.grid_rank(g).rank, {"g": "realnd"}, g=np.ones((2, 2, 2, 2)))
row(
    gb.cp_rank_lower_bound,
    gb.cp_rank_lower_bound,
    {"grid": "realnd", "splits": "choice"},
    grid=np.arange(16.0).reshape(2, 2, 2, 2),
    splits="odd-even",
)
row(
    gb.CPRankBound,
    lambda g: gb.cp_rank_lower_bound(g).bound,
    {"g": "realnd"},
    g=np.ones((2, 2, 2, 2)),
)
row(
    gc.combine_networks,
    gc.combine_networks,
    {"a": "scalar", "B": "object"},
    a=1.0,
    A=RNN,
    b=2.0,
    B=RNN,
)
row(
    gc.combine_all,
    gc.combine_all,
    {"networks": "object", "coefficients": "real"},
    networks=[RNN, RNN],
    coefficients=np.array([1.0, 2.0]),
)
row(
    gc.rank_one_to_rnn,
    gc.rank_one_to_rnn,
    {"shallow": "object"},
    shallow=grid.random_shallow(2, 3, 1, "relu", 0),
)
row(gc.shallow_to_rnn, gc.shallow_to_rnn, {"shallow": "object"}, shallow=SHALLOW)
row(
    gc.one_hot_templates,
    gc.one_hot_templates,
    {"index": "tokens", "M": "int"},
    index=np.array([0, 1, 1]),
    M=2,
)
row(
    gc.one_hot_shallow,
    gc.one_hot_shallow,
    {"index": "tokens", "M": "int", "F": "real"},
    index=np.array([0, 1, 1]),
    M=2,
    F=F2,
)
row(
    gc.one_hot_network,
    gc.one_hot_network,
    {"index": "tokens", "M": "int", "F": "real"},
    index=np.array([0, 1, 1]),
    M=2,
    F=F2,
)
row(gc.or_dictionary, gc.or_dictionary, {"M": "int", "T": "int"}, M=2, T=3)
H8 = np.arange(8.0).reshape(2, 2, 2)
row(gc.universal_coefficients, gc.universal_coefficients, {"H": "realnd"}, H=H8)
row(gc.universal_shallow, gc.universal_shallow, {"H": "realnd", "F": "real"}, H=H8, F=F2)
row(gc.universal_networks, gc.universal_networks, {"H": "realnd", "F": "real"}, H=H8, F=F2)
row(
    gc.h_hat, gc.h_hat, {"H": "realnd", "F": "real", "order": "choice"}, H=H8, F=F2, order="printed"
)
row(
    gc.product_network,
    gc.product_network,
    {"H": "realnd", "F": "real", "order": "choice"},
    H=H8,
    F=F2,
    order="corrected",
)
row(gc.ProductNetworks, lambda H: gc.product_network(H, F2).H_hat, {"H": "realnd"}, H=H8)
row(
    ge.pairwise_similarity_network,
    ge.pairwise_similarity_network,
    {"M": "int", "R": "int", "T": "int"},
    M=2,
    R=2,
    T=2,
)
row(
    ge.lemma_a2_indicator,
    ge.lemma_a2_indicator,
    {"M": "int", "R": "int", "T": "int"},
    M=2,
    R=2,
    T=2,
)
row(
    ge.constant_network,
    ge.constant_network,
    {"M": "int", "R": "int", "T": "int", "F": "real"},
    M=2,
    R=2,
    T=2,
    F=F2,
)
row(
    ge.constant_grid_value,
    ge.constant_grid_value,
    {"M": "num", "R": "num", "T": "num"},
    M=2,
    R=2,
    T=2,
)
row(
    ge.perturb_network,
    ge.perturb_network,
    {"net": "object", "F": "real", "scale": "tol", "rng": "seed"},
    net=RNN,
    F=F2,
    scale=0.1,
    rng=0,
)
row(
    ge.rank_one_shallow,
    ge.rank_one_shallow,
    {"first_mode_values": "real", "F_eps": "real", "T": "int"},
    first_mode_values=np.array([1.0, 2.0]),
    F_eps=F2,
    T=3,
)

# ------------------------------------------------------------------ n-grams
row(ngram.load_corpus, ngram.load_corpus, {"name": "choice"}, name="tomita")
row(
    ngram.build_vocabulary,
    ngram.build_vocabulary,
    {"sentences": "strings"},
    sentences=[["a", "b"], ["b", "c"]],
)
row(
    ngram.encode,
    ngram.encode,
    {"sentences": "strings", "vocabulary": "strings"},
    sentences=[["a", "b"]],
    vocabulary=["a", "b"],
)
row(
    ngram.ngram_counts, ngram.ngram_counts, {"sequences": "object", "n": "num"}, sequences=SEQS, n=2
)
row(
    ngram.ngram_sparse,
    ngram.ngram_sparse,
    {"sequences": "object", "n": "int", "vocab_size": "int"},
    sequences=SEQS,
    n=2,
    vocab_size=3,
)
row(
    ngram.ngram_tensor,
    ngram.ngram_tensor,
    {"sequences": "object", "n": "int", "vocab_size": "int"},
    sequences=SEQS,
    n=2,
    vocab_size=3,
)
TSLM_T = np.abs(R.standard_normal((2, 2, 2))) + 0.1
row(
    ngram.tslm_inner,
    ngram.tslm_inner,
    {"T": "real", "vectors": "real"},
    T=TSLM_T,
    vectors=np.ones((3, 2)),
)
row(
    ngram.tslm_sentence_probability,
    ngram.tslm_sentence_probability,
    {"T": "real", "sentence": "tokens"},
    T=TSLM_T,
    sentence=np.array([0, 1, 1]),
)
row(
    ngram.tslm_prefix_probability,
    ngram.tslm_prefix_probability,
    {"T": "real", "prefix": "prefix"},
    T=TSLM_T,
    prefix=np.array([0, 1]),
)
row(
    ngram.tslm_conditional,
    ngram.tslm_conditional,
    {"T": "real", "prefix": "tokens"},
    T=TSLM_T,
    prefix=np.array([0, 1]),
)
LOGP = np.log(np.array([0.5, 0.25, 0.125]))
row(
    ngram.log_in_base,
    ngram.log_in_base,
    {"log_values": "values", "input_base": "tol", "base": "tol"},
    log_values=LOGP,
    input_base=np.e,
    base=2.0,
)
row(
    ngram.cross_entropy,
    ngram.cross_entropy,
    {"log_probs": "values", "input_base": "tol", "base": "tol"},
    log_probs=LOGP,
    input_base=np.e,
    base=2.0,
)
row(
    ngram.perplexity,
    ngram.perplexity,
    {"log_probs": "values", "input_base": "tol"},
    log_probs=LOGP,
    input_base=np.e,
)
row(
    ngram.bits_per_character,
    ngram.bits_per_character,
    {"log_probs": "values", "n_characters": "num", "input_base": "tol"},
    log_probs=LOGP,
    n_characters=5,
    input_base=np.e,
)
row(
    ngram.pair_joint,
    ngram.pair_joint,
    {"sequences": "object", "distance": "int", "vocab_size": "int"},
    sequences=SEQS,
    distance=1,
    vocab_size=3,
)
JOINT = np.array([[0.25, 0.25], [0.125, 0.375]])
row(
    ngram.mutual_information,
    ngram.mutual_information,
    {"joint": "real", "base": "tol"},
    joint=JOINT,
    base=2.0,
)
row(
    ngram.eq41_mutual_information,
    ngram.eq41_mutual_information,
    {"pair_joints": "real", "base": "tol"},
    pair_joints=JOINT[None],
    base=2.0,
)
row(
    ngram.corpus_mutual_information,
    ngram.corpus_mutual_information,
    {"sequences": "object", "distance": "int", "vocab_size": "int", "base": "tol"},
    sequences=SEQS,
    distance=1,
    vocab_size=3,
    base=2.0,
)

# ------------------------------------------------------------------ equivalences
R3 = R.standard_normal((3, 2, 2))
row(
    eq.second_order_to_tt_core,
    eq.second_order_to_tt_core,
    {"T": "real", "layout": "choice"},
    T=R3,
    layout="ttlm",
)
row(
    eq.tt_core_to_second_order,
    eq.tt_core_to_second_order,
    {"G": "real", "layout": "choice"},
    G=R.standard_normal((2, 3, 2)),
    layout="ttlm",
)
row(
    eq.rac_to_tt_core,
    eq.rac_to_tt_core,
    {"W_hx": "real", "W_hh": "real"},
    W_hx=A23,
    W_hh=R.standard_normal((2, 2)),
)
row(
    eq.tt_core_to_rac,
    eq.tt_core_to_rac,
    {"G": "real", "rtol": "tol"},
    G=eq.rac_to_tt_core(A23, np.eye(2)),
    rtol=1e-8,
)
row(eq.augment_input, eq.augment_input, {"f": "realnd"}, f=np.ones(3))
row(eq.augment_hidden, eq.augment_hidden, {"h": "realnd"}, h=np.ones(2))
row(
    eq.vanilla_rnn_to_augmented_core,
    eq.vanilla_rnn_to_augmented_core,
    {"A": "real", "B": "real", "b": "real"},
    A=np.eye(2),
    B=A23,
    b=np.ones(2),
)
row(
    eq.mi_rnn_to_augmented_core,
    eq.mi_rnn_to_augmented_core,
    {"W": "real", "U": "real", "alpha": "real", "b": "real"},
    W=A23,
    U=np.eye(2),
    alpha=np.ones(2),
    beta1=np.ones(2),
    beta2=np.ones(2),
    b=np.ones(2),
)
row(
    eq.second_order_to_augmented_core,
    eq.second_order_to_augmented_core,
    {"T": "real", "b": "real"},
    T=R3,
    b=np.ones(2),
)
row(
    eq.second_order_affine_to_augmented_core,
    eq.second_order_affine_to_augmented_core,
    {"T": "real", "W_hh": "real", "W_xh": "real", "b": "real"},
    T=R3,
    W_hh=np.eye(R3.shape[1]),
    W_xh=np.ones((R3.shape[1], R3.shape[0])),
    b=np.ones(R3.shape[1]),
)
GAUG = eq.vanilla_rnn_to_augmented_core(R.standard_normal((2, 2)), A23, np.ones(2))  # (3, 4, 3)
row(
    eq.split_augmented_core,
    eq.split_augmented_core,
    {"G_aug": "real", "layout": "choice"},
    G_aug=GAUG,
    layout="rnn",
)
row(
    eq.augmented_step,
    eq.augmented_step,
    {"G_aug": "real", "h_aug": "real", "f_aug": "real"},
    G_aug=GAUG,
    h_aug=np.ones(3),
    f_aug=np.ones(4),
)
row(
    eq.tslm_to_tt,
    eq.tslm_to_tt,
    {"U": "real", "W": "real", "lam": "real", "length": "int"},
    U=A23,
    W=np.eye(2),
    lam=np.ones(2),
    length=3,
)
WXE, WHH, WEH = (
    R.standard_normal((3, 2, 2)),
    R.standard_normal((2, 2)),
    np.eye(4).reshape(2, 2, 2, 2),
)
for f in (eq.tiny_to_tt_core, eq.tiny_to_tt_core_delta, eq.tiny_to_tt_core_reshape):
    row(f, f, {"W_xe": "real", "W_hh": "real"}, W_xe=WXE, W_hh=WHH)
for f in (eq.large_to_tt_core, eq.large_to_tt_core_delta, eq.large_to_tt_core_reshape):
    row(f, f, {"W_xe": "real", "W_eh": "real", "W_hh": "real"}, W_xe=WXE, W_eh=WEH, W_hh=WHH)
row(
    eq.tt_core_to_tiny_reshape,
    eq.tt_core_to_tiny_reshape,
    {"G": "real", "W_hh": "real"},
    G=eq.tiny_to_tt_core_reshape(WXE, np.eye(2)),
    W_hh=np.eye(2),
)
row(
    eq.augmented_step,
    eq.augmented_step,
    {"phi": "callable"},
    G_aug=GAUG,
    h_aug=np.ones(3),
    f_aug=np.ones(4),
    phi=np.tanh,
)
