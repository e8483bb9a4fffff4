"""The ``tnverify`` command line: ``verify``, ``claims``, ``show``, ``errata``, ``site``,
``tt-svd``, ``figures``, ``tour``.

``main(argv)`` returns the exit status: 0 when every verdict is as expected, 1 when a
verdict differs from its expected one or a check errored, 2 for a usage error (unknown
claim id, topic or paper, unavailable device, unreadable file, unwritable report, no
command: the help is printed), 130 when interrupted (Ctrl-C).  Errors are printed as one
line ``tnverify: error: ...``; ``--debug`` prints the traceback before it (status still 2).

One module per subcommand family (:mod:`.verify`: ``verify`` and ``claims``; :mod:`.show`;
:mod:`.errata`; :mod:`.site`; :mod:`.tt_svd`; :mod:`.figures`; :mod:`.tour`), sharing :mod:`.console`; none of them
imports this package back.
"""

from __future__ import annotations

import argparse
import sys
import traceback
from collections.abc import Sequence

from ..errors import TnverifyError, UsageError
from .console import PROG

__all__ = ["main", "build_parser", "UsageError", "INTERRUPTED"]

#: Exit status after Ctrl-C (128 + SIGINT, the shell convention).
INTERRUPTED = 130


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
  2  usage error (unknown claim/topic/paper, unavailable device, unreadable file,
     unwritable report path; no command: this help is printed); with --debug the
     traceback is printed first, the status is still 2
  130  interrupted (Ctrl-C): one line, no traceback
"""

EPILOG = """\
examples:
  tnverify verify                          every claim, small and scaled sides
  tnverify verify --topic tensor-trains --report report.json
  tnverify verify --claims ttlm-eq2 thesis-alg-1 --device cpu --seed 3
  tnverify verify --paper gtm --scale large --report report.md
  tnverify claims --topic xi-networks      list claims and their topics (--json: JSON)
  tnverify show ttlm-eq2 --run             statement, references, evidence
  tnverify errata --out docs/errata        the errata sheet of each paper
  tnverify tt-svd tensor.npy --eps 1e-6 --max-rank 8 --save cores.npz
  tnverify figures --out figures/          regenerate every figure (data JSON, then PNG)
  tnverify verify --plugin my_tests.py     your own @tnverify.claim tests beside the built-in
  tnverify site --plugin my_tests.py --out site/   a site of your claims (the docs extra)
  tnverify tour                            a six-step first contact in the terminal
"""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``tnverify`` (one subparser per subcommand)."""
    from .. import __version__
    from . import errata, figures, show, site, tour, tt_svd, verify
    from .console import common_options

    parser = argparse.ArgumentParser(
        prog=PROG,
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        parents=[common_options()],
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for add in (
        verify.add_verify,
        verify.add_claims,
        show.add_show,
        errata.add_errata,
        site.add_site,
        tt_svd.add_tt_svd,
        figures.add_figures,
        tour.add_tour,
    ):
        add(sub)
    return parser


def _tolerate_narrow_encodings() -> None:
    """Let a non-UTF-8 stdout/stderr (``PYTHONIOENCODING=ascii``, a legacy console) show
    ``?`` for characters it cannot encode instead of crashing on the first ``—`` or ``δ``."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if encoding not in ("utf8", "utf16", "utf32") and hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(errors="replace")
            except (ValueError, OSError):  # a detached or closed stream: leave it
                pass


def _closed_pipe() -> int:
    """The reader of stdout went away (``tnverify claims | head``): end quietly with
    status 0, as ``ls | head`` does.  stdout is pointed at the null device so that the
    interpreter's final flush does not raise again."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no file descriptor (a redirected sys.stdout)
        pass
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``tnverify`` command line and return its exit status (see the module
    docstring: 0, 1, 2, or 130 when interrupted)."""
    _tolerate_narrow_encodings()
    debug = False
    try:
        parser = build_parser()
        try:
            args = parser.parse_args(argv)
        except SystemExit as exc:  # --help, --version, argparse usage errors (status 2)
            return int(exc.code or 0) if not isinstance(exc.code, str) else 2
        debug = getattr(args, "debug", False)
        if args.command is None:  # `tnverify` alone: the help, status 2
            parser.print_help()
            return 2
        status = int(args.func(args))
        sys.stdout.flush()  # a closed pipe shows here, not at interpreter exit
        return status
    except BrokenPipeError:
        return _closed_pipe()
    except KeyboardInterrupt:
        print(f"\n{PROG}: interrupted", file=sys.stderr)
        return INTERRUPTED
    except (TnverifyError, OSError) as exc:
        if debug:
            traceback.print_exc(file=sys.stderr)
        message = " ".join(str(exc).split()) or type(exc).__name__
        print(f"{PROG}: error: {message}", file=sys.stderr)
        return 2
