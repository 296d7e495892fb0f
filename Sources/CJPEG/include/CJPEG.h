#ifndef CJPEG_H
#define CJPEG_H
#include <stddef.h>

/// Decodes a JPEG held in memory to 8-bit RGB with the system's libjpeg(-turbo).
///
/// libjpeg's default error handler calls exit(); this shim installs its own error manager that
/// longjmps back here, so a corrupt or truncated JPEG is an error return, never an exit or a
/// partial image. Images wider or taller than `max_side` pixels are refused before any pixel
/// memory is allocated (a hostile header cannot make Roster allocate gigabytes).
///
/// On success returns 0 and sets `*rgb` (malloc'd, `*width * *height * 3` bytes, rows top to
/// bottom; free with `cjpeg_free`), `*width` and `*height`. On failure returns -1 and writes a
/// NUL-terminated reason into `message` (at most `message_size` bytes).
int cjpeg_decode(const unsigned char *data, size_t size, int max_side,
                 unsigned char **rgb, int *width, int *height,
                 char *message, size_t message_size);

void cjpeg_free(unsigned char *rgb);

/// The libjpeg API version of the library loaded at run time (its message table's JVERSION,
/// "6b  27-Mar-1998" for libjpeg-turbo's jpeg62 ABI), for `roster version`.
const char *cjpeg_library_version(void);
#endif
