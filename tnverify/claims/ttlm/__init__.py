"""Claims of ttlm (``ttlm``, Su et al., tensor-train language models): the TT format
as a language model (§4.1–4.2), the uniform TTLM and its Tiny/Large variants (§4.3, §5.1,
App. A, App. C), which RNNs are tensor trains (§5, App. B) and the published numbers
(Tables 1–2, §1, §6.1)."""
