// libvips (Debian: libvips-dev), Herald's image library. Swift cannot call C's variadic
// functions, and nearly every libvips operation takes its options as `name, value, ..., NULL`,
// so each operation Herald uses is wrapped here in a small fixed-argument inline function.
#include <vips/vips.h>
#include <vips/vector.h>
#include <string.h>
#include <malloc.h>

/// A GLib log handler that prints nothing.
static inline void herald_vips_drop_message(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {}

/// Starts libvips once per process. Herald runs one image per core itself, so each operation
/// runs on one thread; the operation cache is off (every image is read once) to bound memory.
static inline int herald_vips_start(void) {
    // libvips' GLib warnings ("heifload: ignoring nclx profile") say nothing an editor can act on,
    // and would land in the middle of herald's output: Herald reports what matters itself. They
    // are dropped by a log handler, not by setting VIPS_WARNING: setenv while other threads read
    // the environment (libvips starts on first use, mid-build) is not thread-safe in glibc.
    // (Shown when the environment sets HERALD_VIPS_WARNINGS, to see them while debugging.)
    if (!g_getenv("HERALD_VIPS_WARNINGS"))
        g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE, herald_vips_drop_message, NULL);
    if (VIPS_INIT("herald")) return -1;
    // No run-time compiled (liborc) vector code. Debian 12's liborc 0.4.33 keeps its compiled code
    // in one list that freeing a program changes without a lock, while libvips compiles programs
    // on another thread: a build processing images on two threads crashed inside liborc once in
    // CI (SIGSEGV, "Bad pointer dereference"). The plain C paths give the same images; cold image
    // processing takes about a quarter longer (bench/RESULTS.md), and cached images nothing.
    vips_vector_set_enabled(FALSE);
    vips_concurrency_set(1);
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    vips_cache_set_max_files(0);
    // Loaders for untrusted formats (ImageMagick, matio, …) are not used on web images.
    vips_block_untrusted_set(TRUE);
    return 0;
}

/// Whether libvips runs liborc's run-time compiled vector code (off after herald_vips_start).
static inline int herald_vips_vectors_enabled(void) { return vips_vector_isenabled(); }

/// Keeps every allocation over 1 MB mapped on its own, returned to the system when freed (see
/// ImageProcessing.returnLargeBuffersWhenFreed); M_MMAP_THRESHOLD is not visible to Swift.
static inline void herald_map_large_allocations_alone(void) {
    mallopt(M_MMAP_THRESHOLD, 1 << 20);
}

/// libvips' error messages, copied into `out`, then cleared. libvips keeps one error buffer per
/// process, so it is copied and cleared in one locked step: reading it, then clearing it, let
/// another thread's error land in between (or be cleared unread).
static inline void herald_vips_error(char *out, size_t size) {
    char *message = vips_error_buffer_copy();
    strncpy(out, message ? message : "", size - 1);
    out[size - 1] = 0;
    g_free(message);
}

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
static inline int herald_vips_header(const void *buf, size_t len, HeraldImageHeader *header) {
    VipsImage *image = vips_image_new_from_buffer(buf, len, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (!image) return -1;
    header->width = vips_image_get_width(image);
    header->height = vips_image_get_height(image);
    header->bands = vips_image_get_bands(image);
    header->hasAlpha = vips_image_hasalpha(image);
    header->orientation = vips_image_get_orientation(image);
    header->pages = vips_image_get_n_pages(image);
    header->hasGPS = vips_image_get_typeof(image, "exif-ifd3-GPSLatitude") != 0;
    const char *loader = NULL;
    header->loader[0] = 0;
    if (!vips_image_get_string(image, "vips-loader", &loader) && loader) {
        strncpy(header->loader, loader, sizeof(header->loader) - 1);
        header->loader[sizeof(header->loader) - 1] = 0;
    }
    g_object_unref(image);
    return 0;
}

/// Removes every metadata field (EXIF with its GPS position, XMP, IPTC, the colour profile once
/// the pixels are sRGB) from an image Herald owns: libvips 8.14's WebP writer keeps EXIF even when
/// told to strip it, so nothing is left for a writer to keep.
static inline void herald_vips_strip(VipsImage *image) {
    gchar **fields = vips_image_get_fields(image);
    for (int i = 0; fields[i]; i++) {
        const char *name = fields[i];
        if (vips_isprefix("exif-", name) || vips_isprefix("xmp-", name) || vips_isprefix("iptc-", name) ||
            vips_isprefix("icc-", name) || !strcmp(name, VIPS_META_ORIENTATION) || vips_isprefix("jpeg-", name) ||
            vips_isprefix("png-comment", name) || vips_isprefix("heif-", name))
            vips_image_remove(image, name);
    }
    g_strfreev(fields);
}

/// The image in `buf` turned upright by its EXIF orientation, in sRGB, shrunk to at most `width`
/// pixels wide (never enlarged), decoded into memory so that several sizes can be cut from it.
static inline int herald_vips_upright(const void *buf, size_t len, int width, VipsImage **out) {
    VipsImage *thumb = NULL;
    if (vips_thumbnail_buffer((void *)buf, len, &thumb, width, "height", VIPS_MAX_COORD,
                              "size", VIPS_SIZE_DOWN, "export_profile", "srgb", NULL)) return -1;
    VipsImage *memory = vips_image_copy_memory(thumb);
    g_object_unref(thumb);
    if (!memory) return -1;
    herald_vips_strip(memory);
    *out = memory;
    return 0;
}

/// `in` scaled to `width` × `height` exactly (a resize, both ways by the same or a near factor).
static inline int herald_vips_resize(VipsImage *in, int width, int height, VipsImage **out) {
    double h = (double)width / vips_image_get_width(in);
    double v = (double)height / vips_image_get_height(in);
    if (vips_resize(in, out, h, "vscale", v, "kernel", VIPS_KERNEL_LANCZOS3, NULL)) return -1;
    return 0;
}

/// The rectangle of `in` at `left`, `top` of `width` × `height`.
static inline int herald_vips_crop(VipsImage *in, int left, int top, int width, int height, VipsImage **out) {
    return vips_crop(in, out, left, top, width, height, NULL);
}

/// The `width` × `height` rectangle of `in` that libvips' attention measure finds most interesting.
static inline int herald_vips_smartcrop(VipsImage *in, int width, int height, VipsImage **out) {
    return vips_smartcrop(in, out, width, height, "interesting", VIPS_INTERESTING_ATTENTION, NULL);
}

/// The formats Herald writes.
typedef enum { HERALD_JPEG = 0, HERALD_PNG = 1, HERALD_WEBP = 2, HERALD_AVIF = 3 } HeraldImageFormat;

/// `in` encoded in `format` at `quality` (1–100; PNG ignores it), metadata stripped.
/// `*buf` is freed with `herald_vips_free`.
static inline int herald_vips_save(VipsImage *in, HeraldImageFormat format, int quality, void **buf, size_t *len) {
    switch (format) {
    case HERALD_JPEG: {
        VipsImage *flat = NULL;
        int result;
        if (vips_image_hasalpha(in)) {
            // JPEG has no transparency: transparent pixels become white, as a page's background.
            VipsArrayDouble *white = vips_array_double_newv(1, 255.0);
            result = vips_flatten(in, &flat, "background", white, NULL);
            vips_area_unref(VIPS_AREA(white));
            if (result) return -1;
            in = flat;
        }
        result = vips_jpegsave_buffer(in, buf, len, "Q", quality, "strip", TRUE, "optimize_coding", TRUE,
                                      "interlace", TRUE, NULL);
        if (flat) g_object_unref(flat);
        return result;
    }
    case HERALD_PNG:
        return vips_pngsave_buffer(in, buf, len, "strip", TRUE, "compression", 6, NULL);
    case HERALD_WEBP:
        return vips_webpsave_buffer(in, buf, len, "Q", quality, "strip", TRUE, "effort", 4, NULL);
    case HERALD_AVIF:
        return vips_heifsave_buffer(in, buf, len, "Q", quality, "strip", TRUE, "compression",
                                    VIPS_FOREIGN_HEIF_COMPRESSION_AV1, "effort", 2, NULL);
    }
    return -1;
}

/// Text drawn by Pango: `markup` (Pango markup, colours in `<span foreground>`) in `font`
/// ("Noto Sans CJK SC Bold 60"), from `fontfile` when not NULL, wrapped at `width` pixels
/// between words or, for scripts without spaces such as Chinese, between characters. RGBA.
static inline int herald_vips_text(const char *markup, const char *font, const char *fontfile, int width, VipsImage **out) {
    if (fontfile)
        return vips_text(out, markup, "font", font, "fontfile", fontfile, "width", width, "rgba", TRUE,
                         "wrap", VIPS_TEXT_WRAP_WORD_CHAR, "dpi", 72, NULL);
    return vips_text(out, markup, "font", font, "width", width, "rgba", TRUE, "wrap", VIPS_TEXT_WRAP_WORD_CHAR, "dpi", 72, NULL);
}

/// A `width` × `height` sRGB image of one colour.
static inline int herald_vips_canvas(int width, int height, double red, double green, double blue, VipsImage **out) {
    VipsImage *black = NULL, *coloured = NULL;
    if (vips_black(&black, width, height, "bands", 3, NULL)) return -1;
    double add[3] = {red, green, blue}, times[3] = {1, 1, 1};
    int result = vips_linear(black, &coloured, times, add, 3, "uchar", TRUE, NULL);
    g_object_unref(black);
    if (result) return -1;
    result = vips_copy(coloured, out, "interpretation", VIPS_INTERPRETATION_sRGB, NULL);
    g_object_unref(coloured);
    return result;
}

/// The image in `buf` cropped to fill `width` × `height` around its most interesting part, upright,
/// in sRGB, darkened to `brightness` (0–1) so that white text on it reads.
static inline int herald_vips_backdrop(const void *buf, size_t len, int width, int height, double brightness, VipsImage **out) {
    VipsImage *thumb = NULL, *srgb = NULL, *flat = NULL, *dark = NULL;
    if (vips_thumbnail_buffer((void *)buf, len, &thumb, width, "height", height, "crop", VIPS_INTERESTING_ATTENTION,
                              "size", VIPS_SIZE_FORCE, "export_profile", "srgb", NULL)) return -1;
    // A grey photo becomes three bands, a transparent one is laid on black.
    int result = vips_colourspace(thumb, &srgb, VIPS_INTERPRETATION_sRGB, NULL);
    g_object_unref(thumb);
    if (result) return -1;
    if (vips_image_hasalpha(srgb)) {
        result = vips_flatten(srgb, &flat, NULL);
        g_object_unref(srgb);
        if (result) return -1;
    } else {
        flat = srgb;
    }
    result = vips_linear1(flat, &dark, brightness, 0, "uchar", TRUE, NULL);
    g_object_unref(flat);
    if (result) return -1;
    result = vips_copy(dark, out, "interpretation", VIPS_INTERPRETATION_sRGB, NULL);
    g_object_unref(dark);
    return result;
}

/// `overlay` (RGBA) drawn over `base` with its top left at `x`, `y`.
static inline int herald_vips_over(VipsImage *base, VipsImage *overlay, int x, int y, VipsImage **out) {
    return vips_composite2(base, overlay, out, VIPS_BLEND_MODE_OVER, "x", x, "y", y, NULL);
}

/// The top `height` rows of `in` (text cut to its lines that fit).
static inline int herald_vips_top(VipsImage *in, int height, VipsImage **out) {
    return vips_crop(in, out, 0, 0, vips_image_get_width(in), height, NULL);
}

/// `in` as three sRGB bands (composite makes four), for a JPEG.
static inline int herald_vips_opaque(VipsImage *in, VipsImage **out) {
    if (!vips_image_hasalpha(in)) return vips_copy(in, out, NULL);
    return vips_extract_band(in, out, 0, "n", 3, NULL);
}

/// `in` made into pixels in memory (its source may then go).
static inline VipsImage *herald_vips_memory(VipsImage *in) { return vips_image_copy_memory(in); }

/// The values of the pixel at `x`, `y` of the image in `buf` (up to four bands), for tests.
static inline int herald_vips_pixel(const void *buf, size_t len, int x, int y, double *values, int *count) {
    VipsImage *image = vips_image_new_from_buffer(buf, len, "", NULL);
    if (!image) return -1;
    double *vector = NULL;
    int n = 0;
    int result = vips_getpoint(image, &vector, &n, x, y, NULL);
    g_object_unref(image);
    if (result) return -1;
    *count = n < 4 ? n : 4;
    for (int i = 0; i < *count; i++) values[i] = vector[i];
    g_free(vector);
    return 0;
}

/// Frees a buffer libvips made.
static inline void herald_vips_free(void *buf) { g_free(buf); }

/// Lets go of an image.
static inline void herald_vips_release(VipsImage *image) { if (image) g_object_unref(image); }

/// An image's width and height.
static inline int herald_vips_width(VipsImage *image) { return vips_image_get_width(image); }
static inline int herald_vips_height(VipsImage *image) { return vips_image_get_height(image); }
static inline int herald_vips_has_alpha(VipsImage *image) { return vips_image_hasalpha(image); }
