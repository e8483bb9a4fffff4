"""RAC layers and Linear Multiplicative Models (thesis §5.4, Eq. 5.18–5.24) and the
hidden-state gradients (thesis §6.3–6.4, Eq. 6.3, 6.6–6.9): the registrations
(:mod:`.statements` for §5.4, :mod:`.gradients` for §6.3–6.4) with the quoted statements
(:mod:`.quotes`), the literal definitions (:mod:`.definitions`), the small-side checks
(:mod:`.layers`, :mod:`.normalisations`, :mod:`.jacobians`) and the torch sides
(:mod:`.scaled`)."""
