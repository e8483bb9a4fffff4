"""The universality claims of gtm §4.2, §5.1 and App. A (Lemma 5.1, Prop. A.4,
Thm. 5.1, Lemma 5.2, Prop. A.5): the registrations (:mod:`.statements`), the small checks
(:mod:`.checks`, :mod:`.spans`, :mod:`.product`), the torch sides (:mod:`.scaled`) and the quoted statements (:mod:`.quotes`).

In tnverify 0.2.0 this was the module ``tnverify.claims.gtm.universality``; its names are still served here,
with a DeprecationWarning naming the module that holds each."""

from ...._moved_modules import old_module_names

__getattr__ = old_module_names(__name__)
del old_module_names
