"""A used drive's short cache whose first sample ran slower than the cache
did as it ended (docs/analysis.md, "A short used cache's slow first
sample"): the sample holding the cache's end is split against the level
the cache ended at, between the first sample's and the reference's cache
level (the same workload's), after a cache of one whole sample. A drive of
the used-drive sweep, simulated as the sweep has it (2 hours of 4K random
writes, 1 s samples)."""
from analyze_cli import cli
from used_drive_scoring import GIB, score_run, simulate, simulate_fill

# Seed 47's drive 14: a dynamic cache (15 GiB fresh), 2 GiB of it back
# after the 15 minutes' idle that followed a random fill.
DYNAMIC = ("sim:bx200,native_write_lat_us=0,capacity_gb=163,op_pct=12.97,bits=3,"
           "slc_type=dynamic,slc_seq_mibps=5107,slc_rand_iops=893783,native_seq_mibps=2655,"
           "native_rand_mibps=1480.5,fold_mibps=1198,floor_mibps=268.98,gc_gamma=1.67,"
           "link_mibps=7000,iops_cap=2000000,noise=0.05,noise_direct=0.12,seed=142742729,"
           "slc_gb=15,slc_wa=1,dip_period_s=25.3,dip_duty=0.19,dip_depth=0.32")


def _cache_ok(truth, series, a):
    probs = score_run(truth, series, a)["problems"]
    assert not [p for p in probs if "cache" in p], probs


def test_one_sample_cache_split_between_its_and_the_reference_level(tmp_path):
    """1.385 GiB in the first second, then 1.110 with the cache's end in
    it, then folding at 0.646 GiB/s; the fill's log (4K random from a
    purge) runs its cache at 2.67 GiB/s. Against the first sample's level
    the second's share at the cache read 2.25 GiB; split between that
    level and the fill's, 2.08 (the model's 2.00), the stated uncertainty
    reaching both bounds' splits."""
    run, fill = tmp_path / "run.csv", tmp_path / "fill.csv"
    truth, series, _, _ = simulate(DYNAMIC, "random_fill", "2h", run)
    simulate_fill(DYNAMIC, "random_fill", fill)
    full = truth["phases"][1]["start_bytes"]
    a = cli(run, "--reference", fill)
    assert a["cache"]["censored"] == "none"
    assert abs(a["cache"]["bytes"] - full) <= 0.05 * full, a["cache"]["bytes"] / GIB
    assert a["cache"]["bytes"] - a["cache"]["uncertainty_bytes"] <= full
    _cache_ok(truth, series, a)

