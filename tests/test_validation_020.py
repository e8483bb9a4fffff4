"""Regression tests of the 0.2.0 surface's boundary and its verdict semantics: each
test reproduces one root cause and asserts the fixed behaviour."""

import math

import numpy as np
import pytest

from tnverify.conventions import tolerance
from tnverify.errors import NonFiniteError
from tnverify.tt.svd import tt_svd
from tnverify.validation.norms import frobenius_norm

# -- tt_svd of a tensor whose squares overflow or underflow ------------------------------


def _planted(seed=0):
    """A (3, 5, 4, 2) tensor with decaying singular values at every unfolding (so that
    eps = 0.1 truncates) and full ranks (1, 3, 8, 2, 1) at eps = 0."""
    rng = np.random.default_rng(seed)
    a = rng.standard_normal((3, 5, 4, 2))
    i, j, k, m = np.indices(a.shape)
    return a * 0.3 ** (i + j + k + m)


@pytest.mark.parametrize("power", [670, -670, 1000, -1000])
@pytest.mark.parametrize("eps", [0.0, 0.1])
def test_tt_svd_of_huge_or_tiny_entries_is_the_scaled_decomposition(power, eps):
    a = _planted()
    ref = tt_svd(a, eps=eps)
    big = a * 2.0**power  # exact: a power of two
    res = tt_svd(big, eps=eps)
    assert res.ranks == ref.ranks
    assert math.isfinite(res.norm) and math.isfinite(res.error)
    assert res.norm == pytest.approx(ref.norm * 2.0**power, rel=1e-14)
    assert res.error == pytest.approx(ref.error * 2.0**power, rel=1e-12, abs=0)
    for s, t in zip(res.singular_values, ref.singular_values):
        np.testing.assert_allclose(s, t * 2.0**power, rtol=1e-12, atol=0)
    # the identity error == ‖A − B‖_F holds in the scaled units
    diff = frobenius_norm(res.tt.full() * 2.0**-power - a)
    assert abs(diff - res.error * 2.0**-power) <= float(
        tolerance(np.float64, n=a.size, norm=ref.norm)
    )
    if eps:
        assert res.error <= res.bound


def test_tt_svd_of_1e200_entries_keeps_every_rank_at_eps_0():
    a = np.random.default_rng(1).standard_normal((3, 5, 4)) * 1e200
    res = tt_svd(a)
    assert res.ranks == tt_svd(a / 1e200).ranks == (1, 3, 4, 1)
    assert res.error / res.norm < 1e-15


def test_tt_svd_refuses_a_norm_beyond_float64():
    with pytest.raises(NonFiniteError, match="exceeds the float64 range"):
        tt_svd(np.full((3, 3), 1.5e308))


def test_frobenius_norm_scaled_and_plain_agree():
    x = np.random.default_rng(2).standard_normal(50)
    assert frobenius_norm(x) == pytest.approx(float(np.linalg.norm(x)), rel=1e-15)
    assert frobenius_norm(x * 2.0**900) == pytest.approx(np.linalg.norm(x) * 2.0**900, rel=1e-15)
    assert frobenius_norm(np.zeros(3)) == 0.0


def test_cli_tt_svd_of_1e200_entries_prints_a_finite_error(capsys, tmp_path):
    from tnverify.cli import main

    a = _planted() * 1e200
    np.save(tmp_path / "a.npy", a)
    code = main(["tt-svd", str(tmp_path / "a.npy"), "--eps", "0.1"])
    out, err = capsys.readouterr()
    assert code == 0, err
    fields = {
        k.strip(): v.strip() for k, v in (ln.split(":", 1) for ln in out.splitlines() if ":" in ln)
    }
    achieved = float(fields["achieved error"].split()[0])
    bound = float(fields["bound eps*||A||_F"].split()[0])
    assert math.isfinite(achieved) and 0 < achieved <= bound
    assert fields["TT ranks"] == str(tt_svd(a / 1e200, eps=0.1).ranks)


# -- complex torch tensors are refused by the inverse maps, as complex numpy arrays are ---


@pytest.mark.parametrize(
    "fn,args",
    [
        ("split_augmented_core", lambda G, W: (G,)),
        ("tt_core_to_rac", lambda G, W: (G[:2, :2, :2],)),
        ("tt_core_to_tiny_reshape", lambda G, W: (G[:2, :2, :2], W)),
    ],
)
def test_inverse_maps_refuse_complex_torch_like_complex_numpy(fn, args):
    import torch

    import tnverify.equivalences as eq
    from tnverify.errors import DTypeError

    G = np.zeros((3, 3, 3))
    G[2, 2, 2] = 1.0  # the "rnn" layout's carry
    W = np.eye(2)
    f = getattr(eq, fn)
    f(*args(G, W))  # the real core is accepted
    for complexify in (
        lambda a: a + 1j * np.ones_like(a),
        lambda a: torch.tensor(a + 1j * np.ones_like(a)),
    ):
        with pytest.raises(DTypeError):
            f(*args(complexify(G), W))
    with pytest.raises(DTypeError, match="imaginary part"):
        f(*args(torch.tensor(G + 1j * np.ones_like(G)), W))


# -- hand-built Evidence: validated when made and by tnverify.check ----------------------

from tnverify.claims import Evidence  # noqa: E402
from tnverify.errors import DTypeError, ToleranceError, UsageError  # noqa: E402


@pytest.mark.parametrize(
    "kwargs,error",
    [
        (dict(passed="no"), DTypeError),
        (dict(passed=float("nan")), DTypeError),
        (dict(passed=1), DTypeError),
        (dict(passed="False"), DTypeError),
        (dict(error=0.1, tolerance=float("inf")), ToleranceError),
        (dict(error=0.1, tolerance=float("nan")), ToleranceError),
        (dict(error=0.1, tolerance=-1.0), ToleranceError),
        (dict(tolerance=1e-12), ToleranceError),
        (dict(error="0.1", tolerance=1.0), DTypeError),
        (dict(error=True, tolerance=1.0), DTypeError),
        (dict(error=-1.0, tolerance=1e-12), ToleranceError),
        (dict(details={"x": object()}), DTypeError),
        (dict(details={"x": b"ab"}), DTypeError),
        (dict(counterexample={"x": {1, 2}}), DTypeError),
        (dict(sizes=[1, 2]), DTypeError),
        (dict(parts={"a": 1.0}), DTypeError),
        (dict(control="fails"), DTypeError),
        (dict(seed=-1), UsageError),
    ],
)
def test_evidence_refuses_values_that_would_decide_a_verdict_wrongly(kwargs, error):
    with pytest.raises(error):
        Evidence("hand-built", **kwargs)


def test_numpy_bool_passed_becomes_a_python_bool():
    ev = Evidence("x", passed=np.bool_(False))
    assert ev.passed is False and ev.verdict == "fails"


def test_tnverify_check_validates_evidence_edited_after_it_was_made():
    import tnverify

    ev = Evidence("x", error=0.0, tolerance=1e-12)
    assert tnverify.check(ev) is ev
    ev.passed = "yes"  # set after construction
    with pytest.raises(DTypeError, match="passed"):
        tnverify.check(ev)
    ev = Evidence("x", error=0.0, tolerance=1e-12)
    ev.details["raw"] = object()
    with pytest.raises(DTypeError, match=r"details\['raw'\]"):
        tnverify.check(ev)
    ev = Evidence("x", error=0.0, tolerance=1e-12)
    ev.tolerance = float("inf")
    with pytest.raises(ToleranceError):
        tnverify.check(ev)


def test_report_values_convert_losslessly_to_json():
    import json

    ev = Evidence(
        "x",
        error=0.0,
        tolerance=1e-12,
        details={
            "z": np.complex64(1 + 2j),
            "q": __import__("fractions").Fraction(1, 3),
            "a": np.arange(3, dtype=np.int8),
            "w": np.float32(0.5),
        },
    )
    d = json.loads(json.dumps(ev.to_dict()))
    assert d["details"] == {"z": {"real": 1.0, "imag": 2.0}, "q": "1/3", "a": [0, 1, 2], "w": 0.5}


# -- verdict semantics ---------------------------------------------------------------------


def test_evidence_that_compares_nothing_is_an_error_with_the_reason():
    ev = Evidence("x")
    assert ev.verdict == "error" and "compares nothing" in ev.problem
    assert Evidence("x", parts={}).verdict == "error"
    ev = Evidence("x", error=0.0)  # an error judged by nothing
    assert ev.verdict == "error" and "no tolerance" in ev.problem
    assert Evidence("x", error=0.0, tolerance=1e-12).verdict == "holds"
    assert Evidence("x", error=0.0, tolerance=1e-12).problem is None
    parent = Evidence("p", parts={"a": Evidence("a", passed=True), "b": Evidence("b")})
    assert parent.verdict == "error" and parent.problem.startswith("part b:")
    assert Evidence("x", skipped="no GPU").verdict == "skipped"
    assert Evidence("x", ill_posed="ambiguous").verdict == "ill-posed"


def test_mismatched_shapes_are_an_error_not_ill_posed():
    from tnverify.claims.compare import compare_values

    ev = compare_values("x vs y", np.zeros((2, 3)), np.zeros((3, 2)), n=1)
    assert ev.verdict == "error"
    assert "(2, 3)" in ev.problem and "(3, 2)" in ev.problem
    ev = compare_values("x vs y", np.zeros(2), np.zeros(2), n=1, control=np.zeros(3))
    assert ev.verdict == "error" and ev.vacuous  # a control that broke
    assert "problem" in ev.to_dict()


def test_the_runner_says_why_a_side_is_an_error():
    from tnverify.claims import Claim, Ref, run_claim

    c = Claim(
        id="x-nothing",
        statement="a statement long enough to be one",
        group="tensor-trains",
        refs=(Ref("ttlm", "§1"),),
        title="t",
        small=lambda params, rng: Evidence("nothing compared"),
    )
    res = run_claim(c)
    assert res.verdict == "error"
    assert "compares nothing" in res.small.error_message


def test_claim_section_of_an_id_is_a_dtype_error():
    from tnverify.report.claim_sections import claim_section

    with pytest.raises(DTypeError, match="needs a Claim"):
        claim_section("ttlm-eq3")
    from tnverify.claims import get_claim

    with pytest.raises(DTypeError, match="heading"):
        claim_section(get_claim("ttlm-eq3"), heading="no")
    with pytest.raises(DTypeError, match="ClaimResult"):
        claim_section(get_claim("ttlm-eq3"), result={"verdict": "holds"})


def test_as_device_error_lists_every_accepted_form():
    from tnverify.errors import DeviceError
    from tnverify.validation import as_device

    assert as_device("mps") == "mps" and as_device("meta") == "meta"
    with pytest.raises(DeviceError) as info:
        as_device("gpu")
    for form in ("'cpu'", "'cuda'", "'cuda:N'", "'mps'", "'meta'", "'auto'", "torch.device"):
        assert form in str(info.value)
    for bad in ("cuda:", "auto:1", "cuda:x"):
        with pytest.raises(DeviceError):
            as_device(bad)


def test_compare_values_refuses_bool_arrays():
    import torch

    from tnverify.claims.compare import compare_values

    for v, r in (
        (np.array([True, False]), np.array([True, True])),
        ([True], [1.0]),
        (torch.tensor([True]), [1.0]),
    ):
        with pytest.raises(DTypeError, match="boolean"):
            compare_values("flags", v, r, n=1)
    with pytest.raises(DTypeError, match="boolean"):
        compare_values("x", [1.0], [1.0], n=1, control=[True])
    assert compare_values("x", [1.0], [1.0], n=1).verdict == "holds"


# -- figures: the JSON read back, options, trials ----------------------------------------


def test_draw_figure_validates_the_json_and_names_the_file(tmp_path):
    import json

    from tnverify.errors import UsageError
    from tnverify.figures import draw_figure

    cases = {
        "bad.json": "{bad",
        "list.json": "[1, 2]",
        "nokey.json": json.dumps({"x": 1}),
        "unknown.json": json.dumps(
            {"figure": "no-such", "seed": 0, "fast": True, "options": {}, "data": {}}
        ),
        "seedstr.json": json.dumps(
            {"figure": "thesis-fig-4.8", "seed": "0", "fast": True, "options": {}, "data": {}}
        ),
        "nodata.json": json.dumps(
            {"figure": "thesis-fig-4.8", "seed": 0, "fast": True, "options": {}, "data": {}}
        ),
    }
    for name, text in cases.items():
        (tmp_path / name).write_text(text)
        with pytest.raises(UsageError, match=name.replace(".", r"\.")):
            draw_figure(tmp_path / name)
        assert not (tmp_path / name).with_suffix(".png").exists()
    with pytest.raises(UsageError, match="does not exist"):
        draw_figure(tmp_path / "missing.json")
    for bad in (3, None, b"x.json"):
        with pytest.raises(DTypeError, match="json_path"):
            draw_figure(bad)


@pytest.mark.parametrize(
    "options,error",
    [
        ({"samples": "3"}, DTypeError),
        ({"samples": 2.5}, DTypeError),
        ({"samples": True}, DTypeError),
        ({"samples": 0}, UsageError),
        ({"samples": 10**9}, UsageError),
        ({3: 1}, DTypeError),
    ],
)
def test_make_figure_checks_its_options_before_computing(options, error, tmp_path):
    from tnverify.figures import make_figure

    with pytest.raises(error):
        make_figure("thesis-fig-4.8", tmp_path, fast=True, options=options)
    assert list(tmp_path.iterdir()) == []  # nothing computed or written


def test_make_figure_refuses_a_non_path_out_dir():
    from tnverify.figures import make_figure

    for bad in (5, None, 1.5):
        with pytest.raises(DTypeError, match="out_dir"):
            make_figure("thesis-fig-4.8", bad, fast=True)


@pytest.mark.parametrize(
    "args,kwargs,error",
    [
        ((len, "ab"), {}, DTypeError),
        ((len, np.ones((2, 2))), {}, DTypeError),
        ((len, {"a": 1}), {}, DTypeError),
        ((3, [{}]), {}, DTypeError),
        ((len, [{}]), {"workers": 5000}, UsageError),
        ((len, [{}]), {"workers": 0}, UsageError),
        ((len, [{}]), {"scheduler": 3}, UsageError),
        ((len, [{}]), {"description": 3}, DTypeError),
    ],
)
def test_run_trials_validates_every_argument(args, kwargs, error):
    from tnverify.figures.trials import run_trials

    with pytest.raises(error):
        run_trials(*args, **kwargs)
    assert run_trials(len, [{"a": 1}, {}], workers=1)[0] == [1, 0]


# -- jobs and threads are bounded ----------------------------------------------------------


def test_jobs_and_threads_have_an_upper_bound(monkeypatch):
    from tnverify.threads import MAX_JOBS, MAX_THREADS, resolve_jobs, resolve_threads

    assert resolve_jobs(MAX_JOBS) == MAX_JOBS and resolve_threads(MAX_THREADS) == MAX_THREADS
    with pytest.raises(UsageError, match="jobs"):
        resolve_jobs(MAX_JOBS + 1)
    with pytest.raises(UsageError, match="threads"):
        resolve_threads(MAX_THREADS + 1)
    monkeypatch.setenv("TNVERIFY_JOBS", str(10**6))
    with pytest.raises(UsageError, match="TNVERIFY_JOBS"):
        resolve_jobs()


def test_the_pool_starts_no_more_workers_than_claim_groups(monkeypatch):
    import tnverify.claims.pool as pool
    from tnverify.claims import get_claim

    started = []

    class Refused(Exception):
        pass

    def fake_pool(*args, max_workers, **kwargs):
        started.append(max_workers)
        raise Refused

    monkeypatch.setattr(pool, "ProcessPoolExecutor", fake_pool)
    claims = [get_claim("ttlm-eq3"), get_claim("thesis-thm-3.2.1")]
    with pytest.raises(Refused):
        list(
            pool.run_in_processes(
                claims, jobs=64, threads=1, seed=0, scale="small", device="cpu", sides=("small",)
            )
        )
    assert started == [len(pool.twin_groups(claims))] and started[0] <= 2


# -- the errata renderer checks the nested structure ---------------------------------------


def test_render_markdown_names_the_broken_entry_of_a_sheet():
    import copy

    from tnverify.report.errata import build_errata, render_markdown

    sheet = build_errata("ttlm", run=False)
    assert render_markdown(sheet).startswith("# Errata")
    assert sheet["errata"], "the ttlm sheet has errata"
    edits = [
        (lambda s: s["errata"][0]["claims"][0].pop("printed"), r"\['claims'\]\[0\]"),
        (lambda s: s["errata"][0]["claims"].clear(), "is empty"),
        (lambda s: s["errata"][0].update(kind="typo?"), "kind"),
        (lambda s: s["errata"][0]["claims"][0].update(meant=3), "meant"),
        (lambda s: s["paper"].pop("citation"), "citation"),
        (lambda s: s["counts"].update(editorial="2"), "editorial"),
        (lambda s: s.update(remarks=[{"id": "x"}]), "remarks"),
        (lambda s: s.update(without_defect=[1]), "without_defect"),
        (lambda s: s.update(errata={}), "errata"),
    ]
    for edit, where in edits:
        broken = copy.deepcopy(sheet)
        edit(broken)
        with pytest.raises(DTypeError, match=where):
            render_markdown(broken)


# -- writers: path types, and evidence a report cannot record ------------------------------


def _report():
    from tnverify.claims import run_claim
    from tnverify.report import Report, environment

    r = run_claim("ttlm-eq3", sides=("small",))
    return Report([r], {"seed": 0, "scale": "small", "device": "cpu"}, environment("cpu"))


@pytest.mark.parametrize("bad", [3, None, b"r.json", 1.5])
def test_report_write_type_checks_its_path(bad):
    with pytest.raises(DTypeError, match="report path"):
        _report().write(bad)


def test_report_write_refuses_evidence_edited_into_something_unrecordable(tmp_path):
    report = _report()
    report.results[0].small.cases[0].details["raw"] = object()
    for suffix in (".json", ".md", ".html"):
        with pytest.raises(DTypeError, match=r"claim ttlm-eq3, small case 0: .*details\['raw'\]"):
            report.write(tmp_path / f"r{suffix}")
        assert not (tmp_path / f"r{suffix}").exists()


def test_report_html_reads_the_seed_as_a_seed():
    from tnverify.report.html import report_html

    report = _report()
    report.settings["seed"] = 5.7  # int() truncated it to 5
    with pytest.raises(DTypeError, match="seed"):
        report_html(report)
    report.settings["seed"] = "7"
    with pytest.raises(DTypeError, match="seed"):
        report_html(report)
    report.settings["seed"] = -1
    with pytest.raises(UsageError, match="seed"):
        report_html(report)
    report.settings["seed"] = 7
    assert "--seed 7" in report_html(report)


def test_a_user_claim_with_unrecordable_evidence_fails_at_check_not_at_report_time():
    import tnverify

    @tnverify.claim(
        "x-user-bytes",
        "bytes in the evidence are refused at check",
        source="test",
        register_claim=False,
    )
    def test_bytes(tnverify_compare):
        ev = tnverify_compare("a vs a", np.ones(2), np.ones(2), n=1)
        ev.details["raw"] = b"\x00"
        tnverify.check(ev)

    from tnverify.testing.user_claims import LAST_RESULTS

    with pytest.raises(DTypeError, match=r"details\['raw'\]"):
        test_bytes(tnverify_compare=tnverify.compare_values)
    run = LAST_RESULTS.pop()  # the record the pytest summary reads
    assert (run.id, run.verdict) == ("x-user-bytes", "error")


# -- still open from 0.1.0 -----------------------------------------------------------------


def test_inner_products_of_huge_entries_are_computed_scaled_or_refused():
    from tnverify.definitions.explicit import generalized_inner, inner

    a = np.full((2, 3), 2.0**700)
    b = np.full((2, 3), 2.0**-700)
    assert inner(a, b) == 6.0  # was inf (a·a overflowed)
    assert inner(np.array([1e308, -1e308, 1.0]), np.array([10.0, 10.0, 1.0])) == 1.0
    np.testing.assert_array_equal(generalized_inner(a, b, (0,), (0,)), np.full((3, 3), 2.0))
    with pytest.raises(NonFiniteError, match="inner product"):
        inner(a, a)
    with pytest.raises(NonFiniteError, match="generalized inner product"):
        generalized_inner(a, a, (0,), (0,))


def test_a_born_machine_with_z_0_refuses_log_probabilities_and_samples():
    import torch

    from tnverify.cells.born import BornMachine
    from tnverify.errors import NormalizationError

    zero = BornMachine(
        [torch.zeros(1, 3, 2, dtype=torch.float64), torch.zeros(2, 3, 1, dtype=torch.float64)]
    )
    for call in (
        lambda: zero.log_prob(torch.tensor([[0, 1]])),
        lambda: zero.log_partition(),
        lambda: zero.log_partition_tree(),
        lambda: zero.log_marginal(torch.tensor([[0]])),
        lambda: zero.sample(3, generator=torch.Generator().manual_seed(0)),
    ):
        with pytest.raises(NormalizationError, match="Z is 0"):
            call()
    live = BornMachine(
        [torch.ones(1, 3, 2, dtype=torch.float64), torch.ones(2, 3, 1, dtype=torch.float64)]
    )
    lp = live.log_prob(torch.tensor([[0, 1]]))
    assert float(lp.detach()) == pytest.approx(-math.log(9.0), rel=1e-15)  # uniform, 3²


def test_pairwise_similarity_network_refuses_minutes_of_steps():
    from tnverify.errors import SizeLimitError
    from tnverify.generalized.expressivity import pairwise_similarity_network

    assert pairwise_similarity_network(2, 2, 4).length == 4
    with pytest.raises(SizeLimitError, match="steps"):
        pairwise_similarity_network(1, 1, 2 * 10**6)


def test_spectra_refuses_a_memory_blow_up():
    from tnverify.errors import SizeLimitError
    from tnverify.testing.strategies import MAX_SPECTRUM, spectra

    spectra(MAX_SPECTRUM)
    with pytest.raises(SizeLimitError, match="spectra"):
        spectra(MAX_SPECTRUM + 1)


def test_gated_bilinear_refuses_integer_and_mixed_operands():
    import torch

    from tnverify.cells.gated import bilinear

    x, u, W = torch.ones(1, 2), torch.ones(1, 2), torch.ones(2, 2, 3)
    assert bilinear(x, u, W).tolist() == [[4.0, 4.0, 4.0]]
    with pytest.raises(DTypeError, match="floating"):
        bilinear(x.long(), u, W)
    with pytest.raises(DTypeError, match="one dtype"):
        bilinear(x.double(), u, W)


def test_cp_entries_refuse_ragged_indices():
    from tnverify.errors import ShapeError, VocabularyError
    from tnverify.tt.cp import CPTensor

    cp = CPTensor([1.0], ([[1.0], [2.0]], [[3.0], [4.0]]))
    assert cp.entries([[1, 1]]).tolist() == [8.0]
    with pytest.raises(ShapeError, match="ragged"):
        cp.entries([[0, 1], [1]])
    with pytest.raises(VocabularyError):
        cp.entries("01")


def test_tt_ranks_of_a_1d_tensor_validates_rtol():
    from tnverify.tt.svd import tt_ranks

    assert tt_ranks(np.ones(3), rtol=1e-3).ranks == (1, 1)
    with pytest.raises(DTypeError):
        tt_ranks(np.ones(3), rtol="x")
    with pytest.raises(ToleranceError):
        tt_ranks(np.ones(3), rtol=-1.0)


def test_cli_tt_svd_refuses_a_bool_npy(capsys, tmp_path):
    from tnverify.cli import main

    np.save(tmp_path / "b.npy", np.ones((2, 3), dtype=bool))
    assert main(["tt-svd", str(tmp_path / "b.npy")]) == 2
    assert "booleans" in capsys.readouterr().err


def test_grid_tensor_on_cuda_without_cuda_is_a_device_error():
    import torch

    from tnverify.errors import DeviceError
    from tnverify.generalized.expressivity import pairwise_similarity_network
    from tnverify.generalized.grid import grid_tensor

    if torch.cuda.is_available():
        pytest.skip("a CUDA GPU is present")
    net = pairwise_similarity_network(2, 2, 2)
    with pytest.raises(DeviceError, match="cuda"):
        grid_tensor(net, np.eye(2), backend="torch", device="cuda")
    np.testing.assert_array_equal(
        grid_tensor(net, np.eye(2), backend="torch").cpu().numpy(), grid_tensor(net, np.eye(2))
    )


def test_more_than_64_unit_modes_is_a_shape_error():
    from tnverify.definitions.explicit import copy_tensor
    from tnverify.errors import ShapeError
    from tnverify.tt import TensorTrain

    tt = TensorTrain([np.ones((1, 1, 1))] * 65)
    with pytest.raises(ShapeError, match="at most 64"):
        tt.full()
    with pytest.raises(ShapeError, match="at most 64"):
        copy_tensor(65, 1)
    assert TensorTrain([np.ones((1, 1, 1))] * 64).full().ndim == 64
    assert tt.entries(np.zeros((1, 65), dtype=int)).tolist() == [1.0]


def test_xi_reduce_validates_values_and_axis():
    from tnverify.errors import ShapeError
    from tnverify.generalized.xi import get_xi

    relu = get_xi("relu")
    assert relu.reduce([[1.0, 2.0], [3.0, -1.0]]).tolist() == [2.0, 3.0]
    assert relu.reduce([[1.0, 2.0], [3.0, -1.0]], axis=0).tolist() == [3.0, 2.0]
    for values, kwargs, error in (
        (["a"], {}, DTypeError),
        ([[1.0], [1.0, 2.0]], {}, ShapeError),
        ([1j], {}, DTypeError),
        ([1.0], {"axis": 3}, ShapeError),
        ([1.0], {"axis": 1.0}, DTypeError),
        (3.0, {}, ShapeError),
    ):
        with pytest.raises(error):
            relu.reduce(values, **kwargs)


def test_judge_printed_checks_the_formulas_arity():
    from tnverify.claims.printed_numbers import judge_printed

    assert judge_printed("x", "2.0", lambda a, b: a * b, ["1.0", "2.0"]).verdict == "holds"
    with pytest.raises(UsageError, match="2 argument"):
        judge_printed("x", "2.0", lambda a: a, ["1.0", "2.0"])
    with pytest.raises(UsageError, match="control_inputs"):
        judge_printed("x", "2.0", lambda a, b: a * b, ["1.0", "2.0"], control_inputs=["1.0"])


def test_augmented_step_refuses_unequal_batch_sizes():
    from tnverify.equivalences import augment_hidden, augment_input, augmented_step
    from tnverify.errors import ShapeError

    G = np.zeros((3, 3, 3))
    G[2, 2, 2] = 1.0
    h = augment_hidden(np.ones((2, 2)))
    assert augmented_step(G, h, augment_input(np.ones((2, 2)))).shape == (2, 3)
    assert augmented_step(G, h, augment_input(np.ones(2))).shape == (2, 3)  # broadcast
    with pytest.raises(ShapeError, match="batch size"):
        augmented_step(G, h, augment_input(np.ones((3, 2))))


def test_compare_ints_of_different_lengths_is_an_error_not_a_failure():
    from tnverify.claims.compare import compare_ints

    ev = compare_ints("ranks", [1, 2], [1, 2, 3])
    assert ev.verdict == "error" and "2 integers and want 3" in ev.problem
    assert compare_ints("ranks", [1, 2], [1, 3]).verdict == "fails"
    assert compare_ints("ranks", [1, 2], [1, 2]).verdict == "holds"
