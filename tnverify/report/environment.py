"""The environment a report records (:func:`environment`): versions, platform, device,
worker processes and the torch/BLAS thread counts (:func:`thread_counts`) a run used."""

from __future__ import annotations

import importlib.metadata
import platform
import sys

import numpy as np

__all__ = ["environment", "thread_counts"]


def thread_counts() -> dict:
    """The thread counts that can change round-off in the evidence: ``{"blas": {library:
    threads}, "torch": n}``.

    BLAS libraries are read with threadpoolctl (the loaded ones only); torch's intra-op
    thread count only when torch is already imported (``None``: torch was not used in this
    process, and reading the count must not import it).
    """
    blas: dict = {}
    try:
        from threadpoolctl import threadpool_info

        for info in threadpool_info():
            if info.get("user_api") == "blas":
                blas[str(info.get("internal_api"))] = info.get("num_threads")
    except Exception:  # noqa: BLE001 - an unreadable pool is recorded as unknown, not fatal
        blas = {}
    torch = sys.modules.get("torch")
    n_torch = int(torch.get_num_threads()) if torch is not None else None
    return {"blas": blas or None, "torch": n_torch}


def environment(device: str, jobs: int = 1) -> dict:
    """Versions of Python, numpy and torch, the device used, the BLAS and torch thread
    counts (:func:`thread_counts`) and the number of worker processes ``jobs``.

    torch's version is read from the installed package metadata so that writing a report
    never imports torch.
    """
    try:
        torch_version = importlib.metadata.version("torch")
    except importlib.metadata.PackageNotFoundError:
        torch_version = None
    return {
        "python": platform.python_version(),
        "numpy": np.__version__,
        "torch": torch_version,
        "device": device,
        "threads": thread_counts(),
        "jobs": int(jobs),
    }
