"""Statements of the tt-language-models claims, verbatim from the paper."""

STATEMENTS = {
    "ttlm-eq6": (
        '- Definition: "Suppose all the intermediate TT cores are equal to each other G ='
        " G^{(2)}, …, G^{(N−1)} ∈ ℝ^{R×|V|×R} and G^{(1)} = G^{(N)} ∈ ℝ^{|V|×R} in Eq. 5."
        " Then, TTLM is defined as follows: p(X) = Σ_{i₁,⋯,i_N=1}^{|V|} Σ_{α₁,⋯,α_{N−1}=1"
        "}^R f(x^{(1)})_{i₁} G^{(1)}_{i₁α₁} f(x^{(2)})_{i₂} G_{α₁i₂α₂} ⋯ f(x^{(N)})_{i_N}"
        " G^{(N)}_{α_{N−1}i_N} = Σ_{α₁,⋯,α_{N−1}=1}^R G^{(1)}_{w₁α₁} G_{α₁w₂α₂} ⋯ G_{α_{N"
        '−2}w_{N−1}α_{N−1}} G^{(N)}_{α_{N−1}w_N} (6)".\n  - Recursion: "G acts as a biline'
        "ar map G : ℝ^{|V|} × ℝ^R → ℝ^R … h^{(t)}_TTLM = f(x^{(t)})ᵀ G h^{(t−1)}_TTLM (7)"
        " where f(x^{(t)}), G, and h^{(t−1)}_TTLM are contracted together (we permute the"
        " indices of G from ℝ^{R×|V|×R} to ℝ^{|V|×R×R} which does not change the number o"
        'f indices)".'
    ),
    "ttlm-eq8": (
        '- Chain rule: "p(X) = Π_{t=1}^N p(x^{(t)}|x^{(1:t−1)}) … At time t, the output p'
        "rediction of a model, y^{(t)} ∈ 𝕍, is a probability distribution of word x^{(t)}"
        ' given x^{(1:t−1)}."\n  - Eq. 8: "In TTLM, we define y^{(t)} as follows: y^{(t)} '
        "= softmax(G^{(t)} h^{(t−1)}_TTLM) (8) … where G^{(t)} ∈ ℝ^{|V|×R} is the last TT"
        ' core in TT format at time t. Such a definition is the same as that of RNNs".\n  '
        '- Tie: "The hidden-to-output tensor G^{(t)} is defined to be the same as the inp'
        'ut-to-hidden tensor G^{(1)}."'
    ),
    "ttlm-eq9": (
        '- Derivation: "We can derive the definition of y^{(t)} in high-dimensional space'
        ", if we substitute h^{(t−1)}_TTLM in Eq. 8 by Eq. 6 and Eq. 7: y^{(t)} = softmax"
        "(Σ_{i₁,⋯,i_{t−1}=1}^{|V|} Σ_{α₁,⋯,α_{t−1}=1}^R f(x^{(1)})_{i₁} G^{(1)}_{i₁α₁} f("
        "x^{(2)})_{i₂} G_{α₁i₂α₂} ⋯ G^{(t)}_{α_{t−1}}) (9) = softmax(⟨𝒜^{(1:t)}⟩, ⊗_{i=1}"
        "^{t−1} f(x^{(i)})⟩_{t−1}) (10) = softmax(⟨𝒜^{(1:t)}), Φ(X^{(1:t−1)})⟩_{t−1}) (11"
        ')" (the brackets as printed).\n  - Definitions: "where 𝒜^{(1:t)}'
        " ∈ 𝕍^{⊗t}, Φ(X^{(1:t−1)}) ∈ 𝕍^{⊗t−1} and ⟨·⟩_{t−1} denotes the 'generalized inne"
        'r product\' … Note that Eq. 9 is the low-dimensional form of Eq. 11."\n  - §3: "⟨X'
        ', Y⟩_N = Σ_{i₁} ⋯ Σ_{i_N} X_{i₁,…,i_N} Y_{i₁,…,i_N} with ⟨X, Y⟩_N ∈ ℝ^{I_x×I_y}"'
        "."
    ),
    "ttlm-app-a": (
        '- Step I: "suppose f(x^{(1)}) is a one-hot vector having f(x^{(1)})₁ = 1. The ca'
        "lculation of G^{(1)}f(x^{(1)}) in TTLM is as follows: G^{(1)}f(x^{(1)}) = [f(x^{"
        "(1)})₁; f(x^{(1)})₂; …; f(x^{(1)})_{|V|}] [G^{(1)}_{11} G^{(1)}_{12} … G^{(1)}_{"
        "1R}; …; G^{(1)}_{|V|1} … G^{(1)}_{|V|R}] = [G^{(1)}_{11}, G^{(1)}_{12}, …, G^{(1"
        ')}_{1R}]ᵀ = h^{(1)}_TTLM".\n  - Step II: "h^{(2)}_TTLM = f(x^{(2)})ᵀ G h^{(1)}_TT'
        'LM".\n  - Step III: "G^{(t)}h^{(t−1)}_TTLM = [G^{(t)}_{11} … G^{(t)}_{1R}; …; G^{'
        "(t)}_{|V|1} … G^{(t)}_{|V|R}] [h^{(t−1)}_{TTLM₁}; …; h^{(t−1)}_{TTLM_R}] = [Σ_{i"
        "=1}^R G^{(t)}_{1i} h^{(t−1)}_{TTLM₁}; Σ_{i=1}^R G^{(t)}_{2i} h^{(t−1)}_{TTLM₂}; "
        '…; Σ_{i=1}^R G^{(t)}_{Ri} h^{(t−1)}_{TTLM_R}]".\n  - Parameters: "G^{(1)}, G and '
        "G^{(t)} theoretically have no parameters in common (though we set G^{(1)} = G^{("
        't)} for simplicity)".'
    ),
    "ttlm-eq12": (
        '- Eq. 12: "h^{(t)}_Tiny = f(x^{(t)})ᵀ W^{xe} δ W^{hh} h^{(t−1)}_Tiny; h^{(t)}_La'
        "rge = f(x^{(t)})ᵀ W^{xe} W^{eh} δ W^{hh} h^{(t−1)}_Large (12) where W^{xe} ∈ ℝ^{"
        "|V|×R×R} is the input-to-hidden tensor; W^{eh} ∈ ℝ^{R×R×R×R}; and δ ∈ ℝ^{R×R×R×R"
        "} is a fourth-order diagonal tensor such that δ_{ijkl} = 1 iff the i = j = k = l"
        ', and δ_{ijkl} = 0 otherwise."\n  - Cores: "G = W^{xe}δW^{hh} in TTLM-Tiny and G '
        '= W^{xe}W^{eh}δW^{hh} in TTLM-Large".\n  - Fig. 2 caption: "the only difference b'
        'etween TTLM-Large and TTLM-Tiny is whether to use tensor W^{eh}".\n  - App. C: "T'
        "he implementation of δ is functioned by a reshape function, so the interaction b"
        'etween hidden and input can be computed by matrix product."\n  - Table 2: W^{hh} '
        "∈ ℝ^{R×R}."
    ),
    "ttlm-eq13": (
        '- Eq. 13: "y^{(t)} = softmax(VPh^{(t)}) (13) where V ∈ ℝ^{R×|V|×R} is an output '
        "embedding tensor, and P ∈ ℝ^{R×R×R} is a projector tensor. Then we tie the input"
        ' tensor W^{xe} to the output embedding tensor V".\n  - Table 2 lists "V ∈ ℝ^{R×R×'
        '|V|}" and "W^{xe} ∈ ℝ^{R×|V|×R}" for TTLM-Tiny/Large. §5.1 gives W^{xe} ∈ ℝ^{|V|'
        "×R×R}."
    ),
    "thesis-prop-5.2.2": (
        '- Proposition: "Let x = [x^{(1)}, …, x^{(L)}] be represented as Φ(x) in tensor space, '
        "and the time step index t ∈ [L] be the number of iterations when recursively "
        "unfolding 𝒜 to obtain 𝐆^{(t)} during the TT-decomposition given Thm. 3.2.1. Given a "
        "set of tensors 𝐆^{(t)} ∈ ℝ^{R_{t−1}×|V|×R_t} (t ∈ [L], R₀ = R_L = 1), the conditional "
        "probability distribution of X^{(t)} given X^{(1:t−1)} = x^{(1:t−1)} in the Tensor "
        "Train Language Models satisfies: P̃_{x^{(1:t−1)}} = ψ((𝐟^{(1)})ᵀ𝐆^{(1)}(𝐟^{(2)})ᵀ"
        '𝐆^{(2)} ⋯ (𝐟^{(t−1)})ᵀ𝐆^{(t−1)}𝐆^{(t)}). (5.7)"\n'
        '  - On ψ: "ψ is a normalization function that ensures that P̃_{x^{(1:t−1)}} is '
        'nonnegative and that the conditional probabilities sum to 1".'
    ),
    "ttlm-eq8-chain-vs-eq6": (
        '"Recursive Probability Computation. Here, we here provide further details about the '
        "process of computing p(X) by TTLM in practice. … p(X) = Π_{t=1}^N p(x^{(t)}|x^{(1:"
        't−1)}) … y^{(t)} = softmax(G^{(t)} h^{(t−1)}_TTLM) (8)", read as: Π_t y^{(t)}[x_t] is '
        "the p(X) of Eq. 6, normalised."
    ),
    "ttlm-appc-delta-reshape": (
        'App. C: "The implementation of δ is functioned by a reshape function, so the '
        'interaction between hidden and input can be computed by matrix product", as an '
        "implementation of Eq. 12's \"δ ∈ ℝ^{R×R×R×R} is a fourth-order diagonal tensor such "
        'that δ_{ijkl} = 1 iff the i = j = k = l" (TTLM-Tiny: G = W^{xe}δW^{hh}; TTLM-Large: '
        "G = W^{xe}W^{eh}δW^{hh})."
    ),
}
