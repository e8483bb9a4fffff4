"""``tnverify figures``: compute each figure's data (JSON), then draw its PNG from it.

Progress: a line when a figure starts and when it is done (with its time), and a line
every 15 s while a figure computes (the figure code has no progress callback; the trials
of the gtm figures draw their own bar on a terminal).  ``--fast`` never replaces full-size
data: a fast run refuses to write over a JSON whose record says ``"fast": false`` unless
``--force`` is given, and so does ``--samples N`` over full-size data of more than ``N``
samples (a partial or invalid JSON at the path is not data: it is replaced).
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

from ..errors import UsageError
from .console import Heartbeat, positive_int, say, subparser, threads_option

__all__ = [
    "add_figures",
    "cmd_figures",
    "HEARTBEAT_SECONDS",
    "check_scheduler",
    "check_fast_over_full",
    "check_fewer_samples",
    "stored_samples",
]

#: Seconds between the "still computing" lines of a long figure.
HEARTBEAT_SECONDS = 15.0

#: A Dask scheduler address: ``[protocol://]host:port`` (tcp, tls, ws, wss, ucx, inproc).
_ADDRESS = re.compile(r"^(?:(?:tcp|tls|ws|wss|ucx|inproc)://)?[^\s:/]+(?::\d{1,5})?/?$")


def add_figures(sub) -> None:
    from ..device import DEVICE_CHOICES

    f = subparser(
        sub,
        "figures",
        "compute figure data (JSON), then draw the PNG from it",
        "Compute each named figure's data (default: every figure), save it as\n"
        "OUT/NAME.json (seed, sizes, versions, numbers), then draw OUT/NAME.png\n"
        "from that JSON (matplotlib, Agg backend).  Each figure prints a line\n"
        "when it starts and when it is done, and a line every 15 s meanwhile.\n"
        "--fast never replaces full-size data: over an OUT/NAME.json computed\n"
        "at full size it stops with an error unless --force is given (or choose\n"
        "another --out); nor does --samples N over full-size data of more than\n"
        "N samples.",
        [
            "tnverify figures --list",
            "tnverify figures ngram-tt-ranks --out figures/",
            "tnverify figures --fast --seed 3 --out /tmp/figs",
        ],
    )
    f.add_argument("names", nargs="*", metavar="NAME", help="figure names (default: all)")
    f.add_argument("--out", default=None, metavar="DIR", help="output directory (default figures/)")
    f.add_argument(
        "--fast",
        action="store_true",
        help="small sizes (seconds, for tests); refuses to replace full-size data",
    )
    f.add_argument(
        "--force",
        action="store_true",
        help="with --fast, or --samples N below the stored data's count: "
        "replace full-size data in OUT anyway",
    )
    f.add_argument("--seed", type=int, default=None, help="seed of the figure data (default 0)")
    f.add_argument(
        "--list", action="store_true", help="list the figures and exit (takes no other argument)"
    )
    threads_option(f)
    g = f.add_argument_group("options of the figures that take them (see --list)")
    g.add_argument(
        "--samples",
        type=positive_int,
        default=None,
        metavar="N",
        help="random networks/draws per bar or setting, >= 1 (figure's default "
        "if unset). The gtm paper leaves its count open ('we generate a "
        "number of generalized RNNs'); histograms one can trust need about "
        "1000 per R: gtm-fig-3 --samples 1000 takes ~7 min on 2 idle cores",
    )
    g.add_argument(
        "--device",
        choices=DEVICE_CHOICES,
        default=None,
        help="torch device of the figure's computation (figure's default, the CPU, if unset)",
    )
    g.add_argument(
        "--workers",
        type=positive_int,
        default=None,
        metavar="N",
        help="local worker processes for the trials (default: all local cores)",
    )
    g.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="run the trials on a Dask cluster at this scheduler address "
        "([tcp://]host:port); the cluster runs tnverify's code and its "
        "results are trusted",
    )
    g.add_argument(
        "--weights",
        default=None,
        metavar="DIST",
        help="distribution of the random weights (figure-specific, see --list)",
    )
    f.set_defaults(func=cmd_figures)


def check_scheduler(address: str) -> str:
    """A Dask scheduler address ``[protocol://]host:port``, or a UsageError naming
    ``--scheduler`` (before any figure computes)."""
    if not _ADDRESS.match(address) or ":" not in address.split("://")[-1]:
        raise UsageError(
            f"--scheduler must be a Dask scheduler address "
            f"[protocol://]host:port (e.g. tcp://127.0.0.1:8786); got {address!r}"
        )
    return address


def _stored_record(path: Path):
    """The figure record saved at ``path``: a dict, ``None`` when there is no file or the
    file is not a figure record (a partial write, another program's file: not data worth
    keeping), or ``"unreadable"`` when it cannot be read (kept, to be safe)."""
    if not path.is_file():
        return None
    try:
        with open(path, encoding="utf-8") as fh:
            record = json.load(fh)
    except OSError:
        return "unreadable"
    except ValueError:  # truncated or not JSON: not a figure's data
        return None
    if not isinstance(record, dict) or record.get("figure") != path.stem:
        return None
    return record


def stored_samples(record) -> int | None:
    """The sample count of a stored figure record (``samples_per_R`` of the gtm rank
    figures, ``samples`` of the others), or ``None`` when it records none."""
    if not isinstance(record, dict):
        return None
    data = record.get("data")
    if not isinstance(data, dict):
        return None
    for key in ("samples_per_R", "samples"):
        n = data.get(key)
        if isinstance(n, int) and not isinstance(n, bool):
            return n
    return None


def check_fast_over_full(out_dir: Path, names, force: bool) -> None:
    """Refuse ``--fast`` over full-size data already in ``out_dir`` (unless ``force``).

    A file at the path that is not a complete figure record (a partial write, invalid
    JSON) is not data and is replaced; an unreadable one is kept."""
    if force:
        return
    full = []
    for name in names:
        path = out_dir / f"{name}.json"
        record = _stored_record(path)
        if record is None:
            continue
        if record == "unreadable" or record.get("fast", False) is not True:
            full.append(str(path))
    if full:
        raise UsageError(
            f"--fast would replace full-size figure data: {', '.join(full)}; "
            "write the fast figures elsewhere (--out /tmp/figs) or pass --force"
        )


def check_fewer_samples(out_dir: Path, names, samples: int, force: bool) -> None:
    """Refuse ``--samples N`` (without ``--fast``) over full-size data in ``out_dir`` that
    holds more than ``N`` samples, unless ``force``: a quick look must not silently replace
    a long run's data."""
    if force:
        return
    larger = []
    for name in names:
        path = out_dir / f"{name}.json"
        record = _stored_record(path)
        n = stored_samples(record)
        if (
            isinstance(record, dict)
            and record.get("fast") is not True
            and n is not None
            and n > samples
        ):
            larger.append(f"{path} ({n} samples)")
    if larger:
        raise UsageError(
            f"--samples {samples} would replace full-size figure data with more "
            f"samples: {', '.join(larger)}; write elsewhere (--out DIR) or pass "
            "--force"
        )


def _list(args, given) -> int:
    from ..figures import FIGURES, figure_names

    extra = (
        ([f"figure name(s) {' '.join(args.names)}"] if args.names else [])
        + [f"--{k}" for k in ("out", "seed", "threads", *given) if getattr(args, k) is not None]
        + (["--fast"] if args.fast else [])
        + (["--force"] if args.force else [])
    )
    if extra:
        raise UsageError(
            f"--list takes no other argument; got {', '.join(extra)} "
            "(drop --list to compute figures)"
        )
    for name in figure_names():
        takes = f"  [options: {', '.join(FIGURES[name].options)}]" if FIGURES[name].options else ""
        print(f"{name:16s} {FIGURES[name].title}{takes}")
    return 0


def cmd_figures(args) -> int:
    from ..figures import FIGURES, figure_names, make_figure

    given = {
        key: getattr(args, key, None)
        for key in ("samples", "device", "workers", "scheduler", "weights")
    }
    given = {k: v for k, v in given.items() if v is not None}
    if args.list:
        return _list(args, given)
    if args.force and not (args.fast or args.samples is not None):
        raise UsageError(
            "--force only applies with --fast or --samples (a full-size run always writes)"
        )
    if "scheduler" in given:
        check_scheduler(given["scheduler"])
    known = figure_names()  # also imports the FIGURE_MODULES
    names = args.names or known
    unknown = [n for n in names if n not in FIGURES]
    if unknown:
        raise UsageError(
            f"unknown figure(s) {', '.join(unknown)}; known figures: "
            f"{', '.join(known)} (see `tnverify figures --list`)"
        )
    takers = {k for n in names for k in FIGURES[n].options}
    unused = sorted(set(given) - takers)
    if unused:
        raise UsageError(
            f"option(s) {', '.join('--' + k for k in unused)} are not taken by "
            f"any of the figures {', '.join(names)} (see `tnverify figures --list`)"
        )
    out_dir = Path(args.out or "figures")
    from ..threads import set_threads

    set_threads(args.threads, torch=False)
    if args.fast:
        check_fast_over_full(out_dir, names, args.force)
    elif "samples" in given:
        check_fewer_samples(
            out_dir,
            [n for n in names if "samples" in FIGURES[n].options],
            given["samples"],
            args.force,
        )
    t_all = time.perf_counter()
    for i, name in enumerate(names, 1):
        options = {k: v for k, v in given.items() if k in FIGURES[name].options}
        say(f"[{i}/{len(names)}] {name}: computing{' (fast)' if args.fast else ''} ...")
        t0 = time.perf_counter()
        with Heartbeat(
            lambda s, name=name: f"  ... {name}: still computing ({s:.0f} s)",
            every=HEARTBEAT_SECONDS,
        ):
            json_path, png_path = make_figure(
                name,
                out_dir,
                fast=args.fast,
                seed=0 if args.seed is None else args.seed,
                options=options,
            )
        print(
            f"{name}: data {json_path}, plot {png_path} ({time.perf_counter() - t0:.1f} s)",
            flush=True,
        )
    say(
        f"{len(names)} figure{'s' if len(names) != 1 else ''} done in "
        f"{time.perf_counter() - t_all:.1f} s"
    )
    return 0
