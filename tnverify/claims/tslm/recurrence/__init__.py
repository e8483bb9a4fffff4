"""The recursive decomposition and recurrence of tslm ("Recursive Tensor
Decomposition", "A Recursive Calculation of Conditional Probability", Eq. 16–21): the
registrations (:mod:`.statements`), the small checks (:mod:`.checks`), the readings (:mod:`.readings`) and
the torch sides (:mod:`.scaled`).

In tnverify 0.2.0 this was the module ``tnverify.claims.tslm.recurrence``; its names are still served here,
with a DeprecationWarning naming the module that holds each."""

from ...._moved_modules import old_module_names

__getattr__ = old_module_names(__name__)
del old_module_names
