"""Run claims and report their verdicts: terminal table, JSON and Markdown.

This is the engine behind ``tnverify verify`` (DESIGN §4): :func:`run_claims` runs a
list of claims through :func:`tnverify.claims.run_claim` and collects a :class:`Report`;
the report renders as a rich table for the terminal (plain text when the output is not a
terminal, e.g. in CI logs), and writes itself as JSON (``.json``) or Markdown (``.md``).

The JSON report has exactly the schema of DESIGN §4::

    {"tnverify_version", "created",
     "environment": {"python", "numpy", "torch", "device"},
     "settings": {"scale", "seed", "device"},
     "claims": [ClaimResult.to_dict(), ...],
     "summary": {"holds", "fails", "ill-posed", "error", "skipped"}}
"""

from __future__ import annotations

import datetime as _dt
import importlib.metadata
import json
import os
import platform
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from .claims import ERROR, FAILS, HOLDS, ILL_POSED, SKIPPED, VERDICTS, Claim, ClaimResult, run_claim
from .errors import ReportFormatError

__all__ = [
    "REPORT_SUFFIXES", "VERDICT_STYLES", "ReportFormatError", "Report", "run_claims",
    "environment", "check_report_path", "format_ratio",
]

#: File suffixes :meth:`Report.write` understands.
REPORT_SUFFIXES = (".json", ".md")
#: rich styles of the verdicts in the terminal table.
VERDICT_STYLES = {HOLDS: "green", FAILS: "red", ILL_POSED: "yellow", ERROR: "bold magenta",
                  SKIPPED: "dim"}

#: ``progress(done, total, claim_id, result)``: called before each claim (``result`` is
#: None, ``done`` claims finished) and after it (``result`` set, ``done`` incremented).
ProgressCallback = Callable[[int, int, str, "ClaimResult | None"], None]


def environment(device: str) -> dict:
    """Versions of Python, numpy and torch, and the device used.

    torch's version is read from the installed package metadata so that writing a report
    never imports torch.
    """
    try:
        torch_version = importlib.metadata.version("torch")
    except importlib.metadata.PackageNotFoundError:
        torch_version = None
    return {"python": platform.python_version(), "numpy": np.__version__,
            "torch": torch_version, "device": device}


def format_ratio(result: ClaimResult) -> str:
    """The error/tolerance column: ``"0.03"``, ``"2.1e-05"``, ``"exact"`` or ``"—"``.

    ``exact`` means every comparison that ran was exact (integer/boolean, no float
    tolerance); ``—`` means nothing was compared (skipped) or a check broke.  A failing
    claim whose float comparisons all hold failed on an exact one: ``exact ✗`` (the largest
    float ratio would otherwise read like a pass).
    """
    if result.verdict in (ERROR, SKIPPED):
        return "—"
    r = result.ratio
    if result.verdict == FAILS and (r is None or r <= 1):
        return "exact ✗"
    if r is None:
        return "exact"
    if r == 0:
        return "0"
    if r < 0.01 or r >= 1000:
        return f"{r:.1e}"
    return f"{r:.2f}"


def check_report_path(path: str | os.PathLike) -> Path:
    """Validate a report path *before* the claims run: known suffix, writable directory.

    Raises
    ------
    ReportFormatError
        For an unknown suffix, a missing directory or one we may not write to.
    """
    p = Path(path)
    if p.suffix.lower() not in REPORT_SUFFIXES:
        raise ReportFormatError(
            f"report path must end in {' or '.join(REPORT_SUFFIXES)} (JSON or Markdown); "
            f"got {str(p)!r}")
    parent = p.parent if str(p.parent) else Path(".")
    if not parent.is_dir():
        raise ReportFormatError(f"cannot write report {str(p)!r}: directory {str(parent)!r} "
                                "does not exist")
    if p.is_dir() or not os.access(parent, os.W_OK) or (p.exists() and not os.access(p, os.W_OK)):
        raise ReportFormatError(f"cannot write report {str(p)!r}: not a writable file path")
    return p


@dataclass
class Report:
    """The results of one run of claims, with the settings and environment of the run."""

    results: list[ClaimResult]
    settings: dict
    environment: dict
    created: str = field(default_factory=lambda: _dt.datetime.now(_dt.timezone.utc)
                         .isoformat(timespec="seconds"))

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
        tail = ("all as expected" if self.all_as_expected
                else f"{len(self.differing)} differ from expected")
        return (f"{n} claim{'s' if n != 1 else ''}: {counts or 'none run'}; {tail} "
                f"({self.seconds:.1f} s)")

    # -- JSON --------------------------------------------------------------------
    def to_dict(self) -> dict:
        """The report in the JSON schema of DESIGN §4."""
        from . import __version__

        return {
            "tnverify_version": __version__,
            "created": self.created,
            "environment": {k: self.environment.get(k)
                            for k in ("python", "numpy", "torch", "device")},
            "settings": {k: self.settings.get(k) for k in ("scale", "seed", "device")},
            "claims": [r.to_dict() for r in self.results],
            "summary": self.summary,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False)

    # -- Markdown ----------------------------------------------------------------
    def to_markdown(self) -> str:
        """A Markdown report: settings, a table, and a section per claim not holding."""
        from . import __version__

        env, st = self.environment, self.settings
        lines = [
            "# tnverify report", "",
            f"tnverify {__version__}, created {self.created}; Python {env.get('python')}, "
            f"numpy {env.get('numpy')}, torch {env.get('torch')}; device "
            f"`{st.get('device')}`, scale `{st.get('scale')}`, seed `{st.get('seed')}`.", "",
            f"**{self.summary_line()}**", "",
            "| id | paper | verdict | expected | error/tolerance | seconds |",
            "|---|---|---|---|---|---|",
        ]
        differing = {id(r) for r in self.differing}
        for r in self.results:
            mark = "✗ differs" if id(r) in differing else "✓"
            lines.append(f"| `{r.claim.id}` | {_md_cell(r.claim.locator)} | **{r.verdict}** | "
                         f"{r.claim.expected} {mark} | {format_ratio(r)} | {r.seconds:.2f} |")
        for r in self.results:
            if r.verdict != HOLDS:
                lines += [""] + _md_section(r)
        return "\n".join(lines) + "\n"

    # -- output ------------------------------------------------------------------
    def write(self, path: str | os.PathLike) -> Path:
        """Write the report as JSON (``.json``) or Markdown (``.md``) and return the path."""
        p = check_report_path(path)
        text = self.to_json() + "\n" if p.suffix.lower() == ".json" else self.to_markdown()
        p.write_text(text, encoding="utf-8")
        return p

    def table(self):
        """The terminal table as a :class:`rich.table.Table`."""
        from rich.table import Table

        t = Table(title=None, show_lines=False, header_style="bold")
        for name, kw in (("id", {}), ("paper", {}), ("verdict", {}),
                         ("err/tol", {"justify": "right"}), ("expected", {}),
                         ("s", {"justify": "right"})):
            t.add_column(name, **kw)
        differing = {id(r) for r in self.differing}
        for r in self.results:
            style = VERDICT_STYLES.get(r.verdict, "")
            mark = (f"[red]✗ differs[/] ({r.claim.expected})"
                    if id(r) in differing else "[green]✓[/]")
            t.add_row(r.claim.id, r.claim.locator, f"[{style}]{r.verdict}[/]",
                      format_ratio(r), mark, f"{r.seconds:.2f}")
        return t

    def print(self, console=None) -> None:
        """Print the table and the summary line (plain text when not a terminal)."""
        from rich.console import Console

        console = console or Console(file=sys.stdout)
        console.print(self.table())
        style = "green" if self.all_as_expected else "red"
        console.print(f"[{style}]{self.summary_line()}[/]", highlight=False)


def _md_cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _md_section(r: ClaimResult) -> list[str]:
    """The Markdown section of one claim that did not hold."""
    c = r.claim
    out = [f"## `{c.id}`: {r.verdict} (expected {c.expected})", "",
           f"> {_md_cell(c.statement)}", "",
           "References: " + "; ".join(f"{ref} — {ref.citation}" for ref in c.refs), ""]
    if c.corrected_by:
        out += [f"Corrected by `{c.corrected_by}`.", ""]
    for side_name, side in (("small", r.small), ("scaled", r.scaled)):
        if side.error_message:
            out += [f"- {side_name} side **error**: `{side.error_message}`"]
        for ev in side.cases:
            if ev.skipped:
                out += [f"- {side_name} side skipped: {ev.skipped}"]
            if ev.ill_posed:
                out += [f"- {side_name} side ill-posed: {ev.ill_posed}"]
            for name, sub in (ev.readings or {}).items():
                out += [f"- reading `{name}`: **{sub.verdict}** ({_md_cell(sub.compared)}"
                        f"{_md_err(sub)})"]
            for name in ev.failing_parts():
                sub = ev.parts[name]
                out += [f"- part `{name}` ({side_name}): **{sub.verdict}**{_md_err(sub)}"]
    if r.counterexample:
        out += ["", "Counterexample (re-runnable: params + seed):", "", "```json",
                json.dumps(_plain(r.counterexample), indent=2, ensure_ascii=False), "```"]
    return out


def _md_err(ev) -> str:
    if ev.error is None:
        return ""
    tol = "" if ev.tolerance is None else f" vs tolerance {float(ev.tolerance):.3g}"
    return f"; error {float(ev.error):.3g}{tol}"


def _plain(x):
    from .claims import _jsonable

    return _jsonable(x)


def _rich_progress(claims: Sequence[Claim]):
    """A rich progress bar on stderr, or None when stderr is not a terminal."""
    from rich.console import Console

    console = Console(stderr=True)
    if not console.is_terminal:
        return None, None
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TimeElapsedColumn(), console=console, transient=True)
    task = bar.add_task("verifying", total=len(claims))

    def update(done, total, claim_id, result):
        bar.update(task, completed=done, description=f"verifying {claim_id}")

    return bar, update


def run_claims(claims: Sequence[Claim], *, seed: int = 0, scale: str = "small",
               device: str = "cpu", progress: ProgressCallback | bool | None = None,
               sides: Sequence[str] = ("small", "scaled")) -> Report:
    """Run claims and collect their results in a :class:`Report`.

    Parameters
    ----------
    claims : sequence of Claim
        The claims to run, in order (e.g. from :func:`tnverify.claims.select_claims`).
    seed, scale, device, sides
        Passed to :func:`tnverify.claims.run_claim` (``device`` already resolved).
    progress : callable, bool or None
        ``progress(done, total, claim_id, result)`` (see :data:`ProgressCallback`);
        ``None`` shows a rich progress bar when stderr is a terminal; ``False`` nothing.

    Returns
    -------
    Report
    """
    claims = list(claims)
    bar = None
    if progress is None:
        bar, progress = _rich_progress(claims)
    elif progress is False:
        progress = None
    results: list[ClaimResult] = []
    try:
        if bar is not None:
            bar.start()
        for i, claim in enumerate(claims):
            if progress:
                progress(i, len(claims), claim.id, None)
            result = run_claim(claim, seed=seed, scale=scale, device=device, sides=sides)
            results.append(result)
            if progress:
                progress(i + 1, len(claims), claim.id, result)
    finally:
        if bar is not None:
            bar.stop()
    settings = {"scale": scale, "seed": seed, "device": device}
    return Report(results, settings, environment(device))
