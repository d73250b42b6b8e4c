import Yams

/// YAML mappings that give a key more than once. Yams refuses them, but real Hugo and Jekyll
/// sites have them, and those tools take the later value; so Herald takes it too, with a warning.
///
/// Yams 6 has no option to compose without its duplicate check (`Parser.loadMapping` always
/// runs it), so a document Yams refused is composed again with each earlier occurrence told
/// apart by a local tag written before it (`!herald-repeat-1 title: …`): Yams compares keys by
/// text and tag, the tag changes neither the key's text nor any line, and values are untouched.
/// Only documents Yams refused pay for this; the others are composed once, as before.
public enum YAMLDuplicateKeys {
    /// The most text composed again, in all, before giving up: each repeat told apart costs a
    /// composition of the whole document, so this bounds the time a document full of repeats
    /// takes (thousands of repeats in a typical front matter, 64 in a 512 KB one).
    static let mostBytesComposed = 32 * 1024 * 1024

    /// Composes `yaml`, which Yams refused with `refusal` (a repeated key), keeping every
    /// occurrence; nil when that does not give a document (the refusal then stands).
    public static func compose(_ yaml: String, resolver: Resolver, refusal: YamlError) -> Node? {
        var text = yaml
        var error = refusal
        var tagged: Set<String> = []
        // Each round tells one more occurrence apart, at a place not seen before, so the rounds
        // end; the budget ends them sooner on a huge document.
        var number = 0
        while true {
            number += 1
            // Yams points at the first occurrence of the (alphabetically) first repeated key.
            guard case .duplicatedKeysInMapping(_, let context) = error else { return nil }
            let place = "\(context.mark.line):\(context.mark.column)"
            // The same place again means the tag did not tell it apart (a key that is an alias).
            guard tagged.insert(place).inserted, number * yaml.utf8.count <= mostBytesComposed,
                let marked = inserting(
                    "!herald-repeat-\(number) ", in: text, line: context.mark.line, column: context.mark.column)
            else { return nil }
            text = marked
            do {
                return try Yams.compose(yaml: text, resolver, .default, .utf8)
            } catch let next as YamlError {
                error = next
            } catch {
                return nil
            }
        }
    }

    /// `text` with `insertion` at a line and column (from 1; the column in Unicode scalars, as libyaml counts).
    private static func inserting(_ insertion: String, in text: String, line: Int, column: Int) -> String? {
        let utf8 = text.utf8
        var start = utf8.startIndex
        for _ in 1..<max(line, 1) {
            guard let newline = utf8[start...].firstIndex(of: 0x0A) else { return nil }
            start = utf8.index(after: newline)
        }
        let scalars = text.unicodeScalars
        guard let at = scalars.index(start, offsetBy: column - 1, limitedBy: scalars.endIndex) else { return nil }
        return String(text[..<at]) + insertion + String(text[at...])
    }

    /// A warning at the last occurrence of each key given more than once in any mapping of the
    /// document, naming the earlier lines.
    public static func warnings(in root: Node, path: String, lineOffset: Int) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        // Aliases repeat a node; each is looked at once (the alias budget has been checked already).
        var seen: Set<String> = []
        func firstVisit(_ kind: String, _ mark: Mark?) -> Bool {
            guard let mark else { return true }
            return seen.insert("\(kind)\(mark.line):\(mark.column)").inserted
        }
        func visit(_ node: Node) {
            switch node {
            case .scalar, .alias:
                return
            case .sequence(let sequence):
                guard firstVisit("list", sequence.mark) else { return }
                sequence.forEach(visit)
            case .mapping(let mapping):
                guard firstVisit("map", mapping.mark) else { return }
                var lines: [String: [Int]] = [:]
                var order: [String] = []
                for pair in mapping {
                    visit(pair.value)
                    guard case .scalar(let key) = pair.key else { continue }
                    if lines[key.string] == nil { order.append(key.string) }
                    lines[key.string, default: []].append(lineOffset + (key.mark?.line ?? 1))
                }
                for key in order {
                    guard let all = lines[key], let last = all.last, all.count > 1 else { continue }
                    let earlier = all.dropLast()
                    let message =
                        earlier.count == 1
                        ? "'\(key)' is given twice (also on line \(earlier[earlier.startIndex])); the later value is used"
                        : "'\(key)' is given \(all.count) times (also on lines \(earlier.map(String.init).joined(separator: ", "))); the last value is used"
                    warnings.append(.warning(path: path, line: last, message))
                }
            }
        }
        visit(root)
        return warnings
    }
}
