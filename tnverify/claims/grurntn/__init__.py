"""Claims of grurntn (``grurntn``): the gated recurrent cells with tensor products
(GRURNTN, LSTMRNTN; Eq. 8–20), their BPTT gradients (Eq. 21–26), the metrics (Eq. 27–28)
and the published numbers of §IV-B and §V."""
