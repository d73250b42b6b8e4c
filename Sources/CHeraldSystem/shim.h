// Linux system calls that Swift cannot reach on its own: glibc 2.36 (Debian 12) has no wrapper
// for openat2, and Swift does not import C's variadic syscall(). Herald confines every file it
// reads from a site and writes into an output with openat2's RESOLVE_ flags (see ConfinedFolder).
// Swift's Glibc module does not import malloc.h either, whose mallopt() sets how the heap grows.
#include <errno.h>
#include <fcntl.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>
#if defined(__linux__)
#include <linux/openat2.h>
#else
#define RESOLVE_NO_MAGICLINKS 0x02
#define RESOLVE_NO_SYMLINKS 0x04
#define RESOLVE_BENEATH 0x08
#endif

/// openat2(dirfd, path, {flags, mode, resolve}): -1 with errno set on failure, ENOSYS where the
/// kernel (before 5.6) or the system has none, so the caller can walk the path itself instead.
static inline int herald_openat2(int dirfd, const char *path, int flags, unsigned int mode, uint64_t resolve) {
#if defined(__linux__) && defined(SYS_openat2)
    struct open_how how = { .flags = (uint64_t)(unsigned int)flags, .mode = mode, .resolve = resolve };
    long result = syscall(SYS_openat2, dirfd, path, &how, sizeof how);
    return (int)result;
#else
    errno = ENOSYS;
    return -1;
#endif
}

/// getdents64(fd, buffer, size): the folder's next entries as `struct linux_dirent64` records,
/// 0 at its end, -1 with errno set on failure. Reading a folder this way needs its descriptor
/// alone: `fdopendir` adds two `fcntl` calls per folder, a fifth of the system calls of checking
/// a 13,000-folder output for changes.
static inline long herald_getdents64(int fd, void *buffer, unsigned long size) {
#if defined(__linux__) && defined(SYS_getdents64)
    return syscall(SYS_getdents64, fd, buffer, size);
#else
    errno = ENOSYS;
    return -1;
#endif
}

/// O_PATH, which glibc's fcntl.h defines only for _GNU_SOURCE builds (Swift's import is not one):
/// a descriptor that names a folder to open others below, without reading it.
#ifdef __O_PATH
static const int herald_O_PATH = __O_PATH;
#else
static const int herald_O_PATH = 010000000;
#endif

/// Resolution that stays below the folder and follows no symbolic link at all (output folders,
/// which Herald fills itself and which never hold a link).
static const uint64_t herald_resolve_confined = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS;
/// Resolution that stays below the folder and follows only relative links that stay below it
/// (a site folder, whose links inside the site are the editors' own).
static const uint64_t herald_resolve_beneath = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS;

/// Makes glibc grow a heap 64 MB beyond each request rather than by the request alone. A build
/// allocates hundreds of MB in small pieces on two threads, and each thread's arena grew its heap
/// a request at a time: 22,000 `mprotect` calls in a build of 10,000 items, and the arena's lock
/// held meanwhile. Pages of the pad that are never touched take no memory. (Setting it also stops
/// glibc sliding its mmap threshold up after large frees: it stays at 128 KB, as measured.)
/// Other C libraries (musl, macOS) have no such setting, and grow as they do.
static inline void herald_grow_heaps_in_large_steps(void) {
#if defined(__GLIBC__)
    mallopt(M_TOP_PAD, 64 << 20);
#endif
}

/// Puts back glibc's own step (128 KB, mallopt(3)) before libvips decodes pixels: each of its
/// threads has an arena, and freed pixel buffers stayed in heaps grown 64 MB at a time (a 5-post
/// site with 20 photos peaked at 283 MB instead of 177 MB). For the rest of the process: in
/// `herald serve`, from the first build that makes an image.
static inline void herald_grow_heaps_in_small_steps(void) {
#if defined(__GLIBC__)
    mallopt(M_TOP_PAD, 128 << 10);
#endif
}
