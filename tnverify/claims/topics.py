"""The topics that group the built-in claims, as a reader of the papers would look for them,
and the work-package groups they replace (deprecated aliases, kept for one release).

``tnverify verify --topic TOPIC`` and ``tnverify claims --topic TOPIC`` select by topic;
``tnverify claims`` ends with the topics and their counts.  An old group name still selects
exactly the claims that were in it, with a :class:`DeprecationWarning` (and one line on
stderr from the command line).
"""

from __future__ import annotations

import sys
import warnings

__all__ = ["TOPICS", "DEPRECATED_GROUPS", "deprecated_group_ids", "group_argument"]

#: topic -> what its claims are about (the order of ``tnverify claims``' summary).
TOPICS: dict[str, str] = {
    "tensor-trains": "the TT format, unfoldings, TT-SVD and score functions as TT contractions",
    "tt-language-models": "TT language models: probabilities, conditionals, the uniform TTLM "
    "and its variants, the TSLM recurrence, published TTLM numbers",
    "rnn-equivalences": "which RNNs are tensor trains: 2-RNN, RAC, MI-RNN, biases",
    "born-machines-ngrams": "Born machines, n-gram tensors, perplexity and mutual information",
    "xi-networks": "generalized ξ-networks: operators, grid tensors, universality, "
    "expressivity, rank-distribution figures",
    "lru-background": "linear recurrent units: theory, Monte Carlo checks and simulations",
    "gated-cells-lmms": "gated cells with tensor products (GRURNTN, LSTMRNTN), RAC layers, "
    "LMMs and their gradients",
}

#: The work-package groups of earlier releases -> the claim ids each held (frozen: an old
#: name selects exactly these).  Deprecated; to be removed in the next release.
DEPRECATED_GROUPS: dict[str, tuple[str, ...]] = {
    "spine": tuple(
        """
        ttlm-eq2 ttlm-eq3 ttlm-eq3-corrected ttlm-eq5 ttlm-eq5-corrected thesis-eq-3.4
        thesis-eq-3.4-corrected thesis-prop-5.2.1 gtm-eq-6 gtm-lemma-3.1
        gtm-lemma-3.1-variant gtm-prop-a.1 tslm-eq-7 thesis-def-3.1.3 thesis-thm-3.2.1
        thesis-thm-3.2.2 thesis-alg-1 thesis-alg-1-corrected tnverify-tt-svd-alg-1 tnverify-tt-svd-error-identity
    """.split()
    ),
    "ttlm": tuple(
        """
        ttlm-eq6 ttlm-eq6-variant ttlm-eq8 ttlm-eq8-variant ttlm-eq9 ttlm-app-a
        ttlm-app-a-corrected ttlm-eq12 ttlm-eq13 thesis-prop-5.2.2
        thesis-prop-5.2.2-corrected ttlm-claim-b1 thesis-claim-5.3.1 ttlm-claim-b2
        ttlm-claim-b2-variant thesis-claim-5.3.2 thesis-claim-5.3.2-variant
        ttlm-eq14-bias ttlm-eq14-bias-corrected thesis-eq-5.11-bias
        thesis-eq-5.11-bias-corrected thesis-sec-5.3.1 thesis-sec-5.3.1-corrected
        tnverify-augmented-bilinear tslm-eq-16 tslm-eq-16-corrected tslm-eq-19 tslm-eq-17
        tslm-eq-17-corrected tslm-eq-21 ttlm-table1-ptb-params ttlm-table1-wt2-params
        ttlm-sec1-ppl-deltas ttlm-table2-second-order ttlm-sec6.1-wt2-stats
    """.split()
    ),
    "born-ngram": tuple(
        """
        thesis-eq-4.3 tnverify-born-sampler-exact thesis-eq-4.5 thesis-sec-4.1.3-parallel
        thesis-eq-3.2 thesis-eq-3.2-corrected thesis-sec-4.1.3-gauge thesis-eq-4.4
        thesis-eq-4.4-corrected thesis-sec-4.3.2-cost thesis-sec-4.3.2-cost-corrected
        thesis-eq-4.1 thesis-eq-4.1-variant thesis-eq-2.7 thesis-eq-2.11 tslm-eq-11
        tslm-eq-11-corrected tslm-claim-1 tslm-claim-2 tslm-claim-2-variant
        tslm-ngram-param-count tslm-table1-stats
    """.split()
    ),
    "gtm": tuple(
        """
        gtm-xi-operators gtm-xi-operators-variant gtm-eq-16 gtm-prop-a.2 gtm-prop-a.3
        gtm-app-b-table1 gtm-lemma-5.1 gtm-prop-a.4 gtm-prop-a.4-variant gtm-thm-5.1
        gtm-sec-4.2-nonuniversal gtm-prop-a.5 gtm-prop-a.5-corrected gtm-lemma-a.1
        gtm-lemma-a.2 gtm-thm-5.2 gtm-thm-5.3 gtm-fig-3 gtm-fig-5 gtm-sec-5.2-shared
    """.split()
    ),
    "lru-stats": tuple(
        """
        thesis-eq-4.7 thesis-eq-4.7-corrected thesis-thm-4.2.1 thesis-lemma-4.2.1
        thesis-sec-4.2.2-stability thesis-sec-4.2.2-stability-corrected thesis-prop-4.2.1
        thesis-eq-4.12 thesis-eq-4.13 thesis-eq-4.13-corrected thesis-eq-4.11
        thesis-eq-4.11-variant thesis-fig-4.8 thesis-sec-5.4.1-diagonalisable
        thesis-fig-6.8-kurtosis thesis-fig-6.8-ks thesis-eq-6.4 thesis-tables-4.3-4.4
        thesis-sec-6.3.1-steps thesis-sec-6.3.1-steps-corrected thesis-sec-4.3.2-vocab
        thesis-sec-4.3.2-vocab-corrected
    """.split()
    ),
    "gated-lmm": tuple(
        """
        grurntn-eq-8 grurntn-eq-15 grurntn-eq-17 grurntn-eq-18 grurntn-eq-19 grurntn-eq-21
        grurntn-eq-24 grurntn-eq-24-corrected grurntn-eq-25 grurntn-eq-27
        grurntn-sec-4b-params grurntn-sec-5-gains thesis-eq-5.18 thesis-eq-5.19
        thesis-eq-5.19-corrected thesis-eq-5.20 thesis-eq-5.21 thesis-eq-5.21-corrected
        thesis-sec-5.4.1-params thesis-eq-5.22 thesis-eq-5.23 thesis-eq-5.23-variant
        thesis-eq-5.24 thesis-eq-5.24-corrected thesis-eq-6.3 thesis-eq-6.7
        thesis-eq-6.7-variant thesis-eq-6.8 thesis-eq-6.8-corrected thesis-eq-6.9
        thesis-eq-6.9-corrected
    """.split()
    ),
}


def deprecated_group_ids(name: str) -> tuple[str, ...]:
    """The claim ids of the deprecated group ``name``, with a :class:`DeprecationWarning`
    naming the topics that replace it."""
    ids = DEPRECATED_GROUPS[name]
    warnings.warn(_message(name), DeprecationWarning, stacklevel=3)
    return ids


def group_argument(name: str) -> str:
    """``--topic`` as the command line reads it: an old group name prints one line on
    stderr (the Python warning is not shown there) and is accepted."""
    if name in DEPRECATED_GROUPS:
        print(f"tnverify: warning: {_message(name)}", file=sys.stderr)
    return name


def _message(name: str) -> str:
    from . import REGISTRY, load_registry

    load_registry()
    topics = sorted(
        {REGISTRY[i].topic for i in DEPRECATED_GROUPS[name] if i in REGISTRY},
        key=list(TOPICS).index,
    )
    return (
        f"group {name!r} is deprecated and will be removed in the next release; its "
        f"claims are now in the topic{'s' if len(topics) > 1 else ''} "
        f"{', '.join(topics)}"
    )
