"""The registrations of grurntn's claims (topic gated-cells-lmms), by the part of the paper
they judge: the forward passes of the cells (:mod:`.forward`, §II–III, Eq. 8–20 and 26),
the objective and its BPTT gradients (:mod:`.gradients`, §III-C, Eq. 21–25) and the
metrics and published numbers (:mod:`.published`, Eq. 27–28, §IV-B, §V).

In tnverify 0.2.0 this was the module ``tnverify.claims.grurntn.gated_cells``; its names
are still served here, with a DeprecationWarning naming the module that holds each."""

from ...._moved_modules import old_module_names

__getattr__ = old_module_names(__name__)
del old_module_names
