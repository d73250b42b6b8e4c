import Foundation
import Yams

/// The one way into a content file: its front matter (YAML or TOML) as a `YAMLReader`, and its body.
enum FrontMatter {
    /// Splits the file and parses its front matter, YAML between `---` lines or TOML between
    /// `+++` lines, into one reader; whatever stops it is a diagnostic at its file line.
    static func read(_ data: Data, path: String) -> Result<(fields: YAMLReader, body: String), Diagnostic> {
        let source: SourceText
        switch SourceText.read(data, path: path) {
        case .success(let text): source = text
        case .failure(let diagnostic): return .failure(diagnostic)
        }
        switch source.syntax {
        case .yaml:
            return YAMLReader.parse(source.frontMatter, path: path, lineOffset: source.frontMatterLineOffset, what: "front matter", resolver: YAMLReader.frontMatterResolver)
                .map { ($0, source.body) }
        case .toml:
            return TOMLFrontMatter.parse(source.frontMatter, path: path, lineOffset: source.frontMatterLineOffset)
                .map { (YAMLReader(mapping: $0, path: path, lineOffset: source.frontMatterLineOffset), source.body) }
        }
    }
}
