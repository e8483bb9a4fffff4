"""The score functions of gtm §3 and App. A.1 (CP and TT, Lemma 3.1, Prop. A.1): the registrations and small checks (:mod:`.statements`) and the torch
sides, tslm Eq. 7's too (:mod:`.scaled`).

In tnverify 0.2.0 this was the module ``tnverify.claims.gtm.score_functions``; its names are still served here,
with a DeprecationWarning naming the module that holds each."""

from ...._moved_modules import old_module_names

__getattr__ = old_module_names(__name__)
del old_module_names
