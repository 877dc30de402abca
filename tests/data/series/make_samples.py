"""Regenerates the checked-in sample series (deterministic). The samples are
tiny on purpose: every format version the readers accept, with a known
answer (cache of 3 GiB at 400 MB/s, then 60 MB/s)."""
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "py"))
import synth_curves as S  # noqa: E402

GiB = 2 ** 30
c = S.Curve([(0.0, 400e6), (3 * GiB, 60e6)], duration_s=300, noise_cv=0.05, seed=7)
t, b = S.generate(c)
rng = np.random.default_rng(7)


def w(name, text):
    with open(os.path.join(HERE, name), "w") as f:
        f.write(text)


# ssdcore series CSV v1 with metadata, optional columns in another order and
# an unknown column that readers ignore.
rows = ["# ssdcore-series 1",
        '# {"target":"sim:bx200","capacity_bytes":240057409536,"pattern":"randwrite",'
        '"block_size":4096,"queue_depth":32,"threads":1,"interval_s":1.0,"tool":"ssdcore 0.1.0"}',
        "t_s,bytes,ops,lat_mean_us,lat_p50_us,lat_p99_us,lat_p99_9_us,lat_max_us,future_col"]
for ti, bi in zip(t, b):
    p50 = 300 * 4096 * 32 / bi * 1e6 / 300 if bi > 0 else 0
    rows.append(f"{ti:.3f},{bi:.0f},{bi / 4096:.0f},{p50 * 1.1:.1f},{p50:.1f},{p50 * 3:.1f},"
                f"{p50 * 6:.1f},{p50 * 12:.1f},x")
w("series_v1_cache.csv", "\n".join(rows) + "\n")

# Minimal v1: no metadata, only the required columns, last interval shorter.
rows = ["# ssdcore-series 1", "bytes,t_s"]
for ti, bi in zip(t[:-1], b[:-1]):
    rows.append(f"{bi:.0f},{ti:.3f}")
rows.append(f"{b[-1] / 2:.0f},{t[-2] + 0.5:.3f}")
w("series_v1_minimal.csv", "\n".join(rows) + "\n")

# fio bw logs of two jobs sharing the load, 5 columns (fio >= 3.x), with
# jitter around whole seconds and read rows to be filtered out.
for job, (jit, share) in enumerate([((0, 1), 0.5), ((-1, 0), 0.5)], start=1):
    rows = []
    for i, (ti, bi) in enumerate(zip(t, b)):
        ms = int(round(ti * 1000)) + int(rng.integers(jit[0], jit[1] + 1))
        rows.append(f"{ms}, {int(round(bi * share / 1024))}, 1, 0, 0")
        if i % 10 == 0:
            rows.append(f"{ms + 3}, 1234, 0, 0, 0")
    w(f"fio_5col_bw.{job}.log", "\n".join(rows) + "\n")

# Older 4-column fio log (no offset), one job.
w("fio_4col_bw.1.log", "\n".join(f"{int(round(ti * 1000))}, {int(round(bi / 1024))}, 1, 4096"
                                 for ti, bi in zip(t, b)) + "\n")
# 6-column (offset, prio) IOPS log: value is IOPS, bs gives bytes.
w("fio_6col_iops.1.log", "\n".join(f"{int(round(ti * 1000))}, {int(round(bi / 4096))}, 1, 4096, 0, 0"
                                   for ti, bi in zip(t, b)) + "\n")
# A speed per chunk written (1 GiB chunks would be too coarse: 256 MiB).
chunk = 256 * 2 ** 20
pos = np.arange(1, 41) * chunk
rate = np.where(pos <= 3 * GiB, 400e6, 60e6)
w("bytes_sampled.csv", "pos_bytes,mib_s\n" + "\n".join(f"{p},{r / 2 ** 20:.3f}" for p, r in zip(pos, rate)) + "\n")

# v1 with the drive's temperature (temp_c): 3000 MB/s until the drive
# reaches 80 C at 100 s, then throttled to 2000 MB/s with the temperature
# held just below; one reading failed (an empty field, not 0).
rows = ["# ssdcore-series 1",
        '# {"target":"/dev/nvme0n1","capacity_bytes":1000204886016,"temp_source":"nvme smart log",'
        '"pattern":"write","block_size":131072,"queue_depth":32,"threads":1,"interval_s":1.0,'
        '"tool":"ssdcore 0.1.0"}',
        "t_s,bytes,lat_mean_us,temp_c"]
for i in range(300):
    rate = (3000e6 if i < 100 else 2000e6) * (1 + 0.01 * (((i * 37) % 7) - 3))
    temp = 40 + 40 * (i + 1) / 100 if i < 100 else 80 - 1.5 * (1 - np.exp(-(i - 99) / 30))
    field = "" if i == 150 else f"{temp:.0f}"  # NVMe reports whole kelvins
    rows.append(f"{i + 1:.3f},{rate:.0f},{131072 * 32 / rate * 1e6:.1f},{field}")
w("series_v1_temp.csv", "\n".join(rows) + "\n")

# Speed per interval, units in the header: the 970 EVO Plus logs' layout
# (ms, MiB/s, a block size column, a trailing comma) and the BIWIN X570
# logs' (seconds, write_MiB_s, CRLF), with the last interval shorter.
dt = np.diff(np.concatenate([[0.0], t]))
w("rate_ms_mib.csv", "Block Size (KB),Throughput (MiB/s),Time (ms),\n" + "".join(
    f"4096,{bi / di / 2 ** 20:.3f},{int(round(ti * 1000))},\n" for ti, bi, di in zip(t, b, dt)))
with open(os.path.join(HERE, "rate_s_mib_crlf.csv"), "w", newline="") as f:
    f.write("second,write_MiB_s\r\n" + "".join(
        f"{ti:.3f},{bi / di / 2 ** 20:.3f}\r\n" for ti, bi, di in zip(t[:-1], b[:-1], dt[:-1]))
        + f"{t[-2] + 0.5:.3f},{b[-1] / dt[-1] / 2 ** 20:.3f}\r\n")
