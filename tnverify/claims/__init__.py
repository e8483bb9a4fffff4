"""The claim registry: every checkable statement of the papers, stated once.

A :class:`Claim` is data (id, statement as printed, refs, topic, parameter space,
expected verdict) plus two small functions: ``small(params, rng) -> Evidence`` compares
the *definition* (explicit full tensors, float64) with the implementation, and
``scaled(params, device, rng) -> Evidence`` repeats the comparison at scale on torch
cells.  Tests, the CLI, the report and the figures all read :data:`REGISTRY`.

Verdicts are computed from :class:`Evidence`, never stored by hand:

``holds`` (every comparison within its named tolerance), ``fails`` (one beyond it: a
re-runnable counterexample), ``ill-posed`` (not well-typed, or its readings disagree),
``error`` (the check broke, or compared nothing) or ``skipped`` (it could not run here).

A claim's ``expected`` verdict is the one established by running it; a change that
flips a verdict makes ``tnverify verify`` exit 1 and the test suite fail.
"""

from __future__ import annotations

import importlib
import inspect
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from ..errors import ClaimError, DTypeError
from ..references import PAPERS, paper
from .check_calls import call_check
from .evidence import ERROR, FAILS, HOLDS, ILL_POSED, SKIPPED, VERDICTS, Evidence
from .folders import claim_folders, folder_modules
from .origin import record_origin
from .readings import DEFECT_KINDS, DEFECT_LABELS, Defect, Reading, normalise_readings
from .renamed import RENAMED
from .topics import TOPICS

__all__ = [
    "HOLDS",
    "FAILS",
    "ILL_POSED",
    "ERROR",
    "SKIPPED",
    "VERDICTS",
    "TOPIC_NAMES",
    "CLAIM_PAPERS",
    "Ref",
    "Evidence",
    "Claim",
    "Reading",
    "Defect",
    "DEFECT_KINDS",
    "DEFECT_LABELS",
    "SideResult",
    "ClaimResult",
    "REGISTRY",
    "register",
    "get_claim",
    "all_claims",
    "select_claims",
    "run_claim",
    "load_plugin",
]

#: The topics of the built-in claims, in the order of :data:`tnverify.claims.topics.TOPICS`
#: (declared there once; the old work-package groups survive there as deprecated aliases).
TOPIC_NAMES = tuple(TOPICS)
# ``GROUPS``, the 0.2.0 name of TOPIC_NAMES, is served with a warning by __getattr__ below


#: The folders of claim modules, one per built-in paper key of
#: :data:`tnverify.references.PAPERS` (``tnverify`` holds the toolkit's own claims): a claim
#: id's prefix names its folder.  Derived from the folders (:func:`claim_folders`).
CLAIM_PAPERS = claim_folders()
# the built-in papers first, in folder order (a plugin's follow as declared)
_declared = dict(PAPERS)
PAPERS.clear()
PAPERS.update({k: _declared[k] for k in CLAIM_PAPERS})
PAPERS.update(_declared)
del _declared


def claim_modules() -> tuple[str, ...]:
    """The dotted names of every module under ``tnverify/claims/<paper>/``, folder by
    folder (:data:`CLAIM_PAPERS`) and by module name within a folder."""
    return folder_modules(CLAIM_PAPERS)


@dataclass(frozen=True)
class Ref:
    """Where a claim is printed: a declared paper key (:data:`tnverify.references.PAPERS`:
    a built-in paper or one a plugin declared with :func:`tnverify.paper`) and a locator
    such as ``"§4.2, Eq. 3"``."""

    paper: str
    where: str

    def __post_init__(self):
        paper(self.paper)  # validates the key
        if not isinstance(self.where, str) or not self.where.strip():
            raise DTypeError(
                f"Ref({self.paper!r}, ...): the locator must be a non-empty "
                f"string such as '§4.2, Eq. 3'; got {self.where!r}"[:200]
            )

    @property
    def citation(self) -> str:
        """The paper's full citation (authors, title, venue, year, arXiv id / DOI)."""
        return PAPERS[self.paper].citation

    @property
    def short(self) -> str:
        """The paper's author-year label, e.g. ``Khrulkov, Hrinchuk & Oseledets (2019)``."""
        return PAPERS[self.paper].short

    def to_dict(self) -> dict:
        return {"paper": self.paper, "citation": self.citation, "where": self.where}

    def __str__(self) -> str:
        return f"{self.paper} {self.where}"


SmallCheck = Callable[[dict, np.random.Generator], Evidence]
ScaledCheck = Callable[[dict, str, np.random.Generator], Evidence]


@dataclass(frozen=True)
class Claim:
    """One checkable statement of a paper (see the module docstring).

    ``space`` lists the small-side parameter cases, smallest first, so the first failing
    case is the minimal counterexample.  ``scaled_space`` maps a scale (``"small"`` for
    the CPU-sized default run, ``"large"`` for GPU sizes) to its cases.  ``pinned`` holds
    the paper's own examples and past counterexamples as ``{"params": ..., "seed": ...,
    "note": ...}``; they run in the test suite with their recorded seed.
    ``scaled_seed_key`` (default: the claim's own id) is the id the scaled side's case
    seeds derive from: a ``-corrected`` twin that recomputes its printed twin's scaled
    side names the printed id, so both draw the same numbers and the computation is
    shared (cached per process; the two run in the same worker).
    ``scope``: a caveat on what the verdict covers (``"b = 0 only"``). ``corrects`` names the printed claim a ``-corrected`` twin corrects (one that does not
    hold); ``varies`` the holding claim a ``-variant`` generalises or restates.  ``quote``
    says whether ``statement`` is the paper's own words (shown as "Printed in") or a
    paraphrase (labelled as one); ``topic`` is the claim's topic (``group=`` is its
    deprecated keyword, :attr:`group` its deprecated attribute).
    """

    id: str
    statement: str
    refs: tuple[Ref, ...]
    topic: str
    small: SmallCheck
    space: tuple[dict, ...] = ({},)
    scaled: ScaledCheck | None = None
    scaled_space: Mapping[str, tuple[dict, ...]] = field(
        default_factory=lambda: {"small": ({},), "large": ({},)}
    )
    pinned: tuple[dict, ...] = ()
    uses: tuple[str, ...] = ()
    proof: str | None = None
    expected: str = HOLDS
    readings: Mapping[str, Reading | str] = field(default_factory=dict)
    defect: Defect | None = None
    remarks: tuple[str, ...] = ()
    corrects: str | None = None
    corrected_by: str | None = None
    title: str = ""
    package: str = "tnverify"
    source: str = ""
    scaled_seed_key: str | None = None
    scope: str = ""
    varies: str | None = None
    quote: bool = True
    #: the id of the claim this one is a semantic control of (a user's
    #: ``@tnverify.claim(..., control_of=ID)``): the nearest wrong statement, no
    #: statement of any paper, never on an errata sheet
    control_of: str | None = None

    def __post_init__(self):
        if not self.id or self.id != self.id.lower() or " " in self.id:
            raise ClaimError(f"claim ids are kebab-case; got {self.id!r}")
        object.__setattr__(self, "readings", normalise_readings(self.id, self.readings))
        if isinstance(self.remarks, str):
            object.__setattr__(self, "remarks", (self.remarks,))
        if not isinstance(self.scope, str):
            raise ClaimError(
                f"claim {self.id}: scope must be a text; got {type(self.scope).__name__}"
            )
        if self.defect is not None and not isinstance(self.defect, Defect):
            raise ClaimError(
                f"claim {self.id}: defect must be a Defect; got {type(self.defect).__name__}"
            )
        if self.expected not in VERDICTS:
            raise ClaimError(f"claim {self.id}: expected must be one of {VERDICTS}")
        if self.corrects is not None and self.varies is not None:
            raise ClaimError(
                f"claim {self.id}: a claim corrects a printed claim or varies a "
                "holding one, not both"
            )
        if self.package == "tnverify":
            if self.topic not in TOPIC_NAMES:
                raise ClaimError(
                    f"claim {self.id}: topic must be one of {TOPIC_NAMES}; got {self.topic!r}"
                )
            if not self.refs:
                raise ClaimError(f"claim {self.id}: at least one Ref is required")
            return
        # a claim registered by another package (tnverify.claims entry point / --plugin)
        if not self.topic or self.topic != self.topic.lower() or " " in self.topic:
            raise ClaimError(
                f"claim {self.id} of package {self.package!r}: the topic must "
                f"be a kebab-case name; got {self.topic!r}"
            )
        if not self.refs and not self.source:
            raise ClaimError(
                f"claim {self.id} of package {self.package!r}: give refs or a "
                "source (where the statement comes from)"
            )
        if not self.space:
            raise ClaimError(f"claim {self.id}: the parameter space must not be empty")

    @property
    def scope_line(self) -> str:
        """The caveat ``scope`` and the cases checked (:func:`.scope.scope_line`)."""
        from .scope import scope_line

        return scope_line(self)

    @property
    def group(self) -> str:
        """Deprecated alias of :attr:`topic` (removed in the next release)."""
        warnings.warn(
            "Claim.group is deprecated and will be removed in the next release; use Claim.topic",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.topic

    @property
    def admissible_readings(self) -> tuple[str, ...]:
        """Names of the readings the text admits (those that decide the verdict)."""
        return tuple(k for k, r in self.readings.items() if r.admissible)

    @property
    def papers(self) -> tuple[str, ...]:
        """Every paper the claim cites (its refs), its own paper first."""
        return tuple(dict.fromkeys(r.paper for r in self.refs))

    @property
    def paper(self) -> str | None:
        """The paper whose text the claim judges: its id's prefix when that is a paper key
        (``thesis-eq-5.13`` judges the thesis, though it also cites ttlm), else the paper of
        its first ref (a plugin's claim); ``None`` without either."""
        prefix = self.id.split("-", 1)[0]
        if prefix in PAPERS:
            return prefix
        return self.refs[0].paper if self.refs else None

    @property
    def locator(self) -> str:
        if self.refs:
            return str(self.refs[0])
        return f"{self.package}: {self.source}"

    def run_small(self, params: dict, seed: int) -> Evidence:
        """Run the small check once on ``params`` with ``numpy.random.default_rng(seed)``."""
        return call_check(lambda rng: self.small(dict(params), rng), params, seed, self)

    def run_scaled(self, params: dict, device: str, seed: int) -> Evidence:
        """Run the scaled check once (``device`` is ``"cpu"`` or ``"cuda"``)."""
        if self.scaled is None:
            return Evidence("no scaled check", skipped="this claim has no scaled check")
        return call_check(lambda rng: self.scaled(dict(params), device, rng), params, seed, self)


_dataclass_init = Claim.__init__


def _claim_init(self, *args, group=None, **fields):
    """``Claim(..., group=...)``: the keyword of 0.2.0, kept for one release."""
    if group is not None:
        warnings.warn(
            "Claim(group=...) is deprecated and will be removed in the next release; use topic=...",
            DeprecationWarning,
            stacklevel=2,
        )
        if "topic" in fields or len(args) > 3:
            raise ClaimError("give topic= or the deprecated group=, not both")
        fields["topic"] = group
    _dataclass_init(self, *args, **fields)


_claim_init.__doc__ = _dataclass_init.__doc__
_claim_init.__signature__ = inspect.signature(_dataclass_init)
Claim.__init__ = _claim_init


# -- the registry ------------------------------------------------------------------
REGISTRY: dict[str, Claim] = {}
_loaded = False


def register(claim: Claim) -> Claim:
    """Add a claim to :data:`REGISTRY`; ids must be unique."""
    if claim.id in REGISTRY and REGISTRY[claim.id] is not claim:
        raise ClaimError(f"duplicate claim id {claim.id!r}")
    REGISTRY[claim.id] = claim
    record_origin(claim.id)
    return claim


def load_registry() -> None:
    """Import every claim module once (registering its claims) and put the registry in
    report order; later calls do nothing."""
    global _loaded
    if not _loaded:
        for name in claim_modules():
            importlib.import_module(name)
        _put_in_report_order()
        _loaded = True


def _put_in_report_order() -> None:
    """Reorder :data:`REGISTRY` in place: the built-in claims in the order
    :func:`tnverify.claims.order.report_order` derives, then every other claim as
    registered."""
    from .order import report_order

    ordered = report_order(list(REGISTRY.values()))
    REGISTRY.clear()
    REGISTRY.update((c.id, c) for c in ordered)


def all_claims() -> list[Claim]:
    """Every registered claim, in registration order."""
    load_registry()
    return list(REGISTRY.values())


def get_claim(claim_id: str) -> Claim:
    """The claim with this id; unknown ids raise :class:`ClaimError` with suggestions."""
    if not isinstance(claim_id, str):
        raise DTypeError(
            f"claim_id must be a claim id string; got {type(claim_id).__name__} {claim_id!r}"[:200]
        )
    load_registry()
    try:
        return REGISTRY[claim_id]
    except KeyError:
        if claim_id in RENAMED:
            new = RENAMED[claim_id]
            warnings.warn(
                f"claim id {claim_id!r} is deprecated and will be removed in the "
                f"next release; the claim is now {new!r}",
                DeprecationWarning,
                stacklevel=2,
            )
            return REGISTRY[new]
        import difflib

        near = difflib.get_close_matches(claim_id, REGISTRY, n=3)
        hint = f"; did you mean {', '.join(near)}?" if near else "; see `tnverify claims`"
        raise ClaimError(f"unknown claim id {claim_id!r}{hint}") from None


def select_claims(
    ids: Sequence[str] | None = None,
    paper: str | None = None,
    topic: str | None = None,
    cites: str | None = None,
    *,
    group: str | None = None,
) -> list[Claim]:
    """Claims filtered by ids, paper key and topic (all filters must match).

    ``paper`` selects the claims that judge that paper's text (:attr:`Claim.paper`, the id's
    prefix: the README's per-paper table and the errata sheets count the same claims);
    ``cites`` selects every claim whose refs cite the paper (a claim of one paper that
    another paper repeats is cited by both).  Any declared paper key works (a plugin's
    too, once loaded).

    ``topic`` is a topic of :data:`TOPIC_NAMES` or a plugin's topic; an old work-package
    group of :data:`tnverify.claims.topics.DEPRECATED_GROUPS` selects the claims it held,
    with a :class:`DeprecationWarning`.  ``group=`` is the deprecated keyword of ``topic=``."""
    from .topics import DEPRECATED_GROUPS, deprecated_group_ids

    if group is not None:
        warnings.warn(
            "select_claims(group=...) is deprecated and will be removed in the next "
            "release; use topic=...",
            DeprecationWarning,
            stacklevel=2,
        )
        if topic is not None:
            raise ClaimError("give topic= or the deprecated group=, not both")
        topic = group
    load_registry()
    for key in (paper, cites):
        if key is not None and key not in PAPERS:
            raise ClaimError(
                f"unknown paper key {key!r}; known keys: "
                f"{', '.join(PAPERS)} (a plugin's paper is known once the "
                "plugin is loaded)"
            )

    def keep(c: Claim) -> bool:
        return (paper is None or c.paper == paper) and (cites is None or cites in c.papers)

    known = tuple(dict.fromkeys(TOPIC_NAMES + tuple(c.topic for c in REGISTRY.values())))
    if topic is not None and topic not in known and topic not in DEPRECATED_GROUPS:
        raise ClaimError(f"unknown topic {topic!r}; topics: {', '.join(known)}")
    claims = [get_claim(i) for i in ids] if ids else all_claims()
    if topic in DEPRECATED_GROUPS and topic not in known:
        held = set(deprecated_group_ids(topic))
        return [c for c in claims if keep(c) and c.id in held and c.package == "tnverify"]
    return [c for c in claims if keep(c) and (topic is None or c.topic == topic)]


def __getattr__(name: str):
    if name == "GROUPS":
        warnings.warn(
            "tnverify.claims.GROUPS is deprecated and will be removed in the next "
            "release; use tnverify.claims.TOPIC_NAMES",
            DeprecationWarning,
            stacklevel=2,
        )
        return TOPIC_NAMES
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# the runner needs the names above (it imports them from this package)
from .plugins import load_plugin  # noqa: E402
from .runner import ClaimResult, SideResult, run_claim  # noqa: E402
