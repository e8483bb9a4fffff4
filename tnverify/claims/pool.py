"""Run independent claims as worker processes on the available cores.

Each claim's cases draw from seeds derived from the base seed and the claim id
(:func:`tnverify.conventions.derive_seed`), so a claim's verdict and evidence do not depend
on which process runs it or in what order: ``tnverify verify --jobs N`` reports what
``--jobs 1`` reports.  A claim and its ``-corrected`` twin run in the same worker, one
after the other, so whatever the twins share is computed once per process.

Workers are forked (Linux) from the process that selected the claims, so plugin claims
and test registries reach them unchanged; each worker sets its own thread counts
(:func:`tnverify.threads.set_threads`) before running anything.  Where fork is not
available the claims run in this process.
"""

from __future__ import annotations

import multiprocessing
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool

from ..errors import DTypeError, TnverifyError
from . import Claim
from .runner import ClaimResult, run_claim

__all__ = ["can_fork", "twin_groups", "run_in_processes", "WorkerDied"]

_CLAIMS: list = []  # the claims of the current run, inherited by the forked workers


def can_fork() -> bool:
    """True where worker processes can be forked (Linux): the only start method that
    hands the already-selected claims (plugins included) to the workers unchanged."""
    return sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()


def twin_groups(claims: Sequence) -> list[list[int]]:
    """Indices of ``claims`` grouped so that a claim and the claim it corrects (or that
    corrects it) share a group; groups in the order of their first claim."""
    if not all(isinstance(c, Claim) for c in claims):
        raise DTypeError("twin_groups needs a sequence of Claim objects")
    index = {c.id: i for i, c in enumerate(claims)}
    group_of: dict[int, int] = {}
    groups: list[list[int]] = []
    for i, c in enumerate(claims):
        linked = [index[x] for x in (c.corrects, c.corrected_by) if x in index]
        g = next((group_of[j] for j in linked if j in group_of), None)
        if g is None:
            g = len(groups)
            groups.append([])
        groups[g].append(i)
        group_of[i] = g
    return groups


def _init_worker(threads: int) -> None:
    import signal

    from ..threads import set_threads

    # Ctrl-C is the parent's to handle: it stops the workers (run_in_processes)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    set_threads(threads, torch=False)


def _run_group(indices, seed, scale, device, sides):
    out = []
    for i in indices:
        r = run_claim(_CLAIMS[i], seed=seed, scale=scale, device=device, sides=sides)
        out.append((i, r.verdict, r.small, r.scaled, r.seconds, r.settings))
    return out


def run_in_processes(
    claims: Sequence,
    *,
    jobs: int,
    threads: int,
    seed: int,
    scale: str,
    device: str,
    sides: Sequence[str],
    on_start: Callable[[int], None] | None = None,
) -> Iterator[tuple[int, ClaimResult]]:
    """Run ``claims`` in ``jobs`` forked worker processes; yield ``(index, result)`` as
    each claim finishes (in completion order).

    ``on_start(index)`` is called when a claim's group is handed to the pool.  The
    claims are those of this process (they reach the workers by fork, never pickled);
    each result is rebuilt here around the claim object of this process.

    Raises
    ------
    WorkerDied
        A worker process died (``kill -9``): raised after every claim that finished has
        been yielded; it names how the worker ended and the claims that did not run.
    """
    global _CLAIMS
    from ..threads import resolve_jobs, resolve_threads
    from ..validation import as_callable, as_choice, as_seed

    jobs, threads, seed = resolve_jobs(jobs), resolve_threads(threads), as_seed(seed)
    as_choice(scale, "scale", ("small", "large"))
    if on_start is not None:
        as_callable(on_start, "on_start")
    _CLAIMS = list(claims)
    if not all(isinstance(c, Claim) for c in _CLAIMS):
        raise DTypeError("run_in_processes needs a sequence of Claim objects")
    ctx = multiprocessing.get_context("fork")
    groups = twin_groups(_CLAIMS)
    # never more workers than groups: --jobs 64 for 2 claims forks 2 processes, not 64
    pool = ProcessPoolExecutor(
        max_workers=max(1, min(jobs, len(groups))),
        mp_context=ctx,
        initializer=_init_worker,
        initargs=(threads,),
    )
    try:
        futures = {}
        for g in groups:
            futures[pool.submit(_run_group, g, seed, scale, device, tuple(sides))] = g
            if on_start is not None:
                for i in g:
                    on_start(i)
        processes = list((getattr(pool, "_processes", None) or {}).values())
        yielded: set = set()
        try:
            for fut in as_completed(futures):
                for i, verdict, small, scaled, seconds, settings in fut.result():
                    yield i, ClaimResult(_CLAIMS[i], verdict, small, scaled, seconds, settings)
                yielded.add(fut)
        except BrokenProcessPool:
            # a worker died (kill -9, the OOM killer): keep what finished, name what did not
            for fut in futures:
                if (
                    fut not in yielded
                    and fut.done()
                    and not fut.cancelled()
                    and fut.exception() is None
                ):
                    for i, verdict, small, scaled, seconds, settings in fut.result():
                        yield i, ClaimResult(_CLAIMS[i], verdict, small, scaled, seconds, settings)
                    yielded.add(fut)
            lost = sorted(i for fut, g in futures.items() if fut not in yielded for i in g)
            raise WorkerDied(_death(processes), lost) from None
    except BaseException:
        # Ctrl-C, a broken worker or a consumer that stops early: stop the workers now,
        # not after every queued claim has run
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for proc in processes:
            proc.terminate()
        raise
    else:
        pool.shutdown()
    finally:
        _CLAIMS = []


def _death(processes) -> str:
    """How the dead worker ended: ``"signal 9"``, ``"exit status 3"`` or ``"unknown
    cause"``."""
    import signal

    for proc in processes:
        proc.join(timeout=1.0)
    # the executor ends the surviving workers with SIGTERM once one has died: the dead one
    # is the one that ended otherwise
    signals = [-p.exitcode for p in processes if p.exitcode is not None and p.exitcode < 0]
    for sig in sorted(signals, key=lambda s: s == signal.SIGTERM):
        return f"signal {sig}"
    for proc in processes:
        if proc.exitcode:
            return f"exit status {proc.exitcode}"
    return "unknown cause"


class WorkerDied(TnverifyError, RuntimeError):
    """A worker process died while claims were running (``kill -9``, the out-of-memory
    killer).  The claims that finished have been yielded; ``lost`` holds the indices of
    those that did not run to the end, ``how`` how the worker ended (``"signal 9"``)."""

    def __init__(self, how: str, lost):
        self.how, self.lost = how, list(lost)
        n = len(self.lost)
        super().__init__(f"a worker died ({how}): {n} claim{'s' if n != 1 else ''} did not run")
