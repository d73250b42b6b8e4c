import Foundation
import HeraldTemplates
import Yams

/// The theme's interface text in the site's language (`{{t.recentNews}}` in templates), read from
/// `templates/i18n/<language>.yml`; a key missing there falls back to English.
struct InterfaceStrings: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    /// Key → text.
    var table: [String: String]

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        // A missing string shows its key, so a theme author sees what to add.
        .text(table[key.written] ?? key.written)
    }

    /// Picks the table for `language` (`zh-CN` → `en`, then `zh`, then `zh-cn` laid over each
    /// other), from layers of i18n files (the theme's, then the site's), each path → YAML text.
    static func load(
        language: String, layers: [[String: (text: String, source: String)]]
    ) -> Result<InterfaceStrings, BuildFailure> {
        var table: [String: String] = [:]
        let primary = String(language.lowercased().split(separator: "-").first ?? "en")
        var candidates = ["en"]
        if primary != "en" { candidates.append(primary) }
        if language.lowercased() != primary { candidates.append(language.lowercased()) }
        var problems: [Diagnostic] = []
        for name in candidates {
            for layer in layers {
                guard let file = layer["i18n/\(name).yml"] else { continue }
                switch YAMLReader.parse(file.text, path: file.source, lineOffset: 0, what: "the strings file") {
                case .failure(let diagnostic):
                    problems.append(diagnostic)
                case .success(var reader):
                    for (key, _) in reader.keys {
                        if let value = reader.string(key) { table[key] = value }
                    }
                    problems.append(contentsOf: reader.problems.all)
                }
            }
        }
        if problems.contains(where: { $0.severity == .error }) {
            return .failure(BuildFailure(step: .loadTemplates, diagnostics: problems))
        }
        return .success(InterfaceStrings(table: table))
    }
}
