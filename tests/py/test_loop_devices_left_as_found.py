"""The loop devices a test gives back are the machine's, and the next
`losetup --find` (another xdist worker's, often at once) takes the same
one: a device the test made refuse discard must offer discard again to the
next user. Setting queue/discard_max_bytes to 0 did not (the limit
outlived the detach), and a parallel worker's FITRIM on a fresh ext4 then
failed with EOPNOTSUPP (test_trim_reaches_the_drive, once in a CI run).
Needs root and losetup; skips with the reason otherwise."""
import os

import pytest

from loop_devices import loop_device_without_discard, sh


def discard_max_bytes(dev):
    with open(f"/sys/block/{os.path.basename(dev)}/queue/discard_max_bytes") as f:
        return int(f.read())


def test_a_device_that_refused_discard_offers_it_to_its_next_user(workdir):
    img = workdir / "next.img"
    with open(img, "wb") as f:
        f.truncate(8 << 20)
    for i in range(5):
        (workdir / f"try{i}").mkdir()
        with loop_device_without_discard(workdir / f"try{i}", 8) as dev:
            assert discard_max_bytes(dev) == 0
        # The same device, at once, over a file that can be punched.
        r = sh("losetup", dev, img, check=False)
        if r.returncode == 0:
            break  # else another process took it first: try again
    else:
        pytest.skip("the loop device was taken by another process each time")
    try:
        assert discard_max_bytes(dev) > 0, f"{dev} still refuses discard, given back"
    finally:
        sh("losetup", "-d", dev, check=False)
