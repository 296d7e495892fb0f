#include "CJPEG.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

/// libjpeg's error manager extended with the jump back into `cjpeg_decode`.
struct cjpeg_error {
  struct jpeg_error_mgr manager;
  jmp_buf jump;
  char message[JMSG_LENGTH_MAX];
};

static void cjpeg_error_exit(j_common_ptr info) {
  struct cjpeg_error *error = (struct cjpeg_error *)info->err;
  (*info->err->format_message)(info, error->message);
  longjmp(error->jump, 1);
}

/// Warnings (a corrupt entropy segment libjpeg would paper over with grey) are errors too: a
/// half-grey face is worse than none.
static void cjpeg_emit_message(j_common_ptr info, int level) {
  if (level < 0) cjpeg_error_exit(info);
}

static void cjpeg_output_message(j_common_ptr info) { (void)info; }

static void cjpeg_set_message(char *message, size_t size, const char *text) {
  if (message == NULL || size == 0) return;
  snprintf(message, size, "%s", text);
}

int cjpeg_decode(const unsigned char *data, size_t size, int max_side,
                 unsigned char **rgb, int *width, int *height,
                 char *message, size_t message_size) {
  struct jpeg_decompress_struct info;
  struct cjpeg_error error;
  /// Volatile: set between setjmp and a possible longjmp, read after it.
  unsigned char *volatile pixels = NULL;
  *rgb = NULL;
  *width = 0;
  *height = 0;
  if (data == NULL || size < 4) {
    cjpeg_set_message(message, message_size, "not a JPEG (too short)");
    return -1;
  }
  memset(&error, 0, sizeof error);
  info.err = jpeg_std_error(&error.manager);
  error.manager.error_exit = cjpeg_error_exit;
  error.manager.emit_message = cjpeg_emit_message;
  error.manager.output_message = cjpeg_output_message;
  if (setjmp(error.jump)) {
    cjpeg_set_message(message, message_size, error.message);
    jpeg_destroy_decompress(&info);
    free(pixels);
    return -1;
  }
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, data, (unsigned long)size);
  jpeg_read_header(&info, TRUE);
  if ((int)info.image_width > max_side || (int)info.image_height > max_side) {
    snprintf(error.message, sizeof error.message, "image too large (%ux%u, at most %d a side)",
             info.image_width, info.image_height, max_side);
    cjpeg_set_message(message, message_size, error.message);
    jpeg_destroy_decompress(&info);
    return -1;
  }
  info.out_color_space = JCS_RGB;
  jpeg_start_decompress(&info);
  if (info.output_components != 3) {
    snprintf(error.message, sizeof error.message, "unsupported colour space (%d components)",
             info.output_components);
    cjpeg_set_message(message, message_size, error.message);
    jpeg_destroy_decompress(&info);
    return -1;
  }
  size_t stride = (size_t)info.output_width * 3;
  pixels = malloc(stride * info.output_height);
  if (pixels == NULL) {
    cjpeg_set_message(message, message_size, "out of memory");
    jpeg_destroy_decompress(&info);
    return -1;
  }
  while (info.output_scanline < info.output_height) {
    JSAMPROW row = pixels + stride * info.output_scanline;
    jpeg_read_scanlines(&info, &row, 1);
  }
  jpeg_finish_decompress(&info);
  *width = (int)info.output_width;
  *height = (int)info.output_height;
  jpeg_destroy_decompress(&info);
  *rgb = pixels;
  return 0;
}

void cjpeg_free(unsigned char *rgb) { free(rgb); }

const char *cjpeg_library_version(void) {
  struct jpeg_error_mgr manager;
  jpeg_std_error(&manager);
  if (manager.jpeg_message_table == NULL || JMSG_VERSION > manager.last_jpeg_message) return "unknown";
  return manager.jpeg_message_table[JMSG_VERSION];
}
