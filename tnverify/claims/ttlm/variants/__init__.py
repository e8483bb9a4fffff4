"""The uniform TTLM, its readout and the TTLM-Tiny / TTLM-Large variants (ttlm §4.3, §5.1,
App. A, App. C): the uniform-TTLM checks (:mod:`.uniform`) and its conditionals
(:mod:`.conditionals`), the Tiny/Large checks (:mod:`.tiny_large`), the torch sides
(:mod:`.scaled`), the statements (:mod:`.statements`), their readings (:mod:`.readings`)
and the registrations (:mod:`.registrations`).

In tnverify 0.2.0 this was the module ``tnverify.claims.ttlm.variants``; its names
are still served here, with a DeprecationWarning naming the module that holds each."""

from ...._moved_modules import old_module_names

__getattr__ = old_module_names(__name__)
del old_module_names
