// Herald's calls into libvips, made through a table of the library's functions that
// herald_vips_start fills by loading libvips (dlopen) when the first image is read. The table's
// entries take their types from libvips' own headers (`__typeof__`), so the compiler checks every
// call as if it were linked; the operations are as they were when libvips was linked.
#include "CVips.h"

#include <dlfcn.h>
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <vips/vips.h>
// After vips.h, which it needs.
#include <vips/vector.h>

// Every libvips and GLib function Herald calls. GLib's are found through libvips, which needs them.
#define HERALD_VIPS_FUNCTIONS(X)                                                                    \
    X(g_free) X(g_getenv) X(g_log_set_handler) X(g_object_unref) X(g_strfreev)                    \
    X(vips_area_unref) X(vips_array_double_newv) X(vips_black) X(vips_cache_set_max)                \
    X(vips_cache_set_max_files) X(vips_cache_set_max_mem) X(vips_colourspace) X(vips_composite2)    \
    X(vips_concurrency_set) X(vips_copy) X(vips_crop) X(vips_error) X(vips_error_buffer_copy)       \
    X(vips_extract_band) X(vips_flatten) X(vips_getpoint) X(vips_heifsave_buffer)                   \
    X(vips_image_copy_memory) X(vips_image_get_bands) X(vips_image_get_fields)                     \
    X(vips_image_get_height) X(vips_image_get_n_pages) X(vips_image_get_orientation)               \
    X(vips_image_get_string) X(vips_image_get_typeof) X(vips_image_get_width) X(vips_image_hasalpha) \
    X(vips_image_new_from_buffer) X(vips_image_remove) X(vips_init) X(vips_isprefix)               \
    X(vips_jpegsave_buffer) X(vips_linear) X(vips_linear1) X(vips_pngsave_buffer) X(vips_resize)   \
    X(vips_smartcrop) X(vips_text) X(vips_thumbnail_buffer) X(vips_vector_isenabled)               \
    X(vips_vector_set_enabled) X(vips_version) X(vips_webpsave_buffer) X(vips_block_untrusted_set)

#define HERALD_VIPS_ENTRY(name) __typeof__(&name) name;
static struct {
    HERALD_VIPS_FUNCTIONS(HERALD_VIPS_ENTRY)
} vips;

/// The start's answer (0 or -1), and why it failed.
static int started = -1;
static char load_error[512];
static pthread_once_t start_once = PTHREAD_ONCE_INIT;

/// A GLib log handler that prints nothing.
static void herald_vips_drop_message(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {}

/// Finds every function of the table in the loaded library; false (with the reason) when one is missing.
static int herald_vips_bind(void *library) {
#define HERALD_VIPS_BIND(name)                                                                      \
    vips.name = (__typeof__(&name))dlsym(library, #name);                                           \
    if (!vips.name) {                                                                               \
        snprintf(load_error, sizeof load_error, "libvips has no function %s (libvips 8.14 or later is needed)", #name); \
        return 0;                                                                                   \
    }
    HERALD_VIPS_FUNCTIONS(HERALD_VIPS_BIND)
    return 1;
}

/// Loads libvips (its soname, as Debian's libvips42 installs it) and starts it. Herald runs one
/// image per core itself, so each operation runs on one thread; the operation cache is off
/// (every image is read once) to bound memory.
static void herald_vips_load(void) {
    void *library = dlopen("libvips.so.42", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(load_error, sizeof load_error, "libvips could not be loaded (%s); install Debian's libvips42", dlerror());
        return;
    }
    if (!herald_vips_bind(library)) return;
    // libvips' GLib warnings ("heifload: ignoring nclx profile") say nothing an editor can act on,
    // and would land in the middle of herald's output: Herald reports what matters itself. They
    // are dropped by a log handler, not by setting VIPS_WARNING: setenv while other threads read
    // the environment (libvips starts on first use, mid-build) is not thread-safe in glibc.
    // (Shown when the environment sets HERALD_VIPS_WARNINGS, to see them while debugging.)
    if (!vips.g_getenv("HERALD_VIPS_WARNINGS"))
        vips.g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE, herald_vips_drop_message, NULL);
    // VIPS_INIT's check, made on the library loaded: its ABI is the one these headers describe.
    if (vips.vips_version(3) - vips.vips_version(5) != VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE) {
        snprintf(load_error, sizeof load_error, "libvips has ABI version %d, and herald needs %d",
                 vips.vips_version(3) - vips.vips_version(5), VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE);
        return;
    }
    if (vips.vips_init("herald")) {
        snprintf(load_error, sizeof load_error, "libvips could not be started");
        return;
    }
    // No run-time compiled (liborc) vector code. Debian 12's liborc 0.4.33 keeps its compiled code
    // in one list that freeing a program changes without a lock, while libvips compiles programs
    // on another thread: a build processing images on two threads crashed inside liborc once in
    // CI (SIGSEGV, "Bad pointer dereference"). The plain C paths give the same images; cold image
    // processing takes about a quarter longer (bench/RESULTS.md), and cached images nothing.
    vips.vips_vector_set_enabled(FALSE);
    vips.vips_concurrency_set(1);
    vips.vips_cache_set_max(0);
    vips.vips_cache_set_max_mem(0);
    vips.vips_cache_set_max_files(0);
    // Loaders for untrusted formats (ImageMagick, matio, …) are not used on web images.
    vips.vips_block_untrusted_set(TRUE);
    started = 0;
}

int herald_vips_start(void) {
    pthread_once(&start_once, herald_vips_load);
    return started;
}

const char *herald_vips_load_error(void) {
    herald_vips_start();
    return load_error;
}

/// Whether the table can be called: every entry point that reaches libvips checks it, so a call
/// before (or without) a successful start fails instead of calling through an empty table.
static int ready(void) { return herald_vips_start() == 0; }

int herald_vips_vectors_enabled(void) { return ready() ? vips.vips_vector_isenabled() : 0; }

void herald_map_large_allocations_alone(void) { mallopt(M_MMAP_THRESHOLD, 1 << 20); }

void herald_vips_error(char *out, size_t size) {
    if (!ready()) {
        snprintf(out, size, "%s", load_error);
        return;
    }
    char *message = vips.vips_error_buffer_copy();
    strncpy(out, message ? message : "", size - 1);
    out[size - 1] = 0;
    vips.g_free(message);
}

int herald_vips_header(const void *buf, size_t len, HeraldImageHeader *header) {
    if (!ready()) return -1;
    VipsImage *image = vips.vips_image_new_from_buffer(buf, len, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (!image) return -1;
    header->width = vips.vips_image_get_width(image);
    header->height = vips.vips_image_get_height(image);
    header->bands = vips.vips_image_get_bands(image);
    header->hasAlpha = vips.vips_image_hasalpha(image);
    header->orientation = vips.vips_image_get_orientation(image);
    header->pages = vips.vips_image_get_n_pages(image);
    header->hasGPS = vips.vips_image_get_typeof(image, "exif-ifd3-GPSLatitude") != 0;
    const char *loader = NULL;
    header->loader[0] = 0;
    if (!vips.vips_image_get_string(image, "vips-loader", &loader) && loader) {
        strncpy(header->loader, loader, sizeof(header->loader) - 1);
        header->loader[sizeof(header->loader) - 1] = 0;
    }
    vips.g_object_unref(image);
    return 0;
}

/// Removes every metadata field (EXIF with its GPS position, XMP, IPTC, the colour profile once
/// the pixels are sRGB) from an image Herald owns: libvips 8.14's WebP writer keeps EXIF even when
/// told to strip it, so nothing is left for a writer to keep.
static void herald_vips_strip(VipsImage *image) {
    gchar **fields = vips.vips_image_get_fields(image);
    for (int i = 0; fields[i]; i++) {
        const char *name = fields[i];
        if (vips.vips_isprefix("exif-", name) || vips.vips_isprefix("xmp-", name) ||
            vips.vips_isprefix("iptc-", name) || vips.vips_isprefix("icc-", name) ||
            !strcmp(name, VIPS_META_ORIENTATION) || vips.vips_isprefix("jpeg-", name) ||
            vips.vips_isprefix("png-comment", name) || vips.vips_isprefix("heif-", name))
            vips.vips_image_remove(image, name);
    }
    vips.g_strfreev(fields);
}

/// `buf` made at most `width` by `height` (cropped to that size when `crop`), upright, in sRGB,
/// and in memory: made here, so that a failure of its colour management is seen here.
/// An embedded profile that does not fit the pixels (an RGB profile in a grey JPEG) makes libvips
/// refuse the image, where browsers and Hugo show it as if it had none. So does Herald: the
/// second try leaves colour management out, and a failure of both tells the first one's reason.
static VipsImage *herald_vips_thumbnail(const void *buf, size_t len, int width, int height, int crop) {
    char *first = NULL;
    VipsImage *memory = NULL;
    for (int managed = 1; managed >= 0 && !memory; managed--) {
        VipsImage *thumb = NULL;
        int failed = crop ? vips.vips_thumbnail_buffer((void *)buf, len, &thumb, width, "height", height, "crop",
                                                       VIPS_INTERESTING_ATTENTION, "size", VIPS_SIZE_FORCE,
                                                       managed ? "export_profile" : NULL, "srgb", NULL)
                          : vips.vips_thumbnail_buffer((void *)buf, len, &thumb, width, "height", height, "size",
                                                       VIPS_SIZE_DOWN, managed ? "export_profile" : NULL, "srgb",
                                                       NULL);
        if (!failed) {
            memory = vips.vips_image_copy_memory(thumb);
            vips.g_object_unref(thumb);
        }
        // Taking the buffer's text empties it, so the second try's reason is its own.
        char *reason = memory ? NULL : vips.vips_error_buffer_copy();
        if (!first) first = reason; else vips.g_free(reason);
    }
    if (!memory && first) {
        // As it was, without the line end vips_error adds again.
        size_t end = strlen(first);
        while (end > 0 && first[end - 1] == '\n') first[--end] = 0;
        vips.vips_error(NULL, "%s", first);
    }
    vips.g_free(first);
    return memory;
}

int herald_vips_upright(const void *buf, size_t len, int width, VipsImage **out) {
    if (!ready()) return -1;
    VipsImage *memory = herald_vips_thumbnail(buf, len, width, VIPS_MAX_COORD, 0);
    if (!memory) return -1;
    herald_vips_strip(memory);
    *out = memory;
    return 0;
}

int herald_vips_resize(VipsImage *in, int width, int height, VipsImage **out) {
    if (!ready()) return -1;
    double h = (double)width / vips.vips_image_get_width(in);
    double v = (double)height / vips.vips_image_get_height(in);
    if (vips.vips_resize(in, out, h, "vscale", v, "kernel", VIPS_KERNEL_LANCZOS3, NULL)) return -1;
    return 0;
}

int herald_vips_crop(VipsImage *in, int left, int top, int width, int height, VipsImage **out) {
    if (!ready()) return -1;
    return vips.vips_crop(in, out, left, top, width, height, NULL);
}

int herald_vips_smartcrop(VipsImage *in, int width, int height, VipsImage **out) {
    if (!ready()) return -1;
    return vips.vips_smartcrop(in, out, width, height, "interesting", VIPS_INTERESTING_ATTENTION, NULL);
}

/// `in` as JPEG: transparent pixels become white, as a page's background, since JPEG has none.
static int herald_vips_save_jpeg(VipsImage *in, int quality, void **buf, size_t *len) {
    VipsImage *flat = NULL;
    if (vips.vips_image_hasalpha(in)) {
        VipsArrayDouble *white = vips.vips_array_double_newv(1, 255.0);
        int result = vips.vips_flatten(in, &flat, "background", white, NULL);
        vips.vips_area_unref(VIPS_AREA(white));
        if (result) return -1;
        in = flat;
    }
    int result = vips.vips_jpegsave_buffer(in, buf, len, "Q", quality, "strip", TRUE, "optimize_coding", TRUE,
                                           "interlace", TRUE, NULL);
    if (flat) vips.g_object_unref(flat);
    return result;
}

int herald_vips_save(VipsImage *in, HeraldImageFormat format, int quality, void **buf, size_t *len) {
    if (!ready()) return -1;
    switch (format) {
    case HERALD_JPEG:
        return herald_vips_save_jpeg(in, quality, buf, len);
    case HERALD_PNG:
        return vips.vips_pngsave_buffer(in, buf, len, "strip", TRUE, "compression", 6, NULL);
    case HERALD_WEBP:
        return vips.vips_webpsave_buffer(in, buf, len, "Q", quality, "strip", TRUE, "effort", 4, NULL);
    case HERALD_AVIF:
        return vips.vips_heifsave_buffer(in, buf, len, "Q", quality, "strip", TRUE, "compression",
                                         VIPS_FOREIGN_HEIF_COMPRESSION_AV1, "effort", 2, NULL);
    }
    return -1;
}

int herald_vips_text(const char *markup, const char *font, const char *fontfile, int width, VipsImage **out) {
    if (!ready()) return -1;
    if (fontfile)
        return vips.vips_text(out, markup, "font", font, "fontfile", fontfile, "width", width, "rgba", TRUE, "wrap",
                              VIPS_TEXT_WRAP_WORD_CHAR, "dpi", 72, NULL);
    return vips.vips_text(out, markup, "font", font, "width", width, "rgba", TRUE, "wrap", VIPS_TEXT_WRAP_WORD_CHAR,
                          "dpi", 72, NULL);
}

int herald_vips_canvas(int width, int height, double red, double green, double blue, VipsImage **out) {
    if (!ready()) return -1;
    VipsImage *black = NULL, *coloured = NULL;
    if (vips.vips_black(&black, width, height, "bands", 3, NULL)) return -1;
    double add[3] = {red, green, blue}, times[3] = {1, 1, 1};
    int result = vips.vips_linear(black, &coloured, times, add, 3, "uchar", TRUE, NULL);
    vips.g_object_unref(black);
    if (result) return -1;
    result = vips.vips_copy(coloured, out, "interpretation", VIPS_INTERPRETATION_sRGB, NULL);
    vips.g_object_unref(coloured);
    return result;
}

int herald_vips_backdrop(const void *buf, size_t len, int width, int height, double brightness, VipsImage **out) {
    if (!ready()) return -1;
    VipsImage *srgb = NULL, *flat = NULL, *dark = NULL;
    VipsImage *thumb = herald_vips_thumbnail(buf, len, width, height, 1);
    if (!thumb) return -1;
    // A grey photo becomes three bands, a transparent one is laid on black.
    int result = vips.vips_colourspace(thumb, &srgb, VIPS_INTERPRETATION_sRGB, NULL);
    vips.g_object_unref(thumb);
    if (result) return -1;
    if (vips.vips_image_hasalpha(srgb)) {
        result = vips.vips_flatten(srgb, &flat, NULL);
        vips.g_object_unref(srgb);
        if (result) return -1;
    } else {
        flat = srgb;
    }
    result = vips.vips_linear1(flat, &dark, brightness, 0, "uchar", TRUE, NULL);
    vips.g_object_unref(flat);
    if (result) return -1;
    result = vips.vips_copy(dark, out, "interpretation", VIPS_INTERPRETATION_sRGB, NULL);
    vips.g_object_unref(dark);
    return result;
}

int herald_vips_over(VipsImage *base, VipsImage *overlay, int x, int y, VipsImage **out) {
    if (!ready()) return -1;
    return vips.vips_composite2(base, overlay, out, VIPS_BLEND_MODE_OVER, "x", x, "y", y, NULL);
}

int herald_vips_top(VipsImage *in, int height, VipsImage **out) {
    if (!ready()) return -1;
    return vips.vips_crop(in, out, 0, 0, vips.vips_image_get_width(in), height, NULL);
}

int herald_vips_opaque(VipsImage *in, VipsImage **out) {
    if (!ready()) return -1;
    if (!vips.vips_image_hasalpha(in)) return vips.vips_copy(in, out, NULL);
    return vips.vips_extract_band(in, out, 0, "n", 3, NULL);
}

VipsImage *herald_vips_memory(VipsImage *in) { return ready() ? vips.vips_image_copy_memory(in) : NULL; }

int herald_vips_pixel(const void *buf, size_t len, int x, int y, double *values, int *count) {
    if (!ready()) return -1;
    VipsImage *image = vips.vips_image_new_from_buffer(buf, len, "", NULL);
    if (!image) return -1;
    double *vector = NULL;
    int n = 0;
    int result = vips.vips_getpoint(image, &vector, &n, x, y, NULL);
    vips.g_object_unref(image);
    if (result) return -1;
    *count = n < 4 ? n : 4;
    for (int i = 0; i < *count; i++) values[i] = vector[i];
    vips.g_free(vector);
    return 0;
}

// Images and buffers exist only once libvips has started, so these need not check.
void herald_vips_free(void *buf) {
    if (buf && vips.g_free) vips.g_free(buf);
}
void herald_vips_release(VipsImage *image) {
    if (image && vips.g_object_unref) vips.g_object_unref(image);
}
int herald_vips_width(VipsImage *image) { return vips.vips_image_get_width(image); }
int herald_vips_height(VipsImage *image) { return vips.vips_image_get_height(image); }
int herald_vips_has_alpha(VipsImage *image) { return vips.vips_image_hasalpha(image); }
