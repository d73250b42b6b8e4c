// A C face on RE2 (Debian's libre2-dev), so Swift can call it without C++ interoperability:
// Hugo's `ignoreFiles` are Go regular expressions, whose syntax RE2 defines and which RE2 matches
// in time linear in the text, whatever the pattern (no backtracking).
#include "CRE2.h"

#include <re2/re2.h>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

struct herald_re2 {
    RE2 expression;
    herald_re2(const re2::StringPiece &pattern, const RE2::Options &options) : expression(pattern, options) {}
};

herald_re2 *herald_re2_compile(const char *pattern, size_t length, char **error) {
    RE2::Options options;
    // A bad pattern is reported to the user by the caller, not printed on stderr by RE2.
    options.set_log_errors(false);
    herald_re2 *compiled = new (std::nothrow) herald_re2(re2::StringPiece(pattern, length), options);
    if (compiled == nullptr) {
        if (error != nullptr) *error = strdup("out of memory");
        return nullptr;
    }
    if (!compiled->expression.ok()) {
        if (error != nullptr) *error = strdup(compiled->expression.error().c_str());
        delete compiled;
        return nullptr;
    }
    return compiled;
}

int herald_re2_search(const herald_re2 *expression, const char *text, size_t length) {
    return RE2::PartialMatch(re2::StringPiece(text, length), expression->expression) ? 1 : 0;
}

void herald_re2_free(herald_re2 *expression) { delete expression; }

void herald_re2_free_error(char *error) { free(error); }
