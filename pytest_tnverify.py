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
    test's node id, for a test that is not a claim.  A ``@tnverify.claim`` test that
    names ``tnverify_rng`` gets it from tnverify itself, not from this fixture: the
    generator ``tnverify verify --seed S`` hands the same claim (seeded from the seed and
    the claim's id), so both runners draw the same numbers and the report records the
    seed.  In a ``@given`` claim every example gets a fresh generator of that seed (as
    hypothesis reseeds ``random`` for every example), and since no function-scoped fixture
    is involved, hypothesis's ``function_scoped_fixture`` health check stays on.

Options
-------
``--tnverify-report PATH``
    Write the claims' report: JSON (``.json``), Markdown (``.md``) or a self-contained
    HTML page (``.html``), as ``tnverify verify --report PATH`` does; any other suffix, or
    a directory that does not exist, is refused before the session starts.  Under
    pytest-xdist the report holds every worker's claims.
``--tnverify-seed S``
    The base seed of ``tnverify_rng`` and of the claims' hypothesis runs (default 0; an
    integer ``>= 0``, as ``tnverify verify --seed``: anything else is refused before the
    session starts).

A claim whose test breaks before the claim's wrapper runs (a hypothesis health check on
another fixture, say) is recorded with the verdict ``error``; the claims are listed and
written in collection order, under pytest-xdist too.
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
#: The collected node ids in collection order, per config (the controller's own
#: collection, or under xdist the first worker's).
_ORDER: dict = {}


def pytest_addoption(parser):
    group = parser.getgroup("tnverify")
    group.addoption(
        "--tnverify-report",
        default=None,
        metavar="PATH",
        help="write the verdicts of the @tnverify.claim tests: JSON for .json, "
        "Markdown for .md, a self-contained HTML page for .html (as "
        "tnverify verify --report)",
    )
    group.addoption(
        "--tnverify-seed",
        default=0,
        type=int,
        metavar="S",
        help="base seed of the tnverify_rng fixture and of the claims' "
        "hypothesis runs (default 0; as tnverify verify --seed)",
    )


def _usage_error(base):
    """A subclass of tnverify's ``base`` error that pytest also reports as a usage error
    (``ERROR: ...``, exit 4) instead of an INTERNALERROR traceback."""

    class TnverifyOptionError(base, pytest.UsageError):
        pass

    return TnverifyOptionError


def pytest_configure(config):
    seed = config.getoption("--tnverify-seed")
    path = config.getoption("--tnverify-report")
    if seed != 0 or path is not None:
        from tnverify.errors import UsageError
        from tnverify.testing import user_claims
        from tnverify.validation import as_seed

        try:
            user_claims.SESSION["seed"] = as_seed(seed, "--tnverify-seed")
        except UsageError as exc:
            raise _usage_error(UsageError)(str(exc)) from None
    if path is not None and not hasattr(config, "workerinput"):
        from tnverify.errors import ReportFormatError, TnverifyError
        from tnverify.report.table import check_report_path

        try:
            check_report_path(path)
        except TnverifyError as exc:  # a bad suffix or folder, or not a path at all
            kind = ReportFormatError if isinstance(exc, ReportFormatError) else type(exc)
            raise _usage_error(kind)(f"--tnverify-report: {exc}") from None


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
    """A ``numpy.random.Generator`` seeded from ``--tnverify-seed`` and the test's node id
    (:func:`tnverify.testing.user_claims.claim_rng`); a claim's test gets its generator
    from tnverify instead (seeded from the claim's id, as in ``tnverify verify``)."""
    from tnverify.testing.user_claims import claim_rng

    return claim_rng(request.node.nodeid, request.config.getoption("--tnverify-seed"))


def pytest_collection_finish(session):
    """Remember the collection order (the report lists the claims in it)."""
    if session.items:
        _ORDER[id(session.config)] = [item.nodeid for item in session.items]


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node, ids):
    """Under pytest-xdist the controller learns the collection order from a worker."""
    _ORDER.setdefault(id(node.config), list(ids))


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_call(item):
    """A claim whose test broke before the claim's wrapper ran (hypothesis's health
    checks run first) is recorded as an ``error`` run, not left out of the report."""
    test = getattr(item, "obj", None)
    if getattr(test, "tnverify_meta", None) is None:
        yield
        return
    module = sys.modules.get(_USER_CLAIMS)
    before = len(module.LAST_RESULTS) if module is not None else 0
    outcome = yield
    excinfo = outcome.excinfo
    if excinfo is None or isinstance(excinfo[1], pytest.skip.Exception):
        return
    module = sys.modules.get(_USER_CLAIMS)
    if module is not None and len(module.LAST_RESULTS) == before:
        module.record_error(test, excinfo[1], item.nodeid)


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
    if hasattr(config, "workerinput"):
        return  # an xdist worker: the controller reports its claims
    received = _RECEIVED.pop(id(config), [])
    module = sys.modules.get(_USER_CLAIMS)
    local = list(getattr(module, "LAST_RESULTS", None) or []) if module is not None else []
    if not received and not local and config.getoption("--tnverify-report") is None:
        return  # no @tnverify.claim test ran in this session: nothing to import or show
    from tnverify.testing.pytest_plugin import claims_summary, result_from_record

    results = local + [result_from_record(r) for r in received]
    order = {nodeid: i for i, nodeid in enumerate(_ORDER.pop(id(config), []))}
    results.sort(key=lambda r: order.get(r.nodeid, len(order)))  # stable: runs of
    claims_summary(terminalreporter, config, results)  # one test in order
