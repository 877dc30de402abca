"""Quick start on the simulated drive: a 2-hour degradation run in virtual
time, its write-curve analysis and the simulator's ground truth.

    python examples/python/quick_start.py [PROFILE]
"""
from __future__ import annotations

import sys

import ssdcore


def main(profile: str = "bx200") -> int:
    with ssdcore.SimTarget(f"sim:{profile}") as drive:
        run = ssdcore.job(drive, pattern="randwrite", bs=4096, qd=32, time="2h")
        truth = drive.truth("cache_effective_bytes")
    print(run)
    analysis = run.analyze()
    print(analysis)
    found = analysis.cache_bytes or 0
    print(f"cache found {found / 2**30:.2f} GiB, simulator says {truth / 2**30:.2f} GiB")
    frame = run.to_frame()
    print(f"{len(frame)} samples, {int(frame['bytes'].sum()) / 2**30:.1f} GiB written")
    return 0 if abs(found - truth) < 0.05 * truth else 1


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:2]))
