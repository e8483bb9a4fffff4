"""The rank-distribution experiments of gtm §6 "Expressivity", Fig. 3 and App. B,
Figs. 4–5, with §5.2 "Shared case": the registrations (:mod:`.statements`), the small checks (:mod:`.checks`)
and the torch sides (:mod:`.scaled`).

In tnverify 0.2.0 this was the module ``tnverify.claims.gtm.figures``; its names are still served here,
with a DeprecationWarning naming the module that holds each."""

from ...._moved_modules import old_module_names

__getattr__ = old_module_names(__name__)
del old_module_names
