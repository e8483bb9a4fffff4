"""Atomic file writes: every file tnverify writes (reports, figure JSON and PNG, errata
sheets) goes through this module.

A file is written to a temporary file in the *same folder* (so that the final move never
crosses a file system), flushed and ``fsync``-ed, then moved over the target with
:func:`os.replace`, which is atomic on POSIX and Windows.  A reader therefore sees the old
file or the new one, never a partial one; two processes writing the same path at once
each move a complete file into place (the last one wins, nothing is torn); a full disk or
an interrupt leaves the old file untouched and no temporary file behind.

Several files that belong together (a figure's JSON and its PNG) are written with
:func:`write_together`: every temporary file first, then the moves, with Ctrl-C (SIGINT)
and SIGTERM held back between the first move and the last (delivered right after), so that an interrupt never
leaves the new data beside the old picture.

Examples
--------
>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_text(folder / "r.json", '{"a": 1}\\n').name
'r.json'
>>> (folder / "r.json").read_text()
'{"a": 1}\\n'
>>> sorted(p.name for p in folder.iterdir())      # no temporary file left behind
['r.json']
"""

from __future__ import annotations

import contextlib
import os
import signal
import tempfile
import threading
from collections.abc import Mapping
from pathlib import Path

from .errors import DTypeError, WriteError

__all__ = ["write_text", "write_bytes", "write_together"]


def _target(path) -> Path:
    if isinstance(path, bool) or not isinstance(path, (str, os.PathLike)):
        raise DTypeError(f"a file path must be a str or os.PathLike; got {type(path).__name__}")
    p = Path(path)
    if not str(path) or p.name in ("", ".", ".."):
        raise DTypeError(f"a file path must name a file; got {str(path)!r}")
    return p


def _failed(path: Path, exc: OSError) -> WriteError:
    """The error naming the target file (``could not write r.json: No space left on
    device``); ``errno``, ``strerror`` and ``filename`` are those of the target."""
    reason = exc.strerror or str(exc) or type(exc).__name__
    err = WriteError(f"could not write {path}: {reason}")
    err.errno, err.strerror, err.filename = exc.errno, reason, str(path)
    return err


def _remove(name: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(name)


def _temporary(path: Path, data: bytes) -> str:
    """Write ``data`` to a new temporary file beside ``path`` (flushed and fsync-ed) and
    return its name; on any failure the temporary file is removed."""
    folder = path.parent if str(path.parent) else Path(".")
    try:
        fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise _failed(path, exc) from None
    try:
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)
        mode = _mode(path)
        if mode is not None:
            os.chmod(name, mode)
    except OSError as exc:
        _remove(name)
        raise _failed(path, exc) from None
    except BaseException:
        _remove(name)
        raise
    return name


def _mode(path: Path) -> int | None:
    """The permission bits the new file gets: the old file's, else those of a newly created
    file under the current umask (mkstemp alone would give 0600)."""
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        pass
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _bytes(data, what: str) -> bytes:
    if isinstance(data, (bytes, bytearray, memoryview)):
        return bytes(data)
    raise DTypeError(f"{what} must be bytes; got {type(data).__name__}")


@contextlib.contextmanager
def _signals_held():
    """Hold SIGINT and SIGTERM back until the block ends, then deliver them (under the
    handlers in place before), where this is the main thread; elsewhere do nothing.

    The Python-level handlers are swapped, not the thread's signal mask: a signal sent to
    the process may be delivered to any thread, and a handler always runs in the main one.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pending: list = []
    old = {}
    for signum in (signal.SIGINT, signal.SIGTERM):
        handler = signal.getsignal(signum)
        if handler is None:  # installed outside Python: leave it alone
            continue
        old[signum] = signal.signal(signum, lambda num, frame: pending.append(num))
    try:
        yield
    finally:
        for signum, handler in old.items():
            signal.signal(signum, handler)
        for signum in dict.fromkeys(pending):
            signal.raise_signal(signum)


def write_together(files: Mapping) -> list[Path]:
    """Write several files so that they are replaced together.

    Parameters
    ----------
    files : mapping of path -> bytes
        The target paths and their new contents.

    Returns
    -------
    list of Path
        The target paths, in the order given.

    Raises
    ------
    WriteError
        A file could not be written (full disk, permissions, a missing folder): the
        message names the target, e.g. ``could not write fig.png: No space left on
        device``.  No target has changed then, and no temporary file is left.
    DTypeError
        A path that is not a str/PathLike, or contents that are not bytes.
    """
    if not isinstance(files, Mapping):
        raise DTypeError(
            f"write_together needs a mapping path -> bytes; got {type(files).__name__}"
        )
    items = [(_target(p), _bytes(d, f"the contents of {p}")) for p, d in files.items()]
    temps: list[tuple[Path, str]] = []
    try:
        for path, data in items:
            temps.append((path, _temporary(path, data)))
        with _signals_held():
            for k, (path, name) in enumerate(temps):
                try:
                    os.replace(name, path)
                except OSError as exc:
                    raise _failed(path, exc) from None
                temps[k] = (path, "")
    finally:
        for _, name in temps:
            if name:
                _remove(name)
    return [p for p, _ in items]


def write_bytes(path, data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically (see the module docstring) and return the
    path; raises :class:`~tnverify.errors.WriteError` naming ``path`` on failure, the old
    file unchanged."""
    return write_together({path: data})[0]


def write_text(path, text: str, encoding: str = "utf-8") -> Path:
    """Write ``text`` to ``path`` atomically (see :func:`write_bytes`)."""
    if not isinstance(text, str):
        raise DTypeError(f"text must be a str; got {type(text).__name__}")
    return write_bytes(path, text.encode(encoding))
