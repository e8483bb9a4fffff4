"""The forward passes of grurntn's cells (§II–III, Eq. 8–20): the GRU and LSTM baselines
with the shared numpy references (:mod:`.baselines`), the tensor cells RecNTN, GRURNTN and
LSTMRNTN (:mod:`.tensor_cells`) and the printed bilinear bracket of Eq. 19 and Eq. 26
(:mod:`.brackets`).

In tnverify 0.2.0 this was the module ``tnverify.claims.grurntn.forward_passes``; its names
are still served here, with a DeprecationWarning naming the module that holds each."""

from ...._moved_modules import old_module_names

__getattr__ = old_module_names(__name__)
del old_module_names
