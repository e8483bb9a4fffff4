"""Running independent random trials serially, on local processes or on a Dask cluster.

Used by the rank-distribution figures of gtm §6 and App. B, Figs. 3–5
(:mod:`tnverify.figures.gtm`).  Every trial is a picklable top-level function applied to
one task (a dict that carries its own seed, e.g. ``derive_seed(seed, figure, R, trial)``),
so the results do not depend on where or in which order the trials run: serial,
local-parallel and Dask runs return identical lists (in task order).

Executors
---------
- ``workers=1`` (and no scheduler): serial, in this process.
- ``workers=n > 1`` or ``None`` (= every local core, ``os.sched_getaffinity``):
  :class:`concurrent.futures.ProcessPoolExecutor` with the ``spawn`` start method (no
  ``fork`` of a process that may hold torch/BLAS threads); each worker limits BLAS to one
  thread (threadpoolctl) so ``n`` workers use ``n`` cores.
- ``scheduler`` given: ``dask.distributed.Client(scheduler)`` (an address such as
  ``"tcp://host:8786"``, or anything with a ``scheduler_address``, e.g. a
  ``LocalCluster``); dask is imported only then.

A progress bar (rich) is drawn on stderr when stderr is a terminal.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence

from ..errors import DTypeError, UsageError
from ..validation import as_callable, as_text, show_value

__all__ = ["run_trials", "local_cores", "validate_workers"]


def local_cores() -> int:
    """Number of cores this process may run on (:func:`tnverify.threads.available_cores`)."""
    from ..threads import available_cores

    return available_cores()


def validate_workers(workers) -> int:
    """``None`` -> :func:`local_cores`; otherwise a positive int (UsageError if not)."""
    if workers is None:
        return local_cores()
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise UsageError(f"workers must be a positive integer (1 = serial); got {workers!r}")
    if workers > MAX_WORKERS:
        raise UsageError(f"workers must be at most {MAX_WORKERS} (one process each); got {workers}")
    return workers


#: The most local worker processes :func:`run_trials` starts (the pool is also never
#: larger than the number of tasks).
MAX_WORKERS = 1024


def _limit_threads() -> None:
    """Process-pool initializer: the parent's threads per process (``--threads N``, passed
    on through ``TNVERIFY_THREADS``; one by default) for BLAS/OpenMP and torch."""
    from ..threads import set_threads

    set_threads(None, torch=False)


class _Progress:
    """A rich progress bar on stderr (silent when stderr is not a terminal)."""

    def __init__(self, total: int, description: str):
        self.bar = None
        if not sys.stderr.isatty():
            return
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self.bar = Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=False,
        )
        self.task = self.bar.add_task(description, total=total)

    def __enter__(self):
        if self.bar is not None:
            self.bar.start()
        return self

    def advance(self) -> None:
        if self.bar is not None:
            self.bar.advance(self.task)

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.stop()
        return False


def _dask_client(scheduler):
    try:
        from dask.distributed import Client
    except ImportError as exc:
        raise UsageError(
            "scheduler was given but dask.distributed is not installed; "
            "install it with `pip install 'dask[distributed]'` (from a "
            "clone of tnverify: pip install -e '.[dask]'), or run without "
            "--scheduler"
        ) from exc
    address = getattr(scheduler, "scheduler_address", scheduler)
    if not isinstance(address, str) or not address:
        raise UsageError(
            f"scheduler must be a Dask scheduler address (e.g. "
            f"'tcp://127.0.0.1:8786') or a cluster; got {scheduler!r}"
        )
    try:
        return Client(address, timeout="20s")
    except OSError as exc:
        raise UsageError(f"cannot connect to the Dask scheduler at {address!r}: {exc}") from exc


def _run_dask(fn, tasks, scheduler, progress) -> tuple[list, dict]:
    from dask.distributed import as_completed

    client = _dask_client(scheduler)
    try:
        futures = client.map(fn, list(tasks), pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        results: list = [None] * len(futures)
        for fut in as_completed(futures):
            results[index[fut.key]] = fut.result()
            progress.advance()
        n = len(client.scheduler_info().get("workers", {}))
        return results, {"kind": "dask", "scheduler": str(client.scheduler.address), "workers": n}
    finally:
        client.close()


def _run_processes(fn, tasks, workers, progress) -> tuple[list, dict]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    results: list = [None] * len(tasks)
    ctx = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_limit_threads)
    try:
        futures = {pool.submit(fn, task): i for i, task in enumerate(tasks)}
        for fut in as_completed(futures):
            results[futures[fut]] = fut.result()
            progress.advance()
    except BaseException:
        # Ctrl-C (or a failed trial): stop now, not after every queued trial has run (a
        # worker reports a KeyboardInterrupt as one task's result and takes the next task)
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for proc in processes:
            proc.terminate()
        raise
    pool.shutdown()
    return results, {"kind": "processes", "workers": workers, "start_method": "spawn"}


def run_trials(
    fn: Callable[[dict], object],
    tasks: Sequence[dict],
    *,
    workers=None,
    scheduler=None,
    description: str = "trials",
) -> tuple[list, dict]:
    """Apply ``fn`` to every task; return ``(results in task order, execution info)``.

    Parameters
    ----------
    fn : callable
        A picklable (module-level) function of one task.  It must draw its randomness
        only from the seed inside the task, so every executor gives identical results.
    tasks : list or tuple
        One entry per trial (the figures' trials are dicts); a string, an array or any
        other object raises :class:`~tnverify.errors.DTypeError`.
    workers : int, optional
        Local worker processes, ``1 <= workers <= MAX_WORKERS``; ``1`` = serial in this
        process; default every local core; never more processes than tasks.  Ignored when
        ``scheduler`` is given.
    scheduler : str or cluster, optional
        A Dask scheduler address (or an object with ``scheduler_address``).
    description : str
        Label of the progress bar.

    Returns
    -------
    results : list
        ``[fn(task) for task in tasks]``.
    execution : dict
        ``kind`` ("serial", "processes", "dask"), worker count and wall time in seconds —
        how the trials ran, which (unlike the results) differs between executors.
    """
    as_callable(fn, "fn")
    if not isinstance(tasks, (list, tuple, range)):
        raise DTypeError(
            f"tasks must be a list or tuple with one entry per trial; got {show_value(tasks)}"
        )
    tasks = list(tasks)
    description = as_text(description, "description")
    if (
        scheduler is not None
        and not isinstance(scheduler, str)
        and not hasattr(scheduler, "scheduler_address")
    ):
        raise UsageError(
            f"scheduler must be a Dask scheduler address (e.g. "
            f"'tcp://127.0.0.1:8786') or a cluster; got {show_value(scheduler)}"
        )
    n_workers = validate_workers(workers)
    t0 = time.perf_counter()
    with _Progress(len(tasks), description) as progress:
        if scheduler is not None:
            results, info = _run_dask(fn, tasks, scheduler, progress)
        elif n_workers == 1 or len(tasks) <= 1:
            results = []
            for task in tasks:
                results.append(fn(task))
                progress.advance()
            info = {"kind": "serial", "workers": 1}
        else:
            results, info = _run_processes(fn, tasks, min(n_workers, len(tasks)), progress)
    info["seconds"] = round(time.perf_counter() - t0, 3)
    info["trials"] = len(tasks)
    return results, info
