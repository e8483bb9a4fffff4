"""Linear recurrent units of thesis §4.2.2, §6.3–6.4: the LRU as restated from Orvieto
et al. 2023 (:mod:`.theory`) and the products of four real vs complex normals of Fig. 6.8
(:mod:`.products`).  The Monte Carlo estimates and decision rules that judge them are part
of the verdict method, :mod:`tnverify.claims.monte_carlo` (``tnverify.lru.stats`` until
0.2.0)."""

#: Names that ``tnverify.lru`` (a module in tnverify 0.1.0) exported; they live in
#: :mod:`tnverify.lru.theory` and are served from here with a DeprecationWarning until 0.3.0.
_THEORY_NAMES = frozenset(
    {
        "unroll",
        "unrolled_sum",
        "diagonalise",
        "ginibre",
        "glorot_eigenvalues",
        "sample_annulus",
        "sample_annulus_torch",
        "annulus_params",
        "annulus_radius_cdf",
        "exp_param",
        "stable_exp_param",
        "gamma_norm",
        "prop_421_ratio",
        "simulate_diagonal",
        "parallel_scan",
    }
)


def __getattr__(name):
    if name in _THEORY_NAMES:
        import warnings

        from . import theory

        warnings.warn(
            f"tnverify.lru.{name} moved to tnverify.lru.theory.{name} in tnverify "
            "0.2.0 (the old path is removed in 0.3.0)",
            DeprecationWarning,
            stacklevel=2,
        )
        value = getattr(theory, name)
        globals()[name] = value  # warn once per process
        return value
    raise AttributeError(f"module 'tnverify.lru' has no attribute {name!r}")
