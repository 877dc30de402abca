#!/usr/bin/env bash
# Installs everything ssdcore needs to build, test and benchmark: Debian
# packages (apt-get) and a Python virtual environment in .venv (pip).
# Idempotent: a second run checks and installs nothing new.
set -euo pipefail
cd "$(dirname "$0")/.."

DEBS=(build-essential cmake pkg-config liburing-dev libarchive-dev libzstd-dev libsqlite3-dev
      libcriterion-dev fio p7zip-full rsync clang-format valgrind util-linux hyperfine zstd btrfs-progs
      clang chromium blktrace)

missing=()
for p in "${DEBS[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing Debian packages: ${missing[*]}"
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    echo "setup: creating .venv"
    "$PY" -m venv .venv
fi
stamp=.venv/.ssdcore-requirements
reqs="cffi numpy pandas pytest scikit-build-core ninja"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$reqs" ]; then
    echo "setup: installing Python packages: $reqs"
    .venv/bin/python -m pip install -q --upgrade pip
    .venv/bin/python -m pip install -q $reqs
    echo "$reqs" > "$stamp"
fi
