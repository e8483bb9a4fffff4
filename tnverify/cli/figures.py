"""``tnverify figures``: compute each figure's data (JSON), then draw its PNG from it.

Progress: a line when a figure starts and when it is done (with its time), and a line
every 15 s while a figure computes (the figure code has no progress callback; the trials
of the gtm figures draw their own bar on a terminal).  ``--fast`` never replaces full-size
data: a fast run refuses to write over a JSON whose record says ``"fast": false`` unless
``--force`` is given.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

from ..errors import UsageError
from .console import Heartbeat, positive_int, say, subparser, threads_option

__all__ = ["add_figures", "cmd_figures", "HEARTBEAT_SECONDS", "check_scheduler",
           "check_fast_over_full"]

#: Seconds between the "still computing" lines of a long figure.
HEARTBEAT_SECONDS = 15.0

#: A Dask scheduler address: ``[protocol://]host:port`` (tcp, tls, ws, wss, ucx, inproc).
_ADDRESS = re.compile(r"^(?:(?:tcp|tls|ws|wss|ucx|inproc)://)?[^\s:/]+(?::\d{1,5})?/?$")


def add_figures(sub) -> None:
    from ..device import DEVICE_CHOICES

    f = subparser(sub, "figures", "compute figure data (JSON), then draw the PNG from it",
                  "Compute each named figure's data (default: every figure), save it as\n"
                  "OUT/NAME.json (seed, sizes, versions, numbers), then draw OUT/NAME.png\n"
                  "from that JSON (matplotlib, Agg backend).  Each figure prints a line\n"
                  "when it starts and when it is done, and a line every 15 s meanwhile.\n"
                  "--fast never replaces full-size data: over an OUT/NAME.json computed\n"
                  "at full size it stops with an error unless --force is given (or choose\n"
                  "another --out).",
                  ["tnverify figures --list",
                   "tnverify figures ngram-tt-ranks --out figures/",
                   "tnverify figures --fast --seed 3 --out /tmp/figs"])
    f.add_argument("names", nargs="*", metavar="NAME", help="figure names (default: all)")
    f.add_argument("--out", default=None, metavar="DIR",
                   help="output directory (default figures/)")
    f.add_argument("--fast", action="store_true",
                   help="small sizes (seconds, for tests); refuses to replace full-size data")
    f.add_argument("--force", action="store_true",
                   help="with --fast: replace full-size data in OUT anyway")
    f.add_argument("--seed", type=int, default=None,
                   help="seed of the figure data (default 0)")
    f.add_argument("--list", action="store_true",
                   help="list the figures and exit (takes no other argument)")
    threads_option(f)
    g = f.add_argument_group("options of the figures that take them (see --list)")
    g.add_argument("--samples", type=positive_int, default=None, metavar="N",
                   help="random networks/draws per bar or setting, >= 1 (figure's default "
                        "if unset). The gtm paper leaves its count open ('we generate a "
                        "number of generalized RNNs'); histograms one can trust need about "
                        "1000 per R: gtm-fig-3 --samples 1000 takes ~7 min on 2 idle cores")
    g.add_argument("--device", choices=DEVICE_CHOICES, default=None,
                   help="torch device of the figure's computation (figure's default, the "
                        "CPU, if unset)")
    g.add_argument("--workers", type=positive_int, default=None, metavar="N",
                   help="local worker processes for the trials (default: all local cores)")
    g.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="run the trials on a Dask cluster at this scheduler address "
                        "([tcp://]host:port); the cluster runs tnverify's code and its "
                        "results are trusted")
    g.add_argument("--weights", default=None, metavar="DIST",
                   help="distribution of the random weights (figure-specific, see --list)")
    f.set_defaults(func=cmd_figures)


def check_scheduler(address: str) -> str:
    """A Dask scheduler address ``[protocol://]host:port``, or a UsageError naming
    ``--scheduler`` (before any figure computes)."""
    if not _ADDRESS.match(address) or ":" not in address.split("://")[-1]:
        raise UsageError(f"--scheduler must be a Dask scheduler address "
                         f"[protocol://]host:port (e.g. tcp://127.0.0.1:8786); got {address!r}")
    return address


def check_fast_over_full(out_dir: Path, names, force: bool) -> None:
    """Refuse ``--fast`` over full-size data already in ``out_dir`` (unless ``force``)."""
    if force:
        return
    full = []
    for name in names:
        path = out_dir / f"{name}.json"
        if not path.is_file():
            continue
        try:
            with open(path, encoding="utf-8") as fh:
                fast = json.load(fh).get("fast", False)
        except (ValueError, OSError, AttributeError):
            fast = False                    # unreadable: treat as data worth keeping
        if fast is not True:
            full.append(str(path))
    if full:
        raise UsageError(f"--fast would replace full-size figure data: {', '.join(full)}; "
                         "write the fast figures elsewhere (--out /tmp/figs) or pass --force")


def _list(args, given) -> int:
    from ..figures import FIGURES, figure_names

    extra = ([f"figure name(s) {' '.join(args.names)}"] if args.names else []) + [
        f"--{k}" for k in ("out", "seed", "threads", *given) if getattr(args, k) is not None] + (
        ["--fast"] if args.fast else []) + (["--force"] if args.force else [])
    if extra:
        raise UsageError(f"--list takes no other argument; got {', '.join(extra)} "
                         "(drop --list to compute figures)")
    for name in figure_names():
        takes = f"  [options: {', '.join(FIGURES[name].options)}]" if FIGURES[name].options else ""
        print(f"{name:16s} {FIGURES[name].title}{takes}")
    return 0


def cmd_figures(args) -> int:
    from ..figures import FIGURES, figure_names, make_figure

    given = {key: getattr(args, key, None)
             for key in ("samples", "device", "workers", "scheduler", "weights")}
    given = {k: v for k, v in given.items() if v is not None}
    if args.list:
        return _list(args, given)
    if args.force and not args.fast:
        raise UsageError("--force only applies with --fast (a full-size run always writes)")
    if "scheduler" in given:
        check_scheduler(given["scheduler"])
    known = figure_names()                  # also imports the FIGURE_MODULES
    names = args.names or known
    unknown = [n for n in names if n not in FIGURES]
    if unknown:
        raise UsageError(f"unknown figure(s) {', '.join(unknown)}; known figures: "
                         f"{', '.join(known)} (see `tnverify figures --list`)")
    takers = {k for n in names for k in FIGURES[n].options}
    unused = sorted(set(given) - takers)
    if unused:
        raise UsageError(f"option(s) {', '.join('--' + k for k in unused)} are not taken by "
                         f"any of the figures {', '.join(names)} (see `tnverify figures --list`)")
    out_dir = Path(args.out or "figures")
    from ..threads import set_threads

    set_threads(args.threads, torch=False)
    if args.fast:
        check_fast_over_full(out_dir, names, args.force)
    t_all = time.perf_counter()
    for i, name in enumerate(names, 1):
        options = {k: v for k, v in given.items() if k in FIGURES[name].options}
        say(f"[{i}/{len(names)}] {name}: computing{' (fast)' if args.fast else ''} ...")
        t0 = time.perf_counter()
        with Heartbeat(lambda s, name=name: f"  ... {name}: still computing ({s:.0f} s)",
                       every=HEARTBEAT_SECONDS):
            json_path, png_path = make_figure(name, out_dir, fast=args.fast,
                                              seed=0 if args.seed is None else args.seed,
                                              options=options)
        print(f"{name}: data {json_path}, plot {png_path} ({time.perf_counter() - t0:.1f} s)",
              flush=True)
    say(f"{len(names)} figure{'s' if len(names) != 1 else ''} done in "
        f"{time.perf_counter() - t_all:.1f} s")
    return 0
