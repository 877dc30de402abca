"""Drive identity from sysfs (a fake tree through SSD_SYSFS_ROOT, since the
test machine's disks are virtual), its place in results.json, and the
temperature around each step."""
import hashlib
import json
import os
import subprocess

import pytest

import ssdcore


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text + "\n")


def fake_nvme(root, dev, partition=False):
    """/sys as an NVMe drive on PCIe 4.0 x4 with a hwmon sensor would show
    it, with the block device `dev` (major, minor) in it."""
    pci = root / "devices/pci0000:00/0000:00:01.0"
    ctrl = pci / "nvme/nvme0"
    ns = ctrl / "nvme0n1"
    write(ctrl / "model", "Team MP44L 1TB                          ")
    write(ctrl / "serial", "TPBF2207080020101623")
    write(ctrl / "firmware_rev", "VC0S036G")
    write(ctrl / "hwmon1/temp1_input", "41850")
    os.symlink("../../../0000:00:01.0", ctrl / "device")  # its PCI function
    write(pci / "current_link_speed", "16.0 GT/s PCIe")
    write(pci / "current_link_width", "4")
    write(ns / "size", "1953525168")
    write(ns / "queue/logical_block_size", "512")
    write(ns / "queue/physical_block_size", "4096")
    write(ns / "queue/rotational", "0")
    os.symlink("..", ns / "device")
    target = ns
    if partition:
        write(ns / "nvme0n1p2/partition", "2")
        target = ns / "nvme0n1p2"
    (root / "dev/block").mkdir(parents=True)
    os.symlink(os.path.relpath(target, root / "dev/block"),
               root / f"dev/block/{os.major(dev)}:{os.minor(dev)}")


def fake_sata(root, dev):
    host = root / "devices/pci0000:00/0000:00:1f.2/ata3/host2/target2:0:0/2:0:0:0"
    sda = host / "block/sda"
    write(host / "model", "CT240BX200SSD1")
    write(host / "vendor", "ATA")
    write(host / "rev", "MU02")
    write(host / "hwmon/hwmon3/temp1_input", "35000")
    write(sda / "size", "468862128")
    write(sda / "queue/logical_block_size", "512")
    write(sda / "queue/physical_block_size", "512")
    write(sda / "queue/rotational", "0")
    os.symlink("../../../2:0:0:0", sda / "device")
    write(root / "class/ata_link/link3/sata_spd", "6.0 Gbps")
    (root / "dev/block").mkdir(parents=True)
    os.symlink(os.path.relpath(sda, root / "dev/block"),
               root / f"dev/block/{os.major(dev)}:{os.minor(dev)}")


@pytest.fixture
def afile(tmp_path):
    f = tmp_path / "t.bin"
    f.write_bytes(b"\0" * 4096)
    return f


def test_nvme_identity_through_a_partition(afile, tmp_path, monkeypatch):
    fake_nvme(tmp_path / "sys", os.stat(afile).st_dev, partition=True)
    monkeypatch.setenv("SSD_SYSFS_ROOT", str(tmp_path / "sys"))
    d = ssdcore.drive.identity(afile)
    assert d["source"] == "sysfs" and d["via"] == "file"
    assert d["device"] == "nvme0n1" and d["partition"] == "nvme0n1p2"
    assert d["model"] == "Team MP44L 1TB" and d["serial"] == "TPBF2207080020101623"
    assert d["firmware"] == "VC0S036G" and d["serial_hashed"] is False
    assert d["capacity_bytes"] == 1953525168 * 512
    assert (d["logical_sector_bytes"], d["physical_sector_bytes"]) == (512, 4096)
    assert d["rotational"] is False and d["transport"] == "nvme"
    assert d["link"] == "PCIe 4.0 x4 (16.0 GT/s PCIe)"
    assert d["temperature_c"] == pytest.approx(41.85)
    assert ssdcore.drive.temperature(afile) == pytest.approx(41.85)


def test_serial_hashed_for_privacy(afile, tmp_path, monkeypatch, cli):
    fake_nvme(tmp_path / "sys", os.stat(afile).st_dev)
    monkeypatch.setenv("SSD_SYSFS_ROOT", str(tmp_path / "sys"))
    want = "sha256:" + hashlib.sha256(b"TPBF2207080020101623").hexdigest()[:16]
    assert ssdcore.drive.identity(afile, hash_serial=True)["serial"] == want
    r = subprocess.run([cli, "identity", str(afile), "--hash-serial", "--json"], capture_output=True,
                       text=True)
    assert r.returncode == 0 and json.loads(r.stdout)["serial"] == want
    assert "TPBF" not in r.stdout


def test_sata_identity_and_link(afile, tmp_path, monkeypatch):
    fake_sata(tmp_path / "sys", os.stat(afile).st_dev)
    monkeypatch.setenv("SSD_SYSFS_ROOT", str(tmp_path / "sys"))
    d = ssdcore.drive.identity(afile)
    assert d["model"] == "CT240BX200SSD1" and d["vendor"] == "ATA" and d["firmware"] == "MU02"
    assert d["transport"] == "sata" and d["link"] == "SATA 6.0 Gbps"
    assert d["temperature_c"] == 35.0 and d["serial"] is None


def test_unknown_is_null_never_a_failure(afile, tmp_path, monkeypatch, cli):
    monkeypatch.setenv("SSD_SYSFS_ROOT", str(tmp_path / "empty"))
    d = ssdcore.drive.identity(afile)
    assert d["source"] is None and d["model"] is None and d["temperature_c"] is None
    assert ssdcore.drive.temperature(afile) is None
    s = ssdcore.drive.identity("sim:bx200,slc_gb=6")
    assert s["source"] == "sim" and s["profile"] == "bx200" and s["model"] == "sim:bx200,slc_gb=6"
    with pytest.raises(ssdcore.Error) as e:
        ssdcore.drive.identity(tmp_path / "nosuch")
    assert e.value.name == "ENOENT"
    r = subprocess.run([cli, "identity", str(tmp_path / "nosuch")], capture_output=True,
                       text=True)
    # In the words health, trim and the other commands use for a missing
    # target (it said strerror's "No such file or directory").
    assert r.returncode == 1 and r.stderr.endswith("nosuch: no such file\n"), r.stderr
    assert "nosuch: no such file" in str(e.value)


def test_a_sim_drive_has_its_user_capacity_in_bytes():
    """identity("sim:...") had no capacity_bytes (None in Python), though
    the library knows the profile's user capacity, as a real drive's
    identity has its size."""
    d = ssdcore.drive.identity("sim:bx200")
    assert d.capacity_bytes == d["capacity_bytes"] == ssdcore.sim.profile("bx200").user_bytes
    assert type(d.capacity_bytes) is int and d.capacity_bytes > 200e9
    big = ssdcore.drive.identity("sim:bx200,capacity_gb=480")
    assert big.capacity_bytes == ssdcore.sim.profile("bx200,capacity_gb=480").user_bytes
    assert big.capacity_bytes > 1.9 * d.capacity_bytes
    assert str(d.to_frame()["capacity_bytes"].dtype) == "Int64"


def test_results_json_records_the_drive_and_step_temperatures(tmp_path, monkeypatch):
    target = tmp_path / "t.bin"
    fake_nvme(tmp_path / "sys", os.stat(tmp_path).st_dev)
    monkeypatch.setenv("SSD_SYSFS_ROOT", str(tmp_path / "sys"))
    (tmp_path / "s.suite").write_text("job name=w pattern=randwrite bs=4k qd=1 time=0.2s\n")
    r = ssdcore.suite(str(target), tmp_path / "out", suite_file=tmp_path / "s.suite",
                      size="16m", hash_serial=True)
    drive = r["target"]["drive"]
    assert drive["model"] == "Team MP44L 1TB" and drive["serial"].startswith("sha256:")
    step = r["steps"][0]
    assert step["temp_c_before"] == pytest.approx(41.85)
    assert step["temp_c_after"] == pytest.approx(41.85)
    # loaded back, the report keeps it and the compare label is the model
    # with its firmware (the model says its capacity already)
    again = ssdcore.report(tmp_path / "out")
    assert again["target"]["drive"] == drive
    html = (tmp_path / "out" / "report.html").read_text()
    assert "Team MP44L 1TB" in html
    doc = dict(ssdcore.compare([tmp_path / "out"]))
    assert doc["drives"][0]["label"] == "Team MP44L 1TB, firmware VC0S036G"
    assert doc["drives"][0]["target"]["drive"] == drive


def test_identity_text_omits_unknowns_and_a_sim_has_its_health_temperature(cli):
    """`ssdcore identity sim:bx200` printed "serial: null" and
    "temperature_c: null" while `health` reported 35 C; `sim truth` on a
    fresh drive said write amplification 0 where nothing was written."""
    run = lambda *a: subprocess.run([cli, *a], capture_output=True, text=True, check=True).stdout
    text = run("identity", "sim:bx200")
    assert "null" not in text and "serial:" not in text
    health = json.loads(run("health", "sim:bx200", "--json"))
    ident = json.loads(run("identity", "sim:bx200", "--json"))
    assert ident["temperature_c"] == health["temperature_c"] == 35
    assert f"temperature_c: {health['temperature_c']}\n" in text
    assert ident["serial"] is None  # the JSON keeps its null
    truth = json.loads(run("sim", "truth", "sim:bx200", "--json"))
    assert truth["write_amplification"] is None and truth["host_written_bytes"] == 0
    assert "write_amplification" not in run("sim", "truth", "sim:bx200")


def test_text_leaves_out_serial_hashed_when_there_is_no_serial(cli):
    """The text has no line for a null serial; 'serial_hashed: false' about
    it named what is not there. --json keeps both (the schema)."""
    r = subprocess.run([cli, "identity", "sim:bx200"], capture_output=True, text=True)
    assert r.returncode == 0 and "serial" not in r.stdout, r.stdout
    assert "profile: bx200\ncapacity_bytes: " in r.stdout, r.stdout
    r = subprocess.run([cli, "identity", "sim:bx200", "--json"], capture_output=True, text=True)
    d = json.loads(r.stdout)
    assert d["serial"] is None and d["serial_hashed"] is False


def test_text_keeps_serial_hashed_with_a_serial(afile, tmp_path, monkeypatch, cli):
    fake_nvme(tmp_path / "sys", os.stat(afile).st_dev)
    monkeypatch.setenv("SSD_SYSFS_ROOT", str(tmp_path / "sys"))
    r = subprocess.run([cli, "identity", str(afile), "--hash-serial"], capture_output=True,
                       text=True)
    assert r.returncode == 0 and "\nserial_hashed: true\n" in r.stdout, r.stdout
