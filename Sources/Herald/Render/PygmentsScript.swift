/// The Python program a `PygmentsProcess` runs: Debian's Pygments (python3-pygments) behind a
/// small framed protocol on standard input and output, one block at a time, for as long as Herald
/// keeps the process.
///
/// It is kept in the binary, not installed beside it, so that the program and the Swift that
/// speaks to it cannot be of two versions.
///
/// The protocol:
/// - once started: `herald-pygments 1 <Pygments version>\n` (a process that prints anything else
///   cannot highlight: Pygments is missing);
/// - a request: the language name, `\n`, the code's length in bytes, `\n`, the code (UTF-8);
/// - the answer: the HTML's length in bytes, `\n`, the HTML; or `-1\n` when no lexer has that name
///   or the lexer failed, and the block stays plain text.
enum PygmentsScript {
    /// The first line the program prints, before its version.
    static let greeting = "herald-pygments 1 "

    /// The program, given to `python3 -I -c`.
    ///
    /// - Lexers are found by Pygments' own names and aliases, then by the file extension (`yml`
    ///   is no alias of Pygments 2.14's YAML lexer, but `*.yml` is one of its file names).
    /// - `stripnl=False` keeps a block's leading and trailing blank lines, which Pygments drops by
    ///   default: the HTML holds exactly the code's text.
    /// - Lexers are kept between blocks (a lexer is made once per language, not once per block),
    ///   and the table is emptied past 512 names so that invented names cannot grow it for ever.
    /// - The text is decoded with `surrogateescape`, so that no byte can stop the program.
    static let source = #"""
import sys
try:
    import pygments
    from pygments import highlight
    from pygments.formatters.html import HtmlFormatter
    from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
    from pygments.util import ClassNotFound
except ImportError:
    sys.exit(3)

stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
formatter = HtmlFormatter(nowrap=True)
lexers = {}


def lexer_for(name):
    if name not in lexers:
        if len(lexers) >= 512:
            lexers.clear()
        try:
            lexer = get_lexer_by_name(name, stripnl=False)
        except ClassNotFound:
            try:
                lexer = get_lexer_for_filename("x." + name, stripnl=False)
            except ClassNotFound:
                lexer = None
        lexers[name] = lexer
    return lexers[name]


stdout.write(b"herald-pygments 1 " + pygments.__version__.encode() + b"\n")
stdout.flush()
while True:
    name = stdin.readline()
    size = stdin.readline()
    if not size:
        break
    code = stdin.read(int(size))
    try:
        lexer = lexer_for(name.decode("utf-8", "surrogateescape").strip())
        html = None
        if lexer is not None:
            text = highlight(code.decode("utf-8", "surrogateescape"), lexer, formatter)
            html = text.encode("utf-8", "surrogateescape")
    except Exception:
        html = None
    if html is None:
        stdout.write(b"-1\n")
    else:
        stdout.write(b"%d\n" % len(html))
        stdout.write(html)
    stdout.flush()
"""#
}
