"""The tnverify pytest plugin as pytest loads it (entry point ``pytest11``, name
``tnverify``; active wherever tnverify is installed, ``-p no:tnverify`` turns it off).

This module lives outside the ``tnverify`` package on purpose: importing anything inside
``tnverify`` runs ``tnverify/__init__.py`` (numpy, scipy, the claim registry: about 0.4 s),
and pytest imports every installed plugin in every session of the environment.  So this
module imports nothing of tnverify at load time: the fixtures import their objects when a
test requests them, and the claims section (:mod:`tnverify.testing.pytest_plugin`) is imported only
when a test has run a :func:`tnverify.claim` (which already imported tnverify).

Fixtures
--------
``tnverify_oracle``
    A :class:`tnverify.definitions.oracle.Oracle`: explicit tensors under the size guard, exact
    conditionals, brute-force partition functions.
``tnverify_tolerance``
    :func:`tnverify.conventions.tolerance` — the named tolerance rule
    ``SAFETY · n · eps(dtype) · norm``.
``tnverify_compare``
    :func:`tnverify.claims.compare.compare_values` — a comparison as an Evidence.

Option ``--tnverify-report PATH``: see :mod:`tnverify.testing.pytest_plugin`.
"""

from __future__ import annotations

import sys

import pytest

__all__ = ["tnverify_oracle", "tnverify_tolerance", "tnverify_compare"]

#: The module whose ``LAST_RESULTS`` holds the runs of users' claims; imported by whoever
#: decorates a test with :func:`tnverify.claim`, never by this plugin.
_USER_CLAIMS = "tnverify.testing.user_claims"


def pytest_addoption(parser):
    group = parser.getgroup("tnverify")
    group.addoption("--tnverify-report", default=None, metavar="PATH",
                    help="write the verdicts of the @tnverify.claim tests as JSON, or as a "
                         "self-contained HTML page when PATH ends in .html")


def pytest_configure(config):
    """Check ``--tnverify-report`` before any test runs: a path whose suffix or directory
    is wrong, or a run under pytest-xdist (whose workers each hold only their own claims'
    verdicts, so the report would keep one worker's and say nothing), is a usage error
    now — not an INTERNALERROR after every test ran."""
    path = config.getoption("--tnverify-report", None)
    if path is None or hasattr(config, "workerinput"):     # xdist workers: the controller
        return                                             # has checked already
    from tnverify.errors import TnverifyError
    from tnverify.report.table import check_report_path

    try:
        check_report_path(path)
    except TnverifyError as exc:
        raise pytest.UsageError(f"--tnverify-report: {exc}") from None
    workers = config.getoption("numprocesses", None)
    if workers not in (None, 0, "0") or config.getoption("dist", "no") != "no":
        raise pytest.UsageError(
            "--tnverify-report cannot be combined with pytest-xdist (-n / --dist): each "
            "worker holds only its own claims' verdicts; run the claims without -n (e.g. "
            "pytest -p no:xdist --tnverify-report PATH, or -n 0)")


@pytest.fixture(scope="session")
def tnverify_oracle():
    """Brute-force definitions at small sizes (:class:`tnverify.definitions.oracle.Oracle`)."""
    from tnverify.definitions.oracle import Oracle

    return Oracle()


@pytest.fixture(scope="session")
def tnverify_tolerance():
    """The tolerance rule of :mod:`tnverify.conventions` (``tolerance(dtype, n, norm)``)."""
    from tnverify.conventions import tolerance

    return tolerance


@pytest.fixture(scope="session")
def tnverify_compare():
    """``compare_values(compared, value, reference, *, n, scale, dtype)`` → Evidence."""
    from tnverify.claims.compare import compare_values

    return compare_values


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    module = sys.modules.get(_USER_CLAIMS)
    if module is None or not getattr(module, "LAST_RESULTS", None):
        return  # no @tnverify.claim test ran in this session: nothing to import or show
    from tnverify.testing.pytest_plugin import claims_summary

    claims_summary(terminalreporter, config)
