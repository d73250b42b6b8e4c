import Foundation
import Yams

/// `taxonomies:`, the site's own ways of grouping items beyond categories and tags:
///
/// ```yaml
/// taxonomies:
///   - topics
///   - name: departments
///     segment: depts
///     title: {en: Departments, zh-CN: 院系}
/// ```
extension SiteConfigParser {
    /// The most taxonomies a site may declare: each adds a list to every item and pages to the
    /// site, and no real site needs more than a handful.
    static let mostTaxonomies = 32

    /// The keys of one taxonomy written as a mapping.
    static var taxonomyKeys: [SiteConfigKey<TaxonomyDeclaration>] {
        [
            SiteConfigKey("name") { entry, place, taxonomy in taxonomy.name = entry.text(place.name) ?? "" },
            SiteConfigKey("segment") { entry, place, taxonomy in
                taxonomy.segment = entry.text(place.name) ?? ""
            },
            SiteConfigKey("title") { entry, place, taxonomy in readTaxonomyTitle(&entry, place, into: &taxonomy) },
        ]
    }

    static var taxonomiesKey: SiteConfigKey<SiteConfig> {
        SiteConfigKey("taxonomies", nested: SiteConfigKey.paths(of: taxonomyKeys)) { reader, place, config in
            config.taxonomies = readTaxonomies(&reader, place, languageFolders: config.languages.map(\.path))
            for index in config.taxonomies.indices where !config.taxonomies[index].titles.isEmpty {
                config.taxonomies[index].title = config.taxonomies[index].title(in: config.language)
            }
        }
    }

    /// Reads `taxonomies:` in the order written; each one's problems are errors at its line.
    /// Read after `languages`, whose folders a taxonomy's address may not take.
    private static func readTaxonomies(
        _ reader: inout YAMLReader, _ place: SiteConfigKey<SiteConfig>.Place, languageFolders: [String]
    ) -> [TaxonomyDeclaration] {
        guard let node = reader.node(place.name), reader.hasValue(place.name) else { return [] }
        guard case .sequence(let sequence) = node else {
            reader.problems.error(
                reader.path, reader.line(of: node),
                "taxonomies must be a list of names, or of mappings with a name (- name: topics)")
            return []
        }
        var taxonomies: [TaxonomyDeclaration] = []
        for element in sequence {
            guard let taxonomy = readTaxonomy(element, in: &reader, place) else { continue }
            if let problem = taxonomyProblem(taxonomy, after: taxonomies, languageFolders: languageFolders) {
                reader.problems.error(reader.path, taxonomy.line, problem)
            } else if taxonomies.count == mostTaxonomies {
                reader.problems.error(
                    reader.path, taxonomy.line,
                    "a site may declare at most \(mostTaxonomies) taxonomies beside categories and tags")
                break
            } else {
                taxonomies.append(taxonomy)
            }
        }
        return taxonomies
    }

    /// One entry: a name alone (`- topics`), or a mapping with a name.
    private static func readTaxonomy(
        _ element: Node, in reader: inout YAMLReader, _ place: SiteConfigKey<SiteConfig>.Place
    ) -> TaxonomyDeclaration? {
        let line = reader.line(of: element)
        switch element {
        case .scalar(let scalar):
            let name = scalar.string.trimmed()
            return name.isEmpty ? nil : TaxonomyDeclaration(name: name, line: line)
        case .mapping(let mapping):
            var entry = YAMLReader(mapping: mapping, path: reader.path, lineOffset: reader.lineOffset)
            var taxonomy = TaxonomyDeclaration(name: "", segment: "", title: "", line: line)
            SiteConfigKey.read(&entry, by: taxonomyKeys, into: &taxonomy, section: place.path)
            reader.absorb(entry)
            guard !taxonomy.name.isEmpty else {
                reader.problems.error(reader.path, line, "each taxonomy needs a name, such as `- name: topics`")
                return nil
            }
            if taxonomy.segment.isEmpty { taxonomy.segment = Slug.make(from: taxonomy.name) }
            if taxonomy.title.isEmpty { taxonomy.title = TaxonomyDeclaration.defaultTitle(of: taxonomy.name) }
            return taxonomy
        default:
            reader.problems.error(
                reader.path, line, "each entry of taxonomies must be a name, or a mapping with a name")
            return nil
        }
    }

    /// `title:`, one text for every language or one per language code (`{en: Topics, zh-CN: 专题}`).
    private static func readTaxonomyTitle(
        _ entry: inout YAMLReader, _ place: SiteConfigKey<TaxonomyDeclaration>.Place,
        into taxonomy: inout TaxonomyDeclaration
    ) {
        guard case .mapping = entry.node(place.name) else {
            taxonomy.title = entry.text(place.name) ?? ""
            return
        }
        guard var titles = entry.mapping(place.name) else { return }
        for (code, _) in titles.keys {
            if let title = titles.text(code) { taxonomy.titles[code] = title }
        }
        entry.absorb(titles)
        // The first title stands for a language site.yml gives none for.
        taxonomy.title = titles.keys.first.flatMap { taxonomy.titles[$0.key] } ?? ""
    }

    /// Why a taxonomy cannot be declared as written, if it cannot: a name that is not a plain
    /// key, one Herald reads for something else, or an address another part of the site has.
    static func taxonomyProblem(
        _ taxonomy: TaxonomyDeclaration, after earlier: [TaxonomyDeclaration], languageFolders: [String]
    ) -> String? {
        let name = taxonomy.name
        if name.utf8.count > 40 || !name.unicodeScalars.allSatisfy(isKeyScalar)
            || !(name.unicodeScalars.first.map(CharacterSet.letters.contains) ?? false)
        {
            return
                "taxonomy '\(name.prefix(40))' must be a front matter key: a letter, then letters, digits, '_' or '-' (at most 40)"
        }
        if let builtIn = ["category", "categories", "tag", "tags"].first(where: { $0 == name.lowercased() }) {
            return "taxonomy '\(name)' is built in (\(builtIn)); declare only the site's others, such as topics"
        }
        if let key = FrontMatterKeys.key(for: name), key != "author" {
            return
                "taxonomy '\(name)' is a front matter key Herald reads as the item's \(key); name the taxonomy otherwise"
        }
        if let problem = Slug.problem(with: taxonomy.segment) { return "taxonomy '\(name)': segment \(problem)" }
        if let owner = ownerOfSegment(taxonomy.segment) {
            return
                "taxonomy '\(name)' would have its pages at /\(taxonomy.segment)/, where \(owner) is; give it another address with `segment:`"
        }
        if languageFolders.contains(where: { $0.lowercased() == taxonomy.segment.lowercased() }) {
            return
                "taxonomy '\(name)' would have its pages at /\(taxonomy.segment)/, the folder of a language; give it another address with `segment:`"
        }
        if let other = earlier.first(where: { $0.name.lowercased() == name.lowercased() }) {
            return "taxonomy '\(name)' is declared twice (also on line \(other.line))"
        }
        if let other = earlier.first(where: { $0.segment == taxonomy.segment }) {
            return
                "taxonomies '\(name)' and '\(other.name)' (line \(other.line)) would both have their pages at /\(taxonomy.segment)/; give one another `segment:`"
        }
        return nil
    }

    /// Who has the address `/<segment>/` already: a section's list, or Herald's own pages and files.
    private static func ownerOfSegment(_ segment: String) -> String? {
        let lower = segment.lowercased()
        if let kind = ContentKind.allCases.first(where: {
            [$0.folder, $0.urlSection].contains(lower)
        }) {
            return "the \(kind.folder) section"
        }
        return URLLayout.reservedRootSegments.contains(lower) ? "Herald's own /\(lower)/" : nil
    }

    private static func isKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
        CharacterSet.alphanumerics.contains(scalar) || scalar == "_" || scalar == "-"
    }
}
