import Foundation
import Testing

@testable import Herald

/// docs/configuration.md's table of site.yml keys names the keys the parser declares, no more and
/// no fewer (issue 38: the keys were written in the parser twice, and the reference fell behind).
@Suite struct ConfigurationDocTests {
    /// Every key the table documents, as dotted paths: `home.recent` / `featured` is
    /// `home.recent` and `home.featured`.
    let documented: Set<String>
    /// Every key site.yml's declarations read, sections' keys included.
    let declared = Set(SiteConfigKey.paths(of: SiteConfigParser.keys))

    init() throws {
        let document = try String(
            contentsOf: Fixtures.repository.appendingPathComponent("docs/configuration.md"), encoding: .utf8)
        var documented: Set<String> = []
        for row in document.split(separator: "\n") where row.hasPrefix("| `") {
            let names = row.dropFirst(2).prefix { $0 != "|" }.split(separator: "/").map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            }
            guard let first = names.first else { continue }
            // A row's later names are the first one's siblings.
            let parent = first.split(separator: ".").dropLast().joined(separator: ".")
            documented.insert(first)
            for name in names.dropFirst() { documented.insert(parent.isEmpty ? name : "\(parent).\(name)") }
        }
        self.documented = documented
    }

    @Test func everyDocumentedKeyIsDeclared() {
        #expect(
            documented.subtracting(declared).isEmpty,
            "docs/configuration.md documents keys site.yml does not have: \(documented.subtracting(declared).sorted())")
    }

    /// A key is documented by its own row, by its section's (`publish`), or by its keys' rows
    /// (`trending.weights` by `trending.weights.views` …).
    @Test func everyDeclaredKeyIsDocumented() {
        let undocumented = declared.filter { key in
            let parts = key.split(separator: ".")
            let ancestors = (1...parts.count).map { parts.prefix($0).joined(separator: ".") }
            return !ancestors.contains(where: documented.contains) && !documented.contains { $0.hasPrefix(key + ".") }
        }
        #expect(undocumented.isEmpty, "keys docs/configuration.md does not document: \(undocumented.sorted())")
    }
}
