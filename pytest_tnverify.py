"""The tnverify pytest plugin as pytest loads it (entry point ``pytest11``, name
``tnverify``; active wherever tnverify is installed, ``-p no:tnverify`` turns it off).

This module lives outside the ``tnverify`` package on purpose: importing anything inside
``tnverify`` runs ``tnverify/__init__.py`` (numpy, scipy, the claim registry: about 0.4 s),
and pytest imports every installed plugin in every session of the environment.  So this
module imports nothing of tnverify at load time: the fixtures import their objects when a
test requests them, and the claims section (:mod:`tnverify.testing.pytest_plugin`) is imported only
when a test has run a :func:`tnverify.claim` (which already imported tnverify), or when
``--tnverify-report`` is given (its path is checked before the session starts).

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
``tnverify_rng``
    A ``numpy.random.Generator`` seeded from ``--tnverify-seed`` (default 0) and the
    claim's id (the test's node id for a test that is not a claim): the generator
    ``tnverify verify --seed S`` hands the same claim, so both runners draw the same
    numbers and the report records the seed.

Options
-------
``--tnverify-report PATH``
    Write the claims' report: JSON (``.json``), Markdown (``.md``) or a self-contained
    HTML page (``.html``), as ``tnverify verify --report PATH`` does; any other suffix, or
    a directory that does not exist, is refused before the session starts.  Under
    pytest-xdist the report holds every worker's claims.
``--tnverify-seed S``
    The base seed of ``tnverify_rng`` and of the claims' hypothesis runs (default 0).
"""

from __future__ import annotations

import sys

import pytest

__all__ = ["tnverify_oracle", "tnverify_tolerance", "tnverify_compare", "tnverify_rng"]

#: The module whose ``LAST_RESULTS`` holds the runs of users' claims; imported by whoever
#: decorates a test with :func:`tnverify.claim`, never by this plugin.
_USER_CLAIMS = "tnverify.testing.user_claims"
#: Where an xdist worker puts its claims (``config.workeroutput``).
_WORKER_KEY = "tnverify_claims"
#: The claims received from xdist workers (controller side), per config.
_RECEIVED: dict = {}


def pytest_addoption(parser):
    group = parser.getgroup("tnverify")
    group.addoption("--tnverify-report", default=None, metavar="PATH",
                    help="write the verdicts of the @tnverify.claim tests: JSON for .json, "
                         "Markdown for .md, a self-contained HTML page for .html (as "
                         "tnverify verify --report)")
    group.addoption("--tnverify-seed", default=0, type=int, metavar="S",
                    help="base seed of the tnverify_rng fixture and of the claims' "
                         "hypothesis runs (default 0; as tnverify verify --seed)")


def _report_error():
    """``ReportFormatError`` that pytest also reports as a usage error (``ERROR: ...``,
    exit 4) instead of an INTERNALERROR traceback."""
    from tnverify.errors import ReportFormatError

    class TnverifyReportError(ReportFormatError, pytest.UsageError):
        pass

    return TnverifyReportError


def pytest_configure(config):
    seed = config.getoption("--tnverify-seed")
    path = config.getoption("--tnverify-report")
    if seed != 0 or path:
        from tnverify.testing import user_claims

        user_claims.SESSION["seed"] = int(seed)
    if path and not hasattr(config, "workerinput"):
        from tnverify.errors import ReportFormatError
        from tnverify.report.table import check_report_path

        try:
            check_report_path(path)
        except ReportFormatError as exc:
            raise _report_error()(f"--tnverify-report: {exc}") from None


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


@pytest.fixture
def tnverify_rng(request):
    """A ``numpy.random.Generator`` seeded from ``--tnverify-seed`` and the claim id
    (:func:`tnverify.testing.user_claims.claim_rng`; the node id for a plain test)."""
    from tnverify.testing.user_claims import claim_rng

    key = getattr(request.function, "tnverify_claim", None) or request.node.nodeid
    return claim_rng(key, request.config.getoption("--tnverify-seed"))


def pytest_sessionfinish(session, exitstatus):
    """An xdist worker hands its claims to the controller."""
    config = session.config
    if not hasattr(config, "workeroutput"):
        return
    module = sys.modules.get(_USER_CLAIMS)
    if module is None or not getattr(module, "LAST_RESULTS", None):
        return
    from tnverify.testing.pytest_plugin import worker_records

    config.workeroutput[_WORKER_KEY] = worker_records()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """The controller collects the claims of a worker that finished (pytest-xdist)."""
    records = getattr(node, "workeroutput", {}).get(_WORKER_KEY)
    if records:
        _RECEIVED.setdefault(id(node.config), []).extend(records)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    received = _RECEIVED.pop(id(config), [])
    module = sys.modules.get(_USER_CLAIMS)
    local = list(getattr(module, "LAST_RESULTS", None) or []) if module is not None else []
    if not received and not local:
        return  # no @tnverify.claim test ran in this session: nothing to import or show
    from tnverify.testing.pytest_plugin import claims_summary, result_from_record

    results = local + [result_from_record(r) for r in received]
    claims_summary(terminalreporter, config, results)
