"""Shared pieces of the ``tnverify`` subcommands: the console, argument types and progress
lines for output that is not a terminal (the tables that never cut a claim id are
:mod:`tnverify.report.terminal`, re-exported here).

Nothing here imports a subcommand module (the subcommands import this one), so the
command-line package has no import circle.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from collections.abc import Sequence

from ..report.terminal import Column, print_table

__all__ = [
    "PROG",
    "console",
    "common_options",
    "subparser",
    "positive_int",
    "threads_option",
    "Column",
    "print_table",
    "say",
    "Heartbeat",
    "LineProgress",
]

PROG = "tnverify"


def console(file=None):
    """A rich console on stdout (or ``file``), at the real width of the terminal.

    Off a terminal (a pipe, a file, a CI log) rich renders plain text; the tables below
    then use a plain layout with no width limit, so nothing is wrapped or cut.
    """
    from rich.console import Console

    out = Console(file=file or sys.stdout, highlight=False)
    out.on_broken_pipe = _broken_pipe  # rich would exit with status 1 itself
    return out


def _broken_pipe() -> None:
    """A closed stdout (``tnverify claims | head``) ends the command quietly with status 0
    in :func:`tnverify.cli.main`, as ``ls | head`` does; rich's default is ``exit(1)``,
    the status that means "a verdict differs"."""
    raise BrokenPipeError(32, "Broken pipe")


def common_options() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(add_help=False)
    p.add_argument(
        "--debug",
        action="store_true",
        default=argparse.SUPPRESS,
        help="on an error, show the full traceback (the exit status stays 2)",
    )
    return p


def subparser(sub, name: str, help: str, description: str, examples: Sequence[str]):
    """A subcommand parser with the common options and an examples epilog."""
    return sub.add_parser(
        name,
        parents=[common_options()],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        help=help,
        description=description,
        epilog="examples:\n" + "\n".join(f"  {e}" for e in examples),
    )


def positive_int(text: str) -> int:
    """argparse type: an integer >= 1 (argparse names the option in its error)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a positive integer; got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer (>= 1); got {value}")
    return value


def threads_option(p: argparse.ArgumentParser) -> None:
    """``--threads N``: torch and BLAS threads of each process (default TNVERIFY_THREADS
    or 1; see :mod:`tnverify.threads`)."""
    p.add_argument(
        "--threads",
        type=positive_int,
        default=None,
        metavar="N",
        help="torch and BLAS threads per process (default: $TNVERIFY_THREADS or "
        "1; one thread per process keeps a busy machine from slowing the "
        "run far more than in proportion)",
    )


# -- progress --------------------------------------------------------------------------
def say(text: str) -> None:
    """One progress line on stderr (looked up at call time, so that a rich progress bar
    that redirects stderr prints it above the bar)."""
    print(text, file=sys.stderr, flush=True)


def stderr_is_terminal() -> bool:
    from rich.console import Console

    return Console(stderr=True).is_terminal


class Heartbeat:
    """Print ``message(elapsed)`` on stderr every ``every`` seconds until stopped.

    Used around computations that offer no progress callback of their own (a figure's
    data), so that a log never stays silent for long.
    """

    def __init__(self, message, every: float = 15.0):
        self.message, self.every = message, float(every)
        self._stop = threading.Event()
        self._thread = None

    def __enter__(self):
        t0 = time.perf_counter()

        def beat():
            while not self._stop.wait(self.every):
                say(self.message(time.perf_counter() - t0))

        self._thread = threading.Thread(target=beat, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()
        return False


class LineProgress:
    """Progress as lines on stderr for ``verify`` off a terminal: one line per finished
    claim; during a long claim a line naming its case at most every ``every`` seconds,
    also while one case runs long (a background timer; :meth:`close` stops it).

    ``on_claim`` and ``on_case`` are the callbacks of :func:`tnverify.report.table.run_claims`.
    """

    def __init__(self, total_cases: int = 0, every: float = 10.0):
        self.every = float(every)
        now = time.perf_counter()
        self.t0 = self.last = self.start = now
        self.current = None  # (claim id, side, index, n_cases)
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = None

    def _line(self, now: float) -> str:
        claim_id, side, index, n = self.current
        return (
            f"  ... {claim_id}: {side} case {index + 1}/{n} "
            f"({now - self.start:.0f} s in this claim)"
        )

    def _beat(self) -> None:
        while not self._stop.wait(max(self.every, 0.05)):
            with self._lock:
                now = time.perf_counter()
                if self.current is not None and now - self.last >= self.every:
                    self.last = now
                    say(self._line(now))

    def on_claim(self, done, total, claim_id, result) -> None:
        with self._lock:
            now = time.perf_counter()
            if result is None:
                self.start = now
                if self._thread is None:
                    self._thread = threading.Thread(target=self._beat, daemon=True)
                    self._thread.start()
                return
            self.current, self.last = None, now
            say(
                f"[{done}/{total}] {claim_id}: {result.verdict} ({result.seconds:.1f} s; "
                f"{now - self.t0:.0f} s elapsed)"
            )

    def on_case(self, claim_id, side, index, n_cases) -> None:
        with self._lock:
            now = time.perf_counter()
            self.current = (claim_id, side, index, n_cases)
            if now - self.last >= self.every:
                self.last = now
                say(self._line(now))

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
