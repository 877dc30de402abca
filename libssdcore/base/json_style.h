/* json_style.h - internal: the flags argument of every public
 * ssd_*_to_json (ssdcore/base.h, "The API convention"), for producers
 * that write their document in one style and hand it out in the one the
 * caller asked for. */
#ifndef SSD_JSON_STYLE_H
#define SSD_JSON_STYLE_H

/* 1 when flags is 0 or SSD_JSON_PRETTY, 0 for any other bit. */
int ssd__json_flags_ok(int flags);

/* Hands out text (a malloc'd JSON document in any whitespace style) in the
 * style flags ask for: unchanged for 0, re-indented exactly as the writer's
 * pretty style (jsonw.h SSD__JW_PRETTY) for SSD_JSON_PRETTY. Takes
 * ownership of text on every path. Returns 0 with *out set, or SSD_ENOMEM
 * with *out NULL. */
int ssd__json_restyle(char *text, int flags, char **out);

#endif
