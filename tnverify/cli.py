"""The ``tnverify`` command line: ``verify``, ``claims``, ``show``, ``tt-svd``.

``main(argv)`` returns the exit status: 0 when every verdict is as expected, 1 when a
verdict differs from its expected one or a check errored, 2 for a usage error (unknown
claim id, group or paper, unavailable device, unreadable file, unwritable report).
Errors are printed as one line ``tnverify: error: ...``; ``--debug`` shows the traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Sequence

from .errors import TnverifyError, UsageError

__all__ = ["main", "build_parser", "UsageError"]

PROG = "tnverify"


DESCRIPTION = """\
tnverify checks the claims of five tensor-network language-model papers (TTLM, the
tensor-network LM thesis, GRURNTN, TSLM, generalized tensor models) by computation.
Every claim is checked on its definition (explicit tensors over all |V|^N sequences,
small sizes, float64) and on its implementation at scale (PyTorch cells, on a GPU
when one is present).  The verdict is whatever the computation says:

  holds      every comparison is within its named tolerance
  fails      a comparison is beyond tolerance; a re-runnable counterexample
             (parameters + seed) is recorded
  ill-posed  the printed statement is not well-typed or is ambiguous, and its
             readings disagree; the outcome under each reading is recorded
  error      the check itself broke (for a built-in claim a defect of tnverify;
             for your own claim usually the test: a pytest-only fixture, or no
             comparison handed to tnverify.check)
  skipped    the check could not run here (e.g. no CUDA)

Each claim carries an expected verdict (the one established by running it).

exit status:
  0  every verdict is as expected
  1  a verdict differs from the expected one, or a check errored
  2  usage error (unknown claim/group/paper, unavailable device, unreadable file,
     unwritable report path)
"""

EPILOG = """\
examples:
  tnverify verify                          every claim, small and scaled sides
  tnverify verify --group tensor-trains --report report.json
  tnverify verify --claims ttlm-eq2 thesis-alg-1 --device cpu --seed 3
  tnverify verify --paper gtm --scale large --report report.md
  tnverify claims --group xi-networks      list claims and their topics (--json: JSON)
  tnverify show ttlm-eq2 --run             statement, references, evidence
  tnverify tt-svd tensor.npy --eps 1e-6 --max-rank 8 --save cores.npz
  tnverify figures --out figures/          regenerate every figure (data JSON, then PNG)
  tnverify verify --plugin my_tests.py     your own @tnverify.claim tests beside the built-in
  tnverify tour                            a six-step first contact in the terminal
"""


def _common() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(add_help=False)
    p.add_argument("--debug", action="store_true", default=argparse.SUPPRESS,
                   help="show the full traceback of an error")
    return p


def _run_options(p: argparse.ArgumentParser) -> None:
    from .device import DEVICE_CHOICES

    p.add_argument("--device", choices=DEVICE_CHOICES, default="auto",
                   help="device of the scaled side: auto picks CUDA when present (default auto)")
    p.add_argument("--scale", choices=("small", "large"), default="small",
                   help="sizes of the scaled side: small fits 2 CPU cores, large is for a GPU "
                        "(default small)")
    p.add_argument("--seed", type=int, default=0, help="base seed of every check (default 0)")


def _filters(p: argparse.ArgumentParser) -> None:
    from .claims import GROUPS
    from .claims.topics import group_argument
    from .references import PAPERS

    p.add_argument("--paper", choices=sorted(PAPERS), metavar="KEY",
                   help=f"only claims printed in this paper ({', '.join(sorted(PAPERS))})")
    p.add_argument("--group", metavar="NAME", type=group_argument,
                   help=f"only claims of this topic ({', '.join(GROUPS)}, or a plugin's "
                        "group; the old groups spine, ttlm, born-ngram, gtm, lru-stats and "
                        "gated-lmm still work, deprecated)")
    p.add_argument("--plugin", action="append", default=[], metavar="NAME",
                   help="also load the claims of a plugin: an entry point of the "
                        "'tnverify.claims' group or an importable module (repeatable)")


def _subparser(sub, name: str, help: str, description: str, examples: Sequence[str]):
    """A subcommand parser with the common options and an examples epilog."""
    return sub.add_parser(name, parents=[_common()],
                          formatter_class=argparse.RawDescriptionHelpFormatter, help=help,
                          description=description,
                          epilog="examples:\n" + "\n".join(f"  {e}" for e in examples))


def _add_verify(sub) -> None:
    v = _subparser(sub, "verify", "run claims and report their verdicts",
                   "Run claims (default: all, small and scaled sides), print a\n"
                   "table and exit 0 when every verdict is as expected, 1 when\n"
                   "one differs or a check errored, 2 on a usage error.",
                   ["tnverify verify --group tensor-trains",
                    "tnverify verify --claims ttlm-eq2 --report out.md",
                    "tnverify verify --small-only --paper tslm",
                    "tnverify verify --plugin rank_rnn --group rank-rnn"])
    v.add_argument("--claims", nargs="+", metavar="ID", help="only these claim ids")
    _filters(v)
    _run_options(v)
    v.add_argument("--small-only", action="store_true",
                   help="run only the small (definition) side, skip the scaled side")
    v.add_argument("--report", metavar="PATH",
                   help="write a report: JSON for .json, Markdown for .md")
    v.set_defaults(func=cmd_verify)


def _add_claims(sub) -> None:
    c = _subparser(sub, "claims", "list the claims (id, group, paper, expected verdict, title)",
                   "List the registered claims, then the topics (--group) with their counts.",
                   ["tnverify claims", "tnverify claims --paper gtm --json"])
    _filters(c)
    c.add_argument("--json", action="store_true", help="print the list as JSON")
    c.set_defaults(func=cmd_claims)


def _add_show(sub) -> None:
    s = _subparser(sub, "show", "show one claim: statement, references, readings, expected",
                   "Show one claim; with --run, run it and print the evidence.",
                   ["tnverify show ttlm-eq2", "tnverify show ttlm-eq2 --run --device cpu"])
    s.add_argument("id", metavar="ID", help="claim id (see `tnverify claims`)")
    s.add_argument("--run", action="store_true", help="run the claim and print its evidence")
    s.add_argument("--plugin", action="append", default=[], metavar="NAME",
                   help="load a plugin's claims first (see `tnverify verify --help`)")
    _run_options(s)
    s.set_defaults(func=cmd_show)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``tnverify`` (one subparser per subcommand)."""
    from . import __version__

    parser = argparse.ArgumentParser(prog=PROG, description=DESCRIPTION, epilog=EPILOG,
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     parents=[_common()])
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    from .cli_tools import _add_figures, _add_tour, _add_tt_svd

    for add in (_add_verify, _add_claims, _add_show, _add_tt_svd, _add_figures, _add_tour):
        add(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``tnverify`` command line and return its exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, argparse usage errors (status 2)
        return int(exc.code or 0) if not isinstance(exc.code, str) else 2
    try:
        return int(args.func(args))
    except (TnverifyError, OSError) as exc:
        if getattr(args, "debug", False):
            raise
        message = " ".join(str(exc).split()) or type(exc).__name__
        print(f"{PROG}: error: {message}", file=sys.stderr)
        return 2


def _console():
    """A rich console on stdout: plain text when not a terminal (CI logs), 120 columns
    there unless ``COLUMNS`` says otherwise."""
    from rich.console import Console

    console = Console(file=sys.stdout, highlight=False)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console = Console(file=sys.stdout, highlight=False, width=120)
    return console


# -- verify --------------------------------------------------------------------------
def cmd_verify(args) -> int:
    from .claims import select_claims
    from .device import resolve_device
    from .report import check_report_path, run_claims

    _load_plugins(args.plugin)
    claims = select_claims(args.claims, paper=args.paper, group=args.group)
    if not claims:
        raise UsageError("no claim matches the filters "
                         f"(claims={args.claims}, paper={args.paper}, group={args.group})")
    device = resolve_device(args.device)
    if args.report:
        check_report_path(args.report)
    sides = ("small",) if args.small_only else ("small", "scaled")
    report = run_claims(claims, seed=args.seed, scale=args.scale, device=device, sides=sides)
    report.print(_console())
    if args.report:
        path = report.write(args.report)
        print(f"report written to {path}")
    return 0 if report.all_as_expected else 1


def _load_plugins(names) -> None:
    from .claims import load_plugin

    for name in names or ():
        load_plugin(name)


# -- claims --------------------------------------------------------------------------
def _claim_dict(c) -> dict:
    return {"id": c.id, "package": c.package, "group": c.group, "title": c.title,
            "source": c.source, "statement": c.statement,
            "refs": [r.to_dict() for r in c.refs], "expected": c.expected,
            "uses": list(c.uses), "proof": c.proof, "readings": dict(c.readings),
            "corrects": c.corrects, "corrected_by": c.corrected_by}


def cmd_claims(args) -> int:
    from rich.table import Table

    from .claims import select_claims

    _load_plugins(args.plugin)
    claims = select_claims(None, paper=args.paper, group=args.group)
    if args.json:
        print(json.dumps([_claim_dict(c) for c in claims], indent=2, ensure_ascii=False))
        return 0
    table = Table(header_style="bold")
    for name in ("id", "group", "paper", "expected", "title"):
        table.add_column(name)
    for c in claims:
        table.add_row(c.id, c.group, c.locator, c.expected, c.title or c.statement[:60])
    console = _console()
    console.print(table)
    console.print(f"{len(claims)} claim{'s' if len(claims) != 1 else ''}")
    counts = {g: sum(c.group == g for c in claims) for g in dict.fromkeys(c.group for c in claims)}
    console.print("topics (--group): " + ", ".join(f"{g} {n}" for g, n in counts.items()))
    return 0


# -- show ----------------------------------------------------------------------------
def cmd_show(args) -> int:
    from .claims import get_claim, run_claim

    _load_plugins(args.plugin)
    claim = get_claim(args.id)
    print("\n".join(_describe(claim)))
    if not args.run:
        return 0
    from .device import resolve_device

    result = run_claim(claim, seed=args.seed, scale=args.scale,
                       device=resolve_device(args.device))
    print()
    print("\n".join(_describe_result(result)))
    return 0 if result.as_expected and result.verdict != "error" else 1


def _describe(c) -> list[str]:
    lines = [f"{c.id}" + (f": {c.title}" if c.title else ""), "",
             f"statement: {c.statement}", "references:"]
    lines += [f"  - {r.paper} {r.where} (seed file {r.seed})" for r in c.refs]
    if c.package != "tnverify":
        lines += [f"  - {c.source}", f"package: {c.package}"]
    lines += [f"group: {c.group}", f"expected: {c.expected}",
              f"uses: {', '.join(c.uses) or '-'}", f"proof: {c.proof or '-'}"]
    if c.readings:
        lines.append("readings:")
        lines += [f"  - {name}: {text}" for name, text in c.readings.items()]
    if c.corrects:
        lines.append(f"corrects: {c.corrects}")
    if c.corrected_by:
        lines.append(f"corrected_by: {c.corrected_by}")
    lines.append(f"cases: {len(c.space)} small"
                 + ("" if c.scaled is None else
                    ", scaled " + ", ".join(f"{k}: {len(v)}" for k, v in c.scaled_space.items())))
    return lines


def _describe_result(result) -> list[str]:
    from .report import format_ratio

    lines = [f"verdict: {result.verdict} (expected {result.claim.expected}); "
             f"error/tolerance {format_ratio(result)}; {result.seconds:.2f} s"]
    for name, side in (("small", result.small), ("scaled", result.scaled)):
        lines.append(f"{name} side: {side.verdict} ({len(side.cases)} case(s), "
                     f"{side.seconds:.2f} s)")
        if side.error_message:
            lines.append(f"  error: {side.error_message}")
        for i, ev in enumerate(side.cases):
            lines += _describe_evidence(ev, f"  case {i}", "    ")
    if result.counterexample:
        lines.append("counterexample: " + json.dumps(_plain(result.counterexample),
                                                     ensure_ascii=False))
    return lines


def _describe_evidence(ev, head: str, pad: str) -> list[str]:
    lines = [f"{head}: {ev.verdict} - {ev.compared}"]
    if ev.error is not None:
        tol = ev.tolerance
        rule = getattr(tol, "rule", None)
        lines.append(f"{pad}error {float(ev.error):.3e}" + (
            "" if tol is None else f" vs tolerance {float(tol):.3e}" + (f" ({rule})" if rule else "")))
    for key in ("sizes", "details"):
        val = getattr(ev, key)
        if val:
            text = json.dumps(_plain({k: v for k, v in val.items() if k != "traceback"}),
                              ensure_ascii=False)
            lines.append(f"{pad}{key}: {text}")
    if ev.details and "traceback" in ev.details:
        lines.append(f"{pad}traceback:")
        lines += [f"{pad}  {ln}" for ln in str(ev.details["traceback"]).rstrip().splitlines()]
    for key in ("ill_posed", "skipped"):
        if getattr(ev, key):
            lines.append(f"{pad}{key.replace('_', '-')}: {getattr(ev, key)}")
    for kind in ("parts", "readings"):
        for name, sub in (getattr(ev, kind) or {}).items():
            lines += _describe_evidence(sub, f"{pad}{kind[:-1]} {name}", pad + "  ")
    if ev.counterexample:
        text = json.dumps(_plain(ev.counterexample), ensure_ascii=False)
        lines.append(f"{pad}counterexample: {text}")
    return lines


def _plain(x):
    from .claims import _jsonable

    return _jsonable(x)
