"""``tnverify site``: the documentation site of a plugin's claims (see
:mod:`tnverify.report.site`)."""

from __future__ import annotations

from .console import console, subparser, threads_option

__all__ = ["add_site", "cmd_site"]


def add_site(sub) -> None:
    s = subparser(
        sub,
        "site",
        "build the documentation site of a plugin's claims",
        "Builds, offline, the pages tnverify's own site has for its claims, for\n"
        "the claims of a plugin: a page per claim with the evidence of a run\n"
        "made by the build, the paper index, the errata and the claim graph.\n"
        "Open DIR/index.html in a browser (file:// works). Needs the docs extra\n"
        "(pip install -e '.[docs]' in a tnverify checkout) and Graphviz's dot.",
        [
            "tnverify site --plugin rank_rnn --out site/",
            "tnverify site --plugin tests/test_my_claims.py --out site/ --seed 3",
        ],
    )
    s.add_argument(
        "--plugin",
        action="append",
        required=True,
        metavar="NAME",
        help="the plugin whose claims the site shows (as for verify --plugin: an "
        "entry point, a module or a .py file); repeat for several",
    )
    s.add_argument(
        "--out",
        metavar="DIR",
        required=True,
        help="the folder of the HTML pages (created if needed)",
    )
    s.add_argument(
        "--seed", type=int, default=0, help="base seed of the run the pages show (default 0)"
    )
    threads_option(s)
    s.set_defaults(func=cmd_site)


def cmd_site(args) -> int:
    from ..report.site import build_site
    from ..threads import set_threads

    set_threads(getattr(args, "threads", None), torch=False)
    index = build_site(args.plugin, args.out, seed=args.seed)
    console().out(f"wrote {index}", highlight=False)
    return 0
