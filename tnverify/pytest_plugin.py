"""The tnverify pytest plugin (entry point ``pytest11``; active wherever tnverify is
installed).

Fixtures
--------
``tnverify_oracle``
    A :class:`tnverify.oracle.Oracle`: explicit tensors under the size guard, exact
    conditionals, brute-force partition functions.
``tnverify_tolerance``
    :func:`tnverify.conventions.tolerance` — the named tolerance rule
    ``SAFETY · n · eps(dtype) · norm``.
``tnverify_compare``
    :func:`tnverify.claims.compare.compare_values` — a comparison as an Evidence.

Tests decorated with :func:`tnverify.claim` are reported in a "tnverify claims" section of
the terminal summary with their computed verdicts; ``--tnverify-report PATH`` writes them
as JSON, ``{"claims": [...]}``, each record shaped like a claim of ``tnverify verify
--report`` (``id``, ``package``, ``verdict``, ``expected``, ``small: {verdict, cases:
[evidence]}``, ``counterexample``; plus ``checks``, the comparisons recorded).  A claim
run several times (parametrized tests) has one record per run.

The plugin imports neither torch nor hypothesis.
"""

from __future__ import annotations

import json

import pytest

__all__ = ["tnverify_oracle", "tnverify_tolerance", "tnverify_compare"]


def pytest_addoption(parser):
    group = parser.getgroup("tnverify")
    group.addoption("--tnverify-report", default=None, metavar="PATH",
                    help="write the verdicts of the @tnverify.claim tests as JSON")


@pytest.fixture(scope="session")
def tnverify_oracle():
    """Brute-force definitions at small sizes (:class:`tnverify.oracle.Oracle`)."""
    from .oracle import Oracle

    return Oracle()


@pytest.fixture(scope="session")
def tnverify_tolerance():
    """The tolerance rule of :mod:`tnverify.conventions` (``tolerance(dtype, n, norm)``)."""
    from .conventions import tolerance

    return tolerance


@pytest.fixture(scope="session")
def tnverify_compare():
    """``compare_values(compared, value, reference, *, n, scale, dtype)`` → Evidence."""
    from .claims.compare import compare_values

    return compare_values


def _results():
    import sys

    module = sys.modules.get("tnverify.user_claims")
    return list(getattr(module, "LAST_RESULTS", []))


def _record(r) -> dict:
    """One run of a user claim as a claim record of ``tnverify verify --report``
    (``ClaimResult.to_dict``: the pytest run is the claim's small side)."""
    from .claims import _jsonable

    ev = r.evidence
    return _jsonable({"id": r.id, "package": r.package, "verdict": r.verdict,
                      "expected": r.expected,
                      "small": {"verdict": r.verdict, "cases": [ev.to_dict()]},
                      "counterexample": ev.counterexample, "checks": r.checks})


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    results = _results()
    if not results:
        return
    tr = terminalreporter
    tr.write_sep("=", "tnverify claims")
    width = max(len(r.id) for r in results)
    for r in results:
        ev = r.evidence
        ratio = "" if ev.ratio is None else f"  error/tolerance {ev.ratio:.2g}"
        mark = "as expected" if r.as_expected else f"EXPECTED {r.expected}"
        reason = f"  {r.details['error']}" if r.details.get("error") else ""
        tr.write_line(f"{r.id:{width}s}  {r.verdict:9s} ({mark}; {r.checks} checks){ratio}"
                      f"{reason}")
    path = config.getoption("--tnverify-report")
    if path:
        record = [_record(r) for r in results]
        with open(path, "w", encoding="utf-8") as fh:
            json.dump({"claims": record}, fh, indent=1, default=str)
        tr.write_line(f"tnverify claims report written to {path}")
