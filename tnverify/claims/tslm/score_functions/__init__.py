"""The sentence tensor of tslm "Representations of Words and Sentences" (Eq. 4–7): the registration and small check (:mod:`.statements`) and the torch side
(:mod:`.scaled`).

In tnverify 0.2.0 this was the module ``tnverify.claims.tslm.score_functions``; its names are still served here,
with a DeprecationWarning naming the module that holds each."""

from ...._moved_modules import old_module_names

__getattr__ = old_module_names(__name__)
del old_module_names
