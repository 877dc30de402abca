/* libgit2 initialised when Criterion first needs it, not in every test
 * process.
 *
 * Criterion 2.4 calls git_libgit2_init() as each process starts (its
 * runner and every test, each a process of its own), and libgit2 (with
 * mbedtls) then parses the system's CA bundle, 215 KB of PEM: 0.025 s of
 * CPU a test under ASan (whose strstr interceptor measures the rest of
 * the bundle at every call) and 0.004 s without, about 10 s of the
 * sanitizer lane's C tests. Criterion uses libgit2 for one thing: the
 * diff of two strings a failed cr_assert(eq(str, ...)) prints, through
 * git_diff_buffers(). These definitions, linked into every test
 * executable, come before libgit2's (the executable's symbols win): the
 * start-up call does nothing, and the first diff initialises libgit2
 * and then makes the same diff (the same message, byte for byte). With a
 * Criterion built without libgit2, nothing calls them. They are exported
 * (the project builds with hidden visibility) so that libcriterion's calls
 * reach them. */
#include <dlfcn.h>
#include <stddef.h>

#define EXPORTED __attribute__((visibility("default")))

EXPORTED int git_libgit2_init(void);
EXPORTED int git_libgit2_shutdown(void);
EXPORTED int git_diff_buffers(const void *old_buf, size_t old_len, const char *old_path,
                              const void *new_buf, size_t new_len, const char *new_path,
                              const void *options, void *file_cb, void *binary_cb, void *hunk_cb,
                              void *line_cb, void *payload);

static int ready;

/* libgit2's own definition of `name`: the next object's, after this one,
 * or, where the tests link a Criterion that does not load libgit2
 * (tests/c/CMakeLists.txt: SSD_TEST_LIBGIT2 is its soname), libgit2's,
 * loaded now. */
static void *next(const char *name) {
    void *f = dlsym(RTLD_NEXT, name);
#ifdef SSD_TEST_LIBGIT2
    static void *lib;
    if (!f && (lib || (lib = dlopen(SSD_TEST_LIBGIT2, RTLD_NOW | RTLD_LOCAL))))
        f = dlsym(lib, name);
#endif
    return f;
}

int git_libgit2_init(void) {
    return 1;
}

int git_libgit2_shutdown(void) {
    int (*shutdown_fn)(void);
    if (!ready)
        return 0;
    ready = 0;
    *(void **)&shutdown_fn = next("git_libgit2_shutdown");
    return shutdown_fn ? shutdown_fn() : 0;
}

int git_diff_buffers(const void *old_buf, size_t old_len, const char *old_path, const void *new_buf,
                     size_t new_len, const char *new_path, const void *options, void *file_cb,
                     void *binary_cb, void *hunk_cb, void *line_cb, void *payload) {
    int (*init_fn)(void);
    int (*diff_fn)(const void *, size_t, const char *, const void *, size_t, const char *,
                   const void *, void *, void *, void *, void *, void *);
    if (!ready) {
        *(void **)&init_fn = next("git_libgit2_init");
        if (!init_fn || init_fn() < 0)
            return -1;
        ready = 1;
    }
    *(void **)&diff_fn = next("git_diff_buffers");
    return diff_fn ? diff_fn(old_buf, old_len, old_path, new_buf, new_len, new_path, options,
                             file_cb, binary_cb, hunk_cb, line_cb, payload)
                   : -1;
}
