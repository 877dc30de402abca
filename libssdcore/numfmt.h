/* numfmt.h - internal: numbers as JSON writes them. */
#ifndef SSD_NUMFMT_H
#define SSD_NUMFMT_H

/* Room for any double in its shortest form, with sign and exponent. */
#define SSD__NUM_BUF 32

/* Writes v in the shortest decimal form that reads back as exactly v
 * (0.35, not 0.34999999999999998), or "null" when v is not finite, since
 * JSON has no NaN or infinity. Returns buf. */
const char *ssd__fmt_json_number(char buf[SSD__NUM_BUF], double v);

#endif
