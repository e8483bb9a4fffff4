"""The generalized networks of gtm §4.1–4.2 and App. A–B (ξ-operators, the RNN of
Eq. 16, the grid tensors of Eq. 20–21, App. B, Table 1): the registrations (:mod:`.statements`), the torch sides (:mod:`.scaled`)
and the quoted statements (:mod:`.quotes`).

In tnverify 0.2.0 this was the module ``tnverify.claims.gtm.networks``; its names are still served here,
with a DeprecationWarning naming the module that holds each."""

from ...._moved_modules import old_module_names

__getattr__ = old_module_names(__name__)
del old_module_names
