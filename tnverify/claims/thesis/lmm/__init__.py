"""RAC layers and Linear Multiplicative Models (thesis §5.4, Eq. 5.18–5.24) and the
hidden-state gradients (thesis §6.3–6.4, Eq. 6.3, 6.6–6.9): the registrations
(:mod:`.layer_statements` for the RAC layer of §5.4.1, :mod:`.model_statements` for the
parameter count and the LMMs of §5.4.2, :mod:`.gradients` for §6.3–6.4) with the quoted
statements (:mod:`.quotes`), the literal definitions (:mod:`.definitions`), the small-side
checks (:mod:`.layers`, :mod:`.models`, :mod:`.normalisations`, :mod:`.jacobians`,
:mod:`.expansion`) and the torch sides (:mod:`.scaled`, :mod:`.scaled_jacobians`)."""
