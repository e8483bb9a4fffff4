"""Test configuration: torch and BLAS at one thread per process (TNVERIFY_THREADS to change
it; pytest-xdist runs test files in one process per core instead: with two OpenBLAS
threads a wide SVD was bimodal, and 2-2.5x slower than one thread beside a competing busy
process), the hypothesis profiles, and a registry of fake claims for the report and CLI
tests."""

import os

import numpy as np
import pytest
from hypothesis import HealthCheck, settings

import tnverify.claims as claims_mod
from tnverify.claims import Claim, Evidence, Ref, register
from tnverify.conventions import tolerance
from tnverify.threads import set_threads

set_threads()  # TNVERIFY_THREADS or 1: torch intra-/inter-op threads, BLAS, and the env
# the suite itself runs on every core (pytest-xdist); `tnverify verify` inside a test runs
# its claims in this process unless the test asks for worker processes (--jobs)
os.environ.setdefault("TNVERIFY_JOBS", "1")

# "default" (CI, the README's test command) is derandomized: the same draws every run, so
# CI's verdict does not depend on the day's luck; "thorough" draws fresh examples each run
# (HYPOTHESIS_PROFILE=thorough) to look for new counterexamples.
settings.register_profile(
    "default",
    deadline=None,
    max_examples=20,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "thorough", parent=settings.get_profile("default"), max_examples=200, derandomize=False
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


# -- paper-size runs: only on request (a separate CI step) -------------------------------
def pytest_addoption(parser):
    parser.addoption(
        "--paper-size",
        action="store_true",
        default=False,
        help="also run the tests marked paper_size (the papers' GPU sizes); "
        "TNVERIFY_PAPER_SIZE=1 does the same",
    )


def pytest_collection_modifyitems(config, items):
    if config.getoption("--paper-size") or os.environ.get("TNVERIFY_PAPER_SIZE") == "1":
        return
    skip = pytest.mark.skip(reason="paper-size run: pass --paper-size (or TNVERIFY_PAPER_SIZE=1)")
    for item in items:
        if "paper_size" in item.keywords:
            item.add_marker(skip)


# -- fake claims ------------------------------------------------------------------------


def _roundtrip(params, rng):
    """holds: x against x + 0 (error is exactly zero)."""
    x = rng.standard_normal(int(params.get("n", 4)))
    err = float(np.max(np.abs((x + 0.0) - x)))
    return Evidence(
        "x vs x + 0",
        error=err,
        tolerance=tolerance(np.float64, n=1, norm=float(np.max(np.abs(x)))),
        sizes={"n": x.size},
    )


def _off_by_one(params, rng):
    """fails: x against x + 1."""
    x = rng.standard_normal(int(params["n"]))
    err = float(np.max(np.abs((x + 1.0) - x)))
    return Evidence(
        "x vs x + 1",
        error=err,
        tolerance=tolerance(np.float64, n=1, norm=float(np.max(np.abs(x)))),
        sizes={"n": x.size},
        counterexample={"x": x},
    )


def _two_readings(params, rng):
    """ill-posed: reading a holds, reading b fails."""
    return Evidence(
        "the printed formula",
        readings={"a": _roundtrip({"n": 3}, rng), "b": _off_by_one({"n": 3}, rng)},
        ill_posed="the printed sum has no range",
    )


def _boom(params, rng):
    raise RuntimeError("boom")


def _no_cuda(params, device, rng):
    return Evidence("cell on the GPU", skipped="no CUDA here")


def _scaled_ok(params, device, rng):
    return _roundtrip({"n": 8}, rng)


FAKE_IDS = ("fake-holds", "fake-fails", "fake-ill", "fake-error", "fake-skip")


def make_fake_claims() -> list[Claim]:
    return [
        Claim(
            "fake-holds",
            "x equals x + 0",
            (Ref("ttlm", "§1, Eq. 1"),),
            "tensor-trains",
            _roundtrip,
            space=({"n": 2}, {"n": 5}),
            scaled=_scaled_ok,
            title="holding",
        ),
        Claim(
            "fake-fails",
            "x equals x + 1",
            (Ref("thesis", "§2"), Ref("gtm", "§3")),
            "tt-language-models",
            _off_by_one,
            space=({"n": 1}, {"n": 2}),
            expected="fails",
            corrected_by="fake-holds",
            title="failing",
        ),
        Claim(
            "fake-ill",
            "sum x",
            (Ref("gtm", "Eq. 9"),),
            "xi-networks",
            _two_readings,
            expected="ill-posed",
            readings={"a": "sum over t", "b": "sum over k"},
            title="ambiguous",
        ),
        Claim(
            "fake-error",
            "a broken check",
            (Ref("tslm", "Eq. 7"),),
            "tensor-trains",
            _boom,
            title="broken",
        ),
        Claim(
            "fake-skip",
            "scaled side needs a GPU",
            (Ref("ttlm", "§2 | Table 1"),),
            "tensor-trains",
            _roundtrip,
            scaled=_no_cuda,
            title="skipped scaled",
        ),
    ]


@pytest.fixture
def fake_registry(monkeypatch):
    """A fresh registry holding only the five fake claims."""
    monkeypatch.setattr(claims_mod, "REGISTRY", {})
    monkeypatch.setattr(claims_mod, "_loaded", True)
    for c in make_fake_claims():
        register(c)
    return claims_mod.REGISTRY
