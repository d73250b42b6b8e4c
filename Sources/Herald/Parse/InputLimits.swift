import Foundation
import Yams

/// The one set of bounds on structured input (YAML, TOML and JSON, whoever reads it): file size,
/// YAML alias expansion, nesting depth and key count. Each reader checks its document against
/// these once it is composed, so a few hostile bytes (a "billion laughs" alias bomb, ten thousand
/// nested lists) are refused at once with `path:line` instead of taking minutes and gigabytes.
///
/// The size and the alias budget are front matter's own (`ItemParser.largestFile`,
/// `YAMLReader.expansionBudget`), named here so that every reader shares them; front matter's
/// key count is this one (`FrontMatter.mostKeys`). The bounds of particular inputs live with
/// their reader, each once: front matter's text (`FrontMatter.largestText`), tables
/// (`TableLimits`), data files (`PopularityParser.largestFile`), an item's terms (`LimitOptions`).
public enum InputLimits {
    /// The largest file read: 16 MiB, as for content files.
    public static let largestFile = ItemParser.largestFile
    /// The deepest nesting of lists and mappings. Real configuration and front matter nest a few
    /// levels (`markup.goldmark.renderer.unsafe` is four); libyaml alone would allow 1,000.
    public static let deepestNesting = 64
    /// The most keys in one document, counting every mapping's. A large Hugo configuration has a
    /// few hundred.
    public static let mostKeys = 10_000

    /// How many values a document of `bytes` bytes may hold once its aliases are expanded.
    public static func expansionBudget(forBytes bytes: Int) -> Int { YAMLReader.expansionBudget(forBytes: bytes) }

    /// A bound a document goes beyond, and the line (of the document, 1-based) where it does.
    public struct Excess: Sendable, Equatable {
        /// Which bound, for code to match on.
        public enum Kind: String, Sendable { case size, aliases, nesting, keys }
        public var kind: Kind
        public var line: Int
        /// The bound (bytes, values, levels or keys).
        public var limit: Int
        /// The size of a file too large, in bytes; 0 for the other kinds.
        public var size = 0

        /// The message, naming the input as `what` ("the configuration", "front matter").
        public func message(what: String) -> String {
            switch kind {
            case .size:
                return "\(what) is \(Self.megabytes(size)); Herald reads files of at most \(Self.megabytes(limit))"
            case .aliases:
                return
                    "\(what) uses YAML aliases (*name) that expand to over \(limit) values, far more than it spells out; write the values out instead"
            case .nesting:
                return "\(what) nests lists and mappings over \(limit) levels deep; Herald reads at most \(limit)"
            case .keys:
                return
                    "\(what) has over \(NumberText.grouped(limit)) keys; Herald reads at most \(NumberText.grouped(limit)) in one file"
            }
        }

        static func megabytes(_ bytes: Int) -> String {
            let value = Double(bytes) / 1_048_576
            return value == value.rounded() ? "\(Int(value)) MB" : String(format: "%.1f MB", value)
        }
    }

    /// The excess of a file of `bytes` bytes, before it is read.
    public static func excess(ofFileSize bytes: Int) -> Excess? {
        bytes > largestFile ? Excess(kind: .size, line: 1, limit: largestFile, size: bytes) : nil
    }

    /// The first bound a composed document of `bytes` bytes of text goes beyond, or nil. The walk
    /// stops as soon as the alias budget is spent, so the check is quick whatever the document.
    public static func excess(in root: Node, bytes: Int) -> Excess? {
        var walk = Walk(budget: expansionBudget(forBytes: bytes))
        return walk.visit(root, depth: 0, line: root.mark?.line ?? 1)
    }

    /// A mapping's excess (a document's top, as readers hold it).
    public static func excess(in mapping: Node.Mapping, bytes: Int) -> Excess? {
        excess(in: .mapping(mapping), bytes: bytes)
    }

    /// One walk over a document's values, aliases expanded, counting against every bound.
    private struct Walk {
        var remaining: Int
        let budget: Int
        var keys = 0
        /// The line of the top-level key being walked: where an alias bomb is reported, as
        /// front matter reports it (an expanded alias carries its anchor's line, not its own).
        var topLine: Int?

        init(budget: Int) {
            self.budget = budget
            remaining = budget
        }

        /// The excess at or below `node`; `line` is the nearest line known above it.
        mutating func visit(_ node: Node, depth: Int, line: Int) -> Excess? {
            let line = node.mark?.line ?? line
            remaining -= 1
            if remaining < 0 { return Excess(kind: .aliases, line: topLine ?? line, limit: budget) }
            if depth > InputLimits.deepestNesting {
                return Excess(kind: .nesting, line: line, limit: InputLimits.deepestNesting)
            }
            switch node {
            case .scalar, .alias:
                return nil
            case .sequence(let sequence):
                for element in sequence {
                    if let excess = visit(element, depth: depth + 1, line: line) { return excess }
                }
            case .mapping(let mapping):
                for (key, value) in mapping {
                    keys += 1
                    let keyLine = key.mark?.line ?? line
                    if depth == 0 { topLine = keyLine }
                    if keys > InputLimits.mostKeys {
                        return Excess(kind: .keys, line: keyLine, limit: InputLimits.mostKeys)
                    }
                    if let excess = visit(key, depth: depth + 1, line: keyLine)
                        ?? visit(value, depth: depth + 1, line: keyLine)
                    {
                        return excess
                    }
                }
            }
            return nil
        }
    }
}
