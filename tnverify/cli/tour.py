"""``tnverify tour``: a six-step first contact in the terminal (see :mod:`tnverify.teaching.tour`)."""

from __future__ import annotations

from .console import console, subparser

__all__ = ["add_tour", "cmd_tour"]


def add_tour(sub) -> None:
    t = subparser(
        sub,
        "tour",
        "a six-step terminal walk-through for a first contact",
        "Each step computes a small explicit tensor (|V| = 3) and its structured\n"
        "twin (outer products, a tensor train, TT-SVD, a RAC's core, a Born\n"
        "machine's Z, a ξ = max grid tensor), prints both and their agreement\n"
        "against a named tolerance. Exit 0 when every step agrees. The executed\n"
        "tutorial, docs/tutorial.md in the source repository, goes further.",
        ["tnverify tour", "tnverify tour --step rac born"],
    )
    t.add_argument(
        "--step",
        nargs="+",
        action="extend",
        metavar="NAME",
        default=None,
        help="only these steps: phi, tt, tt-svd, rac, born, grid (repeatable)",
    )
    t.set_defaults(func=cmd_tour)


def cmd_tour(args) -> int:
    from ..teaching.tour import run_tour

    return run_tour(console(), args.step)
