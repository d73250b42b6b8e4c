import Foundation
import Yams

/// The one way into a content file: its front matter (YAML or TOML) as a `YAMLReader`, and its body.
enum FrontMatter {
    /// Splits the file and parses its front matter, YAML between `---` lines or TOML between
    /// `+++` lines, into one reader; whatever stops it is a diagnostic at its file line.
    /// `bodyLine` is the file line the body starts on, for diagnostics about the body.
    static func read(_ data: Data, path: String) -> Result<(fields: YAMLReader, body: String, bodyLine: Int), Diagnostic> {
        let source: SourceText
        switch SourceText.read(data, path: path) {
        case .success(let text): source = text
        case .failure(let diagnostic): return .failure(diagnostic)
        }
        // The body starts on the line after the closing `---` or `+++`.
        let bodyLine = source.frontMatterLineOffset + source.frontMatter.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 } + 2
        switch source.syntax {
        case .yaml:
            return YAMLReader.parse(source.frontMatter, path: path, lineOffset: source.frontMatterLineOffset, what: "front matter", resolver: YAMLReader.frontMatterResolver)
                .map { ($0, source.body, bodyLine) }
        case .toml:
            return TOMLFrontMatter.parse(source.frontMatter, path: path, lineOffset: source.frontMatterLineOffset)
                .map { (YAMLReader(mapping: $0, path: path, lineOffset: source.frontMatterLineOffset), source.body, bodyLine) }
        }
    }
}
