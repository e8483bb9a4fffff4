"""The claim folders ``tnverify/claims/<key>/``: one per paper, its ``__init__.py``
declaring the paper (``PAPER = paper(key, ...)``), its modules registering the claims.

:data:`tnverify.claims.CLAIM_PAPERS` and :func:`tnverify.claims.claim_modules` are derived
from the folders found here, so adding a paper is adding a folder.
"""

from __future__ import annotations

import importlib
import pkgutil

from ..errors import ClaimError

__all__ = ["claim_folders", "folder_modules"]

_PACKAGE = __name__.rsplit(".", 1)[0]


def claim_folders() -> tuple[str, ...]:
    """The claim folders ``tnverify/claims/<key>/``: every sub-package whose ``__init__.py``
    declares its paper (``PAPER = tnverify.paper(key, ...)``, the key being the folder's
    name).  In the order of the papers: alphabetical, those without errata sheets (the
    toolkit's own, ``tnverify``) last.  Importing a folder declares its paper."""
    package = importlib.import_module(_PACKAGE)  # the claims package (being imported)
    found = []
    for m in pkgutil.iter_modules(package.__path__):
        if not m.ispkg:
            continue
        pkg = importlib.import_module(f"{_PACKAGE}.{m.name}")
        declared = getattr(pkg, "PAPER", None)
        if declared is None:
            continue
        if declared.key != m.name:
            raise ClaimError(
                f"claim folder {m.name!r} declares the paper {declared.key!r}; "
                "a folder is named for its paper's key"
            )
        found.append(declared)
    found.sort(key=lambda p: (not p.errata, p.key))
    return tuple(p.key for p in found)


def folder_modules(folders) -> tuple[str, ...]:
    """The dotted names of the modules of ``folders`` (claim folder names), folder by
    folder and by dotted name within a folder.  A topic that needs room is a sub-package
    of its paper's folder (``tnverify/claims/gtm/universality/``): the sub-package and
    each of its modules are listed, the sub-package right before its modules."""
    names = []
    for folder in folders:
        pkg = importlib.import_module(f"{_PACKAGE}.{folder}")
        found = pkgutil.walk_packages(pkg.__path__, prefix=f"{pkg.__name__}.")
        names += sorted(m.name for m in found)
    return tuple(names)
