/* numfmt.h - internal: numbers as JSON writes them, and in order. */
#ifndef SSD_NUMFMT_H
#define SSD_NUMFMT_H

/* Room for any double in its shortest form, with sign and exponent. */
#define SSD__NUM_BUF 32

/* Writes v in the shortest decimal form that reads back as exactly v
 * (0.35, not 0.34999999999999998), or "null" when v is not finite, since
 * JSON has no NaN or infinity. Returns buf. */
const char *ssd__fmt_json_number(char buf[SSD__NUM_BUF], double v);

/* Length of the valid UTF-8 sequence at p (1 to 4), or 0 when the bytes
 * there are not UTF-8 (a path's stray 0xff): JSON strings must be UTF-8,
 * so the writers put U+FFFD for such a byte. */
int ssd__utf8_len(const unsigned char *p);

/* qsort's comparison of doubles, ascending (NaN compares equal to all). */
int ssd__cmp_double(const void *a, const void *b);

#endif
