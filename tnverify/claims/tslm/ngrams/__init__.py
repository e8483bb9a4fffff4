"""The n-gram probability tensor of tslm (Eq. 8–15, Claims 1–2, "TSLM as a
Generalization of N-Gram Language Model", Table 1): the statements and registrations (:mod:`.statements`), the
readings (:mod:`.readings`), the small checks (:mod:`.checks`) and the torch sides
(:mod:`.scaled`).

In tnverify 0.2.0 this was the module ``tnverify.claims.tslm.ngrams``; its names are still served here,
with a DeprecationWarning naming the module that holds each."""

from ...._moved_modules import old_module_names

__getattr__ = old_module_names(__name__)
del old_module_names
