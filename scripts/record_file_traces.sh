#!/usr/bin/env bash
# Records the lab2016 file tests (METHODOLOGY.md A 9-10) as block traces of
# a real ext4 on a real loop device, without kernel block tracing:
# ssdcore-blocklog (tools/blocklog/, FUSE) serves an image file and logs
# every I/O the loop device sends it. Per set (iso, program, work) on a
# fresh filesystem: `ssdcore mkset` (the set's creation, replayed as
# preparation), `ssdcore copy` inside the drive, and for work `ssdcore
# archive` (7z Deflate) and `ssdcore extract`; each followed by sync and a
# cache drop, as the filebench step does, so reads come from the device.
#
# usage: sudo scripts/record_file_traces.sh OUTDIR [SET_SIZE] [IMAGE_SIZE]
#   SET_SIZE    bytes of each file set [256m]
#   IMAGE_SIZE  the loop device's size [2g]; the replay tiles the traces
#               with this stride (docs/traces.md "File tests on sim:")
# Env: BUILD_DIR (default build) holding ssdcore and ssdcore-blocklog;
#      SETS (default "iso program work"); KEEP=1 keeps the raw segments;
#      NVME=1 records at the queue depths the filesystem issues: the image
#      in RAM (/dev/shm), the loop device in direct-I/O mode (it then keeps
#      many requests in flight instead of one), the recorder multi-threaded
#      (ssdcore-blocklog --threads, 64 threads); files nvme-SET-PHASE.csv.zst
#      and PROVENANCE-nvme.txt (docs/traces.md "NVMe-speed file traces").
# Writes OUTDIR/SET-PHASE.csv.zst and OUTDIR/PROVENANCE.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: record_file_traces.sh OUTDIR [SET_SIZE] [IMAGE_SIZE]}
set_size=${2:-256m}
image_size=${3:-2g}
build=$(cd "${BUILD_DIR:-build}" && pwd)
ssdcore=$build/ssdcore
blocklog=$build/ssdcore-blocklog
sets=${SETS:-iso program work}
nvme=${NVME:-0}
prefix="" provenance=PROVENANCE.txt tmproot=/tmp blargs=() loargs=()
recorder="ssdcore-blocklog (FUSE direct_io, single-threaded) under losetup defaults"
if [ "$nvme" = 1 ]; then
    prefix=nvme- provenance=PROVENANCE-nvme.txt tmproot=/dev/shm
    blargs=(--threads -o max_threads=64) loargs=(--direct-io=on)
    recorder="ssdcore-blocklog --threads (FUSE direct_io, 64 threads, max_background 128) on an image in /dev/shm, losetup --direct-io=on"
fi

die() { echo "record_file_traces: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || die "needs root (losetup, mount, drop_caches)"
[ -c /dev/fuse ] || die "/dev/fuse is absent: FUSE is unavailable here"
[ -x "$blocklog" ] || die "$blocklog is missing (libfuse3-dev not installed when built?)"
[ -x "$ssdcore" ] || die "$ssdcore is missing (build first)"
for t in losetup mkfs.ext4 mount umount fusermount3 zstd; do
    command -v $t >/dev/null || die "$t is missing"
done
mkdir -p "$out"
out=$(cd "$out" && pwd)

work=$(mktemp -d "$tmproot"/ssdcore-filetraces.XXXXXX)
loop="" mounted="" fused=""
cleanup() {
    set +e
    [ -n "$mounted" ] && umount "$work/fs"
    [ -n "$loop" ] && losetup -d "$loop"
    [ -n "$fused" ] && { sleep 0.3; fusermount3 -u "$work/fuse"; }
    [ "${KEEP:-0}" = 1 ] || rm -rf "$work"
}
trap cleanup EXIT

settle() { # the phase's data on the device, nothing of it left in memory
    sync
    echo 3 > /proc/sys/vm/drop_caches
}

for set in $sets; do
    rm -rf "$work/seg" "$work/fuse" "$work/fs" "$work/disk.img"
    mkdir -p "$work/seg" "$work/fuse" "$work/fs"
    truncate -s "$image_size" "$work/disk.img"
    "$blocklog" "$work/disk.img" "$work/seg" "$work/fuse" "${blargs[@]}"
    fused=1
    loop=$(losetup -f --show "${loargs[@]}" "$work/fuse/disk.img")
    # Inode tables and journal written now, not by a background thread
    # in the middle of a measured phase.
    mkfs.ext4 -q -F -E nodiscard,lazy_itable_init=0,lazy_journal_init=0 "$loop"
    mount "$loop" "$work/fs"
    mounted=1
    settle
    echo mkset > "$work/fuse/phase"
    "$ssdcore" mkset "$set" "$work/fs/src" --size "$set_size" --seed 1 >/dev/null
    settle
    echo copy > "$work/fuse/phase"
    # Robocopy's exit codes: below 8 is success (1: files were copied).
    rc=0
    "$ssdcore" copy "$work/fs/src" "$work/fs/copy" >/dev/null || rc=$?
    [ $rc -lt 8 ] || die "ssdcore copy failed ($rc)"
    settle
    phases="mkset copy"
    if [ "$set" = work ]; then
        echo archive > "$work/fuse/phase"
        "$ssdcore" archive "$work/fs/src" "$work/fs/work.7z" --format 7z --method deflate >/dev/null
        settle
        echo extract > "$work/fuse/phase"
        "$ssdcore" extract "$work/fs/work.7z" "$work/fs/extract" >/dev/null
        settle
        phases="$phases archive extract"
    fi
    echo unmount > "$work/fuse/phase"
    umount "$work/fs"
    mounted=""
    losetup -d "$loop"
    loop=""
    sleep 0.3
    fusermount3 -u "$work/fuse"
    fused=""
    # The sizes the replay tiles by (datasets/trace_filetests.c reads them).
    set_bytes=$(numfmt --from=iec "${set_size^^}")
    device_bytes=$(numfmt --from=iec "${image_size^^}")
    for p in $phases; do
        # A multi-threaded recorder logs at completion: back to issue order.
        { grep -v '^[0-9]' "$work/seg/$p.csv"; grep '^[0-9]' "$work/seg/$p.csv" | sort -t, -k1,1g; } \
            > "$work/seg/$p.sorted" && mv "$work/seg/$p.sorted" "$work/seg/$p.csv"
        sed -i "1a # ssdcore-filetest set=$set phase=$p set_bytes=$set_bytes device_bytes=$device_bytes" \
            "$work/seg/$p.csv"
        zstd -q -19 -f "$work/seg/$p.csv" -o "$out/$prefix$set-$p.csv.zst"
    done
done

{
    echo "# How the file-test traces were made (scripts/record_file_traces.sh)"
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "command: NVME=$nvme scripts/record_file_traces.sh OUT $set_size $image_size"
    echo "sets: $sets; set size: $set_size; image (loop device) size: $image_size"
    echo "kernel: $(uname -sr)"
    echo "filesystem: ext4 ($(mkfs.ext4 -V 2>&1 | head -1)), mkfs -E nodiscard,lazy_itable_init=0,lazy_journal_init=0, default mount options"
    echo "recorder: $recorder"
    echo "ssdcore: $("$ssdcore" version 2>/dev/null | head -1)"
    for f in "$out"/$prefix*.csv.zst; do
        case $(basename "$f") in nvme-*) [ -n "$prefix" ] || continue ;; esac
        echo "$(basename "$f"): $(stat -c %s "$f") bytes compressed, $(zstd -dc "$f" | grep -vc '^[#t]') I/Os"
    done
} > "$out/$provenance"
echo "record_file_traces: traces in $out"
