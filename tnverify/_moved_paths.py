"""The module paths of earlier releases and where they went (the tables that
:mod:`tnverify._moved_modules` serves the old paths from, with a DeprecationWarning).

Paths moved in 0.2.0 (the concept folders, the per-paper claim folders) are removed in
0.3.0; paths moved after 0.2.0 (a claim folder's topics as sub-packages: ``*_NEXT`` and
:data:`BECAME_PACKAGES`) are removed one release later, in 0.4.0.
"""

from __future__ import annotations

__all__ = [
    "REMOVED_IN",
    "NEXT_RELEASE",
    "NEXT_REMOVED_IN",
    "MOVED",
    "MOVED_0_2",
    "MOVED_NEXT",
    "SPLIT",
    "SPLIT_0_2",
    "SPLIT_NEXT",
    "BECAME_PACKAGES",
    "MOVED_PACKAGES",
    "releases",
]

#: The release in which the paths moved in 0.2.0 stop importing.
REMOVED_IN = "0.3.0"
#: The release that moves the paths of ``*_NEXT`` and :data:`BECAME_PACKAGES` (the one
#: after 0.2.0), and the release in which they stop importing.
NEXT_RELEASE, NEXT_REMOVED_IN = "0.3.0", "0.4.0"

#: Old module path -> new module path (the same module object is served).
MOVED_0_2: dict[str, str] = {
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
    "tnverify.claims.lru_theory": "tnverify.claims.thesis.lru.monte_carlo",
    "tnverify.claims.ngram": "tnverify.claims.thesis.tt_svd_theory.tt_svd",
    "tnverify.claims.spine_ttlm": "tnverify.claims.ttlm.tt_format.checks",
    "tnverify.claims.ttlm_published": "tnverify.claims.ttlm.published.numbers",
    "tnverify.claims.ttlm_rnn": "tnverify.claims.ttlm.rnn.runs",
    "tnverify.claims.ttlm_tslm": "tnverify.claims.tslm.recurrence.checks",
    "tnverify.claims.ttlm_variants": "tnverify.claims.ttlm.variants.uniform",
}

#: ... moved after 0.2.0 (the claim folders' topics as sub-packages), removed in 0.4.0
MOVED_NEXT: dict[str, str] = {
    # ttlm topics as sub-packages
    "tnverify.claims.ttlm.published_numbers": "tnverify.claims.ttlm.published.numbers",
    "tnverify.claims.ttlm.published_readings": "tnverify.claims.ttlm.published.readings",
    "tnverify.claims.ttlm.rnn_biases": "tnverify.claims.ttlm.rnn.biases",
    "tnverify.claims.ttlm.rnn_proof_lines": "tnverify.claims.ttlm.rnn.proof_lines",
    "tnverify.claims.ttlm.rnn_readings": "tnverify.claims.ttlm.rnn.readings",
    "tnverify.claims.ttlm.rnn_runs": "tnverify.claims.ttlm.rnn.runs",
    "tnverify.claims.ttlm.rnn_statements": "tnverify.claims.ttlm.rnn.statements",
    "tnverify.claims.ttlm.tt_format_scaled": "tnverify.claims.ttlm.tt_format.scaled",
    "tnverify.claims.ttlm.variants_readings": "tnverify.claims.ttlm.variants.readings",
    "tnverify.claims.ttlm.variants_scaled": "tnverify.claims.ttlm.variants.scaled",
    "tnverify.claims.ttlm.variants_statements": "tnverify.claims.ttlm.variants.statements",
    # thesis topics as sub-packages
    "tnverify.claims.thesis.born_machines": "tnverify.claims.thesis.born.statements",
    "tnverify.claims.thesis.gradients": "tnverify.claims.thesis.lmm.gradients",
    "tnverify.claims.thesis.lmm_definitions": "tnverify.claims.thesis.lmm.definitions",
    "tnverify.claims.thesis.lmm_normalisations": "tnverify.claims.thesis.lmm.normalisations",
    "tnverify.claims.thesis.lru_background_scaled": "tnverify.claims.thesis.lru.scaled",
    "tnverify.claims.thesis.lru_deterministic": "tnverify.claims.thesis.lru.deterministic",
    "tnverify.claims.thesis.lru_monte_carlo": "tnverify.claims.thesis.lru.monte_carlo",
    "tnverify.claims.thesis.lru_symbolic": "tnverify.claims.thesis.lru.symbolic",
    "tnverify.claims.thesis.rac_lmm_statements": "tnverify.claims.thesis.lmm.quotes",
    # gtm and tslm topics as sub-packages
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

MOVED: dict[str, str] = {**MOVED_0_2, **MOVED_NEXT}

#: Old module path -> the modules its names were split into (looked up in this order).
SPLIT_0_2: dict[str, tuple[str, ...]] = {
    "tnverify.cli_tools": (
        "tnverify.cli.figures",
        "tnverify.cli.tour",
        "tnverify.cli.tt_svd",
        "tnverify.errors",
    ),
    "tnverify.claims.born": (
        "tnverify.claims.thesis.born.gauge",
        "tnverify.claims.thesis.born.cost",
        "tnverify.claims.thesis.born.sampling",
        "tnverify.claims.thesis.born.parallel",
        "tnverify.claims.thesis.born.statements",
        "tnverify.claims.thesis.born.space_complexity",
        "tnverify.claims",
    ),
    "tnverify.claims.gated": (
        "tnverify.claims.grurntn.gated_cells.forward",
        "tnverify.claims.grurntn.gated_cells.gradients",
        "tnverify.claims.grurntn.gated_cells.published",
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
        "tnverify.claims.thesis.lmm.layer_statements",
        "tnverify.claims.thesis.lmm.model_statements",
        "tnverify.claims.thesis.lmm.definitions",
        "tnverify.claims.thesis.lmm.normalisations",
        "tnverify.claims",
    ),
    "tnverify.claims.lru_simulations": (
        "tnverify.claims.thesis.simulations.hidden_states",
        "tnverify.claims.thesis.simulations.reported_numbers",
        "tnverify.claims.thesis.simulations.normal_products",
        "tnverify.claims.thesis.simulations.ks_distances",
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
        "tnverify.claims.thesis.tt_svd_theory.tt_svd",
        "tnverify.claims.thesis.tt_svd_theory.error_bound",
        "tnverify.claims.tt_svd_support",
        "tnverify.claims",
    ),
    "tnverify.claims.spine_unfoldings": (
        "tnverify.claims.thesis.tt_svd_theory.unfolding_definition",
        "tnverify.claims.thesis.tt_svd_theory.unfolding_ranks",
        "tnverify.claims.tt_svd_support",
        "tnverify.claims",
    ),
}

#: ... moved after 0.2.0 (the claim folders' topics as sub-packages), removed in 0.4.0
SPLIT_NEXT: dict[str, tuple[str, ...]] = {
    # ttlm topics as sub-packages
    "tnverify.claims.ttlm.rnn_equivalences": (
        "tnverify.claims.ttlm.rnn.equivalences",
        "tnverify.claims.ttlm.rnn.checks",
    ),
    "tnverify.claims.ttlm.uniform_ttlm": (
        "tnverify.claims.ttlm.variants.uniform",
        "tnverify.claims.ttlm.variants.conditionals",
    ),
    # thesis topics as sub-packages
    "tnverify.claims.thesis.born_gauge_cost": (
        "tnverify.claims.thesis.born.gauge",
        "tnverify.claims.thesis.born.cost",
    ),
    "tnverify.claims.thesis.born_sampling": (
        "tnverify.claims.thesis.born.sampling",
        "tnverify.claims.thesis.born.parallel",
    ),
    "tnverify.claims.thesis.jacobians": (
        "tnverify.claims.thesis.lmm.jacobians",
        "tnverify.claims.thesis.lmm.expansion",
    ),
    "tnverify.claims.thesis.lru_background": (
        "tnverify.claims.thesis.lru.linear_recurrence",
        "tnverify.claims.thesis.lru.parametrisation",
    ),
    "tnverify.claims.thesis.lru_simulations": (
        "tnverify.claims.thesis.simulations.hidden_states",
        "tnverify.claims.thesis.simulations.reported_numbers",
    ),
    "tnverify.claims.thesis.normal_products": (
        "tnverify.claims.thesis.simulations.normal_products",
        "tnverify.claims.thesis.simulations.ks_distances",
    ),
    "tnverify.claims.thesis.rac_layers": (
        "tnverify.claims.thesis.lmm.layers",
        "tnverify.claims.thesis.lmm.models",
    ),
    "tnverify.claims.thesis.rac_lmm": (
        "tnverify.claims.thesis.lmm.layer_statements",
        "tnverify.claims.thesis.lmm.model_statements",
    ),
    "tnverify.claims.thesis.rac_lmm_scaled": (
        "tnverify.claims.thesis.lmm.scaled",
        "tnverify.claims.thesis.lmm.scaled_jacobians",
    ),
    "tnverify.claims.thesis.tt_language_models": (
        "tnverify.claims.thesis.ttlm_theory.probability",
        "tnverify.claims.thesis.ttlm_theory.statements",
    ),
    "tnverify.claims.thesis.tt_svd": (
        "tnverify.claims.thesis.tt_svd_theory.tt_svd",
        "tnverify.claims.thesis.tt_svd_theory.error_bound",
    ),
    "tnverify.claims.thesis.ttlm_conditionals": (
        "tnverify.claims.thesis.ttlm_theory.conditionals",
        "tnverify.claims.thesis.ttlm_theory.statements",
    ),
    "tnverify.claims.thesis.unfoldings": (
        "tnverify.claims.thesis.tt_svd_theory.unfolding_definition",
        "tnverify.claims.thesis.tt_svd_theory.unfolding_ranks",
    ),
    # gtm topics as sub-packages
    "tnverify.claims.gtm.universality_small": (
        "tnverify.claims.gtm.universality.checks",
        "tnverify.claims.gtm.universality.spans",
        "tnverify.claims.gtm.universality.product",
    ),
}

SPLIT: dict[str, tuple[str, ...]] = {**SPLIT_0_2, **SPLIT_NEXT}


#: Old module paths that are now the package of their topic -> the package's modules in
#: which the old module's names are looked up, in order (see :func:`old_module_names`).
BECAME_PACKAGES: dict[str, tuple[str, ...]] = {  # all moved after 0.2.0
    # ttlm topics as sub-packages
    "tnverify.claims.ttlm.tt_format": ("checks", "scaled", "statements"),
    "tnverify.claims.ttlm.variants": ("tiny_large", "registrations"),
    # grurntn topics as sub-packages
    "tnverify.claims.grurntn.forward_passes": ("baselines", "tensor_cells", "brackets"),
    "tnverify.claims.grurntn.gated_cells": ("forward", "gradients", "published"),
    "tnverify.claims.grurntn.published_numbers": ("metrics", "counts", "gains"),
    # gtm and tslm topics as sub-packages
    "tnverify.claims.gtm.expressivity": ("statements", "checks", "scaled", "quotes"),
    "tnverify.claims.gtm.figures": ("statements", "checks", "scaled"),
    "tnverify.claims.gtm.networks": ("statements", "scaled", "quotes"),
    "tnverify.claims.gtm.score_functions": ("statements", "scaled"),
    "tnverify.claims.gtm.universality": ("statements", "checks", "spans", "product"),
    "tnverify.claims.tslm.ngrams": ("statements", "checks", "counts", "readings", "scaled"),
    "tnverify.claims.tslm.recurrence": ("statements", "checks", "readings", "scaled"),
    "tnverify.claims.tslm.score_functions": ("statements", "scaled"),
}


#: Moved packages: any submodule path below them (``tnverify.diagrams.__main__``, used by
#: ``python -m tnverify.diagrams``) maps to the same submodule below the new package.
MOVED_PACKAGES: frozenset = frozenset({"tnverify.diagrams"})


def releases(old: str) -> tuple[str, str]:
    """The release that moved the module path ``old`` and the release that removes it.

    Examples
    --------
    >>> releases("tnverify.explicit")
    ('0.2.0', '0.3.0')
    >>> releases("tnverify.claims.ttlm.rnn_runs")
    ('0.3.0', '0.4.0')
    """
    if old in MOVED_NEXT or old in SPLIT_NEXT or old in BECAME_PACKAGES:
        return NEXT_RELEASE, NEXT_REMOVED_IN
    return "0.2.0", REMOVED_IN
