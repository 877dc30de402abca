/* sim_profiles.c - the simulator's parameters, the built-in drive profiles
 * and the parser for "sim:" specs and profile files.
 *
 * Each profile cites the review figures it reproduces (the seeds in
 * shared/seeds, digested in METHODOLOGY.md section C). Units are binary as
 * in the reviews: "GB" = GiB, "MB/s" = MiB/s; IOPS are 4 KiB operations. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "file_read.h"
#include "sim_model.h"

#define P(field) offsetof(struct ssd__sim_params, field)

static const char *const slc_names[] = {"none", "static", "dynamic", NULL};
static const char *const gc_model_names[] = {"plain", "greedy", NULL};
/* The drive's state at open, in the words of every other precondition
 * (precondition.h). */
static const char *const pre_names[] = {"none", "seq_fill", "random_fill", NULL};
static const char *const past_names[] = {"known", "unknown", NULL};

const struct ssd__sim_param_info ssd__sim_param_table[] = {
    {"capacity_gb", P(capacity_gb), 1, 131072, NULL,
     "user capacity in marketing GB (LBA count by the IDEMA formula)"},
    {"op_pct", P(op_pct), 0, 100, NULL, "raw flash beyond user capacity, % of user capacity"},
    {"bits", P(bits), 1, 4, NULL, "bits per cell in native mode (2 MLC, 3 TLC)"},
    {"slc_type", P(slc_type), 0, 2, slc_names,
     "SLC cache: none, static (fixed area) or dynamic (free native blocks in SLC mode)"},
    {"slc_gib", P(slc_gb), 0, 65536, NULL, "nominal SLC cache, GiB (dynamic: its largest size)"},
    {"slc_wa", P(slc_wa), 1, 8, NULL,
     "SLC write amplification: effective cache = slc_gib / slc_wa"},
    {"slc_seq_mibps", P(slc_seq_mbps), 1, 1e5, NULL, "sequential write into the cache, MiB/s"},
    {"slc_rand_iops", P(slc_rand_iops), 1, 1e8, NULL, "4K QD32 random write into the cache, IOPS"},
    {"native_seq_mibps", P(native_seq_mbps), 0.1, 1e5, NULL,
     "sequential write direct to TLC/MLC (cache full), MiB/s"},
    {"native_rand_mibps", P(native_rand_mbps), 0.1, 1e5, NULL,
     "4K QD32 random write direct to TLC/MLC (cache full), MiB/s"},
    {"fold_mibps", P(fold_mbps), 0.1, 1e5, NULL,
     "sequential write while folding a full dynamic cache, MiB/s"},
    {"floor_mibps", P(floor_mbps), 0.01, 1e5, NULL,
     "used-state floor: steady 4K QD32 random write with no clean blocks, MiB/s"},
    {"gc_gamma", P(gc_gamma), 0.1, 8, NULL,
     "how steeply GC cost rises as garbage thins (1 linear in garbage share)"},
    {"gc_settle_gib", P(gc_settle_gb), 0, 1e6, NULL,
     "GiB written under GC over which victims settle to the used state (0: at once)"},
    {"gc_spread", P(gc_spread), 0, 2, NULL,
     "per-second write speed variation under GC (lognormal sigma, floored at floor_mibps)"},
    {"gc_model", P(gc_model), 0, 1, gc_model_names,
     "GC cost: plain (floor_mibps times (garbage share / steady share)^gc_gamma) or greedy "
     "(greedy write amplification of the effective spare, floor_mibps at the steady state)"},
    {"reserve_pct", P(reserve_pct), 0.01, 50, NULL, "clean flash kept back for GC, % of raw"},
    {"flush_mibps", P(flush_mbps), 0.1, 1e5, NULL, "idle: SLC contents moved to native, MiB/s"},
    {"idle_gc_mibps", P(idle_gc_mbps), 0, 1e5, NULL, "idle: clean flash prepared by GC, MiB/s"},
    {"idle_gc_gib", P(idle_gc_gb), 0, 65536, NULL,
     "idle: fast-write GiB at which background GC stops"},
    {"read_seq_mibps", P(read_seq_mbps), 1, 1e5, NULL, "sequential read, MiB/s"},
    {"read_rand_iops", P(read_rand_iops), 1, 1e8, NULL, "4K random read at full queue, IOPS"},
    {"read_lat_us", P(read_lat_us), 1, 1e5, NULL, "4K QD1 read latency from native flash, us"},
    {"read_lat_slc_us", P(read_lat_slc_us), 1, 1e5, NULL,
     "4K QD1 read latency from the SLC cache, us"},
    {"write_lat_us", P(write_lat_us), 1, 1e5, NULL, "4K QD1 write latency (buffered), us"},
    {"native_write_lat_us", P(native_write_lat_us), 0, 1e5, NULL,
     "4K QD1 write latency once writes go to TLC/MLC (cache full), us (0: write_lat_us)"},
    {"full_gc_load", P(full_gc_load), 0, 4, NULL,
     "dynamic cache on a nearly full drive: share of the folding that frees its room which "
     "host writes wait on (0: none; 1: all, no spare dies)"},
    {"link_mibps", P(link_mbps), 1, 1e6, NULL, "interface bandwidth, MiB/s"},
    {"iops_cap", P(iops_cap), 1, 1e8, NULL, "controller command limit, IOPS"},
    {"mix_penalty", P(mix_penalty), 0, 0.9, NULL,
     "share of the read/write speed gap that writes lose to interleaved reads, times the read "
     "share"},
    {"qd_dip_at", P(qd_dip_at), 1, 256, NULL, "queue depth of a random-write dip"},
    {"qd_dip_depth", P(qd_dip_depth), 0.01, 1, NULL,
     "random-write speed factor at qd_dip_at, fading over one octave (1: no dip)"},
    {"noise", P(noise), 0, 2, NULL, "per-tick speed variation (lognormal sigma)"},
    {"noise_direct", P(noise_direct), 0, 2, NULL,
     "per-tick speed variation after the cache (lognormal sigma)"},
    {"tick_s", P(tick_s), 0.001, 60, NULL, "virtual seconds per noise sample"},
    {"dip_period_s", P(dip_period_s), 0.1, 1e5, NULL, "period of GC dips, s"},
    {"dip_duty", P(dip_duty), 0, 1, NULL, "share of each period spent in a dip (0: no dips)"},
    {"dip_depth", P(dip_depth), 0.01, 1, NULL, "write speed factor inside a dip"},
    {"slump_share", P(slump_share), 0, 4, NULL,
     "bytes written slowly right after the cache fills, once a job, as a share of the cache's "
     "contents (0: no slump)"},
    {"slump_depth", P(slump_depth), 0.01, 1, NULL,
     "write speed factor during the slump, against the regime beneath it"},
    {"lat_sigma", P(lat_sigma), 0, 3, NULL, "per-I/O latency spread (lognormal sigma)"},
    {"tail_frac", P(tail_frac), 0, 0.5, NULL, "share of I/Os in the latency tail"},
    {"tail_mult", P(tail_mult), 1, 1e4, NULL, "tail latency over the mean"},
    {"precondition", P(precondition), 0, 2, pre_names,
     "state at open: none (fresh, trimmed), seq_fill (written once, sequentially), random_fill "
     "(the steady used state a random fill leaves, settled)"},
    {"past", P(past_unknown), 0, 1, past_names,
     "whether a job records the state at open (known), or nothing, as on a device whose past "
     "nobody wrote down (unknown)"},
    {"seed", P(seed), 0, 9007199254740992.0, NULL, "seed of noise, dips and latency draws"},
    {"temp_idle_c", P(temp_idle_c), -40, 150, NULL,
     "temperature the idle drive settles at (its surroundings plus idle power), degrees C"},
    {"heat_write_c", P(heat_write_c), 0, 500, NULL,
     "steady temperature rise per GiB/s written, degrees C"},
    {"heat_read_c", P(heat_read_c), 0, 500, NULL,
     "steady temperature rise per GiB/s read, degrees C"},
    {"thermal_tau_s", P(thermal_tau_s), 1, 1e5, NULL,
     "thermal time constant: the temperature covers 63 % of a change in this many seconds"},
    {"throttle_c", P(throttle_c), 0, 150, NULL,
     "temperature at which the drive throttles to throttle_mibps (0: never)"},
    {"throttle_mibps", P(throttle_mbps), 1, 1e6, NULL,
     "speed cap (reads and writes together) while throttled, MiB/s"},
    {"throttle2_c", P(throttle2_c), 0, 150, NULL,
     "temperature of the heavy throttle step to throttle2_mibps (0: no second step)"},
    {"throttle2_mibps", P(throttle2_mbps), 1, 1e6, NULL, "speed cap of the heavy step, MiB/s"},
    {"throttle_hyst_c", P(throttle_hyst_c), 0, 50, NULL,
     "a throttle step is released this far below its temperature, degrees C"},
};
const int ssd__sim_param_table_size =
    (int)(sizeof ssd__sim_param_table / sizeof ssd__sim_param_table[0]);

/* Defaults: a plain SATA TLC drive. Profiles override what their seed says. */
static const char defaults[] =
    "capacity_gb=240,op_pct=14.5,bits=3,slc_type=static,slc_gib=3,slc_wa=1,"
    "slc_seq_mibps=480,slc_rand_iops=80000,native_seq_mibps=150,native_rand_mibps=100,"
    "fold_mibps=100,floor_mibps=20,gc_gamma=1.5,gc_settle_gib=0,gc_spread=0,reserve_pct=1,"
    "gc_model=plain,"
    "flush_mibps=50,"
    "idle_gc_mibps=10,idle_gc_gib=2,read_seq_mibps=530,read_rand_iops=90000,"
    "read_lat_us=90,read_lat_slc_us=60,write_lat_us=40,native_write_lat_us=0,full_gc_load=0,"
    "link_mibps=560,iops_cap=100000,"
    "mix_penalty=0.3,qd_dip_at=4,qd_dip_depth=1,noise=0.03,noise_direct=0.06,tick_s=0.1,dip_period_"
    "s=20,"
    "dip_duty=0,dip_depth=1,slump_share=0,slump_depth=0.5,lat_sigma=0.4,tail_frac=0.001,tail_mult="
    "20,"
    "precondition=none,past=known,seed=1,"
    "temp_idle_c=35,heat_write_c=8,heat_read_c=4,thermal_tau_s=90,throttle_c=0,"
    "throttle_mibps=100000,throttle2_c=0,throttle2_mibps=100000,throttle_hyst_c=3";

/*
 * The profiles. Figures in the comments are the seeds' (METHODOLOGY.md C);
 * tests/c/test_sim_profiles.c runs each seed's test and checks them.
 */
const struct ssd__sim_profile ssd__sim_profiles[] = {
    /* seed 000, Crucial BX200 240 GB (SM2256, 16 nm TLC, 256 GiB raw: 13 %
     * of the flash is spare). "3 GB nominal SLC per 240 GB, about 2 GB
     * effective through write amplification" -> slc_gib=3, slc_wa=1.5; "then
     * speed falls 6-7x"; "TLC about 50 MB/s random, about 80 MB/s
     * sequential"; "flushing a full cache takes about a minute" -> 2 GiB / 60 s;
     * "a 2 h 4K QD32 run wrote just over 300 GB" -> floor and gc_gamma; "used
     * state down to 5 MB/s" -> floor_mibps=5; "wide latency spread" ->
     * lat_sigma; "even without a queue its random write is three times
     * below the MLC drives'" (3 min 4K QD1, mostly past the 2 GB cache) ->
     * native_write_lat_us=280. */
    {"bx200", "Crucial BX200 240 GB, SM2256 TLC, 3 GB static SLC (seed 000)",
     "capacity_gb=240,op_pct=14.5,bits=3,slc_type=static,slc_gib=3,slc_wa=1.5,"
     "slc_seq_mibps=500,slc_rand_iops=82000,native_seq_mibps=80,native_rand_mibps=50,"
     "fold_mibps=80,floor_mibps=5,gc_gamma=1.3,gc_spread=0.65,flush_mibps=34,idle_gc_mibps=8,"
     "idle_gc_gib=2,"
     "read_seq_mibps=530,read_rand_iops=66000,read_lat_us=110,read_lat_slc_us=70,"
     "write_lat_us=45,native_write_lat_us=280,mix_penalty=0.35,noise=0.03,noise_direct=0.10,"
     "lat_sigma=0.8,tail_frac=0.003,tail_mult=25"},
    /* seed 001, Transcend SSD370 256 GB (SM2246EN, MLC, no SLC cache).
     * "periodic dips 73K -> 35K IOPS" fresh -> native 285 MiB/s, dip_depth
     * 35/73; "used-state floor 1800 IOPS (40x drop)" -> floor_mibps=7.03;
     * "15 min idle without TRIM recovers 2.7 GB" -> idle_gc_gib=2.7. */
    {"ssd370", "Transcend SSD370 256 GB, SM2246EN MLC, no cache, dips (seed 001)",
     "capacity_gb=256,op_pct=7.37,bits=2,slc_type=none,slc_gib=0,"
     "native_seq_mibps=370,native_rand_mibps=285.2,fold_mibps=370,floor_mibps=7.03,gc_gamma=2,"
     "gc_settle_gib=10,"
     "idle_gc_mibps=5,idle_gc_gib=2.7,read_seq_mibps=530,read_rand_iops=55000,"
     "read_lat_us=120,read_lat_slc_us=120,write_lat_us=50,iops_cap=80000,mix_penalty=0.1,"
     "noise=0.04,noise_direct=0.04,dip_period_s=20,dip_duty=0.15,dip_depth=0.48"},
    /* seed 001, Transcend SSD370 1 TB (TS1TSSD370, the same SM2246EN): "thanks
     * to the flash array's parallelism it writes sequentially exactly a
     * third faster than the 256 GB model" -> native_seq_mibps 4/3 of it. The
     * review gives no other figure for it; the rest is the 256 GB model's. */
    {"ssd370-1tb", "Transcend SSD370 1 TB, SM2246EN MLC, no cache (seed 001)",
     "base=ssd370,capacity_gb=1024,native_seq_mibps=493.3,fold_mibps=493.3,gc_settle_gib=40"},
    /* seed 002, Apacer AS510S 256 GB (SM2246EN, MLC, 256 Gbit dies).
     * "fresh dips 60K -> 20-40K IOPS" -> native 234 MiB/s, dip_depth 0.5;
     * "end of the 2 h run about 7.5K IOPS" -> floor and gc_gamma; "15 min
     * idle frees about 1.4 GB" -> idle_gc_gib=1.4; "sequential write ceiling
     * about 320 MB/s". */
    {"as510s", "Apacer AS510S 256 GB, SM2246EN MLC, no cache, dips (seed 002)",
     "capacity_gb=256,op_pct=7.37,bits=2,slc_type=none,slc_gib=0,"
     "native_seq_mibps=320,native_rand_mibps=234.4,fold_mibps=320,floor_mibps=7,gc_gamma=1.5,"
     "idle_gc_mibps=3,idle_gc_gib=1.4,read_seq_mibps=520,read_rand_iops=60000,"
     "read_lat_us=110,read_lat_slc_us=110,write_lat_us=50,iops_cap=80000,mix_penalty=0.2,"
     "noise=0.04,noise_direct=0.04,dip_period_s=15,dip_duty=0.15,dip_depth=0.5"},
    /* seed 004, OCZ Vector 180 240 GB (Barefoot 3, MLC, 14 % spare).
     * "first drop after about 120 GB: MLC used in SLC mode until half full"
     * -> a dynamic cache of 120 GiB at bits=2; "main drop well after 256 GB
     * (aggressive GC)" -> a mild gc_gamma; "fresh dips 90K -> 20-30K IOPS"
     * -> dip_depth 0.28; "after 1 TB still about 23K IOPS" -> floor 85
     * MiB/s (the curve is still falling there); "after idle about 10 GB can be written fast" ->
     * idle_gc_gib=10. Reads are its weak spot ("by random-read speed it
     * yields to other popular drives at any block size", queue depth
     * "changes little", sequential reads "mediocre"), so much that in PCMark
     * 8 it scores like the OCZ ARC 100, the one drive the SSD370 beats on
     * the same bench (seed 001), and fares relatively best in Photoshop and
     * InDesign, the write-heavy traces -> read latencies above the SSD370's
     * (170/150 us), 50K random-read IOPS at depth (the SSD370 55K), 400
     * MiB/s sequential reads. Its writes carry it ("thanks to its high write
     * speed" it copies files on a level with the fastest drives) -> 505
     * MiB/s into the SLC-mode half, near the SATA link; docs/traces.md sets
     * the apps scores and the copies beside the reviews. */
    {"vector180", "OCZ Vector 180 240 GB, Barefoot 3 MLC, SLC mode to half full (seed 004)",
     "capacity_gb=240,op_pct=14.5,bits=2,slc_type=dynamic,slc_gib=120,slc_wa=1,"
     "slc_seq_mibps=505,slc_rand_iops=90000,native_seq_mibps=300,native_rand_mibps=200,"
     "fold_mibps=290,floor_mibps=85,gc_gamma=0.7,flush_mibps=100,idle_gc_mibps=25,"
     "idle_gc_gib=10,read_seq_mibps=400,read_rand_iops=50000,read_lat_us=170,"
     "read_lat_slc_us=150,write_lat_us=35,mix_penalty=0.3,qd_dip_at=4,qd_dip_depth=0.5,noise=0.04,"
     "noise_direct=0.05,"
     "dip_period_s=12,dip_duty=0.12,dip_depth=0.28"},
    /* seed 003, Team MP44L 1 TB (Maxio MAP1602, 128L TLC). "direct-to-TLC
     * 1.34 GB/s, final folding segment about 0.5 GB/s". The review gives no
     * cache size; 180 GiB of dynamic SLC is typical of MAP1602 1 TB drives. */
    {"mp44l-1tb", "Team MP44L 1 TB, MAP1602 TLC NVMe, dynamic SLC (seed 003)",
     "capacity_gb=1000,op_pct=9.95,bits=3,slc_type=dynamic,slc_gib=180,slc_wa=1,"
     "slc_seq_mibps=3000,slc_rand_iops=450000,native_seq_mibps=1372,native_rand_mibps=700,"
     "fold_mibps=512,floor_mibps=60,gc_gamma=1.5,flush_mibps=1200,idle_gc_mibps=200,"
     "idle_gc_gib=20,read_seq_mibps=4800,read_rand_iops=600000,read_lat_us=70,"
     "read_lat_slc_us=45,write_lat_us=12,link_mibps=7000,iops_cap=900000,mix_penalty=0.12,"
     "noise=0.02,noise_direct=0.05,lat_sigma=0.5,full_gc_load=1"},
    /* seed 003, Fanxiang S660 2 TB (MAP1602, paired 512 Gbit dies). "SLC
     * cache slower than the 1 TB model; direct-to-TLC up to about 2 GB/s
     * (noisy); final segment about 0.6 GB/s; the whole fill only 1.6x longer
     * than the 1 TB model". NASPT (empty vs nearly full): "the 2 TB drive
     * drops less than the 1 TB" reading what the full drive holds in TLC
     * (its paired dies read TLC in parallel: read_lat_us=62, against the
     * MP44L's 70), and "the S660 did not fall behind even the empty MP44L
     * in writes, keeping its speed when full" (it folds on spare dies
     * beside the host's writes: full_gc_load=0.1, the MP44L's and CT100's
     * 1). */
    {"s660-2tb", "Fanxiang S660 2 TB, MAP1602 TLC NVMe, dynamic SLC (seed 003)",
     "capacity_gb=2000,op_pct=9.95,bits=3,slc_type=dynamic,slc_gib=340,slc_wa=1,"
     "slc_seq_mibps=2600,slc_rand_iops=400000,native_seq_mibps=1800,native_rand_mibps=800,"
     "fold_mibps=614,floor_mibps=70,gc_gamma=1.5,flush_mibps=1500,idle_gc_mibps=200,"
     "idle_gc_gib=20,read_seq_mibps=4700,read_rand_iops=600000,read_lat_us=62,"
     "read_lat_slc_us=50,write_lat_us=12,link_mibps=7000,iops_cap=900000,mix_penalty=0.12,"
     "noise=0.02,noise_direct=0.12,lat_sigma=0.5,full_gc_load=0.1"},
    /* seed 003, MiWhole CT100 2 TB (MAP1202, same flash as the S660). "a
     * smaller cache (shortens the third segment)"; "MAP1602 works about
     * twice as fast as MAP1202" direct; "the MAP1602 drive fills about 37 %
     * faster with the same flash". */
    {"ct100-2tb", "MiWhole CT100 2 TB, MAP1202 TLC NVMe Gen3, smaller dynamic SLC (seed 003)",
     "capacity_gb=2000,op_pct=9.95,bits=3,slc_type=dynamic,slc_gib=215,slc_wa=1,"
     "slc_seq_mibps=2200,slc_rand_iops=300000,native_seq_mibps=1000,native_rand_mibps=450,"
     "fold_mibps=430,floor_mibps=50,gc_gamma=1.5,flush_mibps=900,idle_gc_mibps=150,"
     "idle_gc_gib=15,read_seq_mibps=3300,read_rand_iops=400000,read_lat_us=80,"
     "read_lat_slc_us=55,write_lat_us=15,link_mibps=3500,iops_cap=600000,mix_penalty=0.15,"
     "noise=0.02,noise_direct=0.06,lat_sigma=0.5,full_gc_load=1"},
    /*
     * Datacenter drives (issue 21): no SLC cache, 7-28 % spare flash, and a
     * rated 4K random-write figure measured in the steady state (after
     * preconditioning, as their makers rate them), which is the used-state
     * floor. Rated MB/s are decimal (10^6 B/s): converted to MiB/s here.
     * The ratings give no fresh-out-of-box random-write figure: 3x the
     * steady one (capped by the sequential write) is chosen, as is the raw
     * flash (a power-of-two array: 4 TiB behind 4.0 TB is 9.95 %, 4 TiB
     * behind 3.84 TB, 8 TiB behind 7.68 TB and 16 TiB behind 15.36 TB
     * 14.5 %; the 400 GB MLC drives 28 %, the most the class has).
     * docs/simulator.md cites each source and says which are the makers'
     * datasheets (p410m, p400m, pm983) and which are not (p4500: Lenovo's
     * product guide; p5500, pm9a3, cd6r: launch figures as the press
     * reported them); bench/sim_profile_figures.py measures each figure.
     * Those choices are the P4500's; the others take them from it (base=)
     * and set their rated figures.
     */
    /* Intel SSD DC P4500 4.0 TB (PCIe 3.0 x4, 64L TLC), Lenovo's product
     * guide table (not Intel's datasheet): sequential read 3.2 GB/s, write
     * 1.8 GB/s; 4 KB random read 645,000 IOPS, write 62,500 IOPS. */
    {"p4500-4tb",
     "Intel DC P4500 4.0 TB, PCIe 3.0 TLC datacenter NVMe, no SLC cache (Lenovo product guide)",
     "capacity_gb=4000,op_pct=9.95,bits=3,slc_type=none,slc_gib=0,"
     "native_seq_mibps=1716.6,native_rand_mibps=732.4,fold_mibps=1716.6,floor_mibps=244.140625,"
     "gc_gamma=1.5,gc_spread=0.03,idle_gc_mibps=200,idle_gc_gib=20,read_seq_mibps=3051.8,"
     "read_rand_iops=645000,read_lat_us=80,read_lat_slc_us=80,write_lat_us=15,link_mibps=3757,"
     "iops_cap=2000000,mix_penalty=0.1,noise=0.02,noise_direct=0.03,dip_duty=0,lat_sigma=0.3,"
     "tail_frac=0.0005,tail_mult=10,gc_model=greedy"},
    /* Intel SSD D7-P5500 7.68 TB (PCIe 4.0 x4, 96L TLC, 1 DWPD), Intel's
     * launch figures as the press reported them (no datasheet): sequential
     * read 7000 MB/s, write 4300 MB/s; 4 KB random read 1,000,000 IOPS,
     * write 130,000 IOPS (the P5600's 260,000 is the same drive with more
     * spare flash). */
    {"p5500-7.68tb",
     "Intel D7-P5500 7.68 TB, PCIe 4.0 TLC datacenter NVMe, no SLC cache (launch figures)",
     "base=p4500-4tb,capacity_gb=7680,op_pct=14.53,native_seq_mibps=4100.8,"
     "native_rand_mibps=1523.4,fold_mibps=4100.8,floor_mibps=507.8125,read_seq_mibps=6675.7,"
     "read_rand_iops=1000000,link_mibps=7515"},
    /* Samsung PM9A3 7.68 TB U.2 (PCIe 4.0 x4, V6 128L TLC, 1.3 DWPD), as
     * heise reported Samsung's figures (no datasheet): sequential read
     * 6500 MB/s, write 3500 MB/s; random read 900,000 IOPS, write 200,000
     * IOPS. */
    {"pm9a3-7.68tb",
     "Samsung PM9A3 7.68 TB U.2, PCIe 4.0 TLC datacenter NVMe, no SLC cache (launch figures)",
     "base=p4500-4tb,capacity_gb=7680,op_pct=14.53,native_seq_mibps=3337.9,"
     "native_rand_mibps=2343.8,fold_mibps=3337.9,floor_mibps=781.25,read_seq_mibps=6198.9,"
     "read_rand_iops=900000,link_mibps=7515"},
    /* KIOXIA CD6-R 15.36 TB (PCIe 4.0 x4, BiCS4 96L TLC, 1 DWPD), KIOXIA's
     * launch figures as the press reported them (no datasheet): sequential
     * read 6200 MB/s, write 4000 MB/s; random read 1,000,000 IOPS, write
     * 85,000 IOPS. */
    {"cd6r-15.36tb",
     "KIOXIA CD6-R 15.36 TB, PCIe 4.0 TLC datacenter NVMe, no SLC cache (launch figures)",
     "base=p4500-4tb,capacity_gb=15360,op_pct=14.53,native_seq_mibps=3814.7,"
     "native_rand_mibps=996.1,fold_mibps=3814.7,floor_mibps=332.03125,read_seq_mibps=5912.8,"
     "read_rand_iops=1000000,link_mibps=7515"},
    /* Samsung PM983 3.84 TB U.2 (PCIe 3.0 x4, V-NAND TLC, 1.3 DWPD),
     * Samsung's datasheet (Rev. 1.0, Jan. 2018): random read "(3.84/1.92TB)
     * Up to 540K IOPS", random write "(3.84/1.92TB) Up to 50K IOPS". Its
     * sequential figures are not in the copy found: the P4500's are kept
     * (modelled, not rated). */
    {"pm983-3.84tb",
     "Samsung PM983 3.84 TB U.2, PCIe 3.0 TLC datacenter NVMe, no SLC cache (datasheet)",
     "base=p4500-4tb,capacity_gb=3840,op_pct=14.53,native_rand_mibps=585.9375,"
     "floor_mibps=195.3125,read_rand_iops=540000"},
    /* Micron P410m 400 GB (SAS 6 Gb/s, 25 nm MLC), Micron's datasheet
     * (Rev. H 03/14), "400GB performance (steady state)": sequential read
     * (64KB) 400 MB/s, write 340 MB/s; random read (4KB) 50,000 IOPS, write
     * 30,000 IOPS. The SAS link: 600 MB/s less framing, as SATA's. */
    {"p410m-400gb", "Micron P410m 400 GB, SAS MLC enterprise SSD, no SLC cache (datasheet)",
     "base=p4500-4tb,capacity_gb=400,op_pct=28,bits=2,native_seq_mibps=324.25,"
     "native_rand_mibps=324.25,fold_mibps=324.25,floor_mibps=117.1875,read_seq_mibps=381.47,"
     "read_rand_iops=50000,link_mibps=560"},
    /* Micron P400m 400 GB (SATA 6 Gb/s, 25 nm MLC), Micron's datasheet,
     * "400GB performance (steady state)": sequential 64KB read 380 MB/s,
     * write 310 MB/s; random 4KB read 60,000 IOPS, write 26,000 IOPS. */
    {"p400m-400gb", "Micron P400m 400 GB, SATA MLC enterprise SSD, no SLC cache (datasheet)",
     "base=p4500-4tb,capacity_gb=400,op_pct=28,bits=2,native_seq_mibps=295.64,"
     "native_rand_mibps=295.64,fold_mibps=295.64,floor_mibps=101.5625,read_seq_mibps=362.4,"
     "read_rand_iops=60000,link_mibps=560"},
    /* A thermal test drive, not a review's: a PCIe 4.0 TLC M.2 drive
     * without a heatsink and without an SLC cache (so the throttle steps
     * are its only drops). Throttling at 80 degrees C composite is where
     * published drives throttle (docs/simulator.md, "Temperature"); the cap
     * holds it just below (78.6 degrees C steady at 2200 MiB/s), so a
     * sustained write runs 3400 MiB/s for about a minute, then 2200. */
    {"hot-nvme-1tb",
     "PCIe 4.0 TLC M.2 1 TB without heatsink, no SLC cache, throttles at 80 C (thermal tests)",
     "capacity_gb=1000,op_pct=9.95,bits=3,slc_type=none,slc_gib=0,"
     "native_seq_mibps=3400,native_rand_mibps=1500,fold_mibps=3400,floor_mibps=300,"
     "gc_gamma=1.5,idle_gc_mibps=200,idle_gc_gib=20,read_seq_mibps=5000,read_rand_iops=700000,"
     "read_lat_us=70,read_lat_slc_us=70,write_lat_us=12,link_mibps=7515,iops_cap=1000000,"
     "mix_penalty=0.12,noise=0.02,noise_direct=0.02,lat_sigma=0.4,"
     "temp_idle_c=40,heat_write_c=18,heat_read_c=8,thermal_tau_s=60,throttle_c=80,"
     "throttle_mibps=2200,throttle2_c=88,throttle2_mibps=1000,throttle_hyst_c=3"},

};
const int ssd__sim_profiles_count = (int)(sizeof ssd__sim_profiles / sizeof ssd__sim_profiles[0]);

/* Keys renamed to say their unit (GiB, not the decimal GB of capacity_gb;
 * MiB/s, not the megabits or decimal MB/s that _mbps reads as):
 * the old names, in specs, profile files and the specs of results already
 * written, still set them. */
static const char *const renamed[][2] = {
    {"slc_gb", "slc_gib"},
    {"gc_settle_gb", "gc_settle_gib"},
    {"idle_gc_gb", "idle_gc_gib"},
    {"slc_seq_mbps", "slc_seq_mibps"},
    {"native_seq_mbps", "native_seq_mibps"},
    {"native_rand_mbps", "native_rand_mibps"},
    {"fold_mbps", "fold_mibps"},
    {"floor_mbps", "floor_mibps"},
    {"flush_mbps", "flush_mibps"},
    {"idle_gc_mbps", "idle_gc_mibps"},
    {"read_seq_mbps", "read_seq_mibps"},
    {"link_mbps", "link_mibps"},
    {"throttle_mbps", "throttle_mibps"},
    {"throttle2_mbps", "throttle2_mibps"},
};

static int find_param(const char *key, size_t keylen) {
    for (size_t r = 0; r < sizeof renamed / sizeof *renamed; r++)
        if (strlen(renamed[r][0]) == keylen && !strncmp(renamed[r][0], key, keylen)) {
            key = renamed[r][1];
            keylen = strlen(key);
        }
    for (int i = 0; i < ssd__sim_param_table_size; i++)
        if (strlen(ssd__sim_param_table[i].name) == keylen &&
            !strncmp(ssd__sim_param_table[i].name, key, keylen))
            return i;
    return -1;
}

static int find_profile(const char *name, size_t len) {
    for (int i = 0; i < ssd__sim_profiles_count; i++)
        if (strlen(ssd__sim_profiles[i].name) == len &&
            !strncmp(ssd__sim_profiles[i].name, name, len))
            return i;
    return -1;
}

static void trim_span(const char **b, const char **e) {
    while (*b < *e && (**b == ' ' || **b == '\t'))
        (*b)++;
    while (*e > *b && ((*e)[-1] == ' ' || (*e)[-1] == '\t' || (*e)[-1] == '\r'))
        (*e)--;
}

/* Sets one key from text [v, ve). `where` prefixes messages ("" or "file:3: "). */
static int set_param(struct ssd__sim_params *p, const char *k, size_t klen, const char *v,
                     size_t vlen, const char *where, char *err, size_t errlen) {
    int i = find_param(k, klen);
    if (i < 0) {
        snprintf(err, errlen, "%sunknown key '%.*s' (ssdcore sim show lists the keys)", where,
                 (int)klen, k);
        return SSD_EINVAL;
    }
    const struct ssd__sim_param_info *pi = &ssd__sim_param_table[i];
    double *field = (double *)((char *)p + pi->offset);
    char val[64];
    if (vlen == 0 || vlen >= sizeof val) {
        snprintf(err, errlen, "%skey %s: missing or overlong value", where, pi->name);
        return SSD_EINVAL;
    }
    memcpy(val, v, vlen);
    val[vlen] = '\0';
    if (pi->choices) {
        for (int c = 0; pi->choices[c]; c++)
            if (!strcmp(pi->choices[c], val)) {
                *field = c;
                return 0;
            }
        snprintf(err, errlen, "%skey %s: '%s' is not one of", where, pi->name, val);
        for (int c = 0; pi->choices[c]; c++) {
            size_t n = strlen(err);
            snprintf(err + n, errlen - n, "%s %s", c ? "," : "", pi->choices[c]);
        }
        return SSD_EINVAL;
    }
    char *end;
    errno = 0;
    double x = strtod(val, &end);
    if (end == val || *end || errno || !isfinite(x)) {
        snprintf(err, errlen, "%skey %s: '%s' is not a number", where, pi->name, val);
        return SSD_EINVAL;
    }
    if (x < pi->min || x > pi->max) {
        snprintf(err, errlen, "%skey %s: %s is out of range [%g, %g]", where, pi->name, val,
                 pi->min, pi->max);
        return SSD_ERANGE;
    }
    if (!strcmp(pi->name, "seed") && x != floor(x)) {
        snprintf(err, errlen, "%skey seed: '%s' is not a whole number", where, val);
        return SSD_EINVAL;
    }
    *field = x;
    return 0;
}

static int apply_list(struct ssd__sim_params *p, const char *list, const char **profile_name,
                      char *err, size_t errlen);

/* Applies built-in profile pi: its settings, after those of the profile
 * its "base=NAME," names (a sibling model: only what differs is written;
 * one level, the base has no base). */
static int apply_profile(struct ssd__sim_params *p, int pi, char *err, size_t errlen) {
    const char *s = ssd__sim_profiles[pi].settings;
    if (!strncmp(s, "base=", 5)) {
        size_t n = strcspn(s + 5, ",");
        int bi = find_profile(s + 5, n);
        if (bi < 0 || !strncmp(ssd__sim_profiles[bi].settings, "base=", 5)) {
            snprintf(err, errlen, "profile %s: base '%.*s' is not a profile without a base",
                     ssd__sim_profiles[pi].name, (int)n, s + 5);
            return SSD_EINVAL;
        }
        int rc = apply_list(p, ssd__sim_profiles[bi].settings, NULL, err, errlen);
        if (rc)
            return rc;
        s += 5 + n;
        s += *s == ',';
    }
    return apply_list(p, s, NULL, err, errlen);
}

static int apply_file(struct ssd__sim_params *p, const char *path, const char **profile_name,
                      char *err, size_t errlen) {
    /* Never blocks in open() on a FIFO; a device or socket is refused. */
    char why[SSD__ERRMSG_SIZE];
    int fd = ssd__open_text(path, 1, NULL, why);
    if (fd < 0) {
        snprintf(err, errlen, "profile file %s", why);
        return fd;
    }
    FILE *f = fdopen(fd, "r");
    if (!f) {
        int e = errno;
        close(fd);
        snprintf(err, errlen, "profile file %s: %s", path, strerror(e));
        return -e;
    }
    char line[512], where[4200];
    int lineno = 0, rc = 0, seen_setting = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        snprintf(where, sizeof where, "profile file %s:%d: ", path, lineno);
        if (!strchr(line, '\n') && !feof(f)) {
            snprintf(err, errlen, "%sline too long", where);
            rc = SSD_EFORMAT;
            break;
        }
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        const char *b = line, *e = line + strcspn(line, "\n");
        trim_span(&b, &e);
        if (b == e)
            continue;
        const char *eq = memchr(b, '=', (size_t)(e - b));
        if (!eq) {
            snprintf(err, errlen, "%sexpected key = value, got '%.*s'", where, (int)(e - b), b);
            rc = SSD_EFORMAT;
            break;
        }
        const char *kb = b, *ke = eq, *vb = eq + 1, *ve = e;
        trim_span(&kb, &ke);
        trim_span(&vb, &ve);
        if ((size_t)(ke - kb) == 4 && !strncmp(kb, "base", 4)) {
            int pi = find_profile(vb, (size_t)(ve - vb));
            if (seen_setting || pi < 0) {
                snprintf(err, errlen, "%skey base: %s", where,
                         seen_setting ? "must come before any other key" : "unknown profile");
                rc = SSD_EINVAL;
                break;
            }
            rc = apply_profile(p, pi, err, errlen);
            if (rc)
                break;
            if (profile_name)
                *profile_name = ssd__sim_profiles[pi].name;
            continue;
        }
        seen_setting = 1;
        rc = set_param(p, kb, (size_t)(ke - kb), vb, (size_t)(ve - vb), where, err, errlen);
        if (rc)
            break;
    }
    if (!rc && ferror(f)) {
        int e = errno ? errno : EIO; /* EISDIR for a directory */
        snprintf(err, errlen, "profile file %s: cannot read: %s", path, strerror(e));
        rc = -e;
    }
    fclose(f);
    return rc;
}

/* Applies "k=v,k=v" (white space around keys and values is trimmed). With
 * profile_name, file=PATH and profile=PATH apply a profile file (which may
 * name its base profile there); built-in strings pass NULL: no files. */
static int apply_list(struct ssd__sim_params *p, const char *list, const char **profile_name,
                      char *err, size_t errlen) {
    const char *s = list;
    while (*s) {
        const char *e = s + strcspn(s, ",");
        const char *eq = memchr(s, '=', (size_t)(e - s));
        if (!eq) {
            snprintf(err, errlen, "expected key=value, got '%.*s'", (int)(e - s), s);
            return SSD_EINVAL;
        }
        const char *kb = s, *ke = eq, *vb = eq + 1, *ve = e;
        trim_span(&kb, &ke);
        trim_span(&vb, &ve);
        size_t klen = (size_t)(ke - kb), vlen = (size_t)(ve - vb);
        int rc;
        if (profile_name &&
            ((klen == 4 && !strncmp(kb, "file", 4)) || (klen == 7 && !strncmp(kb, "profile", 7)))) {
            char path[4096];
            if (vlen == 0 || vlen >= sizeof path) {
                snprintf(err, errlen, "key %.*s: missing or overlong path", (int)klen, kb);
                return SSD_EINVAL;
            }
            memcpy(path, vb, vlen);
            path[vlen] = '\0';
            rc = apply_file(p, path, profile_name, err, errlen);
        } else {
            rc = set_param(p, kb, klen, vb, vlen, "", err, errlen);
        }
        if (rc)
            return rc;
        s = *e ? e + 1 : e;
    }
    return 0;
}

/* Cross-parameter checks (e.g. the reserve must fit inside the spare area). */
static int validate(const struct ssd__sim_params *p, char *err, size_t errlen) {
    double user = (double)ssd__sim_user_bytes(p), raw = ssd__sim_raw_bytes(p);
    double static_raw =
        (int)p->slc_type == SSD__SLC_STATIC ? p->slc_gb * 1073741824.0 * p->bits : 0;
    if ((int)p->slc_type != SSD__SLC_NONE && p->slc_gb <= 0) {
        snprintf(err, errlen, "key slc_gib: must be > 0 with slc_type=%s",
                 slc_names[(int)p->slc_type]);
        return SSD_ERANGE;
    }
    if ((int)p->slc_type == SSD__SLC_DYNAMIC && p->bits * p->slc_wa <= 1) {
        snprintf(err, errlen,
                 "key bits: a dynamic SLC cache needs bits * slc_wa > 1 (folding must free "
                 "space), got bits=%g",
                 p->bits);
        return SSD_ERANGE;
    }
    if (static_raw >= raw - user) {
        snprintf(err, errlen,
                 "key slc_gib: a %g GiB static cache needs more spare flash than op_pct=%g gives",
                 p->slc_gb, p->op_pct);
        return SSD_ERANGE;
    }
    if (raw * p->reserve_pct / 100.0 >= raw - static_raw - user) {
        snprintf(err, errlen,
                 "key reserve_pct: %g %% of raw flash does not fit in the spare area "
                 "(op_pct=%g leaves %.2f %%)",
                 p->reserve_pct, p->op_pct, 100.0 * (raw - static_raw - user) / raw);
        return SSD_ERANGE;
    }
    if (p->floor_mbps > p->native_rand_mbps) {
        snprintf(err, errlen, "key floor_mibps: %g is above native_rand_mibps (%g)", p->floor_mbps,
                 p->native_rand_mbps);
        return SSD_ERANGE;
    }
    if (p->throttle2_c > 0 && !(p->throttle_c > 0 && p->throttle2_c > p->throttle_c)) {
        snprintf(err, errlen,
                 "key throttle2_c: the heavy step (%g C) needs a light one below it "
                 "(throttle_c=%g)",
                 p->throttle2_c, p->throttle_c);
        return SSD_ERANGE;
    }
    return 0;
}

int ssd__sim_resolve(const char *spec, struct ssd__sim_params *p, const char **profile_name,
                     char *err, size_t errlen) {
    memset(p, 0, sizeof *p);
    int rc = apply_list(p, defaults, NULL, err, errlen);
    if (rc)
        return rc;
    const char *s = spec ? spec : "";
    const char *first_end = s + strcspn(s, ",");
    const char *name = "bx200";
    size_t name_len = strlen(name);
    if (!memchr(s, '=', (size_t)(first_end - s)) && first_end > s) {
        name = s;
        name_len = (size_t)(first_end - s);
        s = *first_end ? first_end + 1 : first_end;
    } else if (first_end == s && *s == ',') {
        s++;
    } else if (memchr(s, '=', (size_t)(first_end - s))) {
        name = NULL; /* starts with settings: the defaults, unless a file says base= */
    }
    if (name) {
        const char *nb = name, *ne = name + name_len;
        trim_span(&nb, &ne);
        name = ne > nb ? nb : "bx200";
        name_len = ne > nb ? (size_t)(ne - nb) : strlen(name);
        int pi = find_profile(name, name_len);
        if (pi < 0) {
            snprintf(err, errlen, "unknown profile '%.*s' (ssdcore sim list shows them)",
                     (int)name_len, name);
            return SSD_EINVAL;
        }
        rc = apply_profile(p, pi, err, errlen);
        if (rc)
            return rc;
        *profile_name = ssd__sim_profiles[pi].name;
    } else {
        *profile_name = "custom";
    }
    rc = apply_list(p, s, profile_name, err, errlen);
    if (rc)
        return rc;
    return validate(p, err, errlen);
}

uint64_t ssd__sim_user_bytes(const struct ssd__sim_params *p) {
    /* IDEMA LBA1-03: 97,696,368 sectors for 50 GB plus 1,953,504 per GB
     * above; below 50 GB the plain decimal size. 240 GB -> 240,057,409,536. */
    double gb = floor(p->capacity_gb);
    if (gb < 50)
        return (uint64_t)(p->capacity_gb * 1e9) / 4096 * 4096;
    uint64_t sectors = 97696368ull + 1953504ull * (uint64_t)(gb - 50);
    return sectors * 512ull / 4096 * 4096;
}

double ssd__sim_raw_bytes(const struct ssd__sim_params *p) {
    return (double)ssd__sim_user_bytes(p) * (1.0 + p->op_pct / 100.0);
}

double ssd__sim_cache_effective_bytes(const struct ssd__sim_params *p) {
    if ((int)p->slc_type == SSD__SLC_NONE)
        return 0;
    double eff = p->slc_gb * 1073741824.0 / p->slc_wa;
    if ((int)p->slc_type == SSD__SLC_DYNAMIC) {
        double raw = ssd__sim_raw_bytes(p);
        double fit = raw * (1 - p->reserve_pct / 100.0) / (p->bits * p->slc_wa);
        if (fit < eff)
            eff = floor(fit);
    }
    return eff;
}

/* Formats a parameter's value the way the parser reads it back. */
static void format_param(const struct ssd__sim_params *p, int i, char *buf, size_t len) {
    const struct ssd__sim_param_info *pi = &ssd__sim_param_table[i];
    double v = *(const double *)((const char *)p + pi->offset);
    if (pi->choices)
        snprintf(buf, len, "%s", pi->choices[(int)v]);
    else
        snprintf(buf, len, "%.15g", v);
}

size_t ssd_sim_profile_count(void) {
    return (size_t)ssd__sim_profiles_count;
}

const char *ssd_sim_profile_name(size_t i) {
    return i < ssd_sim_profile_count() ? ssd__sim_profiles[i].name : NULL;
}

const char *ssd_sim_profile_describe(size_t i) {
    return i < ssd_sim_profile_count() ? ssd__sim_profiles[i].describe : NULL;
}

size_t ssd_sim_param_count(void) {
    return (size_t)ssd__sim_param_table_size;
}

const char *ssd_sim_param_name(size_t i) {
    return i < ssd_sim_param_count() ? ssd__sim_param_table[i].name : NULL;
}

const char *ssd_sim_param_describe(size_t i) {
    return i < ssd_sim_param_count() ? ssd__sim_param_table[i].describe : NULL;
}

int ssd_sim_profile_value(const char *spec, const char *key, char *buf, size_t len) {
    struct ssd__sim_params p;
    const char *name;
    char msg[256];
    int rc = ssd__sim_resolve(spec, &p, &name, msg, sizeof msg);
    if (rc)
        return rc;
    int i = key ? find_param(key, strlen(key)) : -1;
    double derived = 0;
    if ((i < 0 && ssd__sim_derived(&p, key, &derived)) || !buf)
        return SSD_EINVAL;
    char text[64];
    if (i >= 0)
        format_param(&p, i, text, sizeof text);
    else /* a derived figure, a whole number: every digit */
        snprintf(text, sizeof text, "%.0f", derived);
    if (strlen(text) >= len)
        return SSD_ERANGE;
    memcpy(buf, text, strlen(text) + 1);
    return 0;
}
