import Foundation
import Yams

/// The one way into a content file: its front matter (YAML or TOML) as a `YAMLReader`, and its body.
enum FrontMatter {
    /// Splits the file and parses its front matter, YAML between `---` lines or TOML between
    /// `+++` lines, into one reader; whatever stops it is a diagnostic at its file line.
    /// `bodyLine` is the file line the body starts on, for diagnostics about the body.
    static func read(
        _ data: Data, path: String
    ) -> Result<(fields: YAMLReader, body: String, bodyLine: Int), Diagnostic> {
        let source: SourceText
        switch SourceText.read(data, path: path) {
        case .success(let text): source = text
        case .failure(let diagnostic): return .failure(diagnostic)
        }
        // The body starts on the line after the closing `---` or `+++`.
        let bodyLine = source.frontMatterLineOffset + source.frontMatter.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 } + 2
        let size = source.frontMatter.utf8.count
        if size > largestText {
            let kilobytes = (size + 1023) / 1024
            return .failure(
                Diagnostic(
                    path: path, line: source.frontMatterLineOffset,
                    "front matter is \(kilobytes) KB; it may be at most \(largestText / 1024) KB: put long text in the body, and lists of data in data/"
                ))
        }
        let fields: YAMLReader
        switch source.syntax {
        case .yaml:
            switch YAMLReader.parse(
                source.frontMatter, path: path, lineOffset: source.frontMatterLineOffset, what: "front matter",
                resolver: YAMLReader.frontMatterResolver)
            {
            case .success(let reader): fields = reader
            case .failure(let diagnostic): return .failure(diagnostic)
            }
        case .toml:
            switch TOMLFrontMatter.parse(source.frontMatter, path: path, lineOffset: source.frontMatterLineOffset) {
            case .success(let mapping):
                fields = YAMLReader(mapping: mapping, path: path, lineOffset: source.frontMatterLineOffset)
            case .failure(let diagnostic): return .failure(diagnostic)
            }
        }
        // Without aliases every key takes at least a byte of the text, so a front matter of fewer
        // bytes than the limit cannot pass it; walking every file's keys to count them was 16 ms
        // of CPU over the 10,000-item corpus (perf).
        let mayExceed = size > mostKeys || ByteSearch.contains(source.frontMatter, UInt8(ascii: "*"))
        if mayExceed, let line = lineOfKey(number: mostKeys + 1, in: fields.mapping) {
            return .failure(
                Diagnostic(
                    path: path, line: source.frontMatterLineOffset + line,
                    "front matter has over \(NumberText.grouped(mostKeys)) keys (this is key \(NumberText.grouped(mostKeys + 1))); it may have at most \(NumberText.grouped(mostKeys)): put lists of data in data/"
                ))
        }
        return .success((fields, source.body, bodyLine))
    }

    /// The most bytes of front matter read. Real front matter is a few KB; a megabyte of it
    /// composes into some 100 MB of YAML nodes, so a bigger one is refused before it is parsed
    /// (a 4 MB front matter of 400,000 keys took 42 s and 424 MB).
    static let largestText = 1024 * 1024

    /// The most keys in a front matter, nested mappings included: every structured input's bound
    /// (`InputLimits.mostKeys`). Every key Herald does not read is checked for a typo and kept for
    /// templates, at some 2 KB and 0.1 ms each, and real front matter has a few dozen.
    static let mostKeys = InputLimits.mostKeys

    /// The line (in the front matter) of the `number`th key, counting every mapping's keys depth
    /// first; nil if there are fewer. Stops there, so a huge document costs no more than the limit.
    /// Aliases are counted as often as they are used, which the alias budget has bounded already.
    static func lineOfKey(number: Int, in mapping: Node.Mapping) -> Int? {
        var remaining = number
        var found: Int? = nil
        func visit(_ node: Node) {
            switch node {
            case .scalar, .alias: return
            case .sequence(let sequence):
                for element in sequence where found == nil { visit(element) }
            case .mapping(let mapping):
                visitPairs(mapping)
            }
        }
        func visitPairs(_ mapping: Node.Mapping) {
            for pair in mapping where found == nil {
                remaining -= 1
                if remaining == 0 {
                    found = pair.key.mark?.line ?? 1
                    return
                }
                visit(pair.value)
            }
        }
        visitPairs(mapping)
        return found
    }
}
