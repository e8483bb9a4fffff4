"""The subcommands of ``tnverify`` that are tools rather than claims: ``tt-svd`` (decompose
your own tensor), ``figures`` (regenerate figure data and plots) and ``tour`` (a first
contact in the terminal).  Registered by :func:`tnverify.cli.build_parser`."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from .cli import _console, _subparser
from .errors import UsageError


def _add_tt_svd(sub) -> None:
    t = _subparser(sub, "tt-svd", "TT-decompose a tensor saved with numpy.save",
                   "Decompose the tensor in FILE.npy by TT-SVD (Oseledets 2011, Alg. 1;\n"
                   "seed 001 (thesis) §3.2.2, Algorithm 1) and print its TT ranks, the\n"
                   "error bound eps*||A||_F, the achieved error ||A-B||_F and the\n"
                   "compression (entries / parameters).",
                   ["tnverify tt-svd a.npy --eps 1e-8",
                    "tnverify tt-svd a.npy --eps 1e-3 --max-rank 4 --save cores.npz"])
    t.add_argument("file", metavar="FILE.npy", help="a tensor saved with numpy.save")
    t.add_argument("--eps", type=float, default=None,
                   help="relative accuracy eps >= 0: ||A-B||_F <= eps*||A||_F (default 0: "
                        "keep every non-zero singular value)")
    t.add_argument("--max-rank", type=int, default=None, metavar="R", help="cap on every TT rank")
    t.add_argument("--save", metavar="OUT.npz", help="write the cores to an .npz file")
    t.set_defaults(func=cmd_tt_svd)


def _add_figures(sub) -> None:
    f = _subparser(sub, "figures", "compute figure data (JSON), then draw the PNG from it",
                   "Compute each named figure's data (default: every figure), save it as\n"
                   "OUT/NAME.json (seed, sizes, versions, numbers), then draw OUT/NAME.png\n"
                   "from that JSON (matplotlib, Agg backend).",
                   ["tnverify figures --list",
                    "tnverify figures ngram-tt-ranks --out figures/",
                    "tnverify figures --fast --seed 3 --out /tmp/figs"])
    f.add_argument("names", nargs="*", metavar="NAME", help="figure names (default: all)")
    f.add_argument("--out", default=None, metavar="DIR",
                   help="output directory (default figures/)")
    f.add_argument("--fast", action="store_true", help="small sizes (seconds, for tests)")
    f.add_argument("--seed", type=int, default=None,
                   help="seed of the figure data (default 0)")
    f.add_argument("--list", action="store_true",
                   help="list the figures and exit (takes no other argument)")
    g = f.add_argument_group("options of the figures that take them (see --list)")
    g.add_argument("--samples", type=int, default=None, metavar="N",
                   help="random networks/draws per bar or setting (figure's default if unset)")
    g.add_argument("--device", default=None, metavar="DEVICE",
                   help="torch device of the figure's computation: cpu, cuda, auto")
    g.add_argument("--workers", type=int, default=None, metavar="N",
                   help="local worker processes for the trials (default: all local cores)")
    g.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="run the trials on a Dask cluster (dask.distributed scheduler address)")
    g.add_argument("--weights", default=None, metavar="DIST",
                   help="distribution of the random weights (figure-specific, see --list)")
    f.set_defaults(func=cmd_figures)


def _add_tour(sub) -> None:
    t = _subparser(sub, "tour", "a six-step terminal walk-through for a first contact",
                   "Each step computes a small explicit tensor (|V| = 3) and its structured\n"
                   "twin (outer products, a tensor train, TT-SVD, a RAC's core, a Born\n"
                   "machine's Z, a ξ = max grid tensor), prints both and their agreement\n"
                   "against a named tolerance. Exit 0 when every step agrees. The executed\n"
                   "tutorial, docs/tutorial.md in the source repository, goes further.",
                   ["tnverify tour", "tnverify tour --step rac born"])
    t.add_argument("--step", nargs="+", metavar="NAME", default=None,
                   help="only these steps: phi, tt, tt-svd, rac, born, grid")
    t.set_defaults(func=cmd_tour)


def cmd_tour(args) -> int:
    from .tour import run_tour

    return run_tour(_console(), args.step)


# -- tt-svd --------------------------------------------------------------------------
def _load_tensor(file: str):
    """Load a tensor from ``file`` (``.npy``, no pickles), refusing it before the copy if
    it exceeds the explicit-size limit."""

    from .explicit import guard_size

    path = Path(file)
    if not path.is_file():
        raise UsageError(f"tensor file {file!r} does not exist or is not a file")
    try:
        arr = np.load(path, mmap_mode="r", allow_pickle=False)
    except (ValueError, EOFError, OSError) as exc:
        raise UsageError(f"cannot read {file!r} as a .npy array saved with numpy.save: "
                         f"{exc}") from exc
    if not isinstance(arr, np.ndarray):  # an .npz archive
        raise UsageError(f"{file!r} is an .npz archive; save one array with numpy.save (.npy)")
    if arr.dtype.kind not in "biufc":
        raise UsageError(f"tt-svd needs a numeric array; {file!r} has dtype {arr.dtype}")
    dtype = np.complex128 if arr.dtype.kind == "c" else np.float64
    guard_size(arr.shape, dtype=dtype, what=f"the tensor in {file}")
    return np.array(arr, dtype=dtype)


def _check_writable(file: str) -> None:
    """Refuse an output path whose directory is missing or not writable (UsageError)."""
    import os

    out = Path(file)
    parent = out.parent if str(out.parent) else Path(".")
    if not parent.is_dir():
        raise UsageError(f"cannot write {file!r}: directory {str(parent)!r} does not exist")
    if out.is_dir():
        raise UsageError(f"cannot write {file!r}: it is a directory")
    if not os.access(parent, os.W_OK):
        raise UsageError(f"cannot write {file!r}: directory {str(parent)!r} is not writable")


def cmd_tt_svd(args) -> int:

    from .tt_svd import tt_svd

    if args.save:
        _check_writable(args.save)          # before the decomposition, not after it
    tensor = _load_tensor(args.file)
    kwargs = {"max_rank": args.max_rank}
    if args.eps is not None:
        kwargs["eps"] = args.eps
    res = tt_svd(tensor, **kwargs)
    tt = res.tt
    n_params = int(tt.n_params)
    rel = float(res.error) / float(res.norm) if float(res.norm) > 0 else 0.0
    lines = [
        f"file:              {args.file}",
        f"shape:             {tuple(int(n) for n in tensor.shape)} ({tensor.size} entries)",
        f"eps:               {float(res.eps):g}" + (
            "" if args.max_rank is None else f", max rank {args.max_rank}"),
        f"TT ranks:          {tuple(int(r) for r in res.ranks)}",
        f"||A||_F:           {float(res.norm):.6e}",
        f"delta:             {float(res.delta):.6e}  (eps/sqrt(d-1) * ||A||_F per step)",
        f"bound eps*||A||_F: {float(res.bound):.6e}",
        f"achieved error:    {float(res.error):.6e}  ||A-B||_F "
        f"(relative {rel:.3e}; from the discarded singular values)",
        f"parameters:        {n_params} (sum of core sizes)",
        f"compression:       {float(res.compression):.3f}x (entries / parameters)",
    ]
    if float(res.eps) == 0:
        lines.append("note: eps = 0 keeps every non-zero singular value, round-off included; "
                     "pass --eps to truncate")
    if args.max_rank is not None and float(res.error) > float(res.bound):
        lines.append("note: the rank cap made the error exceed eps*||A||_F")
    print("\n".join(lines))
    if args.save:
        out = Path(args.save)
        cores = {f"core_{k}": np.asarray(g) for k, g in enumerate(tt.cores)}
        np.savez(out, ranks=np.asarray(res.ranks), **cores)
        print(f"cores written to {out} (keys core_0 .. core_{len(tt.cores) - 1}, ranks)")
    return 0


# -- figures -------------------------------------------------------------------------
def cmd_figures(args) -> int:
    from .figures import FIGURES, figure_names, make_figure

    given = {key: getattr(args, key, None)
             for key in ("samples", "device", "workers", "scheduler", "weights")}
    given = {k: v for k, v in given.items() if v is not None}
    if args.list:
        extra = ([f"figure name(s) {' '.join(args.names)}"] if args.names else []) + [
            f"--{k}" for k in ("out", "seed", *given) if getattr(args, k) is not None] + (
            ["--fast"] if args.fast else [])
        if extra:
            raise UsageError(f"--list takes no other argument; got {', '.join(extra)} "
                             "(drop --list to compute figures)")
        for name in figure_names():
            takes = f"  [options: {', '.join(FIGURES[name].options)}]" if FIGURES[name].options else ""
            print(f"{name:16s} {FIGURES[name].title}{takes}")
        return 0
    known = figure_names()                  # also imports the FIGURE_MODULES
    names = args.names or known
    unknown = [n for n in names if n not in FIGURES]
    if unknown:
        raise UsageError(f"unknown figure(s) {', '.join(unknown)}; known figures: "
                         f"{', '.join(figure_names())} (see `tnverify figures --list`)")
    takers = {k for n in names for k in FIGURES[n].options}
    unused = sorted(set(given) - takers)
    if unused:
        raise UsageError(f"option(s) {', '.join('--' + k for k in unused)} are not taken by "
                         f"any of the figures {', '.join(names)} (see `tnverify figures --list`)")
    for name in names:
        options = {k: v for k, v in given.items() if k in FIGURES[name].options}
        json_path, png_path = make_figure(name, args.out or "figures", fast=args.fast,
                                          seed=0 if args.seed is None else args.seed,
                                          options=options)
        print(f"{name}: data {json_path}, plot {png_path}")
    return 0
