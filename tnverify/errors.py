"""Exception types of tnverify.

Every error raised at the public boundary is a :class:`TnverifyError` and also a
builtin ``ValueError`` or ``TypeError``, so callers can catch either (a file that could
not be written, :class:`WriteError`, is an ``OSError``; a part or reading looked up by a
key no sibling has, :class:`EvidenceKeyError`, is a ``KeyError``).  Messages state
the rule that was broken and the value that was found.
"""

from __future__ import annotations

__all__ = [
    "TnverifyError",
    "ShapeError",
    "RankError",
    "SizeLimitError",
    "ToleranceError",
    "NonFiniteError",
    "VocabularyError",
    "DTypeError",
    "ClaimError",
    "DeviceError",
    "ReportFormatError",
    "UsageError",
    "MissingDependencyError",
    "NormalizationError",
    "StructureError",
    "WriteError",
    "EvidenceKeyError",
]


class TnverifyError(Exception):
    """Base class of every error raised by tnverify."""


class ShapeError(TnverifyError, ValueError):
    """An array has the wrong number of modes or a mode of the wrong size."""


class RankError(TnverifyError, ValueError):
    """TT/CP ranks are inconsistent, non-positive or not integers."""


class SizeLimitError(TnverifyError, ValueError):
    """An explicit tensor would exceed ``TNVERIFY_MAX_ENTRIES`` entries.

    Raised *before* anything is allocated; the message names the entries, the bytes and
    the tensor-train route around the limit.
    """


class ToleranceError(TnverifyError, ValueError):
    """A tolerance or accuracy (eps, rtol, max_rank) is outside its valid range."""


class NonFiniteError(TnverifyError, ValueError):
    """An input contains NaN or infinity."""


class VocabularyError(TnverifyError, ValueError):
    """A token index is outside ``range(vocab_size)``, or a sequence is empty."""


class DTypeError(TnverifyError, TypeError):
    """An input has a type or dtype tnverify cannot work with."""


class ClaimError(TnverifyError, ValueError):
    """A claim id, group or paper key is unknown, or a claim is malformed."""


class DeviceError(TnverifyError, ValueError):
    """A requested compute device is not available (e.g. ``cuda`` without a GPU)."""


class ReportFormatError(TnverifyError, ValueError):
    """A report path has a suffix other than ``.json``, ``.md`` or ``.html``, or cannot be
    written."""


class UsageError(TnverifyError, ValueError):
    """The command line asks for something that cannot be done (exit status 2)."""


class NormalizationError(NonFiniteError):
    """A model or joint has total mass ``Z = 0`` (or a prefix that must be conditioned on
    has none): no probabilities exist, and ``0/0`` would be NaN."""


class StructureError(TnverifyError, ValueError, NotImplementedError):
    """A model has no form of the requested kind (e.g. ``tt_core()`` of a cell with a
    hidden bias, whose step is affine, not bilinear: use ``augmented_core()``).  Also a
    ``NotImplementedError``, the exception these methods raised before."""


class MissingDependencyError(TnverifyError, ImportError):
    """An optional dependency (quimb, dask, hypothesis) is needed and not installed; the
    message says how to install it."""


class WriteError(TnverifyError, OSError):
    """A file could not be written (a full disk, no permission, a missing folder).  The
    message names the file (``could not write r.json: No space left on device``); the
    file at that path, if any, is unchanged (:mod:`tnverify.files`)."""

    def __str__(self) -> str:  # the message, not OSError's "[Errno 28] ..."
        return str(self.args[0]) if self.args else ""


class EvidenceKeyError(TnverifyError, KeyError):
    """No part (or reading) of an :class:`~tnverify.claims.Evidence` has the key looked up
    (``Evidence.part(key)``, ``Evidence.reading(key)``); the message lists the keys there
    are.  A ``KeyError``, as a missing dict key is."""

    def __str__(self) -> str:  # the message, not KeyError's repr of it
        return str(self.args[0]) if self.args else ""
