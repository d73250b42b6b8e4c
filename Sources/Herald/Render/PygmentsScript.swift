/// The Python program a `PygmentsProcess` runs: Debian's Pygments (python3-pygments) behind a
/// small framed protocol on standard input and output, one block at a time, for as long as Herald
/// keeps the process.
///
/// It is kept in the binary, not installed beside it, so that the program and the Swift that
/// speaks to it cannot be of two versions.
///
/// The protocol:
/// - once started: `herald-pygments 2 <Pygments version>\n` (a process that prints anything else
///   cannot highlight: Pygments is missing);
/// - a request: the language name, `\n`, the fence's options as one line of JSON (`{}`, or
///   `FenceOptions.json`: `linenos`, `hl_lines`, `linenostart`, `lineanchors`, `anchorlinenos`, given to Pygments' HtmlFormatter
///   as they are), `\n`, the code's length in bytes, `\n`, the code (UTF-8);
/// - the answer: the HTML's length in bytes, `\n`, the HTML; or `-1\n` when no lexer has that name
///   or the lexer failed, and the block stays plain text. Without line numbers the HTML is the
///   spans alone (`nowrap`, lines asked for wrapped in `<span class="hll">`); with them (or line anchors) it is
///   Pygments' whole block (`<div class="highlight">`, a `<table>` for `table`), since its
///   formatter writes line numbers only around a block of its own.
enum PygmentsScript {
    /// The first line the program prints, before its version.
    static let greeting = "herald-pygments 2 "

    /// The program, given to `python3 -I -c`.
    ///
    /// - Lexers are found by Pygments' own names and aliases, then by the file extension (`yml`
    ///   is no alias of Pygments 2.14's YAML lexer, but `*.yml` is one of its file names).
    /// - `stripnl=False` keeps a block's leading and trailing blank lines, which Pygments drops by
    ///   default: the HTML holds exactly the code's text.
    /// - Lexers are kept between blocks (a lexer is made once per language, not once per block),
    ///   and the table is emptied past 512 names so that invented names cannot grow it for ever.
    /// - The text is decoded with `surrogateescape`, so that no byte can stop the program.
    /// - Options come from `FenceOptions`, already checked; a value Pygments still refuses makes
    ///   the block plain (`-1`), never the program stop.
    static let source = #"""
        import json
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
        plain = HtmlFormatter(nowrap=True)
        lexers = {}


        def formatter_for(options):
            if not options:
                return plain
            hl_lines = options.get("hl_lines", [])
            linenos = options.get("linenos")
            if linenos not in ("table", "inline"):
                linenos = False
            lineanchors = options.get("lineanchors", "")
            if not linenos and not lineanchors:
                return HtmlFormatter(nowrap=True, hl_lines=hl_lines)
            return HtmlFormatter(linenos=linenos, hl_lines=hl_lines, linenostart=options.get("linenostart", 1),
                                 lineanchors=lineanchors, anchorlinenos=options.get("anchorlinenos", False),
                                 cssclass="highlight", wrapcode=True)


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


        stdout.write(b"herald-pygments 2 " + pygments.__version__.encode() + b"\n")
        stdout.flush()
        while True:
            name = stdin.readline()
            options = stdin.readline()
            size = stdin.readline()
            if not size:
                break
            code = stdin.read(int(size))
            try:
                lexer = lexer_for(name.decode("utf-8", "surrogateescape").strip())
                html = None
                if lexer is not None:
                    formatter = formatter_for(json.loads(options))
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
