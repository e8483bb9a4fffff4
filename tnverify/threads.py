"""Thread counts of tnverify's own processes, and how many processes to run.

``tnverify verify``, ``tnverify figures`` and the test suite decide their own thread
counts instead of inheriting whatever torch and the BLAS libraries pick: one thread per
process by default, with independent claims (or test files) run as separate processes
on the available cores.  On a shared machine a process with several threads per core
slows down far more than in proportion (torch's intra-op pool ignores
``OPENBLAS_NUM_THREADS``; with two OpenBLAS threads and one competing busy process a
wide SVD ran 2.2-2.5x slower than with one thread).

Nothing here runs on ``import tnverify``: only the command line and the test suite's
``conftest.py`` call :func:`set_threads`.  The setting is :envvar:`TNVERIFY_THREADS`
(default 1) or the command's ``--threads N``; the report records the resulting counts.
"""

from __future__ import annotations

import os
import sys

from .errors import UsageError
from .validation import as_flag

__all__ = [
    "THREADS_ENV",
    "JOBS_ENV",
    "DEFAULT_THREADS",
    "MAX_JOBS",
    "MAX_THREADS",
    "available_cores",
    "resolve_threads",
    "resolve_jobs",
    "set_threads",
]

#: Environment variable with the threads per process (default :data:`DEFAULT_THREADS`).
THREADS_ENV = "TNVERIFY_THREADS"
#: Environment variable with the number of worker processes of ``tnverify verify``.
JOBS_ENV = "TNVERIFY_JOBS"
#: Threads per process when neither the option nor the environment variable says.
DEFAULT_THREADS = 1

#: Variables read by the BLAS / OpenMP runtimes when they are loaded (and inherited by
#: worker processes): set together so a library loaded later starts with the same count.
_THREAD_VARS = (
    "OMP_NUM_THREADS",
    "OPENBLAS_NUM_THREADS",
    "MKL_NUM_THREADS",
    "BLIS_NUM_THREADS",
    "VECLIB_MAXIMUM_THREADS",
    "NUMEXPR_NUM_THREADS",
)

_limiter = None  # keeps the threadpoolctl limiter of the last set_threads alive


def available_cores() -> int:
    """The CPU cores this process may run on (its affinity mask; ``os.cpu_count()``
    where the platform has none)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # pragma: no cover - macOS, Windows
        return max(1, os.cpu_count() or 1)


#: The most worker processes (``--jobs``) and threads per process (``--threads``) asked
#: for: above this a count is a typo (UsageError), not a machine.  Below it the pool is
#: clamped to the work there is: never more worker processes than claim groups.
MAX_JOBS = 1024
MAX_THREADS = 1024


def _positive(value, name: str) -> int:
    """``value`` as an int in ``[1, MAX]``: DTypeError for a non-integer, UsageError below
    1 or above :data:`MAX_JOBS` / :data:`MAX_THREADS`."""
    from .validation import as_int

    top = MAX_THREADS if "THREADS" in name.upper() else MAX_JOBS
    return as_int(value, name, minimum=1, maximum=top, error=UsageError)


def _from_env(var: str) -> int | None:
    text = os.environ.get(var, "").strip()
    if not text:
        return None
    try:
        n = int(text)
    except ValueError:
        raise UsageError(f"{var} must be a positive integer; got {text!r}") from None
    return _positive(n, var)


def resolve_threads(value: int | None = None) -> int:
    """Threads per process: ``value``, else :envvar:`TNVERIFY_THREADS`, else 1.

    Raises :class:`~tnverify.errors.DTypeError` for a non-integer and
    :class:`~tnverify.errors.UsageError` for a value below 1 or above
    :data:`MAX_THREADS` (also from the variable).

    Examples
    --------
    >>> resolve_threads(2)
    2
    """
    if value is not None:
        return _positive(value, "threads")
    env = _from_env(THREADS_ENV)
    return DEFAULT_THREADS if env is None else env


def resolve_jobs(value: int | None = None) -> int:
    """Worker processes: ``value``, else :envvar:`TNVERIFY_JOBS`, else every available
    core (:func:`available_cores`).  An int in ``[1, MAX_JOBS]`` (UsageError outside);
    the runners start no more workers than there are claim groups to run.

    Examples
    --------
    >>> resolve_jobs(3)
    3
    """
    if value is not None:
        return _positive(value, "jobs")
    env = _from_env(JOBS_ENV)
    return available_cores() if env is None else env


def set_threads(n: int | None = None, *, torch: bool = True) -> int:
    """Set this process's thread counts to ``n`` (:func:`resolve_threads` when None).

    Sets the BLAS/OpenMP environment variables (read by libraries loaded later and by
    child processes), limits the BLAS libraries already loaded (threadpoolctl), and
    torch's intra-op and inter-op thread counts: when ``torch`` is true torch is imported
    for it, otherwise only if it is already imported (a later ``import torch`` reads
    ``OMP_NUM_THREADS``).  Returns ``n``.

    Only the command line and the test suite call this; importing tnverify never changes
    thread settings.
    """
    global _limiter
    torch = as_flag(torch, "torch")
    n = resolve_threads(n)
    for var in _THREAD_VARS + (THREADS_ENV,):  # child processes inherit the count
        os.environ[var] = str(n)
    try:
        from threadpoolctl import threadpool_limits

        _limiter = threadpool_limits(n)
    except ImportError:  # pragma: no cover - threadpoolctl is a dependency
        pass
    if torch or "torch" in sys.modules:
        import torch as _torch

        _torch.set_num_threads(n)
        try:
            _torch.set_num_interop_threads(n)
        except RuntimeError:  # inter-op pool already started (or already set): keep it
            pass
    return n
