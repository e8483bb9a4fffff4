"""The claims section of the tnverify pytest plugin (the plugin itself, its fixtures and
its options are :mod:`pytest_tnverify`, registered as the ``pytest11`` entry point
``tnverify``; it imports this module only after a test has run a claim, or when a
pytest-xdist worker sent claims).

Tests decorated with :func:`tnverify.claim` are reported in a "tnverify claims" section of
the terminal summary with their computed verdicts; ``--tnverify-report PATH`` writes them
as :meth:`tnverify.report.Report.write` does for ``tnverify verify --report PATH``: JSON for
``.json``, Markdown for ``.md``, a self-contained HTML page for ``.html`` (any other suffix
is refused with :class:`~tnverify.errors.ReportFormatError` before the session starts).
The report has the same sections as verify's: environment, settings (``seed`` is
``--tnverify-seed``), every claim run with its time, the seeds it used and its evidence
(every ``tnverify.check()`` a part of its own), and the summary.  A claim run several
times (parametrized tests) has one record per run.  Under pytest-xdist (``-n N``) every
worker sends its claims to the controller (:func:`worker_records` /
:func:`result_from_record`), which writes one report of all of them.

Neither module imports torch or hypothesis.
"""

from __future__ import annotations

import json

__all__ = ["claims_summary", "worker_records", "result_from_record", "session_report"]


def _results():
    import sys

    module = sys.modules.get("tnverify.testing.user_claims")
    return list(getattr(module, "LAST_RESULTS", []))


def _plain(x):
    """JSON-safe (what execnet can send from a worker)."""
    return json.loads(json.dumps(x, default=str))


def _shown(r) -> dict:
    """What the decorator was given (statement, source, refs, title) and the test's file
    and node id, as a plain record."""
    return {
        "statement": r.statement,
        "source": r.source,
        "title": r.title,
        "refs": [ref.to_dict() for ref in r.refs],
        "file": r.file,
        "nodeid": r.nodeid,
    }


def worker_records() -> list[dict]:
    """This process's claim runs as plain records (sent by an xdist worker)."""
    from ..claims import REGISTRY

    out = []
    for r in _results():
        c = REGISTRY.get(r.id)
        claim = (
            None
            if c is None
            else {
                "statement": c.statement,
                "title": c.title,
                "source": c.source,
                "group": c.group,
                "refs": [ref.to_dict() for ref in c.refs],
                "module": getattr(c.small, "__module__", ""),
            }
        )
        out.append(
            _plain(
                {
                    "id": r.id,
                    "verdict": r.verdict,
                    "expected": r.expected,
                    "checks": r.checks,
                    "package": r.package,
                    "details": r.details,
                    "seconds": r.seconds,
                    "seeds": r.seeds,
                    "evidence": r.evidence.to_dict(),
                    "claim": claim,
                    **_shown(r),
                }
            )
        )
    return out


def _number(x):
    if isinstance(x, str) and x in ("inf", "-inf", "nan"):
        return float(x)
    return x


def evidence_from_dict(d: dict):
    """An :class:`~tnverify.claims.Evidence` rebuilt from its ``to_dict()`` (the verdict
    is recomputed from the same fields)."""
    from ..claims import Evidence
    from ..conventions import Tolerance

    tol = d.get("tolerance")
    if isinstance(tol, dict):
        tol = Tolerance(float(tol["value"]), str(tol.get("rule", "")))
    subs = {
        k: ({n: evidence_from_dict(v) for n, v in d[k].items()} if d.get(k) else None)
        for k in ("parts", "readings", "ruled_out")
    }
    return Evidence(
        d.get("compared", ""),
        error=_number(d.get("error")),
        tolerance=_number(tol),
        passed=d.get("passed"),
        sizes=d.get("sizes") or {},
        seed=d.get("seed"),
        details=d.get("details") or {},
        counterexample=d.get("counterexample"),
        ill_posed=d.get("ill_posed"),
        skipped=d.get("skipped"),
        control=evidence_from_dict(d["control"]) if d.get("control") else None,
        **subs,
    )


def result_from_record(record: dict):
    """A :class:`~tnverify.testing.user_claims.UserClaimResult` from a worker's record
    (its claim is registered here when the controller has not imported its module)."""
    from ..claims import REGISTRY, Claim, Ref, register
    from .user_claims import UserClaimResult

    c = record.get("claim")
    if c is not None and record["id"] not in REGISTRY:

        def small(params, rng):  # the controller never runs it
            raise RuntimeError("a claim received from a pytest-xdist worker")

        small.__module__ = c.get("module") or record["package"]
        small.tnverify_file = record.get("file")
        register(
            Claim(
                id=record["id"],
                statement=c["statement"],
                refs=tuple(Ref(r["paper"], r["where"]) for r in c.get("refs", ())),
                group=c["group"],
                small=small,
                scaled=None,
                expected=record["expected"],
                title=c.get("title", ""),
                package=record["package"],
                source=c.get("source") or record["id"],
            )
        )
    refs = tuple(Ref(r["paper"], r["where"]) for r in record.get("refs") or ())
    return UserClaimResult(
        record["id"],
        record["verdict"],
        record["expected"],
        evidence_from_dict(record["evidence"]),
        record.get("checks", 0),
        record.get("package", ""),
        record.get("details") or {},
        float(record.get("seconds") or 0.0),
        record.get("seeds") or {},
        statement=record.get("statement", ""),
        source=record.get("source", ""),
        refs=refs,
        title=record.get("title", ""),
        file=record.get("file"),
        nodeid=record.get("nodeid", ""),
    )


def claims_summary(terminalreporter, config, results=None) -> None:
    """Write the "tnverify claims" section and the ``--tnverify-report``, if asked (a
    report of 0 claims when no claim ran, so an older report is never left in place)."""
    from ..report.evidence_text import failure_text, format_ratio

    results = _results() if results is None else list(results)
    tr = terminalreporter
    path = config.getoption("--tnverify-report")
    if not results and path is None:
        return
    report = session_report(results, config)
    if results:
        tr.write_sep("=", "tnverify claims")
        width = max(len(r.id) for r in results)
    for r, cr in zip(results, report.results):
        ev = r.evidence
        mark = "as expected" if r.as_expected else f"EXPECTED {r.expected}"
        reason = f"  {r.details['error']}" if r.details.get("error") else ""
        if not reason and r.verdict != "holds" and not r.as_expected:
            reason = f"  {failure_text(ev)}"
        checks = f"{r.checks} check{'s' if r.checks != 1 else ''}"
        tr.write_line(
            f"{r.id:{width}s}  {r.verdict:9s} ({mark}; {checks}; "
            f"{r.seconds:.2f} s)  err/tol {format_ratio(cr)}{reason}"
        )
    if path is not None:
        written = report.write(path)
        what = "" if results else " (no @tnverify.claim test ran: 0 claims)"
        tr.write_line(f"tnverify claims report written to {written}{what}")


def session_report(results, config=None):
    """The runs of users' claims as a :class:`tnverify.report.Report` (each run is its
    claim's small side), written as ``tnverify verify --report`` writes its report.  A
    claim decorated with ``register_claim=False`` is shown with the statement, source and
    refs it was given; its Reproduce line is the pytest command of its test."""
    from ..claims import REGISTRY, SKIPPED, Claim, ClaimResult, SideResult
    from ..report import Report, environment
    from .claim_fixtures import SESSION

    settings = {"seed": SESSION["seed"], "scale": "small", "device": "cpu"}
    out = []
    for r in results:
        claim = REGISTRY.get(r.id)
        if claim is None:  # a claim decorated with register_claim=False

            def small(params, rng):  # never run: the claim is not registered
                raise RuntimeError("a claim decorated with register_claim=False")

            small.__module__ = r.package or "pytest"
            small.tnverify_file = r.file
            small.tnverify_pytest_node = r.nodeid or r.id
            claim = Claim(
                id=r.id,
                statement=r.statement or "(not registered)",
                refs=tuple(r.refs),
                topic=r.package.lower().replace("_", "-") or "pytest",
                small=small,
                expected=r.expected,
                title=r.title,
                package=r.package or "pytest",
                source=r.source or r.id,
            )
        small = SideResult(r.verdict, [r.evidence], r.seconds, r.details.get("error"))
        out.append(
            ClaimResult(
                claim, r.verdict, small, SideResult(SKIPPED, [], 0.0), r.seconds, dict(settings)
            )
        )
    workers = getattr(getattr(config, "option", None), "numprocesses", None)  # xdist -n
    jobs = workers if isinstance(workers, int) and workers > 0 else 1
    return Report(out, {**settings, "runner": "pytest"}, environment("cpu", jobs))
