import Foundation

/// One key of a site.yml mapping, declared once: its name and how its value is read. A mapping's
/// known keys (for the "unknown key …; did you mean …?" warnings) are its declarations' names,
/// so a key's name is written nowhere else; its default is the one the type it is read into
/// declares (`SiteConfig`, `HomeOptions` …), which a key not written leaves in place.
struct SiteConfigKey<Value> {
    /// Where a key stands: its name, and its dotted path from the top of site.yml
    /// (`trending.weights`), which warnings name.
    struct Place {
        let name: String
        let path: String
    }

    /// The key as written in site.yml.
    let name: String
    /// The keys of the mapping it holds, as dotted paths from it (`weights.views`), for the
    /// check that docs/configuration.md describes every key.
    let nested: [String]
    /// Reads the key's value, if written, into `value`, reporting problems on `reader`.
    let read: (_ reader: inout YAMLReader, _ place: Place, _ value: inout Value) -> Void

    init(
        _ name: String, nested: [String] = [],
        read: @escaping (_ reader: inout YAMLReader, _ place: Place, _ value: inout Value) -> Void
    ) {
        self.name = name
        self.nested = nested
        self.read = read
    }

    /// A `true`/`false` key that sets `field`.
    static func flag(_ name: String, _ field: WritableKeyPath<Value, Bool>) -> SiteConfigKey {
        SiteConfigKey(name) { reader, place, value in
            if let flag = reader.bool(place.name) { value[keyPath: field] = flag }
        }
    }

    /// A key of whole numbers of at least 0 that sets `field`.
    static func count(_ name: String, _ field: WritableKeyPath<Value, Int>) -> SiteConfigKey {
        SiteConfigKey(name) { reader, place, value in
            if let count = reader.count(place.name) { value[keyPath: field] = count }
        }
    }

    /// A section (`home:`) whose own keys are read into `field`.
    static func section<Options>(
        _ name: String, _ field: WritableKeyPath<Value, Options>, _ keys: [SiteConfigKey<Options>]
    ) -> SiteConfigKey {
        SiteConfigKey(name, nested: SiteConfigKey<Options>.paths(of: keys)) { reader, place, value in
            guard var section = reader.mapping(place.name) else { return }
            SiteConfigKey<Options>.read(&section, by: keys, into: &value[keyPath: field], section: place.path)
            reader.absorb(section)
        }
    }

    /// Reads a mapping by `keys`: a warning for each key not among them, then each key, in
    /// their order. `section` is the mapping's dotted path, nil for the top of site.yml.
    static func read(_ reader: inout YAMLReader, by keys: [SiteConfigKey], into value: inout Value, section: String?) {
        SiteConfigParser.warnAboutUnknownKeys(&reader, known: keys.map(\.name), section: section)
        for key in keys {
            key.read(&reader, Place(name: key.name, path: section.map { "\($0).\(key.name)" } ?? key.name), &value)
        }
    }

    /// Every key of `keys` and of the mappings under them, as dotted paths.
    static func paths(of keys: [SiteConfigKey]) -> [String] {
        keys.flatMap { key in [key.name] + key.nested.map { "\(key.name).\($0)" } }
    }
}
