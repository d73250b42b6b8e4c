// libvips (Debian: libvips42, and libvips-dev to build), Herald's image library, behind a small
// C face of fixed-argument functions: Swift cannot call C's variadic functions, and nearly every
// libvips operation takes its options as `name, value, ..., NULL`.
//
// libvips is loaded when the first image is read (herald_vips_start), not when herald starts:
// linked into the binary, it brought 105 shared libraries (GLib, Pango, Cairo, X11, GnuTLS,
// HDF5, …) that the dynamic loader mapped and relocated at every start, 33 ms before `main` on
// this machine. That was a fifth of a no-op rebuild, and most of `herald --version`, for
// commands that read no image at all. See vips.c.
#ifndef HERALD_CVIPS_H
#define HERALD_CVIPS_H

#include <stddef.h>

/// An image of libvips (its `VipsImage`), which Swift holds as an opaque pointer.
typedef struct _VipsImage VipsImage;

/// Loads libvips and starts it, once per process (later calls return the first one's answer).
/// 0 on success; otherwise -1, with the reason in `herald_vips_load_error`.
int herald_vips_start(void);

/// Why libvips could not be loaded or started (empty when it was).
const char *herald_vips_load_error(void);

/// Whether libvips runs liborc's run-time compiled vector code (off after herald_vips_start).
int herald_vips_vectors_enabled(void);

/// Keeps every allocation over 1 MB mapped on its own, returned to the system when freed (see
/// ImageProcessing.returnLargeBuffersWhenFreed); M_MMAP_THRESHOLD is not visible to Swift.
void herald_map_large_allocations_alone(void);

/// libvips' error messages, copied into `out`, then cleared. libvips keeps one error buffer per
/// process, so it is copied and cleared in one locked step: reading it, then clearing it, let
/// another thread's error land in between (or be cleared unread).
void herald_vips_error(char *out, size_t size);

/// What a file's header says, read without decoding any pixel.
typedef struct {
    int width;           /* as stored, before the EXIF orientation */
    int height;
    int bands;
    int hasAlpha;
    int orientation;     /* EXIF orientation, 1 when none */
    int pages;           /* frames of an animation, 1 for a still image */
    int hasGPS;          /* whether its EXIF data holds a GPS position */
    char loader[48];     /* e.g. "jpegload_buffer" */
} HeraldImageHeader;

/// Reads the header of an image in memory (`buf` must outlive the call only).
int herald_vips_header(const void *buf, size_t len, HeraldImageHeader *header);

/// The image in `buf` turned upright by its EXIF orientation, in sRGB, shrunk to at most `width`
/// pixels wide (never enlarged), decoded into memory so that several sizes can be cut from it.
int herald_vips_upright(const void *buf, size_t len, int width, VipsImage **out);

/// `in` scaled to `width` × `height` exactly (a resize, both ways by the same or a near factor).
int herald_vips_resize(VipsImage *in, int width, int height, VipsImage **out);

/// The rectangle of `in` at `left`, `top` of `width` × `height`.
int herald_vips_crop(VipsImage *in, int left, int top, int width, int height, VipsImage **out);

/// The `width` × `height` rectangle of `in` that libvips' attention measure finds most interesting.
int herald_vips_smartcrop(VipsImage *in, int width, int height, VipsImage **out);

/// The formats Herald writes.
typedef enum { HERALD_JPEG = 0, HERALD_PNG = 1, HERALD_WEBP = 2, HERALD_AVIF = 3 } HeraldImageFormat;

/// `in` encoded in `format` at `quality` (1–100; PNG ignores it), metadata stripped.
/// `*buf` is freed with `herald_vips_free`.
int herald_vips_save(VipsImage *in, HeraldImageFormat format, int quality, void **buf, size_t *len);

/// Text drawn by Pango: `markup` (Pango markup, colours in `<span foreground>`) in `font`
/// ("Noto Sans CJK SC Bold 60"), from `fontfile` when not NULL, wrapped at `width` pixels
/// between words or, for scripts without spaces such as Chinese, between characters. RGBA.
int herald_vips_text(const char *markup, const char *font, const char *fontfile, int width, VipsImage **out);

/// A `width` × `height` sRGB image of one colour.
int herald_vips_canvas(int width, int height, double red, double green, double blue, VipsImage **out);

/// The image in `buf` cropped to fill `width` × `height` around its most interesting part, upright,
/// in sRGB, darkened to `brightness` (0–1) so that white text on it reads.
int herald_vips_backdrop(const void *buf, size_t len, int width, int height, double brightness, VipsImage **out);

/// `overlay` (RGBA) drawn over `base` with its top left at `x`, `y`.
int herald_vips_over(VipsImage *base, VipsImage *overlay, int x, int y, VipsImage **out);

/// The top `height` rows of `in` (text cut to its lines that fit).
int herald_vips_top(VipsImage *in, int height, VipsImage **out);

/// `in` as three sRGB bands (composite makes four), for a JPEG.
int herald_vips_opaque(VipsImage *in, VipsImage **out);

/// `in` made into pixels in memory (its source may then go).
VipsImage *herald_vips_memory(VipsImage *in);

/// The values of the pixel at `x`, `y` of the image in `buf` (up to four bands), for tests.
int herald_vips_pixel(const void *buf, size_t len, int x, int y, double *values, int *count);

/// Frees a buffer libvips made.
void herald_vips_free(void *buf);

/// Lets go of an image.
void herald_vips_release(VipsImage *image);

/// An image's width and height, and whether it has an alpha band.
int herald_vips_width(VipsImage *image);
int herald_vips_height(VipsImage *image);
int herald_vips_has_alpha(VipsImage *image);

#endif
