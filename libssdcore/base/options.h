/* options.h - internal: the words every option parser accepts for a
 * boolean, in one place so job, target, suite and fileops options agree
 * (docs/options.md lists them for users). */
#ifndef SSD_OPTIONS_H
#define SSD_OPTIONS_H

/* "1", "true", "yes", "on" -> 1 and "0", "false", "no", "off" -> 0, in any
 * case. Returns 0, or SSD_EINVAL (NULL or any other word) with *out
 * untouched. */
int ssd__parse_bool(const char *text, int *out);

/* What a message names as the accepted words. */
#define SSD__BOOL_WORDS "1/0, true/false, yes/no or on/off"

#endif
