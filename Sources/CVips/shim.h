// libvips (Debian: libvips-dev), Herald's image library. Swift cannot call C's variadic
// functions, and nearly every libvips operation takes its options as `name, value, ..., NULL`,
// so each operation Herald uses is wrapped here in a small fixed-argument inline function.
#include <vips/vips.h>
#include <string.h>

/// Starts libvips once per process. Herald runs one image per core itself, so each operation
/// runs on one thread; the operation cache is off (every image is read once) to bound memory.
static inline int herald_vips_start(void) {
    if (VIPS_INIT("herald")) return -1;
    vips_concurrency_set(1);
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    vips_cache_set_max_files(0);
    // Loaders for untrusted formats (ImageMagick, matio, …) are not used on web images.
    vips_block_untrusted_set(TRUE);
    return 0;
}

/// The message of the last libvips error on this thread, copied into `out`, then cleared.
static inline void herald_vips_error(char *out, size_t size) {
    const char *message = vips_error_buffer();
    strncpy(out, message ? message : "", size - 1);
    out[size - 1] = 0;
    vips_error_clear();
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

/// Frees a buffer libvips made.
static inline void herald_vips_free(void *buf) { g_free(buf); }

/// Lets go of an image.
static inline void herald_vips_release(VipsImage *image) { if (image) g_object_unref(image); }

/// An image's width and height.
static inline int herald_vips_width(VipsImage *image) { return vips_image_get_width(image); }
static inline int herald_vips_height(VipsImage *image) { return vips_image_get_height(image); }
static inline int herald_vips_has_alpha(VipsImage *image) { return vips_image_hasalpha(image); }
