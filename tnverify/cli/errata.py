"""``tnverify errata``: the errata sheets of the papers (see :mod:`tnverify.report.errata`)."""

from __future__ import annotations

from .console import console, say, subparser, threads_option
from .verify import plugin_option

__all__ = ["add_errata", "cmd_errata"]


def add_errata(sub) -> None:
    from ..report.errata import ERRATA_FORMATS, ERRATA_PAPERS

    e = subparser(
        sub,
        "errata",
        "write the errata sheet of each paper (every defect found)",
        "For each paper: every claim that does not hold as printed, with its\n"
        "locator, what the paper prints, what is meant, the kind of defect\n"
        "(misprint, false, ambiguous, published-number), the minimal\n"
        "counterexample (params + seed, from running the claim's small side)\n"
        "and the one command that reproduces it. A misprint printed in several\n"
        "places is listed once; remarks on holding claims have their own section.\n"
        "Without --out the sheet is printed (one paper at a time).\n"
        "Progress (the claim being run) goes to stderr.",
        [
            "tnverify errata --paper gtm",
            "tnverify errata --out docs/errata",
            "tnverify errata --paper thesis --format json --out errata/",
            "tnverify errata --plugin my_claims.py --paper mykey",
        ],
    )
    e.add_argument(
        "--paper",
        metavar="KEY",
        default=None,
        help=f"only this paper ({', '.join(ERRATA_PAPERS)}, or a plugin's paper); "
        "default: all five, or with --plugin the plugin's papers",
    )
    plugin_option(
        e,
        "load the claims (and the paper declarations) of a plugin: an entry "
        "point, an importable module or a .py file (repeatable)",
    )
    e.add_argument(
        "--out",
        metavar="DIR",
        default=None,
        help="write KEY.md (or KEY.json) per paper into DIR (created if needed)",
    )
    e.add_argument("--format", choices=ERRATA_FORMATS, default="md", help="md (default) or json")
    e.add_argument(
        "--seed", type=int, default=0, help="base seed of the counterexample runs (default 0)"
    )
    threads_option(e)
    e.set_defaults(func=cmd_errata)


def _progress(paper_key: str, done: int, total: int, claim_id: str) -> None:
    say(f"errata {paper_key}: [{done + 1}/{total}] running {claim_id}")


def cmd_errata(args) -> int:
    import json

    from ..errors import UsageError
    from ..report.errata import build_errata, render_markdown, write_errata
    from ..threads import set_threads

    con = console()
    set_threads(getattr(args, "threads", None), torch=False)
    papers = args.paper
    if getattr(args, "plugin", None):
        from ..claims import load_plugin
        from ..references import PAPERS

        loaded = [c for name in args.plugin for c in load_plugin(name)]
        if papers is None:
            papers = [
                k
                for k in dict.fromkeys(c.paper for c in loaded)
                if k is not None and k in PAPERS and PAPERS[k].errata
            ]
            if not papers:
                raise UsageError(
                    "the plugin's claims cite no paper declared with "
                    "tnverify.paper(...); declare one, or name --paper KEY"
                )
            if args.out is None and len(papers) == 1:
                papers = papers[0]
    if args.out is not None:
        for path in write_errata(
            args.out, papers, fmt=args.format, seed=args.seed, progress=_progress
        ):
            con.out(f"wrote {path}", highlight=False)
        return 0
    if not isinstance(papers, str):
        raise UsageError(
            "without --out, name one paper with --paper KEY (or give --out DIR for all the sheets)"
        )
    sheet = build_errata(papers, seed=args.seed, progress=_progress)
    text = (
        render_markdown(sheet)
        if args.format == "md"
        else json.dumps(sheet, ensure_ascii=False, indent=1, sort_keys=True, default=str)
    )
    print(text)  # plain text: no rich markup or wrapping of the Markdown
    return 0
