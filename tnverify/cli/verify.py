"""``tnverify verify`` (run claims, print the table, write a report) and ``tnverify claims``
(list the registry)."""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import ClaimError, UsageError
from .console import (
    Column,
    LineProgress,
    console,
    positive_int,
    print_table,
    say,
    stderr_is_terminal,
    subparser,
    threads_option,
)

__all__ = [
    "add_verify",
    "add_claims",
    "cmd_verify",
    "cmd_claims",
    "run_options",
    "load_plugins",
    "claim_dict",
]


def run_options(p: argparse.ArgumentParser) -> None:
    from ..device import DEVICE_CHOICES

    p.add_argument(
        "--device",
        choices=DEVICE_CHOICES,
        default="auto",
        help="device of the scaled side: auto picks CUDA when present (default auto)",
    )
    p.add_argument(
        "--scale",
        choices=("small", "large"),
        default="small",
        help="sizes of the scaled side: small fits 2 CPU cores, large is for a GPU "
        "(default small; on a CPU, large warns first with the sizes)",
    )
    p.add_argument("--seed", type=int, default=0, help="base seed of every check (default 0)")


def plugin_option(p: argparse.ArgumentParser, help: str) -> None:
    p.add_argument("--plugin", action="append", default=[], metavar="NAME", help=help)


class _DeprecatedGroup(argparse.Action):
    """``--group NAME``: the old spelling of ``--topic`` (one line on stderr)."""

    def __call__(self, parser, namespace, values, option_string=None):
        print(
            "tnverify: warning: --group is deprecated and will be removed in the next "
            "release; use --topic",
            file=sys.stderr,
        )
        setattr(namespace, self.dest, values)


def _filters(p: argparse.ArgumentParser) -> None:
    from ..claims import TOPIC_NAMES
    from ..claims.topics import group_argument
    from ..references import PAPERS

    p.add_argument(
        "--paper",
        metavar="KEY",
        help="only the claims that judge this paper's text (the claim id's prefix; "
        f"{', '.join(PAPERS)}, or a plugin's declared paper)",
    )
    p.add_argument(
        "--cites",
        metavar="KEY",
        help="only the claims whose references cite this paper (a statement one "
        "paper repeats from another is cited by both)",
    )
    p.add_argument(
        "--topic",
        metavar="NAME",
        type=group_argument,
        dest="topic",
        help=f"only claims of this topic ({', '.join(TOPIC_NAMES)}, or a plugin's "
        "topic; the old groups spine, ttlm, born-ngram, gtm, lru-stats and "
        "gated-lmm still work, deprecated)",
    )
    p.add_argument(
        "--group",
        metavar="NAME",
        type=group_argument,
        dest="topic",
        action=_DeprecatedGroup,
        help="deprecated spelling of --topic",
    )
    plugin_option(
        p,
        "load the claims of a plugin: an entry point of the 'tnverify.claims' "
        "group, an importable module or a .py file; its code runs in this "
        "process (repeatable). Without --claims, --paper, --cites or --topic "
        "only the plugins' claims are selected",
    )


def add_verify(sub) -> None:
    v = subparser(
        sub,
        "verify",
        "run claims and report their verdicts",
        "Run claims (default: all, small and scaled sides), print a\n"
        "table and exit 0 when every verdict is as expected, 1 when\n"
        "one differs or a check errored, 2 on a usage error.\n"
        "Progress goes to stderr: a bar on a terminal, one line per claim\n"
        "(and a line every 10 s during a long claim) in a log.\n\n" + _legend(),
        [
            "tnverify verify --topic tensor-trains",
            "tnverify verify --claims ttlm-eq2 --report out.md",
            "tnverify verify --claims ttlm-eq2 --claims thesis-alg-1",
            "tnverify verify --small-only --paper tslm",
            "tnverify verify --plugin rank_rnn",
            "tnverify verify --plugin my_claims.py --paper mykey --report r.html",
        ],
    )
    v.add_argument(
        "--claims",
        nargs="+",
        action="extend",
        metavar="ID",
        help="only these claim ids (repeatable: the ids accumulate)",
    )
    _filters(v)
    run_options(v)
    v.add_argument(
        "--small-only",
        action="store_true",
        help="run only the small (definition) side, skip the scaled side",
    )
    v.add_argument(
        "--report",
        metavar="PATH",
        help="write a report: JSON for .json, Markdown for .md, a self-contained "
        "HTML page for .html",
    )
    v.add_argument(
        "--jobs",
        type=positive_int,
        default=None,
        metavar="N",
        help="worker processes running independent claims side by side "
        "(default: $TNVERIFY_JOBS or every available core); verdicts and "
        "evidence do not depend on it",
    )
    threads_option(v)
    v.set_defaults(func=cmd_verify)


def _legend() -> str:
    import textwrap

    from ..report.claim_sections import EXACT_LEGEND, RATIO_LEGEND

    return "\n".join(textwrap.fill(text, 70) for text in (RATIO_LEGEND, EXACT_LEGEND))


def add_claims(sub) -> None:
    c = subparser(
        sub,
        "claims",
        "list the claims (id, topic, paper, expected verdict, title)",
        "List the registered claims, then the topics (--topic) with their counts.\n"
        "--readme-table prints the README's claim tables and counts instead.",
        ["tnverify claims", "tnverify claims --paper gtm --json", "tnverify claims --readme-table"],
    )
    _filters(c)
    c.add_argument("--json", action="store_true", help="print the list as JSON")
    c.add_argument(
        "--readme-table",
        action="store_true",
        help="print the README's generated section (the claim counts and the "
        "per-paper table), as `python -m tnverify.report.readme` does",
    )
    c.set_defaults(func=cmd_claims)


def load_plugins(names) -> set | None:
    """Load the plugins ``names``; the ids of their claims (``None`` without plugins)."""
    from ..claims import load_plugin

    if not names:
        return None
    return {c.id for name in names for c in load_plugin(name)}


def renamed_id(claim_id: str) -> str:
    """An old claim id (:data:`tnverify.claims.RENAMED`) as its new id, with one warning
    line on stderr; any other id unchanged."""
    from ..claims import RENAMED

    if claim_id in RENAMED:
        print(
            f"tnverify: warning: claim id {claim_id!r} is deprecated and will be removed "
            f"in the next release; the claim is now {RENAMED[claim_id]!r}",
            file=sys.stderr,
        )
    return RENAMED.get(claim_id, claim_id)


def select(ids, paper, group, plugins, cites=None, only=None) -> list:
    """The claims of the filters; an unknown topic names the installed plugins that are
    not loaded (their topics exist only after ``--plugin``).  ``only`` (the ids of the
    loaded plugins' claims) restricts the selection when no other filter is given."""
    from ..claims import select_claims
    from ..claims.plugins import entry_points

    ids = [renamed_id(i) for i in ids] if ids else ids
    try:
        found = select_claims(ids, paper=paper, topic=group, cites=cites)
        if only is not None and not ids and paper is None and group is None and cites is None:
            found = [c for c in found if c.id in only]
        return found
    except ClaimError as exc:
        if group is None or not str(exc).startswith("unknown topic"):
            raise
        unloaded = sorted(set(entry_points()) - set(plugins or ()))
        hint = (
            f"; installed plugins of the 'tnverify.claims' entry-point group, not loaded: "
            f"{', '.join(unloaded)} (load one with --plugin NAME)"
            if unloaded
            else "; no 'tnverify.claims' entry point is installed (a test module loads "
            "with --plugin FILE.py)"
        )
        raise UsageError(f"{exc}{hint}") from None


def _large_on_cpu_warning(claims) -> str:
    """The warning before ``--scale large`` runs GPU sizes on a CPU: how many cases and
    the largest sizes they use."""
    cases = [
        params for c in claims if c.scaled is not None for params in c.scaled_space.get("large", ())
    ]
    largest: dict = {}
    for params in cases:
        for key, val in params.items():
            if isinstance(val, int) and not isinstance(val, bool):
                largest[key] = max(largest.get(key, val), val)
    top = sorted(largest.items(), key=lambda kv: -kv[1])[:6]
    sizes = ", ".join(f"{k} up to {v:,}" for k, v in top) or "no sizes recorded"
    n_claims = sum(1 for c in claims if c.scaled is not None and c.scaled_space.get("large"))
    return (
        f"warning: --scale large runs GPU sizes on the CPU (no CUDA device is used): "
        f"{len(cases)} large case(s) in {n_claims} claim(s), largest sizes {sizes}; "
        "expect minutes to hours. --scale small (the default) is sized for a CPU."
    )


def _progress():
    """Line progress off a terminal; None (the report's rich bar) on one."""
    return None if stderr_is_terminal() else LineProgress()


def cmd_verify(args) -> int:
    from ..device import resolve_device
    from ..report.table import check_report_path, run_claims
    from ..threads import resolve_jobs, set_threads

    threads = set_threads(args.threads)
    jobs = resolve_jobs(args.jobs)
    only = load_plugins(args.plugin)
    claims = select(args.claims, args.paper, args.topic, args.plugin, args.cites, only)
    if not claims:
        raise UsageError(
            "no claim matches the filters "
            f"(claims={args.claims}, paper={args.paper}, topic={args.topic})"
        )
    device = resolve_device(args.device)
    if args.report:
        check_report_path(args.report)
    sides = ("small",) if args.small_only else ("small", "scaled")
    if args.scale == "large" and device == "cpu" and "scaled" in sides:
        say(_large_on_cpu_warning(claims))
    lines = _progress()
    try:
        report = run_claims(
            claims,
            seed=args.seed,
            scale=args.scale,
            device=device,
            sides=sides,
            progress=lines and lines.on_claim,
            case_progress=lines and lines.on_case,
            jobs=jobs,
            threads=threads,
        )
    finally:
        if lines is not None:
            lines.close()
    report.print(console())
    if args.report:
        path = report.write(args.report)
        print(f"report written to {path}")
    if report.worker_died:  # the finished claims are in the table and the report
        print(f"tnverify: error: {report.worker_died}", file=sys.stderr)
        return 1
    return 0 if report.all_as_expected else 1


def claim_dict(c) -> dict:
    from ..report.table import ref_text

    return {
        "id": c.id,
        "package": c.package,
        "topic": c.topic,
        "group": c.topic,
        "title": c.title,
        "source": c.source,
        "statement": c.statement,
        "refs": [r.to_dict() if hasattr(r, "to_dict") else ref_text(r) for r in c.refs],
        "expected": c.expected,
        "uses": list(c.uses),
        "proof": c.proof,
        "readings": {k: r.to_dict() for k, r in c.readings.items()},
        "defect": c.defect.to_dict() if c.defect else None,
        "remarks": list(c.remarks),
        "corrects": c.corrects,
        "corrected_by": c.corrected_by,
    }


def cmd_claims(args) -> int:
    if getattr(args, "readme_table", False):
        from ..report.readme import readme_section

        print(readme_section(), end="")
        return 0
    only = load_plugins(args.plugin)
    claims = select(None, args.paper, args.topic, args.plugin, args.cites, only)
    if args.json:
        print(json.dumps([claim_dict(c) for c in claims], indent=2, ensure_ascii=False))
        return 0
    columns = [
        Column("id", keep=True),
        Column("topic", drop=2),
        Column("paper", drop=1),
        Column("expected"),
        Column("title", drop=0),
    ]
    rows = [[c.id, c.topic, c.locator, c.expected, c.title or c.statement[:60]] for c in claims]
    con = console()
    print_table(con, columns, rows)
    con.out(f"{len(claims)} claim{'s' if len(claims) != 1 else ''}", highlight=False)
    counts = {g: sum(c.topic == g for c in claims) for g in dict.fromkeys(c.topic for c in claims)}
    con.out(
        "topics (--topic): " + ", ".join(f"{g} {n}" for g, n in counts.items()), highlight=False
    )
    return 0
