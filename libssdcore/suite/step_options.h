/* step_options.h - the KEY=VALUE words of a suite step line (job, analyze,
 * filebench, replay), split, kept and looked up by one piece of code so
 * every step kind says the same thing about the same mistake. */
#ifndef SSD_STEP_OPTIONS_H
#define SSD_STEP_OPTIONS_H

#include "suite_impl.h"

/* Splits the word tok at its first '=' (in place): *key before, *value
 * after. 0, or SSD_EINVAL ("WHERE: KIND: expected KEY=VALUE, got 'TOK'")
 * when there is no '=' or no key. */
int ssd__step_split(ssd_suite *s, char *tok, const char *kind, const char *where, const char **key,
                    const char **value);

/* Keeps key=value on the step for the runner to pass on: 0, SSD_ERANGE past
 * SSD__STEP_MAX_OPTS, or SSD_ENOMEM. */
int ssd__step_keep(ssd_suite *s, struct ssd__step *st, const char *key, const char *value,
                   const char *kind, const char *where);

/* Sets an analysis option kept as a number (an analyze step's KEY=VALUE,
 * the runner's written_before_bytes) through the public ssd_analysis_set_option,
 * written with %.17g so the double goes through unchanged. */
int ssd__step_analysis_set(ssd_analysis *a, const char *key, double value);

/* The value kept for a key: ssd__step_option in results_model.h. */

#endif
