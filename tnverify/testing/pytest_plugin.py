"""The claims section of the tnverify pytest plugin (the plugin itself, its fixtures and
its ``--tnverify-report`` option are :mod:`pytest_tnverify`, registered as the ``pytest11``
entry point ``tnverify``; it imports this module only after a test has run a claim).

Tests decorated with :func:`tnverify.claim` are reported in a "tnverify claims" section of
the terminal summary with their computed verdicts; ``--tnverify-report PATH`` writes them
as a self-contained HTML page when PATH ends in ``.html`` (the sections of ``tnverify verify
--report r.html``), otherwise as JSON, ``{"claims": [...]}``, each record shaped like a claim of ``tnverify verify
--report`` (``id``, ``package``, ``verdict``, ``expected``, ``small: {verdict, cases:
[evidence]}``, ``counterexample``; plus ``checks``, the comparisons recorded).  A claim
run several times (parametrized tests) has one record per run.

The fixtures (``tnverify_oracle``, ``tnverify_tolerance``, ``tnverify_compare``) are
documented in :mod:`pytest_tnverify`.  Neither module imports torch or hypothesis.
"""

from __future__ import annotations

import json

__all__ = ["claims_summary"]


def _results():
    import sys

    module = sys.modules.get("tnverify.testing.user_claims")
    return list(getattr(module, "LAST_RESULTS", []))


def _record(r) -> dict:
    """One run of a user claim as a claim record of ``tnverify verify --report``
    (``ClaimResult.to_dict``: the pytest run is the claim's small side)."""
    from ..claims import _jsonable

    ev = r.evidence
    return _jsonable({"id": r.id, "package": r.package, "verdict": r.verdict,
                      "expected": r.expected,
                      "small": {"verdict": r.verdict, "cases": [ev.to_dict()]},
                      "counterexample": ev.counterexample, "checks": r.checks})


def claims_summary(terminalreporter, config) -> None:
    """Write the "tnverify claims" section (and the ``--tnverify-report`` JSON, if asked)."""
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
        if str(path).lower().endswith(".html"):
            from ..report.html import report_html
            text = report_html(_report(results), title="tnverify claims (pytest)")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(text)
        else:
            record = [_record(r) for r in results]
            with open(path, "w", encoding="utf-8") as fh:
                json.dump({"claims": record}, fh, indent=1, default=str)
        tr.write_line(f"tnverify claims report written to {path}")


def _report(results):
    """The runs of users' claims as a :class:`tnverify.report.Report` (each run is its
    claim's small side), for the HTML page."""
    from ..claims import REGISTRY, SKIPPED, Claim, ClaimResult, SideResult
    from ..report import Report, environment

    out = []
    for r in results:
        claim = REGISTRY.get(r.id)
        if claim is None:      # a claim decorated with register_claim=False
            claim = Claim(id=r.id, statement="(not registered)", refs=(),
                          topic=r.package.lower().replace("_", "-") or "pytest",
                          small=lambda params, rng: None, expected=r.expected,
                          package=r.package or "pytest", source="a pytest test")
        small = SideResult(r.verdict, [r.evidence], 0.0, r.details.get("error"))
        out.append(ClaimResult(claim, r.verdict, small, SideResult(SKIPPED, [], 0.0), 0.0,
                               {"seed": None, "scale": "pytest", "device": "cpu"}))
    return Report(out, {"scale": "pytest", "seed": 0, "device": "cpu"}, environment("cpu"))
