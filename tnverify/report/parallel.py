"""Claims in worker processes for :func:`tnverify.report.table.run_claims`: the results
in the order of the claims, a progress call after each finished claim, and what a dead
worker leaves (the finished claims kept, the others an ``error`` result saying they did
not run)."""

from __future__ import annotations

from ..claims import ERROR, SKIPPED, ClaimResult

__all__ = ["run_parallel", "not_run_result"]


def run_parallel(claims, results, seed, scale, device, sides, jobs, threads, progress, bar):
    """The claims in worker processes; ``progress`` after each finished claim (in
    completion order, ``done`` counting finished claims).

    Returns ``(results, worker_died)``: when a worker process dies (``kill -9``) the
    claims that finished keep their results, the others (the dead worker's and those
    still queued) get an ``error`` result whose reason says they did not run, and
    ``worker_died`` is the one line saying so (they are not re-run: the claim that was
    running may be what killed its worker)."""
    from ..claims.pool import WorkerDied, run_in_processes
    from ..threads import resolve_threads

    stream = run_in_processes(
        claims,
        jobs=jobs,
        threads=resolve_threads(threads),
        seed=seed,
        scale=scale,
        device=device,
        sides=sides,
    )
    done = 0
    try:
        if bar is not None:  # the bar's refresh thread starts after the workers are forked
            first = next(stream, None)
            bar.start()
            stream = _chain(first, stream)
        for i, result in stream:
            results[i] = result
            done += 1
            if progress:
                progress(done, len(claims), claims[i].id, result)
    except WorkerDied as exc:
        reason = f"did not run: {exc}"
        for i in exc.lost:
            if results[i] is None:
                results[i] = not_run_result(claims[i], reason, seed, scale, device)
        return results, str(exc)
    return results, None


def not_run_result(claim, reason: str, seed, scale, device) -> ClaimResult:
    """The ``error`` result of a claim whose worker died before it finished."""
    from ..claims.runner import SideResult

    return ClaimResult(
        claim,
        ERROR,
        SideResult(ERROR, [], 0.0, reason),
        SideResult(SKIPPED, [], 0.0),
        0.0,
        {"seed": seed, "scale": scale, "device": device},
    )


def _chain(first, rest):
    if first is not None:
        yield first
    yield from rest
