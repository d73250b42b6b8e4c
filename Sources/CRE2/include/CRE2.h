#ifndef HERALD_CRE2_H
#define HERALD_CRE2_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A compiled RE2 expression (Go's regular-expression syntax, matched in linear time).
typedef struct herald_re2 herald_re2;

/// Compiles `pattern` (`length` bytes of UTF-8). Returns NULL when it does not compile, and then,
/// when `error` is not NULL, sets it to RE2's explanation, which the caller frees with
/// `herald_re2_free_error`.
herald_re2 *herald_re2_compile(const char *pattern, size_t length, char **error);

/// 1 when the expression matches anywhere in `text` (`length` bytes of UTF-8), else 0. Safe to call
/// from several threads on one expression.
int herald_re2_search(const herald_re2 *expression, const char *text, size_t length);

/// Frees an expression.
void herald_re2_free(herald_re2 *expression);

/// Frees an explanation given by `herald_re2_compile`.
void herald_re2_free_error(char *error);

#ifdef __cplusplus
}
#endif

#endif
