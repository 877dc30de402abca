/* File sets: exact size, determinism by seed, and a refusal to mix. */
#include <criterion/criterion.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ssdcore.h>

#include "fileops_testutil.h"

static uint64_t sum_bytes, sum_files, hash;

static void setup(void) {
    tu_make_root("ssd_set_test");
}

static size_t prefix_len;

/* Hashes each file's relative name and bytes; xor makes the walk order
 * irrelevant. */
static int sum_cb(const char *p, const struct stat *st, int flag, struct FTW *f) {
    (void)f;
    if (flag != FTW_F)
        return 0;
    uint64_t h = 1469598103934665603ull;
    for (const char *c = p + prefix_len; *c; c++)
        h = (h ^ (unsigned char)*c) * 1099511628211ull;
    FILE *fp = fopen(p, "rb");
    unsigned char buf[1 << 14]; /* read in blocks: the same bytes hashed in the same order */
    for (size_t n; (n = fread(buf, 1, sizeof buf, fp)) > 0;)
        for (size_t i = 0; i < n; i++)
            h = (h ^ buf[i]) * 1099511628211ull;
    fclose(fp);
    hash ^= h;
    sum_bytes += (uint64_t)st->st_size;
    sum_files++;
    return 0;
}

static uint64_t make(const char *kind, const char *name, const char *size, const char *seed) {
    char dir[400];
    snprintf(dir, sizeof dir, "%s/%s", root, name);
    ssd_fileset *s;
    cr_assert_eq(ssd_fileset_create(&s), 0);
    cr_assert_eq(ssd_fileset_set_option(s, "kind", kind), 0);
    cr_assert_eq(ssd_fileset_set_option(s, "size", size), 0);
    cr_assert_eq(ssd_fileset_set_option(s, "seed", seed), 0);
    ssd_fileset_result r = {.size = sizeof r};
    cr_assert_eq(ssd_fileset_run(s, dir, &r), 0, "%s", ssd_fileset_errmsg(s));
    ssd_fileset_free(s);
    sum_bytes = sum_files = hash = 0;
    prefix_len = strlen(dir);
    nftw(dir, sum_cb, 16, FTW_PHYS);
    cr_expect_eq(sum_bytes, r.bytes);
    cr_expect_eq(sum_files, r.files);
    return hash;
}

TestSuite(fileset, .init = setup, .fini = tu_remove_root);

Test(fileset, same_seed_gives_identical_sets_and_exact_size) {
    const char *kinds[] = {"iso", "program", "work"};
    for (int i = 0; i < 3; i++) {
        char a[32], b[32], c[32];
        snprintf(a, sizeof a, "%s_a", kinds[i]);
        snprintf(b, sizeof b, "%s_b", kinds[i]);
        snprintf(c, sizeof c, "%s_c", kinds[i]);
        uint64_t ha = make(kinds[i], a, "6m", "42");
        cr_expect_eq(sum_bytes, 6 << 20, "%s size", kinds[i]);
        uint64_t hb = make(kinds[i], b, "6m", "42");
        uint64_t hc = make(kinds[i], c, "6m", "43");
        cr_expect_eq(ha, hb, "%s: same seed, same bytes", kinds[i]);
        cr_expect_neq(ha, hc, "%s: another seed, other bytes", kinds[i]);
    }
}

Test(fileset, program_set_is_many_small_files_in_a_deep_tree) {
    make("program", "p", "16m", "1");
    cr_expect_gt(sum_files, 40, "files: %llu", (unsigned long long)sum_files);
    cr_expect_lt(sum_bytes / sum_files, 512 * 1024, "mean size");
}

Test(fileset, refuses_a_non_empty_directory_and_bad_options) {
    char dir[400];
    snprintf(dir, sizeof dir, "%s/full", root);
    mkdir(dir, 0755);
    char f[450];
    snprintf(f, sizeof f, "%s/keep", dir);
    fclose(fopen(f, "w"));
    ssd_fileset *s;
    cr_assert_eq(ssd_fileset_create(&s), 0);
    cr_expect_eq(ssd_fileset_set_option(s, "kind", "music"), SSD_EINVAL);
    cr_expect_eq(ssd_fileset_set_option(s, "seed", "-3"),
                 SSD_ERANGE); /* below 0, as every int option */
    cr_expect_eq(ssd_fileset_set_option(s, "size", "1m"), 0);
    ssd_fileset_result r = {.size = sizeof r};
    cr_expect_eq(ssd_fileset_run(s, dir, &r), SSD_EEXIST);
    cr_expect(strstr(ssd_fileset_errmsg(s), "full") != NULL);
    ssd_fileset_free(s);
}
