"""Helpers shared by the fileops tests: tree snapshots and a scratch area on
the real disk (tmp_path may be a tmpfs elsewhere)."""
import hashlib
import os
import stat


def snapshot(root, with_atime=False):
    """{relpath: (type, mode, size, mtime_ns, sha256 or link target)}."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = os.path.join(dirpath, name)
            rel = os.path.relpath(p, root)
            st = os.lstat(p)
            if stat.S_ISREG(st.st_mode):
                with open(p, "rb") as f:
                    digest = hashlib.sha256(f.read()).hexdigest()
                out[rel] = ("f", st.st_mode, st.st_size, st.st_mtime_ns, digest)
            elif stat.S_ISLNK(st.st_mode):
                out[rel] = ("l", None, None, st.st_mtime_ns, os.readlink(p))
            elif stat.S_ISDIR(st.st_mode):
                out[rel] = ("d", st.st_mode, None, st.st_mtime_ns, None)
            else:
                out[rel] = ("o", st.st_mode, None, None, None)
    return out


def contents(root):
    """Like snapshot, but content only: type, size and bytes (for trees
    extracted by tools that do not keep every mode bit or directory time)."""
    return {k: (v[0], v[2], v[4]) for k, v in snapshot(root).items()}


def make_tree(root):
    """A small tree with every kind of entry copy and archive must handle."""
    os.makedirs(os.path.join(root, "docs", "deep", "er"))
    os.makedirs(os.path.join(root, "empty"))
    files = {
        "readme.txt": b"hello world\n" * 1000,
        "docs/photo.jpg": os.urandom(300_000),
        "docs/deep/er/zero": b"",
        "docs/deep/notes.md": b"# notes\n" * 50,
    }
    for rel, data in files.items():
        with open(os.path.join(root, rel), "wb") as f:
            f.write(data)
    os.chmod(os.path.join(root, "docs/deep/notes.md"), 0o600)
    os.symlink("photo.jpg", os.path.join(root, "docs", "link"))
    os.utime(os.path.join(root, "readme.txt"), ns=(1_500_000_000_000_000_000,) * 2)
    os.utime(os.path.join(root, "docs", "deep"), ns=(1_500_000_001_000_000_000,) * 2)
    return files
