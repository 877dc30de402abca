"""The single-run report names the drive as the compare does (the profile's
"Crucial BX200 240 GB", not "sim:bx200"), and draws the temperature only
when it tells something: a drive that held within a few degrees gets no red
line across its write curve that a reader would take for a level."""
import re
import shutil
import subprocess


def test_report_title_and_drive_line_name_the_model(sim_runs):
    html = (sim_runs.path("sim:bx200", "lab2016") / "report.html").read_text()
    assert "<h1>lab2016 on Crucial BX200 240 GB</h1>" in html
    assert "<title>ssdcore: lab2016 on Crucial BX200 240 GB</title>" in html
    drive = re.search(r"<th>drive</th><td>([^<]*)", html).group(1)
    assert drive.startswith("Crucial BX200 240 GB") and "sim:bx200" not in drive


def test_a_flat_temperature_is_not_drawn_a_throttle_is(sim_runs, cli, tmp_path):
    html = (sim_runs.path("sim:bx200", "lab2016") / "report.html").read_text()
    csv = (sim_runs.path("sim:bx200", "lab2016") / "degradation.csv").read_text()
    temps = [float(x) for x in re.findall(r",([0-9.]+)\n", csv.split("\n", 3)[3])[:50]]
    assert ",temp_c" in csv.split("\n", 3)[2]  # the column is there...
    assert "temp-axis" not in html  # ...but a flat 35 °C is not drawn
    assert temps and max(temps) - min(temps) < 3
    out = tmp_path / "hot"
    r = subprocess.run([str(cli), "suite", "sim:hot-nvme-1tb", "--suite", "thermal", "--scale",
                        "0.2", "--out", str(out), "--no-progress"], capture_output=True, text=True)
    if r.returncode != 0 or not (out / "report.html").exists():
        shutil.rmtree(out, ignore_errors=True)
        raise AssertionError(r.stderr)
    assert "temp-axis" in (out / "report.html").read_text()


def test_a_sim_variant_of_another_capacity_is_not_named_with_the_profiles(cli, tmp_path):
    """sim:mp44l-1tb,capacity_gb=512 is a 512 GB drive: the title said
    "Team MP44L 1 TB", the profile's capacity. A variant of the profile's
    own capacity keeps the profile's name."""
    suite = tmp_path / "w.suite"
    suite.write_text("job name=w pattern=write bs=128k qd=32 bytes=256m\n")
    for spec, name in (("sim:mp44l-1tb,capacity_gb=512,slc_gb=60", "Team MP44L 512 GB (sim variant)"),
                       ("sim:ssd370,capacity_gb=2000", "Transcend SSD370 2 TB (sim variant)"),
                       ("sim:bx200,slc_gb=6", "Crucial BX200 240 GB")):
        out = tmp_path / spec.replace(":", "_").replace(",", "_")
        subprocess.run([str(cli), "suite", spec, "--suite-file", str(suite), "--out", str(out),
                        "--no-progress"], check=True, capture_output=True)
        html = (out / "report.html").read_text()
        h1 = re.search(r"<h1>([^<]*)</h1>", html).group(1)
        assert h1.endswith(" on " + name), (spec, h1)
