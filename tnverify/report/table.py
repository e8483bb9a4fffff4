"""Run claims and report their verdicts: terminal table, JSON, Markdown and HTML.

This is the engine behind ``tnverify verify``: :func:`run_claims` runs a
list of claims through :func:`tnverify.claims.run_claim` and collects a :class:`Report`;
the report renders as a rich table for the terminal (plain text when the output is not a
terminal, e.g. in CI logs), and writes itself as JSON (``.json``), Markdown (``.md``) or a
self-contained HTML page (``.html``, :mod:`tnverify.report.html`).

The JSON report has exactly this schema::

    {"tnverify_version", "created",
     "environment": {"python", "numpy", "torch", "device", "threads", "jobs"},
     "settings": {"scale", "seed", "device"},
     "claims": [ClaimResult.to_dict(), ...],
     "summary": {"holds", "fails", "ill-posed", "error", "skipped"}}
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..claims import (
    ERROR,
    FAILS,
    HOLDS,
    ILL_POSED,
    SKIPPED,
    VERDICTS,
    Claim,
    ClaimResult,
    run_claim,
)
from ..errors import ReportFormatError
from ..validation import as_callable, as_path
from .environment import environment, thread_counts
from .evidence_text import error_reason, format_ratio
from .markdown import (
    md_cell,
    md_holding_section,
    md_papers,
    md_section,
    statement_lines,
    threads_text,
)
from .progress import rich_progress

__all__ = [
    "REPORT_SUFFIXES",
    "VERDICT_STYLES",
    "ReportFormatError",
    "Report",
    "run_claims",
    "environment",
    "check_report_path",
    "format_ratio",
    "error_reason",
    "ref_text",
    "thread_counts",
    "statement_lines",
]

#: File suffixes :meth:`Report.write` understands.
REPORT_SUFFIXES = (".json", ".md", ".html")
#: rich styles of the verdicts in the terminal table.
VERDICT_STYLES = {
    HOLDS: "green",
    FAILS: "red",
    ILL_POSED: "yellow",
    ERROR: "bold magenta",
    SKIPPED: "dim",
}

#: ``progress(done, total, claim_id, result)``: called before each claim (``result`` is
#: None, ``done`` claims finished) and after it (``result`` set, ``done`` incremented).
ProgressCallback = Callable[[int, int, str, "ClaimResult | None"], None]
#: ``case_progress(claim_id, side, index, n_cases)``: called before each case of a claim.
CaseCallback = Callable[[str, str, int, int], None]


def ref_text(ref) -> str:
    """A reference as text: ``"gtm §3, Eq. 9: <full citation>"`` for a
    :class:`~tnverify.claims.Ref`, the text itself for a plain string."""
    citation = getattr(ref, "citation", None)
    if citation is None or not hasattr(ref, "paper"):
        return str(ref)
    return f"{ref.paper} {ref.where}: {citation}"


def check_report_path(path: str | os.PathLike) -> Path:
    """Validate a report path *before* the claims run: known suffix, writable directory.

    Raises
    ------
    ReportFormatError
        For an unknown suffix, a missing directory or one we may not write to.
    """
    p = as_path(path, "report path")  # DTypeError for a number, bytes or None
    if p.suffix.lower() not in REPORT_SUFFIXES:
        raise ReportFormatError(
            f"report path must end in {', '.join(REPORT_SUFFIXES)} (JSON, Markdown or HTML); "
            f"got {str(p)!r}"
        )
    parent = p.parent if str(p.parent) else Path(".")
    if not parent.is_dir():
        raise ReportFormatError(
            f"cannot write report {str(p)!r}: directory {str(parent)!r} does not exist"
        )
    if p.is_dir() or not os.access(parent, os.W_OK) or (p.exists() and not os.access(p, os.W_OK)):
        raise ReportFormatError(f"cannot write report {str(p)!r}: not a writable file path")
    return p


@dataclass
class Report:
    """The results of one run of claims, with the settings and environment of the run."""

    results: list[ClaimResult]
    settings: dict
    environment: dict
    #: wall-clock seconds of the run (``None``: not measured; claims may run in parallel,
    #: so this is not the sum of the claims' seconds)
    wall_seconds: float | None = None
    created: str = field(
        default_factory=lambda: _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")
    )
    #: ``None``, or the one line saying that a worker process died and how many claims did
    #: not run (``"a worker died (signal 9): 3 claims did not run"``); those claims are in
    #: :attr:`results` with verdict ``error`` and that reason.
    worker_died: str | None = None

    # -- summary -----------------------------------------------------------------
    @property
    def summary(self) -> dict:
        """Number of claims per verdict (all five verdicts, zeros included)."""
        counts = {v: 0 for v in VERDICTS}
        for r in self.results:
            counts[r.verdict] += 1
        return counts

    @property
    def differing(self) -> list[ClaimResult]:
        """Results whose verdict differs from the claim's expected one, or that errored."""
        return [r for r in self.results if not r.as_expected or r.verdict == ERROR]

    @property
    def all_as_expected(self) -> bool:
        """True when every verdict equals its expected verdict and no check errored."""
        return not self.differing

    @property
    def seconds(self) -> float:
        return sum(r.seconds for r in self.results)

    def summary_line(self) -> str:
        """One line: the counts, the number differing from expected, the time."""
        counts = ", ".join(f"{n} {v}" for v, n in self.summary.items() if n)
        n = len(self.results)
        tail = (
            "all as expected"
            if self.all_as_expected
            else f"{len(self.differing)} differ from expected"
        )
        time = (
            f"{self.seconds:.1f} s"
            if self.wall_seconds is None
            else f"{self.wall_seconds:.1f} s wall, {self.seconds:.1f} s of claims"
        )
        return f"{n} claim{'s' if n != 1 else ''}: {counts or 'none run'}; {tail} ({time})"

    # -- JSON --------------------------------------------------------------------
    def to_dict(self) -> dict:
        """The report in the JSON schema of this module's docstring."""
        from .. import __version__

        return {
            "tnverify_version": __version__,
            "created": self.created,
            "environment": {
                k: self.environment.get(k)
                for k in ("python", "numpy", "torch", "device", "threads", "jobs")
            },
            "settings": {k: self.settings.get(k) for k in ("scale", "seed", "device")}
            | ({"runner": self.settings["runner"]} if "runner" in self.settings else {}),
            "claims": [r.to_dict() for r in self.results],
            "summary": self.summary,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False)

    # -- Markdown ----------------------------------------------------------------
    def to_markdown(self) -> str:
        """A Markdown report: settings, a table, and a section per claim not holding."""
        from .. import __version__

        env, st = self.environment, self.settings
        lines = [
            "# tnverify report",
            "",
            f"tnverify {__version__}, created {self.created}; Python {env.get('python')}, "
            f"numpy {env.get('numpy')}, torch {env.get('torch')}; device "
            f"`{st.get('device')}`, scale `{st.get('scale')}`, seed `{st.get('seed')}`"
            + (f", run by `{st['runner']}`" if st.get("runner") else "")
            + "; "
            f"{threads_text(env.get('threads'))}.",
            "",
            f"**{self.summary_line()}**",
            "",
            "| id | paper | verdict | expected | error/tolerance | seconds |",
            "|---|---|---|---|---|---|",
        ]
        differing = {id(r) for r in self.differing}
        for r in self.results:
            mark = "✗ differs" if id(r) in differing else "✓"
            ratio = format_ratio(r)
            if r.verdict == ERROR and error_reason(r):
                ratio = f"{ratio} {error_reason(r)}"
            lines.append(
                f"| `{r.claim.id}` | {md_cell(r.claim.locator)} | **{r.verdict}** | "
                f"{r.claim.expected} {mark} | {md_cell(ratio)} | {r.seconds:.2f} |"
            )
        from .claim_sections import EXACT_LEGEND, RATIO_LEGEND

        lines += ["", f"*{RATIO_LEGEND} {EXACT_LEGEND}*"]
        lines += [""] + md_papers(self.results)
        seen: dict = {}
        for r in self.results:
            # the full section (statement, references) unless the claim held as expected
            lines += [""] + (
                md_section(r, seen)
                if r.verdict != HOLDS or not r.as_expected
                else md_holding_section(r)
            )
        return "\n".join(lines) + "\n"

    # -- output ------------------------------------------------------------------
    def write(self, path: str | os.PathLike) -> Path:
        """Write the report as JSON (``.json``), Markdown (``.md``) or a self-contained HTML
        page (``.html``) and return the path.

        The file is written atomically (:mod:`tnverify.files`): a temporary file in the
        same folder moved into place, so a reader, a second run writing the same path or
        a full disk never leaves a partial or torn report; a failure raises
        :class:`~tnverify.errors.WriteError` naming the file, the old report unchanged."""
        p = check_report_path(path)
        for r in self.results:  # evidence edited after it was made: before any file
            r.validate()
        suffix = p.suffix.lower()
        if suffix == ".html":
            from .html import report_html

            text = report_html(self)
        else:
            text = self.to_json() + "\n" if suffix == ".json" else self.to_markdown()
        from ..files import write_text

        write_text(p, text)  # atomic: a reader never sees a partial report
        return p

    def rows(self) -> tuple[list, list]:
        """The terminal table: ``(columns, rows)`` for :func:`tnverify.report.terminal.print_table`
        (a ``reason`` column only when a check errored)."""
        from .terminal import Column

        columns = [
            Column("id", keep=True),
            Column("paper", drop=0),
            Column("verdict"),
            Column("err/tol", justify="right"),
            Column("expected"),
            Column("s", justify="right", drop=1),
        ]
        with_reason = any(r.verdict == ERROR for r in self.results)
        if with_reason:
            columns.append(Column("reason"))
        differing = {id(r) for r in self.differing}
        rows = []
        for r in self.results:
            mark = (
                (f"✗ differs ({r.claim.expected})", "red") if id(r) in differing else ("✓", "green")
            )
            row = [
                r.claim.id,
                r.claim.locator,
                (r.verdict, VERDICT_STYLES.get(r.verdict, "")),
                format_ratio(r),
                mark,
                f"{r.seconds:.2f}",
            ]
            if with_reason:
                row.append(error_reason(r) if r.verdict == ERROR else "")
            rows.append(row)
        return columns, rows

    def print(self, console=None) -> None:
        """Print the table and the summary line: a rich table on a terminal (claim ids
        never cut), a plain aligned layout with no width limit elsewhere."""
        from rich.console import Console

        from .terminal import print_table

        console = console or Console(file=sys.stdout)
        from .claim_sections import EXACT_LEGEND, RATIO_LEGEND

        print_table(console, *self.rows())
        for legend in (RATIO_LEGEND, EXACT_LEGEND):  # the footer: what the numbers mean
            if console.is_terminal:
                console.print(f"[dim]{legend}[/]", highlight=False)
            else:
                console.out(legend, highlight=False)
        style = "green" if self.all_as_expected else "red"
        if console.is_terminal:
            console.print(f"[{style}]{self.summary_line()}[/]", highlight=False)
        else:
            console.out(self.summary_line(), highlight=False)


def run_claims(
    claims: Sequence[Claim],
    *,
    seed: int = 0,
    scale: str = "small",
    device: str = "cpu",
    progress: ProgressCallback | bool | None = None,
    sides: Sequence[str] = ("small", "scaled"),
    case_progress: CaseCallback | None = None,
    jobs: int = 1,
    threads: int | None = None,
) -> Report:
    """Run claims and collect their results in a :class:`Report`.

    Parameters
    ----------
    claims : sequence of Claim
        The claims to run, in order (e.g. from :func:`tnverify.claims.select_claims`).
    seed : int
        Base seed (:func:`tnverify.claims.run_claim`).
    scale : {"small", "large"}
        Which sizes the scaled side uses.
    device : {"cpu", "cuda"}
        The device of the scaled side, already resolved.
    progress : callable, bool or None
        ``progress(done, total, claim_id, result)`` (see :data:`ProgressCallback`);
        ``None`` shows a rich progress bar when stderr is a terminal (it counts cases, so
        it moves during a long claim); ``False`` nothing.
    sides : sequence of {"small", "scaled"}
        Which sides to run.
    case_progress : callable, optional
        ``case_progress(claim_id, side, index, n_cases)`` before each case (see
        :data:`CaseCallback`); with ``progress=None`` the bar's own is used.  Not called
        when the claims run in worker processes.
    jobs : int
        Worker processes (:mod:`tnverify.claims.pool`): with ``jobs > 1`` independent
        claims run side by side; the results, in the order of ``claims``, are the same as
        with ``jobs=1`` (each case's seed depends only on ``seed`` and the claim id).
    threads : int, optional
        The thread count of each worker (recorded in the environment); the caller sets
        this process's own (:func:`tnverify.threads.set_threads`).

    Returns
    -------
    Report
    """
    _t0 = time.perf_counter()
    claims = list(claims)
    from ..claims.pool import can_fork
    from ..threads import resolve_jobs, resolve_threads

    jobs = resolve_jobs(jobs)  # an integer >= 1 (UsageError otherwise)
    threads = None if threads is None else resolve_threads(threads)

    parallel = jobs > 1 and len(claims) > 1 and can_fork()
    if progress is True:  # the documented bool: True shows the bar, as None
        progress = None
    for hook, name in ((progress, "progress"), (case_progress, "case_progress")):
        if not (hook is None or hook is False):
            as_callable(hook, name)
    bar = None
    if progress is None:
        bar, progress, bar_case = rich_progress(claims, scale, sides)
        case_progress = case_progress or bar_case
    elif progress is False:
        progress = None
    results: list = [None] * len(claims)
    worker_died = None
    try:
        if parallel:
            from .parallel import run_parallel

            results, worker_died = run_parallel(
                claims, results, seed, scale, device, sides, jobs, threads, progress, bar
            )
        else:
            if bar is not None:
                bar.start()
            for i, claim in enumerate(claims):
                if progress:
                    progress(i, len(claims), claim.id, None)
                on_case = None
                if case_progress is not None:

                    def on_case(side, index, n_cases, _id=claim.id):
                        case_progress(_id, side, index, n_cases)

                results[i] = run_claim(
                    claim, seed=seed, scale=scale, device=device, sides=sides, on_case=on_case
                )
                if progress:
                    progress(i + 1, len(claims), claim.id, results[i])
    finally:
        if bar is not None:
            bar.stop()
    settings = {"scale": scale, "seed": seed, "device": device, "runner": "tnverify verify"}
    env = environment(device, min(jobs, len(claims)) if parallel else 1)
    if threads is not None:
        env["threads"] = {**(env.get("threads") or {}), "per_process": threads}
    return Report(
        results, settings, env, wall_seconds=time.perf_counter() - _t0, worker_died=worker_died
    )
