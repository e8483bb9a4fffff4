"""Rows of the boundary fuzzer for statistics, LRU, claims, strategies and the torch cells
(continued from tests/boundary_fuzz_rows.py)."""

from __future__ import annotations

import numpy as np
import torch

import tnverify as tv
from boundary_fuzz_rows import RNN, row
from tnverify.cells import born, gated, generalized, lmm, recurrent, tokens, tslm, ttlm
from tnverify.cells import ttlm_variants as tvc
from tnverify.claims import compare
from tnverify.claims import monte_carlo as stats
from tnverify.definitions.oracle import Oracle
from tnverify.lru import products
from tnverify.lru import theory as lru
from tnverify.testing import strategies as sts

R = np.random.default_rng(1)
X = R.standard_normal(50)


def gen(seed=0):
    return torch.Generator().manual_seed(seed)


# ------------------------------------------------------------------ lru, products, stats
row(
    lru.unroll,
    lru.unroll,
    {"A": "complex", "B": "complex", "u": "complex"},
    A=np.eye(2) * 0.5,
    B=np.ones((2, 3)),
    u=np.ones((4, 3)),
)
row(
    lru.unrolled_sum,
    lru.unrolled_sum,
    {"A": "complex", "k": "index"},
    A=np.eye(2) * 0.5,
    B=np.ones((2, 3)),
    u=np.ones((4, 3)),
    k=3,
)
row(lru.diagonalise, lru.diagonalise, {"A": "complex"}, A=np.diag([1.0, 2.0]))
row(lru.ginibre, lru.ginibre, {"H": "int", "rng": "seed"}, H=3, rng=0)
row(lru.glorot_eigenvalues, lru.glorot_eigenvalues, {"H": "int", "rng": "seed"}, H=3, rng=0)
row(
    lru.annulus_params,
    lru.annulus_params,
    {"u1": "values", "r_min": "tol", "r_max": "tol"},
    u1=np.array([0.2, 0.7]),
    u2=np.array([0.1, 0.9]),
    r_min=0.5,
    r_max=0.9,
)
row(
    lru.sample_annulus,
    lru.sample_annulus,
    {"n": "int", "r_min": "tol", "rng": "seed"},
    n=5,
    r_min=0.5,
    r_max=0.9,
    rng=0,
)
row(
    lru.sample_annulus_torch,
    lambda **kw: next(lru.sample_annulus_torch(**kw)),
    {"n": "num", "r_max": "tol"},
    n=5,
    r_min=0.5,
    r_max=0.9,
    generator=gen(),
)
row(
    lru.annulus_radius_cdf,
    lru.annulus_radius_cdf,
    {"r": "values", "r_min": "tol"},
    r=np.array([0.6, 0.8]),
    r_min=0.5,
    r_max=0.9,
)
row(
    lru.exp_param,
    lru.exp_param,
    {"v": "values", "theta": "values"},
    v=np.array([0.1, 0.2]),
    theta=np.array([1.0, 2.0]),
)
row(
    lru.stable_exp_param,
    lru.stable_exp_param,
    {"v_log": "values", "theta_log": "values"},
    v_log=np.array([0.1, 0.2]),
    theta_log=np.array([1.0, 2.0]),
)
row(lru.gamma_norm, lru.gamma_norm, {"lam": "values"}, lam=np.array([0.5 + 0.1j, 0.2]))
row(lru.prop_421_ratio, lru.prop_421_ratio, {"r_min": "tol", "r_max": "tol"}, r_min=0.5, r_max=0.9)
row(
    lru.simulate_diagonal,
    lru.simulate_diagonal,
    {"lam": "ctensor", "bu": "ctensor"},
    lam=torch.tensor([0.5, 0.2], dtype=torch.complex128),
    bu=torch.ones(4, 2, dtype=torch.complex128),
)
row(
    lru.parallel_scan,
    lru.parallel_scan,
    {"lam": "ctensor", "bu": "ctensor"},
    lam=torch.tensor([0.5, 0.2], dtype=torch.complex128),
    bu=torch.ones(4, 2, dtype=torch.complex128),
)
row(products.part_variance, products.part_variance, {"kind": "choice"}, kind="real")
row(products.moment, products.moment, {"kind": "choice", "k": "int"}, kind="real", k=2)
row(products.tail_bounds, products.tail_bounds, {"kind": "choice", "k": "tol"}, kind="real", k=3.0)
row(products.fisher_kurtosis, products.fisher_kurtosis, {"kind": "choice"}, kind="complex")
row(products.standardized_moments, products.standardized_moments, {"kind": "choice"}, kind="real")
row(
    products.kurtosis_stderr,
    products.kurtosis_stderr,
    {"kind": "choice", "n": "num"},
    kind="real",
    n=100,
)
row(products.sample_kurtosis, products.sample_kurtosis, {"x": "real"}, x=X)
row(
    products.sample,
    products.sample,
    {"kind": "choice", "n": "int", "rng": "seed"},
    kind="real",
    n=10,
    rng=0,
)
row(
    products.sample_torch,
    products.sample_torch,
    {"kind": "choice", "n": "int"},
    kind="real",
    n=10,
    generator=gen(),
)
row(products.power_sums_torch, products.power_sums_torch, {"x": "tensor"}, x=torch.as_tensor(X))
row(
    products.kurtosis_from_power_sums,
    products.kurtosis_from_power_sums,
    {"s": "real"},
    s=products.power_sums_torch(torch.as_tensor(X)),
)
row(stats.z_value, stats.z_value, {"alpha": "tol"}, alpha=0.01)
row(stats.mean_estimate, stats.mean_estimate, {"samples": "real"}, samples=X)
row(stats.Estimate, lambda s: stats.mean_estimate(s).value, {"s": "real"}, s=X)
row(
    stats.batch_estimate,
    stats.batch_estimate,
    {"values_per_batch": "real"},
    values_per_batch=X[:10],
)
row(
    stats.ks_1samp,
    stats.ks_1samp,
    {"samples": "values", "cdf": "callable", "alpha": "tol"},
    samples=X,
    cdf=lambda x: 0.5 * (1 + np.tanh(x)),
    alpha=0.01,
)
row(
    stats.ks_2samp,
    stats.ks_2samp,
    {"a": "values", "b": "values", "alpha": "tol"},
    a=X[:25],
    b=X[25:],
    alpha=0.01,
)
row(stats.TestResult, lambda a: stats.ks_2samp(a, X, alpha=0.01).p_value, {"a": "values"}, a=X[:25])
row(
    stats.chi2_uniform,
    stats.chi2_uniform,
    {"counts": "values", "alpha": "tol"},
    counts=np.array([10, 12, 9, 11]),
    alpha=0.01,
)
row(
    stats.chi2_gof,
    stats.chi2_gof,
    {"observed": "values", "expected_probs": "real", "alpha": "tol"},
    observed=np.array([10, 12, 9, 11]),
    expected_probs=np.full(4, 0.25),
    alpha=0.01,
)
EST = stats.mean_estimate(X)
row(
    stats.estimate_evidence,
    stats.estimate_evidence,
    {"estimate": "object", "target": "scalar", "alpha": "tol"},
    compared="mean",
    estimate=EST,
    target=0.1,
    alpha=0.01,
)
row(
    stats.test_evidence,
    stats.test_evidence,
    {"result": "object"},
    compared="ks",
    result=stats.ks_2samp(X[:25], X[25:], alpha=0.01),
    expect_reject=False,
)

# ------------------------------------------------------------------ oracle, claims, compare
row(
    Oracle,
    lambda max_entries: Oracle(max_entries).sequences(2, 2),
    {"max_entries": "int"},
    max_entries=100,
)
row(Oracle, lambda V, L: Oracle().sequences(V, L), {"V": "int", "L": "int"}, V=2, L=2)
row(
    tv.compare_values,
    tv.compare_values,
    {"value": "complexnd", "n": "num", "scale": "tol"},
    compared="x",
    value=np.ones(2),
    reference=np.ones(2),
    n=2,
    scale=1.0,
    alternatives=("nan", "inf", "0-d", "empty"),
)
row(
    tv.compare_ints,
    tv.compare_ints,
    {"got": "ints", "want": "ints", "relation": "choice"},
    compared="x",
    got=np.array([1, 2]),
    want=np.array([1, 3]),
    relation="<=",
)
row(compare.as_numpy, compare.as_numpy, {}, x=np.ones(2))
row(tv.get_claim, tv.get_claim, {"claim_id": "choice"}, claim_id="ttlm-eq2")
row(tv.all_claims, lambda: len(tv.all_claims()), {})
row(
    tv.run_claim,
    lambda claim, sides: tv.run_claim(claim, sides=sides).verdict,
    {"claim": "choice", "sides": "object"},
    claim="ttlm-eq2",
    sides=("small",),
)
row(tv.check, tv.check, {"evidence": "object"}, evidence=compare.compare_ints("x", [1], [1]))
row(
    tv.claim,
    lambda id, statement: callable(tv.claim(id, statement, register_claim=False)),
    {"id": "choice"},
    id="fuzz-claim",
    statement="s",
)
row(tv.paper, lambda key: tv.paper(key).key, {"key": "choice"}, key="ttlm")
row(
    tv.Ref,
    lambda paper, where: str(tv.Ref(paper, where)),
    {"paper": "choice"},
    paper="ttlm",
    where="§4.2, Eq. 3",
)
row(
    tv.Defect,
    lambda kind, printed, meant: tv.Defect(kind, printed, meant).kind,
    {"kind": "choice", "printed": "text", "meant": "text"},
    kind="misprint",
    printed="Σ_{i=2}",
    meant="Σ_{i=1}",
)

# ------------------------------------------------------------------ strategies
row(
    sts.shapes,
    sts.shapes,
    {"min_dims": "int", "max_side": "int", "max_entries": "int"},
    alternatives=("huge",),  # upper bounds: the drawn shapes stay within both
    min_dims=2,
    max_side=3,
    max_entries=64,
)
row(
    sts.tt_ranks,
    sts.tt_ranks,
    {"shape": "shape", "max_rank": "int"},
    alternatives=("huge-mode", "huge-modes", "huge"),  # ranks are small ints: no allocation
    shape=(2, 3),
    max_rank=2,
)
row(sts.spectra, sts.spectra, {"rank": "int", "condition": "tol"}, rank=2, condition=10.0)
row(
    sts.tensor_trains,
    sts.tensor_trains,
    {"shape": "shape", "max_rank": "int", "scale": "tol"},
    alternatives=("max_rank:huge",),  # an upper bound: ranks stay within the shape's
    shape=(2, 3),
    max_rank=2,
    scale=1.0,
)
row(sts.tt_cores, sts.tt_cores, {"shape": "shape"}, shape=(2, 3))
row(
    sts.token_sequences,
    sts.token_sequences,
    {"vocab_size": "int", "max_length": "int", "batch": "int"},
    alternatives=("vocab_size:huge",),  # ids below 10^15 fit int64: nothing is allocated
    vocab_size=3,
    max_length=4,
    batch=2,
)
row(sts.seeds, sts.seeds, {})
row(
    sts.cells,
    sts.cells,
    {"family": "choice", "vocab_size": "int", "max_rank": "int"},
    family="tt-core",
    vocab_size=3,
    max_rank=2,
)
row(
    sts.born_machines,
    sts.born_machines,
    {"vocab_size": "int", "length": "int", "rank": "int", "complex": "flag"},
    vocab_size=2,
    length=3,
    rank=2,
    complex=False,
)
row(
    sts.cells, sts.cells, {"max_vocab": "int", "length": "int"}, family="rac", max_vocab=3, length=3
)
row(sts.spectra, sts.spectra, {"rank": "int"}, rank=3)
row(sts.xi_operators, sts.xi_operators, {})
row(
    sts.feature_matrices,
    sts.feature_matrices,
    {"M": "int", "condition": "tol"},
    M=2,
    condition=10.0,
)
row(
    sts.shallow_networks,
    sts.shallow_networks,
    {"M": "int", "T": "int", "R": "int", "xi": "choice", "dist": "choice"},
    M=2,
    T=3,
    R=2,
    xi="relu",
    dist="normal",
)
row(
    sts.generalized_rnns,
    sts.generalized_rnns,
    {"M": "int", "T": "int", "R": "int", "xi": "choice"},
    M=2,
    T=3,
    R=2,
    xi="relu",
)

# ------------------------------------------------------------------ torch cells
V, RK = 3, 2
TT_CORES = [
    R.standard_normal((1, V, RK)),
    R.standard_normal((RK, V, RK)),
    R.standard_normal((RK, V, 1)),
]
TOK = np.array([[0, 1, 2], [2, 2, 0]])


def _born():
    return born.BornMachine([torch.as_tensor(c) for c in TT_CORES])


def _scorer():
    return ttlm.TTScorer([torch.as_tensor(c) for c in TT_CORES])


row(
    born.BornMachine,
    lambda c0, device: born.BornMachine([c0] + TT_CORES[1:], device=device),
    {"c0": "tensor", "device": "device"},
    alternatives=("complex",),
    c0=torch.as_tensor(TT_CORES[0]),
    device="cpu",
)
row(born.BornMachine, lambda tokens: _born().log_prob(tokens), {"tokens": "tokens"}, tokens=TOK)
row(
    born.BornMachine,
    lambda prefix: _born().log_marginal(prefix),
    {"prefix": "tokens"},
    prefix=TOK[:, :2],
)
row(
    born.BornMachine,
    lambda n, generator: _born().sample(n, generator=generator),
    {"n": "int"},
    n=3,
    generator=gen(),
)
row(
    born.BornMachine,
    lambda u: _born().sample_from_uniforms(u),
    {"u": "tensor"},
    u=torch.tensor([[0.1, 0.5, 0.9]], dtype=torch.float64),
)
row(
    born.BornMachine,
    lambda chunk: _born().log_partition(chunk=chunk),
    {"chunk": "num"},
    alternatives=("None",),
    chunk=2,
)
row(
    born.random_born,
    born.random_born,
    {"vocab_size": "int", "length": "int", "rank": "int", "rng": "seed"},
    vocab_size=V,
    length=3,
    rank=2,
    rng=0,
)
row(
    born.tree_product,
    lambda m: born.tree_product([m, m])[0],
    {"m": "tensor"},
    alternatives=("complex",),
    m=torch.eye(2, dtype=torch.float64)[None],
)
row(
    born.transfer_matrix,
    born.transfer_matrix,
    {"core": "tensor"},
    alternatives=("complex", "nan"),
    core=torch.as_tensor(TT_CORES[1]),
)
row(
    ttlm.TTScorer,
    lambda c0: ttlm.TTScorer([c0] + TT_CORES[1:]),
    {"c0": "tensor"},
    c0=torch.as_tensor(TT_CORES[0]),
)
row(ttlm.TTScorer, lambda tokens: _scorer()(tokens), {"tokens": "tokens"}, tokens=TOK)
row(ttlm.TTScorer, lambda tokens: _scorer().log_abs(tokens), {"tokens": "tokens"}, tokens=TOK)
row(
    tokens.check_tokens,
    tokens.check_tokens,
    {"tokens": "tokens", "vocab_size": "int"},
    tokens=TOK,
    vocab_size=V,
    device="cpu",
)
CORE = R.standard_normal((RK, V, RK)) * 0.5
row(
    tvc.UniformTTLM,
    tvc.UniformTTLM,
    {"first": "tensor", "core": "tensor"},
    first=torch.as_tensor(R.standard_normal((V, RK))),
    core=torch.as_tensor(CORE),
)
FIRST = R.standard_normal((V, RK))
row(
    tvc.UniformTTLM,
    lambda tokens: tvc.UniformTTLM(FIRST, CORE)(tokens),
    {"tokens": "tokens"},
    tokens=TOK,
)
TINY = dict(
    W_xe=R.standard_normal((V, RK, RK)),
    W_hh=R.standard_normal((RK, RK)),
    P=R.standard_normal((RK, RK, RK)),
    h0=R.standard_normal(RK),
)
row(
    tvc.TTLMTiny,
    tvc.TTLMTiny,
    {"W_xe": "tensor", "h0": "tensor", "reading": "choice"},
    **TINY,
    reading="reshape",
)
row(tvc.TTLMTiny, lambda tokens: tvc.TTLMTiny(**TINY)(tokens), {"tokens": "tokens"}, tokens=TOK)
row(
    tvc.TTLMLarge,
    tvc.TTLMLarge,
    {"W_eh": "tensor"},
    W_xe=TINY["W_xe"],
    W_eh=R.standard_normal((RK,) * 4),
    W_hh=TINY["W_hh"],
    P=TINY["P"],
    h0=TINY["h0"],
)
row(
    tvc.exact_conditionals,
    tvc.exact_conditionals,
    {"scorer": "object", "tokens": "tokens"},
    scorer=_scorer(),
    tokens=TOK,
)
row(
    recurrent.RecurrentCell,
    lambda rank, vocab_size: recurrent.RecurrentCell(rank, vocab_size).h0,
    {"rank": "int", "vocab_size": "int"},
    rank=2,
    vocab_size=3,
)
row(recurrent.TTCoreRNN, recurrent.TTCoreRNN, {"G": "tensor"}, G=torch.as_tensor(CORE))
row(
    recurrent.TTCoreRNN,
    lambda tokens: recurrent.TTCoreRNN(CORE)(tokens),
    {"tokens": "tokens"},
    tokens=TOK,
)
row(
    recurrent.SecondOrderRNN,
    recurrent.SecondOrderRNN,
    {"T": "tensor"},
    T=torch.as_tensor(R.standard_normal((V, RK, RK))),
)
row(
    recurrent.RAC,
    recurrent.RAC,
    {"W_hx": "tensor", "W_hh": "tensor"},
    W_hx=torch.as_tensor(R.standard_normal((RK, V))),
    W_hh=torch.eye(RK, dtype=torch.float64),
)
row(
    recurrent.MIRNN,
    recurrent.MIRNN,
    {"W_hx": "tensor", "phi": "choice"},
    W_hx=torch.as_tensor(R.standard_normal((RK, V))),
    W_hh=torch.eye(RK, dtype=torch.float64),
    phi="tanh",
)
row(
    recurrent.GeneralMIRNN,
    recurrent.GeneralMIRNN,
    {"W": "tensor", "alpha": "tensor"},
    W=torch.as_tensor(R.standard_normal((RK, V))),
    U=torch.eye(RK, dtype=torch.float64),
    alpha=torch.ones(RK, dtype=torch.float64),
    beta1=torch.ones(RK, dtype=torch.float64),
    beta2=torch.ones(RK, dtype=torch.float64),
    b=torch.zeros(RK, dtype=torch.float64),
)
row(
    recurrent.VanillaRNN,
    recurrent.VanillaRNN,
    {"A": "tensor", "b": "tensor"},
    A=torch.eye(RK, dtype=torch.float64),
    B=torch.as_tensor(R.standard_normal((RK, V))),
    b=torch.zeros(RK, dtype=torch.float64),
)
row(recurrent.activation, recurrent.activation, {"phi": "choice"}, phi="tanh")
row(
    tslm.TSLM,
    tslm.TSLM,
    {"vocab_size": "int", "m": "int", "r": "int"},
    vocab_size=V,
    m=2,
    r=2,
    generator=gen(),
)
row(
    tslm.TSLM,
    lambda tokens: tslm.TSLM(V, 2, 2, generator=gen())(tokens),
    {"tokens": "tokens"},
    tokens=TOK,
)
row(
    tslm.TSLM,
    tslm.TSLM.from_arrays,
    {"U": "tensor", "W": "tensor", "V": "tensor"},
    U=torch.as_tensor(R.standard_normal((2, V))),
    W=torch.eye(2, dtype=torch.float64),
    V=torch.as_tensor(R.standard_normal((V, 2))),
)
row(
    gated.GRURNTN,
    gated.GRURNTN,
    {"input_size": "int", "hidden_size": "int", "form": "choice"},
    input_size=3,
    hidden_size=2,
    form="eq18",
    generator=gen(),
)
row(
    gated.LSTMRNTN,
    gated.LSTMRNTN,
    {"input_size": "int", "hidden_size": "int"},
    input_size=3,
    hidden_size=2,
    generator=gen(),
)
row(
    gated.GRUCell,
    lambda x: gated.GRUCell(3, 2, generator=gen())(x, torch.zeros(1, 2, dtype=torch.float64)),
    {"x": "tensor"},
    alternatives=("nan",),
    x=torch.ones(1, 3, dtype=torch.float64),
)
row(
    gated.LSTMCell,
    gated.LSTMCell,
    {"input_size": "int", "peephole": "choice"},
    input_size=3,
    hidden_size=2,
    peephole="full",
    generator=gen(),
)
row(
    gated.bilinear,
    gated.bilinear,
    {"x": "tensor", "W": "tensor"},
    alternatives=("nan",),
    x=torch.ones(1, 2, dtype=torch.float64),
    u=torch.ones(1, 2, dtype=torch.float64),
    W=torch.ones(2, 2, 3, dtype=torch.float64),
)
row(
    gated.bilinear_loop,
    gated.bilinear_loop,
    {"x": "tensor"},
    alternatives=("nan",),
    x=torch.ones(1, 2, dtype=torch.float64),
    u=torch.ones(1, 2, dtype=torch.float64),
    W=torch.ones(2, 2, 3, dtype=torch.float64),
)
row(
    gated.recntn_parent,
    gated.recntn_parent,
    {"left": "tensor"},
    alternatives=("nan",),
    left=torch.ones(1, 2, dtype=torch.float64),
    right=torch.ones(1, 2, dtype=torch.float64),
    W_tsr=torch.ones(4, 4, 2, dtype=torch.float64),
    W=torch.ones(4, 2, dtype=torch.float64),
    b=torch.zeros(2, dtype=torch.float64),
)
row(
    gated.run_sequence,
    lambda x: gated.run_sequence(gated.GRUCell(3, 2, generator=gen()), x)[0],
    {"x": "tensor"},
    alternatives=("nan",),
    x=torch.ones(1, 4, 3, dtype=torch.float64),
)
row(
    gated.bptt_w_tsr,
    gated.bptt_w_tsr,
    {"cache": "object", "f": "choice"},
    cache={"a": []},
    grads=[],
    f="tanh",
)


def _fixed_gate_grurntn():
    cell = gated.GRURNTN(3, 2, f="identity", generator=gen())
    with torch.no_grad():
        for n in ("W_xr", "W_hr", "W_xz", "W_hz", "W_xh", "W_hh", "b_h"):
            getattr(cell, n).zero_()
    return cell


row(
    gated.grurntn_to_second_order,
    gated.grurntn_to_second_order,
    {"cell": "object"},
    cell=_fixed_gate_grurntn(),
)
row(
    generalized.GeneralizedRNNModule,
    generalized.GeneralizedRNNModule,
    {"xi": "choice", "device": "device"},
    C=RNN.C,
    G=RNN.G,
    xi="relu",
    device="cpu",
)
row(
    generalized.GeneralizedRNNModule,
    lambda f: generalized.GeneralizedRNNModule(RNN.C, RNN.G, "relu")(f),
    {"f": "tensor"},
    alternatives=("nan",),
    f=torch.as_tensor(R.standard_normal((2, 3, 2))),
)
row(
    lmm.LMM,
    lmm.LMM,
    {"hidden": "int", "r_min": "tol", "rng": "seed", "init": "choice"},
    hidden=3,
    r_min=0.5,
    rng=0,
    init="lemma",
)
row(
    lmm.LMM,
    lambda x: lmm.LMM(2, rng=0)(x),
    {"x": "tensor"},
    alternatives=("complex",),
    x=torch.ones(1, 4, 2, dtype=torch.complex128),
)
row(lmm.LMMMLP, lmm.LMMMLP, {"hidden": "int", "rng": "seed"}, hidden=3, rng=0)
row(
    lmm.LMMMMn,
    lmm.LMMMMn,
    {"hidden": "int", "a": "scalar", "part": "choice"},
    hidden=3,
    a=-1.0,
    part="real",
    rng=0,
)
row(
    lmm.RACLayer,
    lmm.RACLayer,
    {"A": "tensor", "orientation": "choice"},
    A=torch.eye(2, dtype=torch.float64),
    B=torch.ones(3, 2, dtype=torch.float64),
    orientation="NxH",
)
row(
    lmm.annulus_init,
    lmm.annulus_init,
    {"n": "int", "r_min": "tol", "rng": "seed", "formula": "choice"},
    n=3,
    r_min=0.5,
    r_max=0.9,
    rng=0,
    formula="lemma",
)
row(
    lmm.lmm_to_tt_core,
    lmm.lmm_to_tt_core,
    {"lam": "complex", "gam": "complex"},
    lam=np.array([0.5, 0.2]),
    gam=np.array([1.0, 2.0]),
)
row(
    lmm.mmn,
    lmm.mmn,
    {"z": "tensor", "a": "scalar"},
    alternatives=("extra-mode", "nan"),
    z=torch.ones(2, 3, dtype=torch.float64),
    a=-1.0,
)
row(lmm.real_param_count, lmm.real_param_count, {"module": "object"}, module=lmm.LMM(2, rng=0))


# ------------------------------------------------------------------ optional arguments
# the optional arguments of methods and of calls through a lambda, which the inference of
# tests/boundary_fuzz_optional.py cannot reach
H0 = torch.ones(RK, dtype=torch.float64)
row(
    recurrent.TTCoreRNN,
    lambda h0: recurrent.TTCoreRNN(CORE)(TOK, h0=h0),
    {"h0": "tensor"},
    alternatives=("nan",),
    h0=H0,
)  # the training path: NaN propagates (documented)
row(
    recurrent.TTCoreRNN,
    lambda return_all: recurrent.TTCoreRNN(CORE)(TOK, return_all=return_all),
    {"return_all": "flag"},
    return_all=True,
)
row(
    lmm.LMM,
    lambda h0: lmm.LMM(2, rng=0)(torch.ones(1, 2, 2, dtype=torch.complex128), h0=h0),
    {"h0": "tensor"},
    alternatives=("complex",),
    h0=torch.ones(2, dtype=torch.complex128),
)
row(
    gated.GRUCell,
    lambda h: gated.GRUCell(3, 2, generator=gen())(torch.ones(1, 3, dtype=torch.float64), h),
    {"h": "tensor"},
    alternatives=("nan",),
    h=torch.zeros(1, 2, dtype=torch.float64),
)
row(
    gated.LSTMCell,
    lambda h: gated.LSTMCell(3, 2, generator=gen())(
        torch.ones(1, 3, dtype=torch.float64), (h, torch.zeros(1, 2, dtype=torch.float64))
    ),
    {"h": "tensor"},
    alternatives=("nan",),
    h=torch.zeros(1, 2, dtype=torch.float64),
)
row(
    gated.run_sequence,
    lambda keep: gated.run_sequence(
        gated.GRUCell(3, 2, generator=gen()), torch.ones(1, 2, 3, dtype=torch.float64), keep=keep
    )[0],
    {"keep": "flag"},
    keep=False,
)
row(
    ttlm.TTScorer,
    lambda sites: ttlm.TTScorer(TT_CORES, sites=sites),
    {"sites": "tokens"},
    sites=np.array([0, 1, 2]),
)
row(ttlm.TTScorer, lambda steps: _scorer().hidden_scaled(TOK, steps), {"steps": "index"}, steps=2)
row(
    ttlm.TTScorer,
    lambda batch_chunk: _scorer().tree(TOK, batch_chunk=batch_chunk),
    {"batch_chunk": "int"},
    batch_chunk=1,
)
row(
    ttlm.TTScorer,
    lambda absolute: _scorer().forward_scaled(TOK, absolute=absolute),
    {"absolute": "flag"},
    absolute=False,
)
row(
    tvc.UniformTTLM,
    lambda length: tvc.UniformTTLM(FIRST, CORE).to_scorer(length),
    {"length": "int"},
    length=3,
)
row(
    tslm.TSLM,
    tslm.TSLM,
    {"generator": "object", "embedding": "flag", "dtype": "dtype"},
    vocab_size=V,
    m=2,
    r=2,
    generator=gen(),
    embedding=True,
    dtype=torch.float64,
)
row(
    born.random_born,
    born.random_born,
    {"complex": "flag", "uniform": "flag", "boundary": "flag", "dtype": "dtype"},
    vocab_size=V,
    length=3,
    rank=2,
    rng=0,
    complex=False,
    uniform=False,
    boundary=False,
    dtype=torch.float64,
)
row(stats.mean_estimate, stats.mean_estimate, {"seed": "num"}, samples=X, seed=5)
row(
    tv.run_claim,
    lambda seed: tv.run_claim("ttlm-eq2", sides=("small",), seed=seed).verdict,
    {"seed": "num"},
    seed=0,
)
row(products.tail_bounds, products.tail_bounds, {"zscore": "flag"}, kind="real", k=3.0, zscore=True)
row(
    lru.simulate_diagonal,
    lru.simulate_diagonal,
    {"return_states": "flag"},
    lam=torch.tensor([0.5, 0.2], dtype=torch.complex128),
    bu=torch.ones(4, 2, dtype=torch.complex128),
    return_states=True,
)
row(
    generalized.GeneralizedRNNModule,
    generalized.GeneralizedRNNModule,
    {"shared": "flag", "dtype": "dtype", "C": "object"},
    C=RNN.C,
    G=RNN.G,
    xi="relu",
    shared=False,
    dtype=torch.float64,
)
row(
    born.BornMachine,
    born.BornMachine,
    {"sites": "tokens", "alpha": "real", "omega": "real", "dtype": "dtype"},
    alternatives=("complex",),  # complex boundary vectors make a complex machine
    cores=[torch.as_tensor(CORE)],
    sites=np.array([0, 0, 0]),
    alpha=np.ones(RK),
    omega=np.ones(RK),
    dtype=torch.float64,
)
row(
    born.tree_product,
    lambda keys: born.tree_product([torch.eye(2, dtype=torch.float64)[None]] * 2, keys=keys)[0],
    {"keys": "object"},
    alternatives=("str",),  # a string of two characters is two hashable keys
    keys=[0, 0],
)
row(
    gated.GRUCell,
    gated.GRUCell,
    {"reset": "choice", "f": "choice"},
    input_size=3,
    hidden_size=2,
    reset="after",
    f="tanh",
    generator=gen(),
)
row(
    gated.run_sequence,
    lambda state: gated.run_sequence(
        gated.GRUCell(3, 2, generator=gen()), torch.ones(1, 2, 3, dtype=torch.float64), state
    )[0],
    {"state": "tensor"},
    alternatives=("nan",),
    state=torch.zeros(1, 2, dtype=torch.float64),
)
for _cell, _kw in (
    (recurrent.TTCoreRNN, dict(G=CORE)),
    (recurrent.RAC, dict(W_hx=R.standard_normal((RK, V)), W_hh=R.standard_normal((RK, RK)))),
):
    row(_cell, _cell, {"phi": "choice", "device": "device"}, **_kw, phi="tanh", device="cpu")
row(
    recurrent.RecurrentCell,
    recurrent.RecurrentCell,
    {"phi": "choice", "h0": "tensor", "dtype": "dtype"},
    rank=RK,
    vocab_size=V,
    phi="tanh",
    h0=H0,
    dtype=torch.float64,
)
row(
    ttlm.TTScorer,
    ttlm.TTScorer,
    {"dtype": "dtype", "device": "device"},
    cores=[torch.as_tensor(c) for c in TT_CORES],
    dtype=torch.float64,
    device="cpu",
)
row(
    tv.run_claim,
    lambda scale, device: (
        tv.run_claim("ttlm-eq2", sides=("small",), scale=scale, device=device).verdict
    ),
    {"scale": "choice", "device": "device"},
    scale="small",
    device="cpu",
)
row(
    lru.sample_annulus_torch,
    lambda **kw: next(lru.sample_annulus_torch(**kw)),
    {"device": "device", "dtype": "dtype", "chunk": "int"},
    alternatives=("chunk:huge", "dtype:None"),  # chunk above n is n; None is float64
    n=5,
    r_min=0.5,
    r_max=0.9,
    generator=gen(),
    device="cpu",
    dtype=torch.float64,
    chunk=4,
)
row(
    tv.claim,
    lambda expected, register_claim: callable(
        tv.claim("fuzz-claim-2", "s", expected=expected, register_claim=register_claim)
    ),
    {"expected": "choice", "register_claim": "flag"},
    expected="holds",
    register_claim=False,
)
row(
    tv.run_claim,
    lambda on_case: tv.run_claim("ttlm-eq2", sides=("small",), on_case=on_case).verdict,
    {"on_case": "callable"},
    on_case=lambda side, index, n: None,
)
row(
    stats.ks_1samp,
    stats.ks_1samp,
    {"name": "choice"},
    alternatives=("bogus",),
    samples=X,
    cdf=lambda x: np.clip(x, 0, 1),
    alpha=0.01,
    name="uniform",
)

# ------------------------------------------------------------------ errata, torch TT-SVD, devices
import atexit  # noqa: E402
import shutil  # noqa: E402
import tempfile  # noqa: E402

from tnverify import device as dev  # noqa: E402
from tnverify.report import errata  # noqa: E402
from tnverify.tt import svd_torch as tsvd  # noqa: E402

ERRATA_DIR = tempfile.mkdtemp(prefix="tnverify-fuzz-errata-")
atexit.register(shutil.rmtree, ERRATA_DIR, True)
row(
    errata.build_errata,
    errata.build_errata,
    {"paper_key": "choice", "run": "flag", "seed": "num"},
    paper_key="gtm",
    run=False,
    seed=0,
)
row(
    errata.render_markdown,
    errata.render_markdown,
    {"sheet": "object"},
    sheet=errata.build_errata("gtm", run=False),
)
row(
    errata.md_text,
    errata.md_text,
    {"text": "object"},
    alternatives=("str",),
    text="Σ_{i=1}^R G^{(t)}_{1i}",
)  # any string is valid text
row(
    errata.locator_order,
    errata.locator_order,
    {"where": "object"},
    alternatives=("str",),
    where="§5.4.1, Eq. 5.19",
)  # any string is a locator (unknown ones last)
row(
    errata.write_errata,
    lambda papers, fmt, run: [
        p.name for p in errata.write_errata(ERRATA_DIR, papers, fmt, run=run)
    ],
    {"papers": "object", "fmt": "choice", "run": "flag"},
    alternatives=("papers:None",),  # None: every paper's sheet
    papers="gtm",
    fmt="md",
    run=False,
)
A234T = torch.as_tensor(R.standard_normal((2, 3, 4)))
row(
    tsvd.tt_svd_torch,
    tsvd.tt_svd_torch,
    {"tensor": "tensor", "eps": "tol"},
    alternatives=("numpy", "extra-mode"),  # torch tensors only, of any order
    tensor=A234T,
    eps=1e-3,
)
row(
    tsvd.TorchTTSVD,
    lambda t: tsvd.tt_svd_torch(t).full(),
    {"t": "tensor"},
    alternatives=("numpy", "extra-mode"),
    t=A234T,
)
row(
    tsvd.tt_full_torch,
    lambda c0: tsvd.tt_full_torch([c0] + list(tsvd.tt_svd_torch(A234T).cores[1:])),
    {"c0": "tensor"},
    alternatives=("numpy",),
    c0=tsvd.tt_svd_torch(A234T).cores[0],
)
row(dev.resolve_device, dev.resolve_device, {"name": "choice"}, name="cpu")
row(dev.torch_dtype, dev.torch_dtype, {"name": "choice"}, name="float64")
row(
    errata.describe_counterexample,
    errata.describe_counterexample,
    {"ce": "object"},
    alternatives=("None",),  # no counterexample: the empty sentence
    ce={
        "compared": "ranks of the unfoldings",
        "got": [16],
        "want": [15],
        "params": {"n": 4},
        "seed": 7,
    },
)
