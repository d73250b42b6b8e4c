import Foundation
import Mustache

/// The default theme compiled into herald from the repository's `templates/` folder.
public enum DefaultTheme {
    /// The theme's files (templates, `assets/`, `i18n/`), path relative to `templates/` → bytes.
    public static var files: [String: Data] {
        Dictionary(uniqueKeysWithValues: embeddedFiles.map { ($0.path, Data(base64Encoded: $0.base64) ?? Data()) })
    }
}

/// The templates, assets and interface text a build renders with: the default theme with the
/// site's own `templates/` laid over it, file by file.
public struct Theme: Sendable {
    /// Every template, parsed once per build, by name (`article`, `partials/card`).
    let library: MustacheLibrary
    /// The names of the templates present.
    public let templateNames: Set<String>
    /// Files copied to the output: theme `assets/x` → output `assets/x`.
    public let assets: [(path: String, data: Data)]
    /// Interface text in the site's language.
    let strings: InterfaceStrings
    /// What loading found worth a warning (page values in a partial that cannot see them).
    public var warnings: [Diagnostic] = []
    /// Each template's text as written, by name, for `fixingConstantValues`.
    var sources: [String: String] = [:]
    /// Where each template came from, by name (`templates/home.mustache`, or the built-in theme's), for `herald check`.
    var sourcePaths: [String: String] = [:]

    /// The templates every site needs; a site's own folder may replace any of them.
    public static let requiredTemplates = ["layout", "home", "article", "event", "page", "list", "terms", "calendar", "404", "search", "partials/card"]

    /// Loads the theme: the default files, then the site's `templates/` files over them.
    /// Every template that does not parse, and every partial or parent template that does not
    /// exist, is reported as `templates/<file>:line: message`.
    public static func load(fileSystem: FileSystem, language: String, defaults: [String: Data] = DefaultTheme.files) -> Result<Theme, BuildFailure> {
        // path relative to the theme root → (bytes, where it came from for diagnostics)
        var files: [String: (data: Data, source: String)] = [:]
        // Interface-text files are layered key by key (the site's over the theme's), not replaced.
        var stringLayers: [[String: (text: String, source: String)]] = [[:], [:]]
        for (path, data) in defaults { files[path] = (data, "(built-in theme) templates/\(path)") }
        do {
            for path in try fileSystem.listFiles("templates") ?? [] {
                files[String(path.dropFirst("templates/".count))] = (try fileSystem.readFile(path), path)
            }
        } catch {
            return .failure(BuildFailure(step: .loadTemplates, diagnostics: [Diagnostic(path: "templates", line: 1, "could not be read: \(error)")]))
        }

        HTMLEscaping.register
        var problems = DiagnosticList()
        var templates: [String: MustacheTemplate] = [:]
        var sources: [String: String] = [:]
        var sourcePaths: [String: String] = [:]
        var texts: [String: (text: String, source: String)] = [:]
        for (path, data) in defaults where path.hasPrefix("i18n/") {
            stringLayers[0][path] = (String(decoding: data, as: UTF8.self), "(built-in theme) templates/\(path)")
        }
        for (path, file) in files.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".mustache") || path.hasPrefix("i18n/") {
            guard let text = String(data: file.data, encoding: .utf8) else {
                problems.error(file.source, 1, "template is not UTF-8 text")
                continue
            }
            if path.hasPrefix("i18n/") {
                if !file.source.hasPrefix("(built-in") { stringLayers[1][path] = (text, file.source) }
                continue
            }
            texts[path] = (text, file.source)
            let name = String(path.dropLast(".mustache".count))
            sources[name] = text
            sourcePaths[name] = file.source
            do {
                // The pragma stands on a line of its own (so Mustache drops that line whole and the
                // template's first line keeps its standalone tags); parser lines are one more than the file's.
                templates[name] = try MustacheTemplate(string: HTMLEscaping.pragma + "\n" + text)
            } catch let error as MustacheTemplate.ParserError {
                problems.error(file.source, error.context.lineNumber - 1, "template does not parse: \(describe(error.error)) near `\(error.context.line.trimmingCharacters(in: .whitespaces))`")
            } catch {
                problems.error(file.source, 1, "template does not parse: \(error)")
            }
        }
        for name in requiredTemplates where templates[name] == nil && !problems.all.contains(where: { $0.path.hasSuffix("templates/\(name).mustache") }) {
            problems.error("templates/\(name).mustache", 1, "the theme has no '\(name)' template")
        }
        // Mustache renders a missing partial as nothing; a typo in a partial's name would
        // silently drop part of every page, so it is an error here.
        for (path, file) in texts.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".mustache") {
            for reference in partialReferences(in: file.text) where templates[reference.name] == nil {
                problems.error(file.source, reference.line, "template names the partial '\(reference.name)', which does not exist (templates: \(templates.keys.sorted().joined(separator: ", ")))")
            }
        }

        for cycle in inclusionCycles(texts.mapValues(\.text)) {
            let (path, _) = cycle[0]
            let file = texts[path + ".mustache"]
            // Point at the line that starts the loop: the first partial tag naming the next template.
            let line = file.flatMap { file in partialReferences(in: file.text).first { $0.name == cycle[1].name }?.line } ?? 1
            problems.error(file?.source ?? "templates/\(path).mustache", line, "template includes itself: \(cycle.map(\.name).joined(separator: " → ")); rendering would never end")
        }

        // A partial under partials/site/ is rendered once for the whole site: page values are empty there.
        for (path, file) in texts.sorted(by: { $0.key < $1.key }) where path.hasPrefix(constantPartialFolder) {
            for (name, line) in tagNames(in: file.text) where ["page", "item", "list", "home", "terms", "calendar"].contains(String(name.split(separator: ".").first ?? "")) {
                problems.warning(file.source, line, "'\(name)' is empty here: partials under \(constantPartialFolder) are rendered once per build and see only site and t")
            }
        }

        let strings: InterfaceStrings
        switch InterfaceStrings.load(language: language, layers: stringLayers) {
        case .success(let loaded): strings = loaded
        case .failure(let failure):
            problems.append(contentsOf: failure.diagnostics)
            strings = InterfaceStrings(table: [:])
        }
        guard !problems.hasErrors else { return .failure(BuildFailure(step: .loadTemplates, diagnostics: problems.all)) }

        let assets = files.filter { $0.key.hasPrefix("assets/") }.sorted { $0.key < $1.key }.map { ($0.key, $0.value.data) }
        return .success(Theme(library: MustacheLibrary(templates: templates), templateNames: Set(templates.keys), assets: assets, strings: strings,
                              warnings: problems.all.filter { $0.severity == .warning }, sources: sources, sourcePaths: sourcePaths))
    }

    /// Renders a template with a page context.
    func render(_ template: String, _ context: PageContext) -> String {
        library.render(context, withTemplate: template) ?? ""
    }

    /// For each template, a number that changes when the template, any template it includes or
    /// inherits from (all the way down), or the interface text changes: a rebuild re-renders only
    /// the pages whose template's number changed. A template whose partials cannot all be read
    /// from its text (one named at render time, `{{>*name}}`, or any after a change of
    /// delimiters) depends on every template. The numbers are only compared within one process.
    func dependencyKeys() -> [String: Int] {
        var keys: [String: Int] = [:]
        let everything = sources.keys.sorted()
        for name in everything {
            var seen: Set<String> = [name]
            var stack = [name]
            var dynamic = false
            while let next = stack.popLast() {
                guard let text = sources[next] else { continue }
                if text.contains("{{=") || Self.namesPartialsAtRenderTime(text) { dynamic = true }
                for reference in Self.partialReferences(in: text) where seen.insert(reference.name).inserted { stack.append(reference.name) }
            }
            var hasher = Hasher()
            for included in (dynamic ? everything : seen.sorted()) {
                hasher.combine(included)
                hasher.combine(sources[included])
            }
            hasher.combine(strings.table)
            keys[name] = hasher.finalize()
        }
        return keys
    }

    /// Whether a template has a `{{>*name}}` tag (spaces allowed around `>` and `*`).
    static func namesPartialsAtRenderTime(_ text: String) -> Bool {
        var rest = text[...]
        while let open = rest.range(of: "{{") {
            let tag = rest[open.upperBound...].drop { $0 == " " }
            if tag.first == ">" || tag.first == "<", tag.dropFirst().drop(while: { $0 == " " }).first == "*" { return true }
            rest = rest[open.upperBound...]
        }
        return false
    }

    /// The folder of partials that are the same on every page (the footer, the feed links).
    static let constantPartialFolder = "partials/site/"

    /// A copy of the theme in which every partial under `partials/site/` is replaced by its output,
    /// rendered once with only `site` and `t`. Pages then place it as plain text: the footer alone
    /// was a third of rendering time on a 10,000-item site, spent looking up the same values on
    /// every page.
    func fixingConstantPartials(site: SiteView) -> Theme {
        var library = self.library
        for (name, text) in sources.sorted(by: { $0.key < $1.key }) where !name.hasPrefix(Self.constantPartialFolder) {
            let fixed = Self.fixingConstantValues(in: text, site: site, strings: strings)
            if fixed != text, let template = try? MustacheTemplate(string: HTMLEscaping.pragma + "\n" + fixed) { library.register(template, named: name) }
        }
        for name in templateNames.sorted() where name.hasPrefix(Self.constantPartialFolder) {
            let output = library.render(ConstantContext(site: site, strings: strings), withTemplate: name) ?? ""
            if let literal = Self.literalTemplate(output) { library.register(literal, named: name) }
        }
        return Theme(library: library, templateNames: templateNames, assets: assets, strings: strings, sources: sources, sourcePaths: sourcePaths)
    }

    /// A template's text with each plain `{{site.key}}` and `{{t.key}}` variable (and its
    /// `{{{…}}}` and `{{& …}}` forms) replaced by the text it renders, which is the same on every
    /// page of a build: no view a section can open answers `site` or `t`, so these names always
    /// reach the page's root. The layout alone looks up some twenty-five of them per page, and
    /// each look-up in swift-mustache costs about 16,000 instructions (splitting the name, casting
    /// at each level of the context), which made them a third of rendering an article page.
    ///
    /// Left alone, so that rendering stays exactly what Mustache would do: templates that change
    /// delimiters or content type, values that are not text or numbers, and values holding a line
    /// break (partial indentation treats those differently) or braces.
    static func fixingConstantValues(in text: String, site: SiteView, strings: InterfaceStrings) -> String {
        guard !text.contains("{{="), !text.contains("{{%") else { return text }
        func value(_ root: Substring, _ key: Substring) -> String? {
            let found: Any?
            if root == "t" {
                found = strings.table[String(key)] ?? String(key)
            } else {
                found = site.child(named: String(key))
            }
            switch found {
            case let text as String: return text
            case let number as Int: return String(number)
            case is Absent: return ""
            default: return nil
            }
        }
        var result = ""
        var rest = text[...]
        while let open = rest.range(of: "{{") {
            result += rest[..<open.lowerBound]
            rest = rest[open.lowerBound...]
            guard let close = rest.range(of: "}}") else { break }
            var end = close.upperBound
            var inner = rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound]
            var escaped = true
            if inner.hasPrefix("{") {
                // `{{{name}}}`: the tag ends one brace later.
                guard end < rest.endIndex, rest[end] == "}" else { result += "{{"; rest = rest.dropFirst(2); continue }
                inner = inner.dropFirst()
                end = rest.index(after: end)
                escaped = false
            } else if inner.hasPrefix("&") {
                inner = inner.dropFirst()
                escaped = false
            }
            let name = inner.trimmingCharacters(in: .whitespaces)
            let parts = name.split(separator: ".", maxSplits: 1)
            if parts.count == 2, parts[0] == "site" || parts[0] == "t", parts[1].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
               let found = value(parts[0], parts[1]), !found.contains("\n"), !found.contains("{"), !found.contains("}") {
                result += escaped ? HTMLEscaping.escape(found) : found
            } else {
                result += rest[..<end]
            }
            rest = rest[end...]
        }
        result += rest
        return result
    }

    /// A template that renders `text` exactly. Text holding `{{` gets delimiters it cannot contain
    /// (control characters, which no output of Herald carries).
    static func literalTemplate(_ text: String) -> MustacheTemplate? {
        let source = text.contains("{{") || text.contains("}}") ? "{{=\u{1}< >\u{1}=}}" + text : text
        return try? MustacheTemplate(string: source)
    }

    /// Renders an item's card (`partials/card`).
    func renderCard(_ context: CardContext) -> String {
        library.render(context, withTemplate: "partials/card") ?? ""
    }

    /// Chains of templates that include (or inherit from) themselves, each as the names along the
    /// loop, starting and ending with the same template. Mustache would recurse until the stack ran out.
    static func inclusionCycles(_ texts: [String: String]) -> [[(path: String, name: String)]] {
        var graph: [String: [String]] = [:]
        for (path, text) in texts where path.hasSuffix(".mustache") {
            graph[String(path.dropLast(".mustache".count))] = partialReferences(in: text).map(\.name)
        }
        var cycles: [[(String, String)]] = []
        var reported = Set<String>()
        for start in graph.keys.sorted() where !reported.contains(start) {
            // Depth-first search for a path from `start` back to itself.
            var stack: [(node: String, path: [String])] = [(start, [start])]
            var seen = Set<String>()
            search: while let (node, path) = stack.popLast() {
                for next in graph[node] ?? [] {
                    if next == start {
                        let names = path + [start]
                        cycles.append(names.map { ($0, $0) })
                        reported.formUnion(path)
                        break search
                    }
                    if seen.insert(next).inserted { stack.append((next, path + [next])) }
                }
            }
        }
        return cycles
    }

    /// The names of the variables and sections a template looks up, with lines (not partials,
    /// comments or closing tags).
    static func tagNames(in text: String) -> [(name: String, line: Int)] {
        var names: [(String, Int)] = []
        var line = 1
        var rest = text[...]
        while let open = rest.range(of: "{{") {
            line += rest[..<open.lowerBound].filter { $0 == "\n" }.count
            guard let close = rest[open.upperBound...].range(of: "}}") else { break }
            var tag = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if let first = tag.first, "#^&{".contains(first) { tag = String(tag.dropFirst()).trimmingCharacters(in: .whitespaces) }
            if let first = tag.first, !"!/>=<$%".contains(first), !tag.isEmpty {
                names.append((tag.hasSuffix("}") ? String(tag.dropLast()) : tag, line))
            }
            line += rest[open.lowerBound..<close.upperBound].filter { $0 == "\n" }.count
            rest = rest[close.upperBound...]
        }
        return names
    }

    /// The partials (`{{> name}}`) and parents (`{{< name}}`) a template names, with lines.
    static func partialReferences(in text: String) -> [(name: String, line: Int)] {
        var references: [(String, Int)] = []
        var line = 1
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\n" {
                line += 1
            } else if character == "{", text[index...].hasPrefix("{{") {
                var cursor = text.index(index, offsetBy: 2)
                while cursor < text.endIndex, text[cursor] == " " { cursor = text.index(after: cursor) }
                if cursor < text.endIndex, text[cursor] == ">" || text[cursor] == "<" {
                    let after = text.index(after: cursor)
                    if let close = text[after...].range(of: "}}") {
                        let name = text[after..<close.lowerBound].trimmingCharacters(in: .whitespaces)
                        // `{{>*dynamic}}` names its partial at render time; nothing to check.
                        if !name.isEmpty, !name.hasPrefix("*") { references.append((name, line)) }
                    }
                }
            }
            index = text.index(after: index)
        }
        return references
    }

    private static func describe(_ error: Error) -> String {
        switch error as? MustacheTemplate.Error {
        case .sectionCloseNameIncorrect?: return "a section is closed with a different name than it was opened with"
        case .unfinishedName?: return "a tag is not closed with }}"
        case .expectedSectionEnd?: return "a section is opened but never closed"
        case .invalidSetDelimiter?: return "the delimiter-changing tag is malformed"
        case .transformAppliedToInheritanceSection?: return "a transform cannot be applied to an inheritance section"
        case .illegalTokenInsideInheritSection?, .textInsideInheritSection?:
            return "only {{$block}} overrides may stand inside a {{<parent}} section"
        case .invalidConfigVariableSyntax?, .unrecognisedConfigVariable?: return "unknown {{% … }} setting"
        case nil: return "\(error)"
        }
    }
}
