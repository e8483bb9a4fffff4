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
- flags: ``True``/``False`` or numpy bools only (:func:`as_flag`): a string or an int
  is never read by truthiness;
- optional arguments: through the same checker as a required one (:func:`as_optional`);
- torch dtypes: floating (or complex) only, checked before any cast (:func:`as_torch_dtype`);
- integers (sizes, counts, seeds, indices): ``bool``, floats (even ``3.0``), strings →
  :class:`DTypeError`; numpy integers are accepted;
- generators (``rng``): ``None``, a non-negative int seed or a ``numpy.random.Generator``;
- tolerances and scales: finite real numbers, positive (or non-negative where stated);
- devices: ``"cpu"``, ``"cuda"``, ``"cuda:N"``, ``"auto"`` or a ``torch.device``;
- sizes: :func:`check_entries` refuses an allocation above ``TNVERIFY_MAX_ENTRIES`` entries
  (default ``2**26``) *before* it happens, with the bytes needed and the structured route;
  it works with logarithms, so a huge number of modes never hangs it; :func:`check_work`
  refuses an enumeration or loop of more steps than the limit before it starts;
- matrices handed to a solver: :func:`check_nonsingular` refuses a singular (or
  numerically singular) matrix with a :class:`RankError` before numpy or torch sees it;
  :func:`check_mass` refuses a normaliser ``Z = 0`` (:class:`NormalizationError`);
- norms: :func:`frobenius_norm` in a scaled form (no overflow of the squares; a norm
  beyond float64 refused);
- what a report records (``Evidence`` sizes, details, counterexamples):
  :func:`check_record` refuses ``object()``, ``bytes``, sets, ... when the evidence is made;
- paths handed to a writer or reader: :func:`as_path` (``str`` or ``os.PathLike``);
- texts, mappings, callables, primes, seeds and torch generators: :func:`as_text`,
  :func:`as_mapping`, :func:`as_callable`, :func:`as_prime`, :func:`as_seed`,
  :func:`as_torch_generator`.

References
----------
The design rules on errors and limits: "Shapes, ranks, eps, NaN/inf, empty sequences and
out-of-vocabulary indices are validated at the public boundary."
"""

from .arrays import (
    as_array,
    as_int_array,
    as_numeric,
    as_numeric_any,
    as_operand,
    as_tensor,
    join_torch,
)
from .matrices import check_mass, check_nonsingular
from .norms import frobenius_norm
from .records import check_record
from .scalars import (
    as_bool,
    as_callable,
    as_choice,
    as_device,
    as_flag,
    as_float,
    as_int,
    as_mapping,
    as_optional,
    as_path,
    as_prime,
    as_rng,
    as_seed,
    as_text,
    as_tolerance,
    as_torch_dtype,
    as_torch_generator,
    check_available,
    is_int,
    is_torch,
    show_value,
)
from .sizes import (
    DEFAULT_MAX_ENTRIES,
    MAX_RESULT_BITS,
    check_entries,
    check_power,
    check_work,
    human_bytes,
    max_entries,
)

__all__ = [
    "DEFAULT_MAX_ENTRIES",
    "max_entries",
    "check_entries",
    "human_bytes",
    "is_int",
    "as_int",
    "as_float",
    "as_tolerance",
    "as_rng",
    "as_choice",
    "as_device",
    "as_array",
    "as_int_array",
    "as_bool",
    "as_tensor",
    "check_power",
    "MAX_RESULT_BITS",
    "as_numeric",
    "as_numeric_any",
    "as_operand",
    "join_torch",
    "as_flag",
    "as_optional",
    "as_callable",
    "as_seed",
    "as_torch_dtype",
    "as_torch_generator",
    "as_prime",
    "as_text",
    "as_mapping",
    "check_work",
    "check_nonsingular",
    "check_mass",
    "frobenius_norm",
    "check_record",
    "show_value",
    "is_torch",
    "as_path",
    "check_available",
]
