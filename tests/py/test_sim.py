"""The simulator from Python and the CLI: profiles, ground truth, errors."""
import json
import subprocess

import pytest

import ssdcore

PROFILES = ["bx200", "ssd370", "ssd370-1tb", "as510s", "vector180", "mp44l-1tb", "s660-2tb",
            "ct100-2tb", "p4500-4tb", "p5500-7.68tb", "pm9a3-7.68tb", "cd6r-15.36tb",
            "pm983-3.84tb", "p410m-400gb", "p400m-400gb", "hot-nvme-1tb"]


def test_sim_profiles_lists_every_profile_with_parameters():
    profiles = ssdcore.sim.profiles()
    assert [p["name"] for p in profiles] == PROFILES
    for p in profiles:
        # Where the figures come from: a seed review, the maker's datasheet,
        # Lenovo's product guide or launch figures (docs/simulator.md).
        assert any(w in p["description"] for w in ("seed 00", "(datasheet)",
                                                   "(Lenovo product guide)", "(launch figures)",
                                                   "thermal tests"))
        assert p["params"]["capacity_gb"] > 0
        assert p["derived"]["raw_bytes"] > p["derived"]["user_bytes"]
    bx = profiles[0]
    assert bx["params"]["slc_type"] == "static"
    assert bx["derived"]["cache_nominal_bytes"] == 3 * 2**30
    assert bx["derived"]["cache_effective_bytes"] == 2 * 2**30


def test_sim_profile_applies_overrides():
    p = ssdcore.sim.profile("sim:bx200,slc_gib=6,noise=0,seed=7")
    assert p["params"]["slc_gib"] == 6 and p["params"]["noise"] == 0 and p["params"]["seed"] == 7
    assert p["derived"]["cache_effective_bytes"] == 4 * 2**30


def test_gib_keys_say_gib_and_the_old_gb_names_still_set_them():
    """slc_gb, gc_settle_gb and idle_gc_gb were GiB though named like the
    decimal capacity_gb: renamed _gib; older specs still open the same."""
    new = ssdcore.sim.profile("sim:ssd370,slc_type=static,slc_gib=2,gc_settle_gib=5,"
                              "idle_gc_gib=1.5")
    old = ssdcore.sim.profile("sim:ssd370,slc_type=static,slc_gb=2,gc_settle_gb=5,"
                              "idle_gc_gb=1.5")
    assert new == old
    params = new["params"]
    assert (params["slc_gib"], params["gc_settle_gib"], params["idle_gc_gib"]) == (2, 5, 1.5)
    assert not [k for k in params if k.endswith("_gb") and k != "capacity_gb"]
    assert new["derived"]["cache_nominal_bytes"] == 2 * 2**30


MIBPS_KEYS = ["slc_seq", "native_seq", "native_rand", "fold", "floor", "flush", "idle_gc",
              "read_seq", "link", "throttle", "throttle2"]


def test_mibps_keys_say_mibps_and_the_old_mbps_names_still_set_them():
    """The *_mbps keys were MiB/s (the model multiplies them by 2^20), a
    unit _mbps does not say (megabits? decimal MB/s?): renamed *_mibps;
    older specs, profile files and the seeds' specs still open the same
    drive, and sim show, sim_profile and results print the new names."""
    vals = {k: 500 - 10 * i for i, k in enumerate(MIBPS_KEYS)}  # floor below native_rand
    new = ssdcore.sim.profile("sim:vector180," + ",".join(f"{k}_mibps={v}" for k, v in vals.items()))
    old = ssdcore.sim.profile("sim:vector180," + ",".join(f"{k}_mbps={v}" for k, v in vals.items()))
    assert new == old
    params = new["params"]
    assert {k: params[f"{k}_mibps"] for k in MIBPS_KEYS} == vals
    assert not [k for k in params if k.endswith("_mbps")]
    # MiB/s, as the name says: 4K writes at the floor are floor_mibps * 256 IOPS.
    d = ssdcore.sim.profile("sim:ssd370")
    assert d["derived"]["floor_iops"] == round(d["params"]["floor_mibps"] * 2 ** 20 / 4096)


def test_bad_spec_raises_naming_the_key():
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.sim.profile("bx200,slc_wa=0")
    assert e.value.name == "SSD_ERANGE" and "slc_wa" in str(e.value)
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.SimTarget("sim:bx200,bogus_key=1")
    assert e.value.name == "SSD_EINVAL" and "bogus_key" in e.value.detail


def test_truth_dict_tracks_idle_and_trim():
    with ssdcore.SimTarget("sim:ssd370,precondition=random_fill") as t:
        truth = ssdcore.sim.truth(t)
        assert truth["profile"] == "ssd370"
        assert truth["dirty"] == 1 and truth["cache_full_at_bytes"] is None
        t.idle(900)
        assert t.truth("virtual_time_s") == 900
        assert t.truth("last_idle_recovered_bytes") == pytest.approx(2.7 * 2**30, rel=0.01)
        t.trim()
        assert t.truth("mapped_bytes") == 0
        assert t.truth("gc_efficiency") == 1


def test_truth_errors_are_exceptions():
    t = ssdcore.SimTarget("ssd370")
    with pytest.raises(ssdcore.Error) as e:
        t.truth("cache_full_at_bytes")
    assert e.value.name == "SSD_ENODATA"
    with pytest.raises(ssdcore.Error) as e:
        t.truth("nonsense")
    assert "nonsense" in e.value.detail
    t.close()
    t.close()  # idempotent
    with pytest.raises(ValueError):
        ssdcore.sim.truth(t)


def test_cli_sim_list_shows_profiles_and_key_figures(cli):
    out = subprocess.run([cli, "sim", "list"], capture_output=True, text=True, check=True).stdout
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["profile", "capacity", "cache"]
    rows = {ln.split()[0]: ln.split() for ln in lines[2:]}
    assert list(rows) == PROFILES
    assert rows["bx200"][1:5] == ["240", "static", "3.0", "2.0"]
    assert rows["ssd370"][7] == "1800"
    # The effective cache is the profile's derived figure, read by key (it was
    # found in the JSON text with strstr, and read 0 once the text was compact).
    for p in ssdcore.sim.profiles():
        eff = p["derived"]["cache_effective_bytes"] / 2 ** 30
        assert rows[p["name"]][4] == f"{eff:.1f}"


def test_cli_sim_show_output_is_a_loadable_profile_file(cli, tmp_path):
    out = subprocess.run([cli, "sim", "show", "vector180,seed=5"], capture_output=True,
                         text=True, check=True).stdout
    assert "slc_gib           = 120" in out
    assert "floor_mibps" in out and "_mbps" not in out
    path = tmp_path / "v.ini"
    path.write_text(out)
    assert ssdcore.sim.profile(f"file={path}")["params"] == \
        ssdcore.sim.profile("vector180,seed=5")["params"]
    js = subprocess.run([cli, "sim", "show", "--json", "bx200"], capture_output=True,
                        text=True, check=True).stdout
    assert json.loads(js)["name"] == "bx200"
    assert js.startswith('{"name":"bx200",')  # compact, as every --json


def test_cli_sim_errors_name_the_key_and_print_nothing_on_stdout(cli):
    # usage errors (2), as every command's unknown profile (exit 1 before round 21)
    r = subprocess.run([cli, "sim", "show", "bx200,slc_wa=0"], capture_output=True, text=True)
    assert r.returncode == 2 and r.stdout == "" and "key slc_wa" in r.stderr
    r = subprocess.run([cli, "sim", "truth", "sim:nosuch"], capture_output=True, text=True)
    assert r.returncode == 2 and "unknown profile 'nosuch'" in r.stderr
    r = subprocess.run([cli, "sim", "frob"], capture_output=True, text=True)
    assert r.returncode == 2


def test_cli_sim_truth_after_idle(cli):
    out = subprocess.run([cli, "sim", "truth", "sim:as510s,precondition=random_fill", "--idle", "15m",
                          "--json"],
                         capture_output=True, text=True, check=True).stdout
    truth = json.loads(out)
    assert truth["virtual_time_s"] == 900
    assert truth["last_idle_recovered_bytes"] == pytest.approx(1.4 * 2**30, rel=0.01)


def test_truth_says_its_counters_count_since_open_and_what_the_past_wrote(cli):
    """`sim truth "sim:bx200,precondition=seq_fill"` said host_written_bytes 0
    where a Target preconditioned after open said 480 GB, with nothing to
    tell the two apart (round 24's audit). The counters count since open
    (counters_since); the URI's past is written_before_bytes and
    precondition, as the analysis context of a job run then records them."""
    def truth(uri):
        p = subprocess.run([cli, "sim", "truth", uri, "--json"], capture_output=True, text=True,
                           check=True)
        return json.loads(p.stdout)

    full = truth("sim:bx200,precondition=seq_fill")
    ctx = ssdcore.job("sim:bx200,precondition=seq_fill", pattern="randwrite",
                      time="2s").analysis_context
    assert full["host_written_bytes"] == 0 and full["counters_since"] == "open"
    assert (full["written_before_bytes"], full["precondition"]) \
        == (ctx["written_before_bytes"], ctx["precondition"]) == (240057409536, "seq_fill")
    fresh = truth("sim:bx200")
    assert (fresh["written_before_bytes"], fresh["precondition"]) == (0, "none")
    dirty = truth("sim:bx200,precondition=random_fill")
    assert (dirty["written_before_bytes"], dirty["precondition"]) == (2 * 240057409536,
                                                                     "random_fill")
    unknown = truth("sim:bx200,precondition=random_fill,past=unknown")
    assert (unknown["written_before_bytes"], unknown["precondition"]) == (None, "unknown")
    # a precondition run after open is counted by both
    t = ssdcore.SimTarget("sim:bx200")
    ssdcore.precondition(t, "seq_fill")
    d = t.truth()
    assert d["host_written_bytes"] == d["written_before_bytes"] == 480114900992
    assert d["precondition"] == "seq_fill"
    assert (d.written_before_bytes, d.precondition) == (480114900992, "seq_fill")
    t.close()
    text = subprocess.run([cli, "sim", "truth", "sim:bx200,precondition=seq_fill"],
                          capture_output=True, text=True, check=True).stdout
    assert "counters_since: open\n" in text and "precondition: seq_fill\n" in text
    assert "written_before_bytes: 223.57 GiB (240057409536 bytes)\n" in text
    helptext = subprocess.run([cli, "sim", "truth", "--help"], capture_output=True,
                              text=True).stdout
    assert "since the target\nwas opened" in helptext and "written_before_bytes" in helptext
