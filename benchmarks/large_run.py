"""Run the scaled side of chosen claims at ``scale="large"`` one by one, printing each
result as soon as it is known and appending it to a JSON-lines file.

Used to record what the GPU sizes give (benchmarks/README.md); ``tnverify verify --scale
large --device cuda`` is the user-facing way to run the same checks.

    python benchmarks/large_run.py OUT.jsonl [--group spine] [--claims ID ...]
"""

from __future__ import annotations

import argparse
import json
import time

from tnverify.claims import run_claim, select_claims
from tnverify.device import resolve_device


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("out")
    p.add_argument("--group")
    p.add_argument("--claims", nargs="*")
    p.add_argument("--device", default="auto")
    a = p.parse_args(argv)
    device = resolve_device(a.device)
    for claim in select_claims(ids=a.claims, group=a.group):
        if claim.scaled is None:
            continue
        t0 = time.perf_counter()
        r = run_claim(claim, scale="large", device=device, sides=("scaled",))
        sec = time.perf_counter() - t0
        print(
            f"{claim.id:34s} scaled {r.scaled.verdict:9s} ratio {r.scaled.ratio!s:>24s} "
            f"{sec:7.1f} s {r.scaled.error_message or ''}",
            flush=True,
        )
        with open(a.out, "a", encoding="utf-8") as fh:
            fh.write(
                json.dumps(
                    {
                        "id": claim.id,
                        "seconds": sec,
                        "device": device,
                        "scaled": r.to_dict()["scaled"],
                    }
                )
                + "\n"
            )
        if device == "cuda":
            import torch

            torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
