import Yams

/// Reads of the shapes real sites give values in: a cover as text, a list or a mapping; authors
/// as text, a list or mappings with a `name`; and the keys Herald does not read, kept as written.
extension YAMLReader {
    /// Text, or the first text of a list (`images: [a.jpg, b.jpg]`), or the first of `inMapping`'s
    /// keys in a mapping (`cover: {image: a.jpg, alt: …}`).
    mutating func firstText(_ key: String, inMapping names: [String]) -> String? {
        guard let node = node(key) else { return nil }
        switch node {
        case .sequence(let sequence):
            for case .scalar(let scalar) in sequence {
                let text = scalar.string.removingControlCharacters().trimmed()
                if !text.isEmpty { return text }
            }
            return nil
        case .mapping:
            guard var nested = mapping(key) else { return nil }
            defer { absorb(nested) }
            return names.lazy.compactMap { nested.text($0) }.first
        default:
            return text(key)
        }
    }

    /// The `alt` of a cover given as a mapping (`cover: {image: a.jpg, alt: …}`), if any.
    func coverAlt(_ key: String) -> String? {
        guard case .mapping(let mapping)? = node(key) else { return nil }
        for pair in mapping {
            if case .scalar(let name) = pair.key, name.string == "alt", case .scalar(let value) = pair.value {
                let text = value.string.removingControlCharacters().trimmed()
                return text.isEmpty ? nil : text
            }
        }
        return nil
    }

    /// Names: one text, a list of texts, or mappings with a `name` (`author: {name: A, email: …}`).
    mutating func names(_ key: String) -> [String] {
        guard let node = node(key) else { return [] }
        func name(of node: Node) -> String? {
            switch node {
            case .scalar(let scalar):
                let text = scalar.string.removingControlCharacters().closingBidiControls().trimmed()
                return text.isEmpty || (scalar.style == .plain && text == "~") ? nil : text
            case .mapping(let mapping):
                for pair in mapping {
                    if case .scalar(let key) = pair.key, key.string.lowercased() == "name" {
                        return name(of: pair.value)
                    }
                }
                problems.error(path, line(of: node), "\(key) given as a set of key: value lines needs a name")
                return nil
            default:
                problems.error(path, line(of: node), "\(key) must be a name or a list of names")
                return nil
            }
        }
        if case .sequence(let sequence) = node { return sequence.compactMap(name) }
        return name(of: node).map { [$0] } ?? []
    }

    /// Whether a key's value is a plain `true` or `false`.
    func isPlainBool(_ key: String) -> Bool {
        guard case .scalar(let scalar)? = node(key), scalar.style == .plain else { return false }
        return node(key)?.bool != nil
    }

    /// The keys Herald does not read, kept for templates; the values of a `params:` mapping (as
    /// Hugo's front matter allows) are merged in, and win.
    func params(unknown: [String], nested: String?) -> [String: FrontMatterValue] {
        var params: [String: FrontMatterValue] = [:]
        for key in unknown {
            if let node = node(key) { params[key] = Self.value(of: node) }
        }
        if let nested, case .mapping(let mapping)? = node(nested) {
            for pair in mapping {
                if case .scalar(let key) = pair.key { params[key.string] = Self.value(of: pair.value) }
            }
        }
        return params
    }

    /// A YAML value as templates see it.
    static func value(of node: Node) -> FrontMatterValue {
        switch node {
        case .scalar(let scalar):
            let text = scalar.string.removingControlCharacters().closingBidiControls()
            if scalar.style == .plain, let bool = node.bool { return .bool(bool) }
            if scalar.style == .plain, Double(text) != nil { return .number(text) }
            return .text(text)
        case .sequence(let sequence):
            return .list(sequence.map(value(of:)))
        case .mapping(let mapping):
            var values: [String: FrontMatterValue] = [:]
            for pair in mapping {
                if case .scalar(let key) = pair.key { values[key.string] = value(of: pair.value) }
            }
            return .mapping(values)
        case .alias:
            return .text("")
        }
    }
}
