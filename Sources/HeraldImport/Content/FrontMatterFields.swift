import Foundation
import Herald
import Yams

/// The keys and values of one file's front matter, in the order written, each with its file line.
struct FrontMatterFields: Sendable {
    /// One key and its value.
    struct Field: @unchecked Sendable {
        var key: String
        var value: Node
        /// The file line the key is on.
        var line: Int
    }

    var fields: [Field]
    /// Keys given twice (line, message): a warning each, the later value counting.
    var repeats: [(line: Int, message: String)] = []

    /// No front matter.
    static let empty = FrontMatterFields(fields: [])

    /// Parses a document's front matter. A syntax error is a problem at its file line.
    static func parse(_ document: SourceDocument) -> Result<FrontMatterFields, SourceDocument.Problem> {
        switch document.syntax {
        case .none:
            return .success(.empty)
        case .toml:
            switch TOMLFrontMatter.parse(document.frontMatter, path: "", lineOffset: document.frontMatterLine - 1) {
            case .success(let mapping):
                // The bounds every reader keeps (TOML has no aliases, but may nest and key without end).
                if let excess = InputLimits.excess(in: mapping, bytes: document.frontMatter.utf8.count) {
                    return .failure(
                        .init(
                            line: document.frontMatterLine - 1 + excess.line,
                            message: excess.message(what: "front matter")))
                }
                return .success(FrontMatterFields(mapping: mapping, lineOffset: document.frontMatterLine - 1))
            case .failure(let diagnostic):
                return .failure(.init(line: diagnostic.line, message: diagnostic.message))
            }
        case .yaml, .json:
            let lineOffset = document.frontMatterLine - 1
            let what = document.syntax == .json ? "JSON" : "YAML"
            do {
                var composed: Node?
                do {
                    composed = try Yams.compose(yaml: document.frontMatter)
                } catch let refusal as YamlError {
                    // A repeated key, as real sites have: the later value counts, as in Hugo, Jekyll and Herald.
                    guard case .duplicatedKeysInMapping = refusal,
                        let tolerant = YAMLDuplicateKeys.compose(
                            document.frontMatter, resolver: .default, refusal: refusal)
                    else { throw refusal }
                    composed = tolerant
                }
                guard let node = composed else { return .success(.empty) }
                guard let mapping = node.mapping else {
                    return .failure(
                        .init(
                            line: lineOffset + (node.mark?.line ?? 1),
                            message: "front matter is not a mapping of keys to values"))
                }
                // The bounds every reader keeps (an alias bomb would make the import walk billions of values).
                if let excess = InputLimits.excess(in: node, bytes: document.frontMatter.utf8.count) {
                    return .failure(
                        .init(line: lineOffset + excess.line, message: excess.message(what: "front matter")))
                }
                var fields = FrontMatterFields(mapping: mapping, lineOffset: lineOffset)
                fields.repeats = YAMLDuplicateKeys.warnings(in: node, path: "", lineOffset: lineOffset).map {
                    ($0.line, $0.message)
                }
                return .success(fields)
            } catch let error as YamlError {
                return .failure(
                    .init(
                        line: lineOffset + Self.line(of: error),
                        message: "front matter is not valid \(what): \(Self.reason(of: error))"))
            } catch {
                return .failure(.init(line: lineOffset + 1, message: "front matter is not valid \(what): \(error)"))
            }
        }
    }

    /// The fields of a mapping whose lines are `lineOffset` above the file's.
    init(mapping: Node.Mapping, lineOffset: Int) {
        fields = mapping.map { key, value in
            Field(key: key.string ?? "", value: value, line: lineOffset + (key.mark?.line ?? 1))
        }
    }

    init(fields: [Field]) { self.fields = fields }

    /// The field of a key written exactly so, else in any case (Hugo's keys are case-insensitive).
    func field(_ name: String) -> Field? {
        // The last: of a key given twice, the later value counts.
        fields.last { $0.key == name } ?? fields.last { $0.key.lowercased() == name.lowercased() }
    }

    /// The first of several names present.
    func field(anyOf names: [String]) -> Field? {
        for name in names { if let field = field(name) { return field } }
        return nil
    }

    /// A scalar's text.
    func text(_ name: String) -> String? {
        guard let value = field(name)?.value, case .scalar(let scalar) = value else { return nil }
        let text = scalar.string.trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }

    /// A list of texts, a single text being a list of one (Jekyll's `categories: a b` is split on spaces).
    func texts(_ name: String, splitSpaces: Bool = false) -> [String] {
        guard let value = field(name)?.value else { return [] }
        switch value {
        case .scalar(let scalar):
            let text = scalar.string.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { return [] }
            return splitSpaces ? text.split(separator: " ").map(String.init) : [text]
        case .sequence(let sequence):
            return sequence.compactMap { $0.string?.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        default:
            return []
        }
    }

    /// Whether a key holds YAML's true.
    func isTrue(_ name: String) -> Bool { field(name)?.value.bool == true || text(name)?.lowercased() == "true" }

    /// The line of a YAML error.
    static func line(of error: YamlError) -> Int {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): return mark.line
        default: return 1
        }
    }

    /// A YAML error in words, without Yams' copy of the text.
    static func reason(of error: YamlError) -> String {
        switch error {
        case .scanner(let context, let problem, _, _), .parser(let context, let problem, _, _),
            .composer(let context, let problem, _, _):
            return [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        default: return String("\(error)".prefix { $0 != "\n" })
        }
    }
}
