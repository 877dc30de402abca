/* ssdcore_blocklog.c - a block recorder that needs no kernel tracing.
 *
 * blktrace needs debugfs block tracing, which some kernels (this project's
 * build machine among them) refuse. This tiny FUSE filesystem serves one
 * image file, `disk.img`, and logs every read, write, discard and flush the
 * kernel sends it as an ssdcore trace CSV (docs/traces.md). A loop device
 * made on that file and formatted with a real filesystem then leaves, in
 * the log, the block trace of that filesystem: data, metadata and journal
 * writes, at the offsets and sizes the loop driver issued.
 *
 * Every open of disk.img is FUSE direct_io: without it the FUSE page cache
 * would merge, delay and re-split the loop driver's requests, and the log
 * would show page-cache writeback instead of the device's I/O.
 *
 * A second file, `phase`, cuts the log: writing NAME to it closes the
 * current trace and starts OUTDIR/NAME.csv with its clock at zero. The
 * writer's own write goes through this (single-threaded) daemon, so every
 * I/O lands on the right side of the cut. Before the first cut the log goes
 * to OUTDIR/setup.csv (mkfs, mount).
 *
 * Usage: ssdcore-blocklog IMAGE OUTDIR MOUNTPOINT [--threads] [-f] [-o fuse-options]
 * Runs single-threaded (-s): one I/O at a time, so issue and completion
 * times are the daemon's service order. --threads runs multi-threaded
 * (-o max_threads=N sets how many) so a loop device in direct-I/O mode can
 * keep many I/Os in flight, as a filesystem on an NVMe drive does; the log
 * is then in completion order (scripts/record_file_traces.sh sorts it) and
 * a phase cut is exact only while nothing is in flight. Only the recorder needs libfuse3;
 * the library and the CLI do not (CMakeLists.txt builds this only when
 * pkg-config finds fuse3). */
#define FUSE_USE_VERSION 31
#include <errno.h>
#include <fcntl.h>
#include <fuse.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static struct {
    int image_fd;
    const char *outdir;
    FILE *log;
    double t0;
    pthread_mutex_t lock; /* the log and the segment, with --threads */
} g = {.image_fd = -1, .lock = PTHREAD_MUTEX_INITIALIZER};

static const char image_name[] = "/disk.img", phase_name[] = "/phase";

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A segment name is a plain file name: letters, digits, '-', '_', '.'. */
static int start_segment(const char *name, size_t len) {
    char clean[128];
    size_t n = 0;
    for (size_t i = 0; i < len && n + 1 < sizeof clean; i++) {
        char c = name[i];
        if (c == '\n' || c == '\r' || c == 0)
            break;
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '-' || c == '_' || (c == '.' && n > 0)))
            return -EINVAL;
        clean[n++] = c;
    }
    if (!n)
        return -EINVAL;
    clean[n] = 0;
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "%s/%s.csv", g.outdir, clean) >= (int)sizeof path)
        return -ENAMETOOLONG;
    FILE *f = fopen(path, "w");
    if (!f)
        return -errno;
    if (g.log && fclose(g.log))
        fprintf(stderr, "ssdcore-blocklog: closing the previous segment: %s\n", strerror(errno));
    g.log = f;
    g.t0 = now_s();
    fprintf(f,
            "# ssdcore-trace 1\n# recorded by ssdcore-blocklog (FUSE, direct_io) segment %s\n"
            "t_s,op,offset,length,done_s\n",
            clean);
    return 0;
}

/* With --threads several I/Os complete at once and are logged in
 * completion order; the replay's reader needs issue order, so a trace
 * recorded that way is sorted by issue time before use (record script). */
static void log_io(char op, long long off, long long len, double t, double done) {
    pthread_mutex_lock(&g.lock);
    if (g.log)
        fprintf(g.log, "%.9f,%c,%lld,%lld,%.9f\n", t - g.t0, op, off, len, done - g.t0);
    pthread_mutex_unlock(&g.lock);
}

static int bl_getattr(const char *path, struct stat *st, struct fuse_file_info *fi) {
    (void)fi;
    memset(st, 0, sizeof *st);
    if (!strcmp(path, "/")) {
        st->st_mode = S_IFDIR | 0755;
        st->st_nlink = 2;
    } else if (!strcmp(path, image_name)) {
        struct stat now;
        if (fstat(g.image_fd, &now) < 0)
            return -errno;
        st->st_mode = S_IFREG | 0600;
        st->st_nlink = 1;
        st->st_size = now.st_size;
        st->st_blocks = now.st_blocks;
        st->st_mtim = now.st_mtim;
    } else if (!strcmp(path, phase_name)) {
        st->st_mode = S_IFREG | 0200;
        st->st_nlink = 1;
    } else {
        return -ENOENT;
    }
    return 0;
}

static int bl_readdir(const char *path, void *buf, fuse_fill_dir_t fill, off_t off,
                      struct fuse_file_info *fi, enum fuse_readdir_flags flags) {
    (void)off, (void)fi, (void)flags;
    if (strcmp(path, "/"))
        return -ENOENT;
    fill(buf, ".", NULL, 0, 0);
    fill(buf, "..", NULL, 0, 0);
    fill(buf, image_name + 1, NULL, 0, 0);
    fill(buf, phase_name + 1, NULL, 0, 0);
    return 0;
}

static int bl_open(const char *path, struct fuse_file_info *fi) {
    if (strcmp(path, image_name) && strcmp(path, phase_name))
        return -ENOENT;
    fi->direct_io = 1;
    return 0;
}

static int bl_truncate(const char *path, off_t size, struct fuse_file_info *fi) {
    (void)fi, (void)size;
    /* `echo NAME > phase` opens with O_TRUNC; the image keeps its size. */
    return strcmp(path, phase_name) ? -EPERM : 0;
}

/* A read ('R', into buf) or write ('W', from wbuf) of the image, logged. */
static int image_io(char op, char *buf, const char *wbuf, size_t len, off_t off) {
    double t = now_s();
    ssize_t n = op == 'R' ? pread(g.image_fd, buf, len, off) : pwrite(g.image_fd, wbuf, len, off);
    if (n < 0)
        return -errno;
    log_io(op, (long long)off, (long long)len, t, now_s());
    return (int)n;
}

static int bl_read(const char *path, char *buf, size_t len, off_t off, struct fuse_file_info *fi) {
    (void)fi;
    return strcmp(path, image_name) ? -EINVAL : image_io('R', buf, NULL, len, off);
}

static int bl_write(const char *path, const char *buf, size_t len, off_t off,
                    struct fuse_file_info *fi) {
    (void)fi;
    if (!strcmp(path, phase_name)) {
        pthread_mutex_lock(&g.lock);
        int rc = start_segment(buf, len);
        pthread_mutex_unlock(&g.lock);
        return rc ? rc : (int)len;
    }
    return strcmp(path, image_name) ? -EINVAL : image_io('W', NULL, buf, len, off);
}

static int bl_fsync(const char *path, int datasync, struct fuse_file_info *fi) {
    (void)fi;
    if (strcmp(path, image_name))
        return 0;
    double t = now_s();
    if ((datasync ? fdatasync(g.image_fd) : fsync(g.image_fd)) < 0)
        return -errno;
    log_io('F', 0, 0, t, now_s());
    return 0;
}

/* The loop driver turns a discard into fallocate(PUNCH_HOLE). */
static int bl_fallocate(const char *path, int mode, off_t off, off_t len,
                        struct fuse_file_info *fi) {
    (void)fi;
    if (strcmp(path, image_name))
        return -EINVAL;
    double t = now_s();
    if (fallocate(g.image_fd, mode, off, len) < 0)
        return -errno;
    if (mode & FALLOC_FL_PUNCH_HOLE)
        log_io('T', (long long)off, (long long)len, t, now_s());
    return 0;
}

static void *bl_init(struct fuse_conn_info *conn, struct fuse_config *cfg) {
    /* The kernel holds asynchronous direct I/O beyond max_background
     * (default 12) in its own queue: raise it to the loop device's queue
     * (128) so the log sees the queue depth the filesystem issued. */
    conn->max_background = 128;
    conn->congestion_threshold = 128;
    cfg->direct_io = 1;
    cfg->attr_timeout = 0;
    cfg->entry_timeout = 0;
    return NULL;
}

static void bl_destroy(void *data) {
    (void)data;
    if (g.log && fclose(g.log))
        fprintf(stderr, "ssdcore-blocklog: closing the last segment: %s\n", strerror(errno));
    g.log = NULL;
}

static const struct fuse_operations ops = {
    .getattr = bl_getattr,
    .readdir = bl_readdir,
    .open = bl_open,
    .truncate = bl_truncate,
    .read = bl_read,
    .write = bl_write,
    .fsync = bl_fsync,
    .fallocate = bl_fallocate,
    .init = bl_init,
    .destroy = bl_destroy,
};

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: ssdcore-blocklog IMAGE OUTDIR MOUNTPOINT [--threads] [-f] [-o "
                        "OPTIONS]\n"
                        "Serves IMAGE as MOUNTPOINT/disk.img and logs its I/O as ssdcore trace\n"
                        "CSVs in OUTDIR; `echo NAME > MOUNTPOINT/phase` starts OUTDIR/NAME.csv.\n");
        return 2;
    }
    g.image_fd = open(argv[1], O_RDWR | O_CLOEXEC);
    if (g.image_fd < 0) {
        fprintf(stderr, "ssdcore-blocklog: %s: %s\n", argv[1], strerror(errno));
        return 1;
    }
    /* fuse_main's daemon changes to /: keep OUTDIR absolute. */
    static char outdir[PATH_MAX];
    if (!realpath(argv[2], outdir)) {
        fprintf(stderr, "ssdcore-blocklog: %s: %s\n", argv[2], strerror(errno));
        return 1;
    }
    g.outdir = outdir;
    int rc = start_segment("setup", 5);
    if (rc) {
        fprintf(stderr, "ssdcore-blocklog: %s/setup.csv: %s\n", g.outdir, strerror(-rc));
        return 1;
    }
    /* fuse_main sees: prog MOUNTPOINT -s [user options]; single-threaded so
     * the log is the service order and the phase cut is exact. */
    char *fargv[64];
    int fargc = 0;
    fargv[fargc++] = argv[0];
    fargv[fargc++] = argv[3];
    int threads = 0;
    for (int i = 4; i < argc; i++)
        threads |= !strcmp(argv[i], "--threads");
    if (!threads)
        fargv[fargc++] = "-s";
    for (int i = 4; i < argc && fargc < 63; i++)
        if (strcmp(argv[i], "--threads"))
            fargv[fargc++] = argv[i];
    fargv[fargc] = NULL;
    rc = fuse_main(fargc, fargv, &ops, NULL);
    close(g.image_fd);
    return rc;
}
