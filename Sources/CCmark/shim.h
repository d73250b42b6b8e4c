// cmark's public API (Debian: libcmark-dev). Herald's only Markdown parser.
#include <cmark.h>
