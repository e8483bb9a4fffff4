"""The published numbers of ttlm (Table 1's parameter counts, the §1 perplexity reductions,
Table 2's second-order row, the §6.1 data statistics): the checks and registrations
(:mod:`.numbers`) and how a referee reads them (:mod:`.readings`)."""
