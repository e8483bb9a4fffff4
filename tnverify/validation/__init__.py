"""The validation layer: one place for the checks every public entry point makes.

Every public function, constructor and ``forward`` of tnverify passes its arguments
through these checkers before it computes or allocates anything.  Each checker either
returns the argument in the one form the library works with (a float64 ndarray, a Python
int, a numpy Generator, ...) or raises a :class:`~tnverify.errors.TnverifyError` whose
message names the argument, the rule and the value found.  Nothing is ever cast silently:

- array-likes: ragged nesting → :class:`ShapeError`; strings, bytes, objects, bools →
  :class:`DTypeError`; complex where real is meant → :class:`DTypeError` (never a cast that
  drops the imaginary part); NaN/inf → :class:`NonFiniteError`; torch tensors are accepted
  where numpy is documented (detached: only their values are read);
- integers (sizes, counts, seeds, indices): ``bool``, floats (even ``3.0``), strings →
  :class:`DTypeError`; numpy integers are accepted;
- generators (``rng``): ``None``, a non-negative int seed or a ``numpy.random.Generator``;
- tolerances and scales: finite real numbers, positive (or non-negative where stated);
- devices: ``"cpu"``, ``"cuda"``, ``"cuda:N"``, ``"auto"`` or a ``torch.device``;
- sizes: :func:`check_entries` refuses an allocation above ``TNVERIFY_MAX_ENTRIES`` entries
  (default ``2**26``) *before* it happens, with the bytes needed and the structured route;
  it works with logarithms, so a huge number of modes never hangs it.

References
----------
The design rules on errors and limits: "Shapes, ranks, eps, NaN/inf, empty sequences and
out-of-vocabulary indices are validated at the public boundary."
"""

from .arrays import (
    as_array, as_int_array, as_numeric, as_numeric_any, as_operand, as_tensor, join_torch,
)
from .scalars import as_bool, as_choice, as_device, as_float, as_int, as_rng, as_tolerance, is_int
from .sizes import (
    DEFAULT_MAX_ENTRIES, MAX_RESULT_BITS, check_entries, check_power, human_bytes, max_entries,
)

__all__ = [
    "DEFAULT_MAX_ENTRIES", "max_entries", "check_entries", "human_bytes",
    "is_int", "as_int", "as_float", "as_tolerance", "as_rng", "as_choice", "as_device",
    "as_array", "as_int_array", "as_bool", "as_tensor", "check_power", "MAX_RESULT_BITS",
    "as_numeric", "as_numeric_any", "as_operand", "join_torch",
]
