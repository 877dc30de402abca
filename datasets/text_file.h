/* text_file.h - private to datasets/: reading a text file with a limit,
 * whole or in windows. */
#ifndef SSD_TEXT_FILE_H
#define SSD_TEXT_FILE_H

#include <stddef.h>
#include <stdint.h>

#include <ssdcore/datasets.h>

/* Reads path into a malloc'd NUL-terminated buffer (*out, *len), and when
 * lines is not NULL its line count (newlines + 1), found in the same pass
 * as the NUL check. Fails with SSD_ERANGE over limit bytes, SSD_EFORMAT on
 * NUL bytes, -errno on OS errors, writing a message naming the path into
 * err (SSD__ERRMSG_SIZE bytes, by ssd__fail). */
int ssd__load_text(const char *path, uint64_t limit, char **out, size_t *len, size_t *lines,
                   char *err);

/*
 * A text file read a window at a time: buf[0, len) holds the bytes of the
 * file from offset on (NUL-terminated at buf[len]), every one checked for
 * NUL as it was read. A reader takes the whole lines, then calls
 * ssd__text_next with how many bytes it is done with: those are dropped,
 * the rest moved to the front, and more is read after it. Reading a large
 * file this way reuses one buffer of about window bytes, which stays in the
 * cache, where a buffer of the file's size had every page faulted in and
 * every byte written to memory and read back from it.
 */
struct ssd__text_stream {
    const char *path;
    char *buf;
    size_t len, cap;
    uint64_t offset; /* the file offset of buf[0] */
    uint64_t size;   /* a regular file's size from fstat, else 0 */
    uint64_t limit;  /* bytes */
    size_t newlines; /* in every byte read so far */
    int fd, eof, fifo;
    char *err; /* SSD__ERRMSG_SIZE bytes */
};
/* The window ssd__text_open reads when given 0 (1 MiB): tests and fuzz
 * targets set it small to put window edges everywhere. */
extern size_t ssd__text_window;
/* ssd_series_load of one path with ssd__text_window set to window
 * for this open only (0: left as it is); for the tests and fuzz targets
 * that compare a file read whole with the same file read in windows. */
int ssd__series_open_windowed(ssd_series **s, const char *path, size_t window);
/* Opens path (as ssd__load_text does: no FIFO hang, no directory, a
 * regular file over limit refused before reading) and reads its first
 * window: up to window bytes (0: ssd__text_window), or the whole file when
 * it is smaller; a UTF-8 byte-order mark at its start is dropped. On
 * failure closes everything, writes why into err and returns the code. */
int ssd__text_open(struct ssd__text_stream *ts, const char *path, uint64_t limit, size_t window,
                   char *err);
/* Drops buf[0, done), moves the rest to the front and reads until the
 * buffer is full or the file ends (eof set); a buffer that held no whole
 * line is doubled (up to limit). 0, or the error (err written). */
int ssd__text_next(struct ssd__text_stream *ts, size_t done);
/* Reads the rest of the file into the buffer (grown to a regular file's
 * size at once): buf[0, len) is then all of it from offset on. */
int ssd__text_read_all(struct ssd__text_stream *ts);
/* How many bytes of the buffer are whole lines: up to its last newline, or
 * all of it at the end of the file (a last line without one). */
size_t ssd__text_whole_lines(const struct ssd__text_stream *ts);
/* Closes the file and frees the buffer; a closed stream is left zeroed. */
void ssd__text_close(struct ssd__text_stream *ts);

#endif
