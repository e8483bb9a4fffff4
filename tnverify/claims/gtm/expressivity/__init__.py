"""The expressivity claims of gtm §5.2 and App. A (Lemma A.1, Lemma A.2, Thm. 5.2,
Thm. 5.3): the registrations (:mod:`.statements`), the small checks (:mod:`.checks`),
the torch sides (:mod:`.scaled`) and the quoted statements (:mod:`.quotes`).

In tnverify 0.2.0 this was the module ``tnverify.claims.gtm.expressivity``; its names are still served here,
with a DeprecationWarning naming the module that holds each."""

from ...._moved_modules import old_module_names

__getattr__ = old_module_names(__name__)
del old_module_names
