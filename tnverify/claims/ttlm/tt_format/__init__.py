"""The TT format as a language model (ttlm §4.1–4.2, Eq. 1–5): the definition side and the
small checks (:mod:`.checks`), the torch sides (:mod:`.scaled`), the statements with their
readings and the registrations (:mod:`.statements`).

In tnverify 0.2.0 this was the module ``tnverify.claims.ttlm.tt_format``; its names
are still served here, with a DeprecationWarning naming the module that holds each."""

from ...._moved_modules import old_module_names

__getattr__ = old_module_names(__name__)
del old_module_names
