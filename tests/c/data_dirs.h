/* The tests' data directories, as paths at run time: data_path("/series/x")
 * is SSD_TEST_DATA_DIR "/series/x", datasets_path("/y") SSD_DATASETS_DIR "/y".
 * The two absolute paths are compiled into data_dirs.c alone: a -D holding a
 * clone's path is not made relative by ccache (CCACHE_BASEDIR), so every file
 * compiled with it missed the cache in every other clone. Each call returns
 * one of 16 static buffers in turn: a test holds at most 16 paths at once. */
#ifndef SSD_TEST_DATA_DIRS_H
#define SSD_TEST_DATA_DIRS_H

const char *data_path(const char *rel);
const char *datasets_path(const char *rel);

#endif
