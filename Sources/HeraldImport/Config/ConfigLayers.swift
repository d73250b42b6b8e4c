import Foundation
import Herald
import Yams

/// An old site's configuration as the files it was read from, later files overriding earlier ones
/// (Hugo's `config/_default/` then `config/production/`), looked up by key path in any case.
struct ConfigLayers: Sendable {
    /// One file's settings, as a mapping from its top.
    struct Layer: @unchecked Sendable {
        var file: String
        var root: Node.Mapping
    }

    var layers: [Layer] = []

    /// A value found, with `file:line` for site.yml's comments.
    struct Found: @unchecked Sendable {
        var node: Node
        var origin: String
    }

    /// The value at a key path (`["markup", "goldmark", "renderer", "unsafe"]`), from the last
    /// file that has it; keys match in any case, as Hugo's do.
    func value(_ path: [String]) -> Found? {
        for layer in layers.reversed() {
            var mapping = layer.root
            for (index, key) in path.enumerated() {
                guard let (keyNode, node) = Self.entry(key, in: mapping) else { break }
                if index == path.count - 1 {
                    return Found(node: node, origin: "\(layer.file):\(keyNode.mark?.line ?? 1)")
                }
                guard let next = node.mapping else { break }
                mapping = next
            }
        }
        return nil
    }

    /// The text at a key path (a scalar, trimmed; nil when empty).
    func text(_ path: String...) -> (value: String, origin: String)? {
        guard let found = value(path), let text = found.node.string?.trimmingCharacters(in: .whitespaces), !text.isEmpty
        else { return nil }
        return (text, found.origin)
    }

    /// Every key-value pair of a mapping at a key path, later files' pairs over earlier ones'.
    func mapping(_ path: String...) -> [(key: String, value: Node, origin: String)] {
        var pairs: [(key: String, value: Node, origin: String)] = []
        for layer in layers {
            var mapping: Node.Mapping? = layer.root
            for key in path { mapping = mapping.flatMap { Self.entry(key, in: $0)?.1.mapping } }
            guard let mapping else { continue }
            for (key, value) in mapping {
                let name = key.string ?? ""
                // Two files' tables for one key are merged (`languages.es.toml` and `params.es.toml`).
                let earlier = pairs.firstIndex { $0.key.lowercased() == name.lowercased() }
                let merged = earlier.map { Self.merge(pairs[$0].value, value) } ?? value
                if let earlier { pairs.remove(at: earlier) }
                pairs.append((name, merged, "\(layer.file):\(key.mark?.line ?? 1)"))
            }
        }
        return pairs
    }

    /// Two values of one key: mappings merged key by key (the later's values winning), else the later.
    static func merge(_ earlier: Node, _ later: Node) -> Node {
        guard case .mapping(let first) = earlier, case .mapping(let second) = later else { return later }
        var pairs = Array(first)
        for (key, value) in second {
            if let index = pairs.firstIndex(where: { $0.key.string?.lowercased() == key.string?.lowercased() }) {
                pairs[index] = (pairs[index].key, merge(pairs[index].value, value))
            } else {
                pairs.append((key, value))
            }
        }
        return .mapping(Node.Mapping(pairs, second.tag, second.style, second.mark))
    }

    /// A key's entry in a mapping, exactly or in any case.
    static func entry(_ key: String, in mapping: Node.Mapping) -> (Node, Node)? {
        if let exact = mapping.first(where: { $0.key.string == key }) { return (exact.key, exact.value) }
        return mapping.first { $0.key.string?.lowercased() == key.lowercased() }.map { ($0.key, $0.value) }
    }

    /// Reads one configuration file of `tree` as a layer over the others. A file Herald cannot read
    /// is a warning and the import goes on without it; a file beyond `InputLimits` (an alias bomb,
    /// over 16 MB, nested or keyed beyond reason) is a refusal: such a file is hostile, not old.
    mutating func add(_ file: String, under: [String] = [], from tree: SourceTree, into config: inout OldSiteConfig) {
        let what = "the configuration"
        let data: Data
        do {
            guard let read = try tree.read(file, atMost: InputLimits.largestFile) else { return }
            data = read
        } catch {
            config.files.append(file)
            config.refusals.append(
                Diagnostic(path: file, line: 1, InputLimits.excess(ofFileSize: error.size)!.message(what: what)))
            return
        }
        config.files.append(file)
        guard let text = String(data: data, encoding: .utf8) else {
            config.diagnostics.append(
                Diagnostic(path: file, line: 1, "is not UTF-8 text; the configuration in it was not read"))
            return
        }
        switch Self.parse(text, file: file) {
        case .success(let layer):
            if let excess = InputLimits.excess(in: layer.root, bytes: data.count) {
                config.refusals.append(Diagnostic(path: file, line: excess.line, excess.message(what: what)))
                return
            }
            layers.append(Self.wrapped(layer, under: under))
        case .failure(let diagnostic):
            config.diagnostics.append(diagnostic)
        }
    }

    /// A layer holding one key's settings (`config/_default/params.toml` holds `params`;
    /// `languages.es.toml` holds `languages.es`), wrapped under those keys.
    static func wrapped(_ layer: Layer, under: [String]) -> Layer {
        var root = layer.root
        for key in under.reversed() {
            root = Node.Mapping([(Node(key), .mapping(root))])
        }
        return Layer(file: layer.file, root: root)
    }

    /// Parses one configuration file (TOML, YAML or JSON, by its extension).
    static func parse(_ text: String, file: String) -> Result<Layer, Diagnostic> {
        let root: Node.Mapping
        if file.hasSuffix(".toml") {
            switch TOMLFrontMatter.parse(text, path: file, lineOffset: 0) {
            case .success(let mapping): root = mapping
            case .failure(let diagnostic):
                return .failure(
                    Diagnostic(
                        path: file, line: diagnostic.line,
                        diagnostic.message.replacingOccurrences(of: "front matter", with: "the configuration")))
            }
        } else {
            do {
                guard let node = try Yams.compose(yaml: text) else {
                    return .success(Layer(file: file, root: Node.Mapping([])))
                }
                guard let mapping = node.mapping else {
                    return .failure(
                        Diagnostic(
                            path: file, line: node.mark?.line ?? 1,
                            "the configuration is not a mapping of keys to values"))
                }
                root = mapping
            } catch let error as YamlError {
                let what = file.hasSuffix(".json") ? "JSON" : "YAML"
                return .failure(
                    Diagnostic(
                        path: file, line: FrontMatterFields.line(of: error),
                        "the configuration is not valid \(what): \(FrontMatterFields.reason(of: error))"))
            } catch {
                return .failure(Diagnostic(path: file, line: 1, "the configuration could not be read: \(error)"))
            }
        }
        return .success(Layer(file: file, root: root))
    }
}

extension Node {
    /// A list of texts: a sequence's scalars, or one scalar as a list of one.
    var texts: [String] {
        switch self {
        case .scalar(let scalar): return scalar.string.isEmpty ? [] : [scalar.string]
        case .sequence(let sequence): return sequence.compactMap(\.string)
        default: return []
        }
    }
}
