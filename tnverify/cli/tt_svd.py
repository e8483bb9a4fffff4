"""``tnverify tt-svd FILE.npy``: TT-decompose your own tensor and print ranks, bound, error
and compression."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ..errors import UsageError
from .console import subparser

__all__ = ["add_tt_svd", "cmd_tt_svd", "default_eps", "load_tensor", "npz_path"]

_NPY_MAGIC = b"\x93NUMPY"
_ZIP_MAGIC = b"PK\x03\x04"


def add_tt_svd(sub) -> None:
    t = subparser(
        sub,
        "tt-svd",
        "TT-decompose a tensor saved with numpy.save",
        "Decompose the tensor in FILE.npy by TT-SVD (Oseledets 2011, Alg. 1;\n"
        "thesis §3.2.2, Algorithm 1) and print its TT ranks, the\n"
        "error bound eps*||A||_F, the achieved error ||A-B||_F and the\n"
        "compression (entries / parameters).\n\n"
        "The default eps is the rounding level of tnverify's tolerance rule\n"
        "(tnverify.conventions.tolerance): eps = SAFETY * n * eps(float64) with\n"
        "SAFETY = 8 and n the largest side of an unfolding of the tensor; it\n"
        "drops round-off only, so an exactly low-rank tensor gets its exact TT\n"
        "ranks (the same default as the library function tnverify.tt_svd).\n"
        "--eps 0 keeps every non-zero singular value (round-off too).",
        [
            "tnverify tt-svd a.npy",
            "tnverify tt-svd a.npy --eps 1e-8",
            "tnverify tt-svd a.npy --eps 0",
            "tnverify tt-svd a.npy --eps 1e-3 --max-rank 4 --save cores.npz",
        ],
    )
    t.add_argument("file", metavar="FILE.npy", help="a tensor saved with numpy.save")
    t.add_argument(
        "--eps",
        type=float,
        default=None,
        help="relative accuracy eps >= 0: ||A-B||_F <= eps*||A||_F (default: the "
        "rounding level 8*n*eps(float64), n = the largest unfolding side; "
        "0 keeps every non-zero singular value)",
    )
    t.add_argument("--max-rank", type=int, default=None, metavar="R", help="cap on every TT rank")
    t.add_argument(
        "--save",
        metavar="OUT.npz",
        help="write the cores to an .npz archive (a name without a suffix gets "
        ".npz; any other suffix is refused)",
    )
    t.set_defaults(func=cmd_tt_svd)


def default_eps(shape, dtype=np.float64) -> tuple[float, str]:
    """The default relative accuracy of ``tnverify tt-svd``: the library's
    :func:`tnverify.tt.svd.rounding_eps` (one rule, kept in the library since 0.3).

    Returns ``(eps, rule in words)``.

    Examples
    --------
    >>> eps, rule = default_eps((6, 7, 8, 9))
    >>> eps == 8 * 504 * 2.0 ** -52
    True
    """
    from ..tt.svd import rounding_eps

    return rounding_eps(shape, dtype)


def _header_dtype(fh):
    """The dtype and shape in a .npy header (the file positioned after the magic)."""
    fh.seek(0)
    version = np.lib.format.read_magic(fh)
    if version == (1, 0):
        shape, _, dtype = np.lib.format.read_array_header_1_0(fh)
    else:
        shape, _, dtype = np.lib.format.read_array_header_2_0(fh)
    return dtype, shape


def load_tensor(file: str):
    """Load a tensor from ``file`` (``.npy``, no pickles), refusing it before the copy if
    it exceeds the explicit-size limit; say what the file is when it is not one."""
    from ..definitions.explicit import guard_size

    path = Path(file)
    if not path.is_file():
        raise UsageError(f"tensor file {file!r} does not exist or is not a file")
    with open(path, "rb") as fh:
        start = fh.read(16)
        if start.startswith(_ZIP_MAGIC):
            raise UsageError(
                f"{file!r} is an .npz archive (a zip file); save one array with numpy.save (.npy)"
            )
        if not start.startswith(_NPY_MAGIC):
            raise UsageError(
                f"cannot read {file!r}: it is not a .npy file (no numpy header: "
                f"it starts with {start!r}); save the tensor with numpy.save"
            )
        try:
            dtype, _ = _header_dtype(fh)
        except (ValueError, EOFError) as exc:
            raise UsageError(
                f"cannot read {file!r}: its .npy header is damaged ({' '.join(str(exc).split())})"
            ) from None
    if dtype.hasobject:
        raise UsageError(
            f"cannot read {file!r}: it holds an object array (Python objects, "
            f"stored pickled; dtype {dtype}); object arrays are refused: save a "
            "numeric array"
        )
    if dtype.kind == "b":  # as tt_svd itself refuses bools: never True/False as 1/0
        raise UsageError(
            f"tt-svd needs a numeric array; {file!r} holds booleans (dtype "
            f"{dtype}): save it as numbers, e.g. a.astype(float)"
        )
    if dtype.kind not in "iufc":
        raise UsageError(f"tt-svd needs a numeric array; {file!r} has dtype {dtype}")
    try:
        arr = np.load(path, mmap_mode="r", allow_pickle=False)
    except (ValueError, EOFError, OSError) as exc:
        raise UsageError(
            f"cannot read {file!r} as a .npy array saved with numpy.save: "
            f"{' '.join(str(exc).split())}"
        ) from exc
    out_dtype = np.complex128 if arr.dtype.kind == "c" else np.float64
    guard_size(arr.shape, dtype=out_dtype, what=f"the tensor in {file}")
    return np.array(arr, dtype=out_dtype)


def npz_path(file: str) -> Path:
    """The path ``--save`` writes: ``file`` itself when it ends in ``.npz``, ``file.npz``
    when it has no suffix; any other suffix (``out.npy``) is refused, since numpy.savez
    would silently write ``out.npy.npz``."""
    out = Path(file)
    if out.suffix == ".npz":  # numpy.savez keeps exactly this suffix
        return out
    if out.suffix:
        raise UsageError(
            f"--save writes an .npz archive of the cores; got {file!r} (suffix "
            f"{out.suffix!r}); use {str(out.with_suffix('.npz'))!r}"
        )
    return out.with_name(out.name + ".npz")


def _check_writable(out: Path) -> None:
    """Refuse an output path whose directory is missing or not writable (UsageError)."""
    import os

    parent = out.parent if str(out.parent) else Path(".")
    if not parent.is_dir():
        raise UsageError(f"cannot write {str(out)!r}: directory {str(parent)!r} does not exist")
    if out.is_dir():
        raise UsageError(f"cannot write {str(out)!r}: it is a directory")
    if not os.access(parent, os.W_OK):
        raise UsageError(f"cannot write {str(out)!r}: directory {str(parent)!r} is not writable")


def cmd_tt_svd(args) -> int:
    from ..tt.svd import tt_svd

    out = None
    if args.save:
        out = npz_path(args.save)
        _check_writable(out)  # before the decomposition, not after it
    tensor = load_tensor(args.file)
    eps_rule = None
    eps = args.eps
    if eps is None:
        eps, eps_rule = default_eps(tensor.shape, tensor.dtype)
    res = tt_svd(tensor, eps=eps, max_rank=args.max_rank)
    tt = res.tt
    d = tensor.ndim
    n_params = int(tt.n_params)
    rel = float(res.error) / float(res.norm) if float(res.norm) > 0 else 0.0
    eps_text = f"{float(res.eps):g}" + (
        " (default: rounding level, " + eps_rule + ")" if eps_rule else ""
    )
    delta = (
        f"{float(res.delta):.6e}  (eps/sqrt(d-1) * ||A||_F per step, d = {d})"
        if d > 1
        else "none: d = 1, a single core and no truncation step"
    )
    lines = [
        f"file:              {args.file}",
        f"shape:             {tuple(int(n) for n in tensor.shape)} ({tensor.size} entries)",
        f"eps:               {eps_text}"
        + ("" if args.max_rank is None else f", max rank {args.max_rank}"),
        f"TT ranks:          {tuple(int(r) for r in res.ranks)}",
        f"||A||_F:           {float(res.norm):.6e}",
        f"delta:             {delta}",
        f"bound eps*||A||_F: {float(res.bound):.6e}",
        f"achieved error:    {float(res.error):.6e}  ||A-B||_F "
        f"(relative {rel:.3e}; from the discarded singular values)",
        f"parameters:        {n_params} (sum of core sizes)",
        f"compression:       {float(res.compression):.3f}x (entries / parameters)",
    ]
    if float(res.eps) == 0 and d > 1:
        lines.append(
            "note: eps = 0 keeps every non-zero singular value, round-off included; "
            "leave --eps out for the rounding level, or pass a larger --eps"
        )
    if args.max_rank is not None and float(res.error) > float(res.bound):
        lines.append("note: the rank cap made the error exceed eps*||A||_F")
    print("\n".join(lines))
    if out is not None:
        cores = {f"core_{k}": np.asarray(g) for k, g in enumerate(tt.cores)}
        import io

        from ..files import write_bytes

        buffer = io.BytesIO()  # written atomically: never a partial archive
        np.savez(buffer, ranks=np.asarray(res.ranks), **cores)
        write_bytes(out, buffer.getvalue())
        keys = "core_0" if len(tt.cores) == 1 else f"core_0 .. core_{len(tt.cores) - 1}"
        print(f"cores written to {out} (keys {keys}, ranks)")
    return 0
