"""A replay stops when asked (issue #26): Ctrl-C reaches a Python replay
that waits for recorded issue times, and a replay stopped while waiting for
its last I/O says it was interrupted instead of complete."""
import json
import signal
import subprocess
import sys
import textwrap
import time

# Two reads 30 s apart: an as-recorded replay spends its time waiting for
# the last one.
TRACE = "# ssdcore-trace 1\nt_s,op,offset,length\n0,R,0,4096\n30,R,8192,4096\n"


def _wait_for(p, text, timeout=20):
    end = time.monotonic() + timeout
    line = ""
    while time.monotonic() < end:
        line = p.stdout.readline()
        if text in line:
            return
    raise AssertionError(f"never printed {text!r} (last: {line!r})")


def test_python_replay_as_recorded_takes_ctrl_c(tmp_path, build_dir):
    (tmp_path / "t.csv").write_text(TRACE)
    script = textwrap.dedent(f"""
        import json, sys, threading, ssdcore
        t = ssdcore.Target({str(tmp_path / 'f.bin')!r}, size="1m")
        threading.Timer(0.3, lambda: print("waiting", flush=True)).start()
        try:
            ssdcore.replay({str(tmp_path / 't.csv')!r}, t, timing="as-recorded")
            print("finished", flush=True)
        except KeyboardInterrupt as e:
            print("stopped", json.dumps(e.results), flush=True)
    """)
    p = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    try:
        _wait_for(p, "waiting")
        time.sleep(0.5)
        t0 = time.monotonic()
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=10)
    finally:
        p.kill()
    assert time.monotonic() - t0 < 5
    assert out.startswith("stopped"), out + err
    res = json.loads(out.split(" ", 1)[1])
    assert res["interrupted"] is True and res["ios"] == 1


def test_cli_replay_stopped_before_its_last_io_says_interrupted(cli, tmp_path):
    (tmp_path / "t.csv").write_text(TRACE)
    f = tmp_path / "f.bin"
    f.write_bytes(b"\0" * (1 << 20))
    p = subprocess.Popen([cli, "replay", str(tmp_path / "t.csv"), "--target", str(f),
                          "--timing", "as-recorded", "--json"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(1.0)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=10)
    finally:
        p.kill()
    assert p.returncode != 0, out
    res = json.loads(out)
    assert res["interrupted"] is True and res["ios"] == 1, out
    assert "interrupted" in err
