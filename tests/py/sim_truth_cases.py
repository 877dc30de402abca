"""Analysis against the simulator's ground truth: the cases shared by the
accuracy test and bench/accuracy_vs_sim_truth.py (which prints the table)."""
import numpy as np

import ssdcore


def write_series(result):
    """(t_s, write bytes per interval) arrays of a job result."""
    s = result["series"]
    return (np.array(s["t_s"], float), np.array(s["write_bytes"], float))


def fill_case(profile, seed=1):
    """Whole-drive sequential fill (128 KiB, QD32, 1 s samples), as the 2021
    methodology does. Returns (truth dict, analysis dict)."""
    t = ssdcore.SimTarget(f"sim:{profile},seed={seed}")
    r = ssdcore.job(t, pattern="write", bs=131072, qd=32, bytes=t.size_bytes, interval=1)
    truth = t.truth()
    t.close()
    return truth, r.analyze()


def fill2021_case(profile, seed=1):
    """The fill2021 suite's fill (libssdcore/suite_builtin.c) with its
    parameters: TRIM, 15 min idle, then 128 KiB sequential writes at QD32
    over every block once, 1 s samples. Returns (truth dict, analysis dict)."""
    t = ssdcore.SimTarget(f"sim:{profile},seed={seed}")
    t.trim()
    t.idle(900)
    r = ssdcore.job(t, pattern="write", bs=131072, qd=32, coverage=1, interval=1)
    truth = t.truth()
    t.close()
    return truth, r.analyze()


def recovery_case(profile, seed=1):
    """The 2015-16 methodology's GC test: 4K QD32 random writes for 30 min
    (fresh reference), 15 min idle without TRIM, then writes again.
    Returns (truth bytes recovered by the idle, analysis dict)."""
    t = ssdcore.SimTarget(f"sim:{profile},seed={seed}")
    fresh = ssdcore.job(t, pattern="randwrite", bs=4096, qd=32, time="30m", interval=1)
    t.idle(900)
    recovered = t.truth("last_idle_recovered_bytes")
    after = ssdcore.job(t, pattern="randwrite", bs=4096, qd=32, time="5m", interval=1)
    t.close()
    return recovered, ssdcore.analyze(write_series(after), reference=write_series(fresh))


def lab2016_recovery_case(profile, seed=1):
    """Tests 6-7 of the lab2016 suite (libssdcore/suite_builtin.c) with its
    parameters: TRIM, 15 min idle, 4K QD32 random writes for 2 h over the
    whole drive (the fresh reference), 15 min idle without TRIM, then 5 min
    more. Returns (truth bytes recovered by the idle, analysis dict)."""
    t = ssdcore.SimTarget(f"sim:{profile},seed={seed}")
    t.trim()
    t.idle(900)
    fresh = ssdcore.job(t, pattern="randwrite", bs=4096, qd=32, time="2h", interval=1)
    t.idle(900)
    recovered = t.truth("last_idle_recovered_bytes")
    after = ssdcore.job(t, pattern="randwrite", bs=4096, qd=32, time="5m", interval=1)
    t.close()
    return recovered, ssdcore.analyze(write_series(after), reference=write_series(fresh))


def rel_err(found, truth):
    return abs(found - truth) / truth
