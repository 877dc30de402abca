"""Quick start on the simulated drive: a 2-hour degradation run in virtual
time, its write-curve analysis and the simulator's ground truth.

    python examples/python/quick_start.py [PROFILE] [seq_fill|random_fill]

With a second argument the drive is preconditioned first (SNIA's two
capacities, no idle after it), as a used drive is tested.
"""
from __future__ import annotations

import sys

import ssdcore


def run_cache_truth(drive: ssdcore.SimTarget) -> float:
    """The SLC cache of the run just made, as the model wrote it: where
    writes stopped going into the cache (0 when the cache was full from the
    run's first byte, as after a fill without an idle). Not the profile's
    cache_effective_bytes, which is what an empty cache on a fresh drive
    takes."""
    full_at = drive.truth()["cache_full_at_bytes"]
    # None: the run ended still writing into the cache (it never filled).
    return float(drive.truth("job_written_bytes") if full_at is None else full_at)


def main(profile: str = "bx200", precondition: str = "") -> int:
    with ssdcore.SimTarget(f"sim:{profile}") as drive:
        if precondition:
            ssdcore.precondition(drive, precondition)
        run = ssdcore.job(drive, pattern="randwrite", bs=4096, qd=32, time="2h")
        truth = run_cache_truth(drive)
    print(run)
    analysis = run.analyze()
    print(analysis)
    found = analysis.cache_bytes or 0
    print(f"cache found {found / 2**30:.2f} GiB, simulator says {truth / 2**30:.2f} GiB")
    frame = run.to_frame()
    print(f"{len(frame)} samples, {int(frame['bytes'].sum()) / 2**30:.1f} GiB written")
    return 0 if abs(found - truth) <= 0.05 * truth else 1


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
