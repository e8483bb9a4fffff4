"""The published numbers of grurntn and the metrics they are in (Eq. 27–28, §IV-B, §V,
Tables I–II): perplexity and bits per character (:mod:`.metrics`), the parameter counts
and hidden sizes (:mod:`.counts`) and the gains and table references (:mod:`.gains`).

In tnverify 0.2.0 this was the module ``tnverify.claims.grurntn.published_numbers``; its
names are still served here, with a DeprecationWarning naming the module that holds each."""

from ...._moved_modules import old_module_names

__getattr__ = old_module_names(__name__)
del old_module_names
