"""Module paths of earlier releases that still import, with a DeprecationWarning.

tnverify 0.1.0 kept its modules in a flat row (``tnverify.explicit``, ``tnverify.tt_svd``,
``tnverify.grid``, ``tnverify.stats``, ...); 0.2.0 puts them in concept folders (see
ARCHITECTURE.md).  Code written against the old paths keeps running for this release:
``import tnverify.stats`` (or ``from tnverify.tt_svd import tt_svd``) gives the module at
its new path — the very same module object, so every name is the same object — and warns
once with the new path.  The old paths are removed in tnverify 0.3.0.

The mechanism is one meta-path finder (:class:`MovedModuleFinder`) installed by
``tnverify/__init__.py``; no shim file is left at the old places.  A module of 0.1.0 whose
contents were split over several modules (the claim modules before the per-paper folders)
is served as a read-only module that looks each name up in its successors, in order.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import types
import warnings

__all__ = [
    "MOVED",
    "MOVED_PACKAGES",
    "BECAME_PACKAGES",
    "old_module_names",
    "SPLIT",
    "REMOVED_IN",
    "MovedModuleFinder",
    "install",
    "new_path",
    "protect_names",
    "moved_attribute",
]

#: The release in which the old paths stop importing.
REMOVED_IN = "0.3.0"

#: Old module path -> new module path (the same module object is served).
MOVED: dict[str, str] = {
    # moved in 0.2.0: concept folders
    "tnverify.explicit": "tnverify.definitions.explicit",
    "tnverify.oracle": "tnverify.definitions.oracle",
    "tnverify.conditionals": "tnverify.definitions.conditionals",
    "tnverify.ngram": "tnverify.definitions.ngram",
    "tnverify.token_entropy": "tnverify.definitions.token_entropy",
    "tnverify.tt_svd": "tnverify.tt.svd",
    "tnverify.tt_svd_torch": "tnverify.tt.svd_torch",
    "tnverify.truncation": "tnverify.tt.truncation",
    "tnverify.cp": "tnverify.tt.cp",
    "tnverify.interop": "tnverify.tt.interop",
    "tnverify.matricize": "tnverify.ranks.matricize",
    "tnverify.numerical_ranks": "tnverify.ranks.numerical",
    "tnverify.exact_ranks": "tnverify.ranks.certified",
    "tnverify.figure_registry": "tnverify.figures.registry",
    "tnverify.born_figures": "tnverify.figures.born",
    "tnverify.gtm_figures": "tnverify.figures.gtm",
    "tnverify.lru_figures": "tnverify.figures.lru",
    "tnverify.ngram_figures": "tnverify.figures.ngram",
    "tnverify.trials": "tnverify.figures.trials",
    "tnverify.report_markdown": "tnverify.report.markdown",
    "tnverify.errata": "tnverify.report.errata",
    "tnverify.user_claims": "tnverify.testing.user_claims",
    "tnverify.pytest_plugin": "tnverify.testing.pytest_plugin",
    "tnverify.strategies": "tnverify.testing.strategies",
    "tnverify.cell_strategies": "tnverify.testing.cell_strategies",
    "tnverify.strategy_arguments": "tnverify.testing.strategy_arguments",
    "tnverify.tour": "tnverify.teaching.tour",
    "tnverify.gated_params": "tnverify.cells.gated_params",
    "tnverify.diagrams": "tnverify.teaching.diagrams",
    "tnverify.diagrams.builders": "tnverify.teaching.diagrams.builders",
    "tnverify.diagrams.drawing": "tnverify.teaching.diagrams.drawing",
    "tnverify.diagrams.network": "tnverify.teaching.diagrams.network",
    "tnverify.diagrams.tutorial": "tnverify.teaching.diagrams.tutorial",
    "tnverify.claims.ttlm.rnn_equivalences_scaled": "tnverify.claims.rnn_equivalences_scaled",
    # moved during 0.1.0's development without a deprecation period (restored here)
    "tnverify.grid": "tnverify.generalized.grid",
    "tnverify.xi": "tnverify.generalized.xi",
    "tnverify.gtm_bounds": "tnverify.generalized.bounds",
    "tnverify.gtm_constructions": "tnverify.generalized.constructions",
    "tnverify.gtm_expressivity": "tnverify.generalized.expressivity",
    "tnverify.stats": "tnverify.claims.monte_carlo",
    "tnverify.lru.stats": "tnverify.claims.monte_carlo",
    "tnverify.products": "tnverify.lru.products",
    "tnverify.claims.gtm_definitions": "tnverify.claims.gtm.definitions",
    "tnverify.claims.gtm_figures": "tnverify.claims.gtm.rank_distributions",
    "tnverify.claims.gtm_networks": "tnverify.claims.gtm.networks.statements",
    "tnverify.claims.lru_theory": "tnverify.claims.thesis.lru_monte_carlo",
    "tnverify.claims.ngram": "tnverify.claims.thesis.tt_svd",
    "tnverify.claims.spine_ttlm": "tnverify.claims.ttlm.tt_format",
    "tnverify.claims.ttlm_published": "tnverify.claims.ttlm.published_numbers",
    "tnverify.claims.ttlm_rnn": "tnverify.claims.ttlm.rnn_runs",
    "tnverify.claims.ttlm_tslm": "tnverify.claims.tslm.recurrence.checks",
    "tnverify.claims.ttlm_variants": "tnverify.claims.ttlm.uniform_ttlm",
    # moved in 0.3.0.dev: gtm and tslm topics as sub-packages
    "tnverify.claims.gtm.expressivity_scaled": "tnverify.claims.gtm.expressivity.scaled",
    "tnverify.claims.gtm.expressivity_statements": "tnverify.claims.gtm.expressivity.quotes",
    "tnverify.claims.gtm.figures_scaled": "tnverify.claims.gtm.figures.scaled",
    "tnverify.claims.gtm.networks_scaled": "tnverify.claims.gtm.networks.scaled",
    "tnverify.claims.gtm.networks_statements": "tnverify.claims.gtm.networks.quotes",
    "tnverify.claims.gtm.score_functions_scaled": "tnverify.claims.gtm.score_functions.scaled",
    "tnverify.claims.gtm.universality_scaled": "tnverify.claims.gtm.universality.scaled",
    "tnverify.claims.gtm.universality_statements": "tnverify.claims.gtm.universality.quotes",
    "tnverify.claims.tslm.ngram_readings": "tnverify.claims.tslm.ngrams.readings",
    "tnverify.claims.tslm.ngram_tensor": "tnverify.claims.tslm.ngrams.checks",
    "tnverify.claims.tslm.ngrams_scaled": "tnverify.claims.tslm.ngrams.scaled",
    "tnverify.claims.tslm.recurrence_readings": "tnverify.claims.tslm.recurrence.readings",
    "tnverify.claims.tslm.recurrence_scaled": "tnverify.claims.tslm.recurrence.scaled",
    "tnverify.claims.tslm.score_functions_scaled": "tnverify.claims.tslm.score_functions.scaled",
}

#: Old module path -> the modules its names were split into (looked up in this order).
SPLIT: dict[str, tuple[str, ...]] = {
    "tnverify.cli_tools": (
        "tnverify.cli.figures",
        "tnverify.cli.tour",
        "tnverify.cli.tt_svd",
        "tnverify.errors",
    ),
    "tnverify.claims.born": (
        "tnverify.claims.thesis.born_gauge_cost",
        "tnverify.claims.thesis.born_sampling",
        "tnverify.claims.thesis.born_machines",
        "tnverify.claims",
    ),
    "tnverify.claims.gated": (
        "tnverify.claims.grurntn.gated_cells",
        "tnverify.claims.grurntn.forward_passes",
        "tnverify.claims.grurntn.bptt_gradients",
        "tnverify.claims.grurntn.published_numbers",
        "tnverify.claims",
    ),
    "tnverify.claims.gtm_expressivity": (
        "tnverify.claims.gtm.expressivity.statements",
        "tnverify.claims.gtm.expressivity.checks",
        "tnverify.claims.gtm.expressivity.scaled",
        "tnverify.claims.gtm.expressivity.quotes",
        "tnverify.claims",
    ),
    "tnverify.claims.gtm_universality": (
        "tnverify.claims.gtm.universality.quotes",
        "tnverify.claims.gtm.universality.checks",
        "tnverify.claims.gtm.universality.spans",
        "tnverify.claims.gtm.universality.product",
        "tnverify.claims.gtm.universality.scaled",
        "tnverify.claims.gtm.universality.statements",
        "tnverify.claims",
    ),
    "tnverify.claims.lmm": (
        "tnverify.claims.thesis.rac_lmm",
        "tnverify.claims.thesis.lmm_definitions",
        "tnverify.claims.thesis.lmm_normalisations",
        "tnverify.claims",
    ),
    "tnverify.claims.lru_simulations": (
        "tnverify.claims.thesis.lru_simulations",
        "tnverify.claims.thesis.normal_products",
        "tnverify.claims",
    ),
    "tnverify.claims.spine_gtm": (
        "tnverify.claims.gtm.definitions",
        "tnverify.claims.gtm.score_functions.statements",
        "tnverify.claims.gtm.score_functions.scaled",
        "tnverify.claims.tslm.score_functions.scaled",
        "tnverify.claims",
    ),
    "tnverify.claims.spine_tt_svd": (
        "tnverify.claims.thesis.tt_svd",
        "tnverify.claims.tt_svd_support",
        "tnverify.claims",
    ),
    "tnverify.claims.spine_unfoldings": (
        "tnverify.claims.thesis.unfoldings",
        "tnverify.claims.tt_svd_support",
        "tnverify.claims",
    ),
    # moved in 0.3.0.dev: gtm and tslm topics as sub-packages
    "tnverify.claims.gtm.universality_small": (
        "tnverify.claims.gtm.universality.checks",
        "tnverify.claims.gtm.universality.spans",
        "tnverify.claims.gtm.universality.product",
    ),
}


#: Old module paths that are now the package of their topic -> the package's modules in
#: which the old module's names are looked up, in order (see :func:`old_module_names`).
BECAME_PACKAGES: dict[str, tuple[str, ...]] = {
    # moved in 0.3.0.dev: gtm and tslm topics as sub-packages
    "tnverify.claims.gtm.expressivity": ("statements", "checks", "scaled", "quotes"),
    "tnverify.claims.gtm.figures": ("statements", "checks", "scaled"),
    "tnverify.claims.gtm.networks": ("statements", "scaled", "quotes"),
    "tnverify.claims.gtm.score_functions": ("statements", "scaled"),
    "tnverify.claims.gtm.universality": ("statements", "checks", "spans", "product"),
    "tnverify.claims.tslm.ngrams": ("statements", "checks", "readings", "scaled"),
    "tnverify.claims.tslm.recurrence": ("statements", "checks", "readings", "scaled"),
    "tnverify.claims.tslm.score_functions": ("statements", "scaled"),
}


#: Moved packages: any submodule path below them (``tnverify.diagrams.__main__``, used by
#: ``python -m tnverify.diagrams``) maps to the same submodule below the new package.
MOVED_PACKAGES: frozenset = frozenset({"tnverify.diagrams"})


def _resolve(old: str) -> str | None:
    """The new path of a moved module path (exact, or below a moved package)."""
    if old in MOVED:
        return MOVED[old]
    for pkg in MOVED_PACKAGES:
        if old.startswith(pkg + "."):
            return MOVED[pkg] + old[len(pkg) :]
    return None


def new_path(old: str) -> str | tuple[str, ...] | None:
    """The new path(s) of a module path of an earlier release, or ``None``.

    Examples
    --------
    >>> new_path("tnverify.stats")
    'tnverify.claims.monte_carlo'
    >>> new_path("tnverify.tt") is None       # a path that did not move
    True
    """
    return _resolve(old) or SPLIT.get(old)


def _warn(old: str, new: str) -> None:
    """Warn at the line that imported ``old``: the first frame outside this module and
    outside importlib (an import statement, ``importlib.import_module``, ``__import__``,
    pickle, runpy all lead here through importlib's frames)."""
    frame = sys._getframe(1)
    while frame is not None and (
        frame.f_code.co_filename == __file__ or "importlib" in frame.f_code.co_filename
    ):
        frame = frame.f_back
    message = (
        f"the module {old} moved to {new} in tnverify 0.2.0; import it from there "
        f"(the old path is removed in tnverify {REMOVED_IN})"
    )
    if frame is None:  # pragma: no cover - no caller left
        warnings.warn(message, DeprecationWarning, stacklevel=2)
        return
    glb = frame.f_globals
    warnings.warn_explicit(
        message,
        DeprecationWarning,
        frame.f_code.co_filename,
        frame.f_lineno,
        module=glb.get("__name__", "<unknown>"),
        registry=glb.setdefault("__warningregistry__", {}),
    )


class _SplitModule(types.ModuleType):
    """A module of an earlier release whose names now live in several modules."""

    def __init__(self, name: str, successors: tuple[str, ...]):
        super().__init__(
            name, f"Deprecated: the names of {name} now live in {', '.join(successors)}."
        )
        self.__successors__ = successors

    def __getattr__(self, attr: str):
        if attr.startswith("__"):
            raise AttributeError(attr)
        for name in self.__successors__:
            module = importlib.import_module(name)
            if hasattr(module, attr):
                return getattr(module, attr)
        raise AttributeError(
            f"module {self.__name__!r} (deprecated; its names moved to "
            f"{', '.join(self.__successors__)}) has no attribute {attr!r}"
        )


class MovedModuleFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serve the old module paths of :data:`MOVED` and :data:`SPLIT` with a warning.

    A moved path is served as the module object at its new path; its ``__spec__`` (which
    the import system overwrites with the old path's) is put back, so relative imports
    inside it and ``importlib.reload`` keep working.  A moved package keeps its package
    spec (``python -m tnverify.diagrams`` runs its ``__main__``)."""

    def __init__(self):
        self._real_specs: dict = {}

    def find_spec(self, fullname, path=None, target=None):
        if fullname in SPLIT:
            return importlib.util.spec_from_loader(fullname, self)
        new = _resolve(fullname)
        if new is None:
            return None
        real = importlib.util.find_spec(new)
        if real is None:
            return None
        is_pkg = real.submodule_search_locations is not None
        spec = importlib.util.spec_from_loader(fullname, self, is_package=is_pkg)
        if is_pkg:
            spec.submodule_search_locations = list(real.submodule_search_locations)
        return spec

    def create_module(self, spec):
        old = spec.name
        if old in SPLIT:
            successors = SPLIT[old]
            _warn(old, " and ".join(successors))
            return _SplitModule(old, successors)
        new = _resolve(old)
        _warn(old, new)
        module = importlib.import_module(new)
        self._real_specs[old] = module.__spec__
        return module

    def exec_module(self, module):
        """Nothing to run (the module at the new path is already executed); restore its
        own spec, which the import system replaced by the old path's."""
        old = module.__spec__.name if module.__spec__ is not None else None
        real = self._real_specs.pop(old, None)
        if real is not None:
            module.__spec__ = real

    def get_code(self, fullname):
        """The code of the module at the new path (for ``runpy``: ``python -m OLD``)."""
        new = _resolve(fullname)
        _warn(fullname, new)
        real = importlib.util.find_spec(new)
        return real.loader.get_code(new)

    def is_package(self, fullname):
        new = _resolve(fullname)
        real = importlib.util.find_spec(new) if new else None
        return bool(real is not None and real.submodule_search_locations is not None)


_FINDER = MovedModuleFinder()


def install() -> None:
    """Put the finder first on :data:`sys.meta_path` (once).

    First, so that a submodule of a moved package (``tnverify.diagrams.builders``) is served
    as the module at its new path rather than loaded a second time from the file."""
    if not any(isinstance(f, MovedModuleFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _FINDER)


class _Package(types.ModuleType):
    """The ``tnverify`` package, guarding the names of functions that share their name with a
    module of an earlier release (``tnverify.tt_svd``, ``tnverify.conditionals``): importing
    the old module path must not replace the function ``tnverify.tt_svd`` by the module (the
    import system sets every imported submodule as an attribute of its parent)."""

    _protected: frozenset = frozenset()

    def __setattr__(self, name, value):
        if name in type(self)._protected and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


def protect_names(package: types.ModuleType, names) -> None:
    """Keep ``package.<name>`` (a function) when the old module ``package.<name>`` is imported."""
    cls = type(
        "_Package", (_Package,), {"_protected": frozenset(names), "__doc__": _Package.__doc__}
    )
    package.__class__ = cls


def moved_attribute(package: str, name: str) -> types.ModuleType:
    """The module an earlier release reached as the attribute ``<package>.<name>``.

    0.1.0's ``import tnverify`` imported its flat modules, so ``tnverify.explicit`` (and,
    once imported, ``tnverify.oracle``, ``tnverify.strategies``, ...) was an attribute of the
    package.  The package's module-level ``__getattr__`` calls this for a name it lacks: an
    old module path of :data:`MOVED` or :data:`SPLIT` gives the module (as its import does)
    with a DeprecationWarning at the caller's line; any other name raises AttributeError.

    Examples
    --------
    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     module = moved_attribute("tnverify", "explicit")
    >>> module.__name__, caught[0].category.__name__
    ('tnverify.definitions.explicit', 'DeprecationWarning')
    """
    old = f"{package}.{name}"
    if name.startswith("__") or (old not in MOVED and old not in SPLIT):
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    new = MOVED.get(old) or " and ".join(SPLIT[old])
    warnings.warn(
        f"the module {old}, reached as an attribute of {package}, moved to {new} in "
        f"tnverify 0.2.0; import it from there (the old attribute is removed in "
        f"tnverify {REMOVED_IN})",
        DeprecationWarning,
        stacklevel=3,
    )
    if old in MOVED:
        return importlib.import_module(MOVED[old])
    with warnings.catch_warnings():  # warned above, at the caller's line
        warnings.simplefilter("ignore", DeprecationWarning)
        return importlib.import_module(old)


def old_module_names(package: str):
    """The module-level ``__getattr__`` of ``package``, a module path of an earlier release
    that is now the package of its topic (:data:`BECAME_PACKAGES`): a name the old module
    had is looked up in the package's modules and returned (and kept on the package) with a
    DeprecationWarning, at the caller's line, naming the module that holds it.  Dunder
    names, the package's submodules (the import system then imports them) and names no
    module holds raise AttributeError.

    Examples
    --------
    >>> import warnings, tnverify.claims.ttlm.tt_format as tt_format
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     f = tt_format.full_by_tensordot
    >>> f.__module__, caught[0].category.__name__
    ('tnverify.claims.ttlm.tt_format.checks', 'DeprecationWarning')
    """
    successors = [f"{package}.{m}" for m in BECAME_PACKAGES[package]]

    def __getattr__(name: str):
        missing = AttributeError(f"module {package!r} has no attribute {name!r}")
        if name.startswith("__") or importlib.util.find_spec(f"{package}.{name}"):
            raise missing
        for module_name in successors:
            held = vars(importlib.import_module(module_name))
            if name in held:
                warnings.warn(
                    f"{package}.{name}: the module {package} is a package since tnverify "
                    f"0.3.0; import {name} from {module_name}",
                    DeprecationWarning,
                    stacklevel=2,
                )
                # kept: ``from package import name`` looks the name up twice, warned once
                setattr(sys.modules[package], name, held[name])
                return held[name]
        raise missing

    return __getattr__
