/* suite_outdir_lock.c - one run per results directory, and telling a run
 * that is still going from one that was killed.
 *
 * Two suites writing one OUT used to trample each other's results.json.
 * A run now holds flock(OUT/.ssdcore.lock) from before its first write to
 * its end; a second run is refused before it writes anything. The kernel
 * drops the lock when the process dies, however it dies, so a reader that
 * finds results.json saying "running" and can take the lock knows the run
 * was killed (SIGKILL, a crash, a power cut) rather than still going, and
 * the next run there removes the temporary files a killed one left. */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "suite_impl.h"

#define LOCK_NAME ".ssdcore.lock"

static char *lock_path(const char *out_dir) {
    size_t n = strlen(out_dir);
    char *p = malloc(n + sizeof LOCK_NAME + 1);
    if (p)
        snprintf(p, n + sizeof LOCK_NAME + 1, "%s/%s", out_dir, LOCK_NAME);
    return p;
}

/* A kill -9 during an atomic write leaves its temporary file
 * (.NAME.PID.N.tmp, base/file_write.c) behind. Once the lock is held, those
 * of processes that no longer exist are removed: nothing else can own them. */
static void remove_dead_temporaries(const char *out_dir) {
    DIR *d = opendir(out_dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        const char *n = e->d_name;
        size_t len = strlen(n);
        if (n[0] != '.' || len < 8 || strcmp(n + len - 4, ".tmp"))
            continue;
        /* .NAME.PID.N.tmp: the pid is the third field from the end. */
        char buf[256];
        if (len >= sizeof buf)
            continue;
        memcpy(buf, n, len + 1);
        buf[len - 4] = '\0';
        char *dot_n = strrchr(buf, '.');
        if (!dot_n || dot_n == buf)
            continue;
        *dot_n = '\0';
        char *dot_pid = strrchr(buf, '.');
        if (!dot_pid || dot_pid == buf)
            continue;
        char *end;
        long pid = strtol(dot_pid + 1, &end, 10);
        if (*end || pid <= 0 || pid == (long)getpid())
            continue;
        if (kill((pid_t)pid, 0) < 0 && errno == ESRCH)
            (void)unlinkat(dirfd(d), n, 0);
    }
    closedir(d);
}

/* One of a run's own outputs: results.json, report.html, STEM.csv or
 * STEM.csv.partial (a job's log cut short). */
static int is_run_output(const char *n) {
    size_t len = strlen(n);
    if (n[0] == '.')
        return 0;
    if (!strcmp(n, "results.json") || !strcmp(n, "report.html"))
        return 1;
    return (len > 4 && !strcmp(n + len - 4, ".csv")) ||
           (len > 12 && !strcmp(n + len - 12, ".csv.partial"));
}

/* A results directory that holds an earlier run's files (a rerun with the
 * same --out) would otherwise end with the new results.json beside the old
 * run's CSVs, which it does not mention: two runs silently mixed. Under the
 * lock, the earlier run's outputs move into OUT/previous-YYYYMMDD-HHMMSS
 * (UTC, when its results.json was last written; -2, -3... when taken), so
 * nothing is lost and OUT holds one run. A file that is the target itself
 * stays. */
static int set_aside_previous(ssd_suite *s) {
    DIR *d = opendir(s->out_dir);
    if (!d)
        return 0;
    struct stat tst;
    int have_target =
        !strcmp(ssd_target_kind(s->t), "file") && stat(ssd_target_uri(s->t), &tst) == 0;
    char sub[64] = "";
    int rc = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && !rc) {
        const char *n = e->d_name;
        struct stat st;
        if (!is_run_output(n) || fstatat(dirfd(d), n, &st, AT_SYMLINK_NOFOLLOW) ||
            !S_ISREG(st.st_mode))
            continue;
        if (have_target && st.st_dev == tst.st_dev && st.st_ino == tst.st_ino)
            continue;
        if (!sub[0]) {
            struct stat rst;
            time_t when =
                fstatat(dirfd(d), "results.json", &rst, 0) == 0 ? rst.st_mtime : st.st_mtime;
            struct tm tm;
            gmtime_r(&when, &tm);
            char base[40];
            strftime(base, sizeof base, "previous-%Y%m%d-%H%M%S", &tm);
            for (int k = 1; k < 1000; k++) {
                if (k == 1)
                    snprintf(sub, sizeof sub, "%s", base);
                else
                    snprintf(sub, sizeof sub, "%s-%d", base, k);
                if (mkdirat(dirfd(d), sub, 0777) == 0)
                    break;
                if (errno != EEXIST || k == 999) {
                    rc = ssd__fail_errno(s->err,
                                         "%s: cannot set the previous run's files aside in %s",
                                         s->out_dir, sub);
                    break;
                }
            }
            if (rc)
                break;
        }
        char to[sizeof sub + 256 + 2];
        snprintf(to, sizeof to, "%s/%s", sub, n);
        if (renameat(dirfd(d), n, dirfd(d), to))
            rc = ssd__fail_errno(s->err, "%s: cannot move the previous run's %s to %s", s->out_dir,
                                 n, to);
    }
    closedir(d);
    if (sub[0] && !rc) {
        size_t len = strlen(s->out_dir) + strlen(sub) + 2;
        free(s->previous_path);
        if ((s->previous_path = malloc(len)))
            snprintf(s->previous_path, len, "%s/%s", s->out_dir, sub);
    }
    return rc;
}

int ssd__suite_lock_out(ssd_suite *s) {
    char *path = lock_path(s->out_dir);
    if (!path)
        return ssd__fail(s->err, SSD_ENOMEM, "out of memory");
    int rc = 0;
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0) {
        rc = ssd__fail_errno(s->err, "%s: cannot create the lock file", path);
        goto out;
    }
    if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
        int e = errno;
        char pid[32] = "";
        ssize_t n = pread(fd, pid, sizeof pid - 1, 0);
        pid[n > 0 ? n : 0] = '\0';
        pid[strcspn(pid, "\n")] = '\0';
        close(fd);
        if (e == EWOULDBLOCK)
            rc = ssd__fail(s->err, -EBUSY,
                           "%s: another suite is writing its results there (process %s holds "
                           "%s); give another output directory (option out)",
                           s->out_dir, pid[0] ? pid : "?", path);
        else
            rc = ssd__fail(s->err, -e, "%s: cannot lock: %s", path, strerror(e));
        goto out;
    }
    char pid[32];
    int n = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
    if (ftruncate(fd, 0) == 0)
        (void)!pwrite(fd, pid, (size_t)n, 0);
    s->lock_fd = fd + 1;
    remove_dead_temporaries(s->out_dir);
    if ((rc = set_aside_previous(s)))
        ssd__suite_unlock_out(s);
out:
    free(path);
    return rc;
}

/* The lock file's own bytes: the holder's pid and a newline. */
static off_t pid_line_len(void) {
    char pid[32];
    return (off_t)snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
}

void ssd__suite_reserve_space(ssd_suite *s, uint64_t bytes) {
    if (s->lock_fd <= 0 || s->space_released)
        return;
    /* On a nearly full or tiny filesystem, what there is. */
    for (uint64_t b = bytes; b >= (16u << 10); b /= 2)
        if (fallocate(s->lock_fd - 1, 0, 0, (off_t)b) == 0 || errno != ENOSPC)
            break;
}

int ssd__suite_release_space(ssd_suite *s) {
    if (s->lock_fd <= 0 || s->space_released)
        return 0;
    s->space_released = 1;
    return ftruncate(s->lock_fd - 1, pid_line_len()) == 0;
}

void ssd__suite_note_end(ssd_suite *s, const char *status, const char *why) {
    if (s->lock_fd <= 0)
        return;
    /* Within the lock file's first block, which the pid line already
     * holds: writing there takes no free space. */
    char note[2048];
    int n = snprintf(note, sizeof note - 1, "%s: %s", status, why && *why ? why : "?");
    if (n < 0)
        return;
    if (n > (int)sizeof note - 2)
        n = (int)sizeof note - 2;
    for (int i = 0; i < n; i++)
        if ((unsigned char)note[i] < 0x20)
            note[i] = ' ';
    note[n++] = '\n';
    int fd = s->lock_fd - 1;
    if (pwrite(fd, note, (size_t)n, pid_line_len()) == n) {
        s->note_len = n;
        (void)fdatasync(fd);
    }
}

int ssd__suite_out_noted_end(const char *out_dir, char *status, size_t status_len, char *why,
                             size_t why_len) {
    char *path = lock_path(out_dir);
    if (!path)
        return 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    free(path);
    if (fd < 0)
        return 0;
    char buf[4096];
    ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
    close(fd);
    buf[n > 0 ? n : 0] = '\0';
    char *note = strchr(buf, '\n');
    if (!note++)
        return 0;
    note[strcspn(note, "\n")] = '\0';
    char *colon = strstr(note, ": ");
    if (!colon)
        return 0;
    *colon = '\0';
    if (strcmp(note, "failed") && strcmp(note, "interrupted"))
        return 0;
    snprintf(status, status_len, "%s", note);
    snprintf(why, why_len, "%s", colon + 2);
    return 1;
}

void ssd__suite_unlock_out(ssd_suite *s) {
    if (s->lock_fd > 0) {
        /* the reserve goes; a noted end stays */
        (void)!ftruncate(s->lock_fd - 1, pid_line_len() + s->note_len);
        close(s->lock_fd - 1); /* the file stays: unlinking it races a new locker */
    }
    s->lock_fd = 0;
}

int ssd__suite_out_in_use(const char *out_dir) {
    char *path = lock_path(out_dir);
    if (!path)
        return 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    free(path);
    if (fd < 0)
        return 0;
    int busy = flock(fd, LOCK_SH | LOCK_NB) < 0 && errno == EWOULDBLOCK;
    close(fd);
    return busy;
}

const char *ssd__suite_status(const struct ssd__results *s) {
    if (s->interrupted)
        return "interrupted";
    if (s->error)
        return "failed";
    if (s->running)
        return "running";
    int done = 0;
    for (int i = 0; i < s->nsteps; i++)
        done += s->steps[i].res.state == SSD__ST_DONE || s->steps[i].res.state == SSD__ST_SKIPPED;
    int total = s->loaded ? s->steps_total : s->nsteps;
    /* Every step ran, or the run stopped without saying why: a run that
     * never started has no steps to show either. */
    return s->nsteps > 0 && done == s->nsteps && done >= total ? "complete" : "interrupted";
}
