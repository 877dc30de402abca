"""A replay's series log names its target in JSON metadata that any reader
parses, whatever the path holds: replay hand-built that line and put a
target path with a quote or a backslash into it unescaped (issue #22)."""
import ssdcore


def test_replay_log_metadata_survives_a_quote_and_backslash_in_the_target(tmp_path):
    d = tmp_path / 'od"d\\dir'
    d.mkdir()
    target = d / 'f"\\.bin'
    log = tmp_path / "r.csv"
    tr = ssdcore.Trace()
    for i in range(8):
        tr.add(i * 1e-3, "W", i * 4096, 4096)
    ssdcore.replay(tr, str(target), size="1m", log=str(log))
    meta = ssdcore.Series.open(str(log)).metadata
    assert meta["target"] == str(target)
    assert meta["pattern"] == "replay" and meta["capacity_bytes"] == 1 << 20
