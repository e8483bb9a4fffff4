"""Rows of the boundary fuzzer for the entry points added in 0.2.0: report
writers, claim sections, threads and jobs, the user-claims decorator and a hand-built
Evidence, ``BornMachine.to_tt``, figure data, trials and drawing (the augmented-core maps
``second_order_affine_to_augmented_core`` and ``split_augmented_core(layout=)`` have their
rows in tests/boundary_fuzz_rows.py).  Imported by tests/test_boundary_fuzz.py, which adds
these rows to :data:`boundary_fuzz_rows.ROWS`.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

import numpy as np
import torch

import tnverify as tv
from boundary_fuzz_rows import row
from tnverify import threads
from tnverify.cells import born
from tnverify.claims import Evidence, get_claim, run_claim
from tnverify.figures import registry as figreg
from tnverify.figures import trials
from tnverify.report import Report, check_report_path, environment
from tnverify.report import html as report_html_module
from tnverify.report.claim_sections import claim_section

DIR = Path(tempfile.mkdtemp(prefix="tnverify-fuzz-020-"))
atexit.register(shutil.rmtree, DIR, True)

# ------------------------------------------------------------------ threads and jobs
row(threads.available_cores, threads.available_cores, {})
row(threads.resolve_threads, threads.resolve_threads, {"value": "int"}, value=1)
row(threads.resolve_jobs, threads.resolve_jobs, {"value": "int"}, value=2)
row(threads.set_threads, threads.set_threads, {"n": "int", "torch": "flag"}, n=1, torch=False)

# ------------------------------------------------------------------ hand-built Evidence
row(
    tv.check,
    lambda error, tolerance: tv.check(Evidence("x", error=error, tolerance=tolerance)).verdict,
    {"error": "tol", "tolerance": "tol"},
    alternatives=("error:nan", "error:inf"),  # a NaN/inf error is judged: it fails
    error=1e-13,
    tolerance=1e-12,
)
row(
    tv.check,
    lambda passed=None: tv.check(Evidence("x", passed=passed)).verdict,
    {"passed": "flag"},
    passed=True,
)
row(
    tv.check,
    lambda details, sizes: tv.check(
        Evidence("x", passed=True, details=details, sizes=sizes)
    ).to_dict(),
    {"details": "object", "sizes": "object"},
    details={"n": 3, "z": 1j},
    sizes={"V": 2},
)

# ------------------------------------------------------------------ the user-claims decorator
row(
    tv.claim,
    lambda title, source, package=None, group=None: callable(
        tv.claim(
            "fuzz-claim-3",
            "s",
            title=title,
            source=source,
            package=package,
            group=group,
            register_claim=False,
        )
    ),
    {"title": "text", "source": "text", "package": "text", "group": "text"},
    title="t",
    source="test",
    package="fuzz",
    group="fuzz-topic",
)

# ------------------------------------------------------------------ BornMachine.to_tt
_TT_CORES = [np.random.default_rng(4).standard_normal(s) for s in ((1, 3, 2), (2, 3, 2), (2, 3, 1))]
row(
    born.BornMachine,
    lambda c0: born.BornMachine([c0] + [torch.as_tensor(c) for c in _TT_CORES[1:]]).to_tt().full(),
    {"c0": "tensor"},
    alternatives=("complex",),  # a complex Born machine is one
    c0=torch.as_tensor(_TT_CORES[0]),
)

# ------------------------------------------------------------------ figures: data, trials, drawing
_FIG_DIR = DIR / "figures"
_JSON, _PNG = figreg.make_figure("thesis-fig-4.8", _FIG_DIR, fast=True, options={"samples": 50})
row(
    figreg.make_figure,
    lambda name, fast, seed: [
        p.name
        for p in figreg.make_figure(name, _FIG_DIR, fast=fast, seed=seed, options={"samples": 50})
    ],
    {"name": "choice", "fast": "flag", "seed": "num"},
    name="thesis-fig-4.8",
    fast=True,
    seed=0,
)
row(
    figreg.make_figure,
    lambda samples, options=None: [
        p.name
        for p in figreg.make_figure(
            "thesis-fig-4.8", _FIG_DIR, fast=True, options={"samples": samples}
        )
    ],
    {"samples": "int"},
    alternatives=("samples:None",),  # None: the figure's default
    samples=50,
)
row(
    figreg.make_figure,
    lambda out_dir: [
        p.name
        for p in figreg.make_figure("thesis-fig-4.8", out_dir, fast=True, options={"samples": 50})
    ],
    {"out_dir": "path"},
    out_dir=str(_FIG_DIR),
)
row(
    figreg.draw_figure,
    lambda json_path, png_path=None: figreg.draw_figure(json_path, png_path).name,
    {"json_path": "path", "png_path": "path"},
    json_path=_JSON,
    png_path=str(DIR / "drawn.png"),
)
row(
    figreg.read_figure_record,
    lambda json_path: figreg.read_figure_record(json_path)["figure"],
    {"json_path": "path"},
    json_path=str(_JSON),
)
row(
    figreg.check_figure_options,
    lambda samples, workers, device: figreg.check_figure_options(
        {"samples": samples, "workers": workers, "device": device}
    ),
    {"samples": "int", "workers": "int", "device": "device"},
    alternatives=("None",),  # None: the figure's default
    samples=50,
    workers=2,
    device="cpu",
)
row(figreg.figure_names, lambda: len(figreg.figure_names()), {})


def _register(name, title, data, plot, options):
    fig = figreg.register_figure(figreg.Figure(name, title, data, plot, options))
    return figreg.FIGURES.pop(fig.name).name


row(
    figreg.Figure,
    _register,
    {"name": "text", "title": "text", "data": "callable", "plot": "callable", "options": "object"},
    name="fuzz-figure",
    title="t",
    data=lambda fast, seed: {},
    plot=lambda d: None,
    options=("samples",),
)
row(
    figreg.register_figure,
    lambda fig: figreg.FIGURES.pop(figreg.register_figure(fig).name).name,
    {"fig": "object"},
    fig=figreg.Figure("fuzz-fig-2", "t", lambda f, s: {}, lambda d: None),
)
row(
    trials.run_trials,
    lambda tasks, description, workers=1: trials.run_trials(
        len, tasks, workers=workers, description=description
    )[0],
    {"tasks": "object", "description": "text", "workers": "int"},
    tasks=[{"a": 1}, {}],
    description="trials",
    workers=1,
)
row(
    trials.run_trials,
    lambda fn: trials.run_trials(fn, [{"a": 1}], workers=1)[0],
    {"fn": "callable"},
    fn=len,
)
row(trials.local_cores, trials.local_cores, {})
row(trials.validate_workers, trials.validate_workers, {"workers": "int"}, workers=2)

# ------------------------------------------------------------------ reports and claim sections
_RESULT = run_claim("ttlm-eq3", sides=("small",))
_REPORT = Report(
    [_RESULT],
    {"seed": 0, "scale": "small", "device": "cpu"},
    environment("cpu"),
    created="2026-01-01T00:00:00+00:00",
)
for _suffix in (".json", ".md", ".html"):
    row(
        Report,
        lambda path: _REPORT.write(path).name,
        {"path": "path"},
        path=str(DIR / f"r{_suffix}"),
    )
row(
    check_report_path,
    lambda path: check_report_path(path).name,
    {"path": "path"},
    path=str(DIR / "r.json"),
)
row(
    report_html_module.report_html,
    lambda report, title: len(report_html_module.report_html(report, title=title)),
    {"report": "object", "title": "text"},
    report=_REPORT,
    title="t",
)
row(
    report_html_module.proof_source,
    lambda proof: report_html_module.proof_source(proof),
    {},
    proof="proofs/spine_ttlm.py::prove_ttlm_eq2",
)
row(
    claim_section,
    lambda claim, heading, seed, result=None: claim_section(
        claim, result, heading=heading, seed=seed
    ),
    {"claim": "object", "heading": "flag", "seed": "num", "result": "object"},
    claim=get_claim("ttlm-eq3"),
    heading=True,
    seed=0,
    result=_RESULT,
)
row(
    claim_section,
    lambda href: claim_section(get_claim("ttlm-eq3"), href=href),
    {"href": "callable"},
    href=lambda cid: f"#{cid}",
)

# ------------------------------------------------------------------ devices
from tnverify import device as dev  # noqa: E402

row(dev.check_available, dev.check_available, {"device": "device"}, device="cpu")
