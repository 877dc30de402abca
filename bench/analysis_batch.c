/* analysis_batch.c - the C core alone on many logs, for bench/python_batch.py:
 * for each file given, the calls ssdcore.analyze() makes (open the series,
 * run the analysis, render its JSON), nothing else. Prints files and
 * failures; exit 0 when every file was analysed.
 *   analysis_batch FILE... */
#include <stdio.h>

#include <ssdcore.h>

int main(int argc, char **argv) {
    ssd_analysis *an = NULL;
    if (ssd_analysis_create(&an) < 0)
        return 2;
    int failed = 0;
    for (int i = 1; i < argc; i++) {
        const char *paths[1] = {argv[i]};
        ssd_series *s = NULL;
        char *json = NULL;
        if (ssd_series_create(&s) < 0 || ssd_series_load(s, paths, 1) < 0 ||
            ssd_analysis_run(an, s, NULL) < 0 || ssd_analysis_to_json(an, argv[i], 0, &json) < 0)
            failed++;
        ssd_free(json);
        ssd_series_free(s);
    }
    ssd_analysis_free(an);
    printf("%d files, %d failed\n", argc - 1, failed);
    return failed != 0;
}
