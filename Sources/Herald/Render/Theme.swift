import Foundation
import HeraldTemplates

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
    let library: TemplateLibrary
    /// The templates as loaded, before the per-build fixing: what `herald check` reads names from.
    let loaded: TemplateLibrary
    /// The names of the templates present.
    public let templateNames: Set<String>
    /// Files copied to the output: theme `assets/x` → output `assets/x`.
    public let assets: [(path: String, data: Data)]
    /// Interface text in the site's language.
    var strings: InterfaceStrings
    /// What loading found worth a warning (page values in a partial that cannot see them).
    public var warnings: [Diagnostic] = []
    /// Each template's text as written, by name, for `fixingConstantValues`.
    var sources: [String: String] = [:]
    /// Where each template came from, by name (`templates/home.mustache`, or the built-in theme's), for `herald check`.
    var sourcePaths: [String: String] = [:]
    /// The interface-text files, the theme's then the site's, for another language's strings.
    var stringLayers: [[String: (text: String, source: String)]] = []

    /// The templates every site needs; a site's own folder may replace any of them.
    public static let requiredTemplates = ThemeTemplate.allCases.map(\.rawValue)

    /// Loads the theme: the default files, then the site's `templates/` files over them.
    /// Every template that does not parse, and every partial or parent template that does not
    /// exist, is reported as `templates/<file>:line:column: message`.
    public static func load(
        fileSystem: FileSystem, language: String, defaults: [String: Data] = DefaultTheme.files
    ) -> Result<Theme, BuildFailure> {
        let files: [String: ThemeFile]
        switch readFiles(fileSystem: fileSystem, defaults: defaults) {
        case .success(let read): files = read
        case .failure(let failure): return .failure(failure)
        }
        var problems = DiagnosticList()
        let texts = ThemeTexts(files: files, defaults: defaults, problems: &problems)
        for name in requiredTemplates
        where texts.sources[name] == nil
            && !problems.all.contains(where: { $0.path.hasSuffix("templates/\(name).mustache") })
        {
            problems.error("templates/\(name).mustache", 1, "the theme has no '\(name)' template")
        }
        let library = linkTemplates(texts, problems: &problems)
        let strings: InterfaceStrings
        switch InterfaceStrings.load(language: language, layers: texts.stringLayers) {
        case .success(let loaded): strings = loaded
        case .failure(let failure):
            problems.append(contentsOf: failure.diagnostics)
            strings = InterfaceStrings(table: [:])
        }
        guard let library, !problems.hasErrors else {
            return .failure(BuildFailure(step: .loadTemplates, diagnostics: problems.all))
        }

        let assets = files.filter { $0.key.hasPrefix(URLLayout.assetsFolder) }.sorted { $0.key < $1.key }.map {
            ($0.key, $0.value.data)
        }
        return .success(
            Theme(
                library: library, loaded: library, templateNames: Set(texts.sources.keys), assets: assets,
                strings: strings, warnings: problems.all.filter { $0.severity == .warning }, sources: texts.sources,
                sourcePaths: texts.sourcePaths, stringLayers: texts.stringLayers))
    }

    /// A file of the theme: its bytes, and where it came from, for diagnostics.
    typealias ThemeFile = (data: Data, source: String)

    /// The theme's files by path relative to the theme root: the default files, with the site's
    /// `templates/` and `i18n/` files over them. A file that cannot be read stops the build.
    private static func readFiles(
        fileSystem: FileSystem, defaults: [String: Data]
    ) -> Result<[String: ThemeFile], BuildFailure> {
        var files: [String: ThemeFile] = [:]
        for (path, data) in defaults { files[path] = (data, "(built-in theme) templates/\(path)") }
        // Each problem is told at the file (or the folder) it is about, in words.
        var current = "templates"
        do {
            for path in try fileSystem.listFiles("templates") ?? [] {
                current = path
                files[String(path.dropFirst("templates/".count))] = (try fileSystem.readFile(path), path)
            }
            // A site may also keep its strings files beside site.yml (`i18n/fr.yml`), over the theme's.
            current = "i18n"
            for path in try fileSystem.listFiles("i18n") ?? [] where path.hasSuffix(".yml") && files[path] == nil {
                current = path
                files[path] = (try fileSystem.readFile(path), path)
            }
        } catch let problem as FileSystemProblem {
            return .failure(
                BuildFailure(
                    step: .loadTemplates, diagnostics: [Diagnostic(path: problem.path, line: 1, problem.message)]))
        } catch {
            return .failure(
                BuildFailure(
                    step: .loadTemplates,
                    diagnostics: [
                        Diagnostic(path: current, line: 1, "could not be read: \(error.localizedDescription)")
                    ]))
        }
        return .success(files)
    }

    /// Every template parsed and linked together: a template that does not parse, a partial
    /// or parent that does not exist (Mustache would render nothing, silently dropping part of
    /// every page), an unknown helper and an endless inclusion are all reported here, with line
    /// and column, before anything is rendered. Nil when any is.
    private static func linkTemplates(_ texts: ThemeTexts, problems: inout DiagnosticList) -> TemplateLibrary? {
        var library: TemplateLibrary?
        switch TemplateLibrary.load(texts.sources) {
        case .success(let loaded):
            library = loaded
        case .failure(let failure):
            for error in failure.errors {
                problems.append(contentsOf: [
                    Diagnostic(
                        path: texts.sourcePaths[error.template] ?? "templates/\(error.template).mustache",
                        line: error.position.line, column: error.position.column, error.message)
                ])
            }
        }

        // A partial under partials/site/ is rendered once for the whole site: page values are empty there.
        for (name, names) in (library?.lookedUpNames() ?? [:]).sorted(by: { $0.key < $1.key })
        where name.hasPrefix(constantPartialFolder) {
            for found in names where PageContext.pageOnlyKeys.contains(where: { $0 == found.segments.first }) {
                problems.warning(
                    texts.sourcePaths[name] ?? name, found.position.line,
                    "'\(found.written)' is empty here: partials under \(constantPartialFolder) are rendered once per build and see only site and t"
                )
            }
        }
        return library
    }

    /// The theme in another language of a multilingual site: its strings files' text for `code`,
    /// with `overrides` (site.yml's `strings:` for the language) over them. A string the language
    /// lacks is shown in English, with a warning naming the file it is missing from and the key.
    func speaking(_ code: String, strings overrides: [String: String], warnings: inout [Diagnostic]) -> Theme {
        var theme = self
        var table = (try? InterfaceStrings.load(language: code, layers: stringLayers).get())?.table ?? strings.table
        for (key, text) in overrides { table[key] = text }
        theme.strings = InterfaceStrings(table: table)
        let primary = String(code.lowercased().split(separator: "-").first ?? "en")
        guard primary != "en" else { return theme }
        // What the language's own files say, to tell the keys they lack.
        let names = Set([primary, code.lowercased()].map { "i18n/\($0).yml" })
        let own = stringLayers.flatMap { layer in layer.filter { names.contains($0.key) }.map(\.value) }
        var said = Set(overrides.keys)
        for file in own {
            if case .success(let reader) = YAMLReader.parse(
                file.text, path: file.source, lineOffset: 0, what: "the strings file")
            {
                for (key, _) in reader.keys { said.insert(key) }
            }
        }
        let english = (try? InterfaceStrings.load(language: "en", layers: stringLayers).get())?.table ?? [:]
        let missing = english.keys.filter { !said.contains($0) }.sorted()
        guard !missing.isEmpty else { return theme }
        let file = own.last?.source ?? "i18n/\(code.lowercased()).yml"
        if own.isEmpty {
            warnings.append(
                .warning(
                    path: file, line: 1,
                    "does not exist: the interface of \(code) is in English; add the file with the theme's \(missing.count) strings (see templates/i18n/en.yml) in \(code)"
                ))
        } else {
            for key in missing {
                warnings.append(
                    .warning(path: file, line: 1, "has no string '\(key)': it is shown in English in \(code)"))
            }
        }
        return theme
    }

    /// Renders a page template with its context, as the bytes of the page.
    func render(_ template: String, _ context: PageContext) -> [UInt8] {
        library.render(template, context.renderingRoot)
    }

    /// For each template, a number that changes when the template, any template it includes or
    /// inherits from (all the way down), or the interface text changes: a rebuild re-renders only
    /// the pages whose template's number changed. The numbers are only compared within one process.
    func dependencyKeys() -> [String: Int] {
        var keys: [String: Int] = [:]
        let included = library.includedTemplates()
        for name in sources.keys.sorted() {
            var hasher = Hasher()
            for template in ([name] + (included[name] ?? [])).sorted() {
                hasher.combine(template)
                hasher.combine(sources[template])
            }
            hasher.combine(strings.table)
            keys[name] = hasher.finalize()
        }
        return keys
    }

    /// The folder of partials that are the same on every page (the footer, the feed links).
    static let constantPartialFolder = "partials/site/"

    /// A copy of the theme made for one build's site:
    /// - every partial under `partials/site/` is replaced by its output, rendered once with only
    ///   `site` and `t`: the footer alone was a third of rendering time on a 10,000-item site with
    ///   swift-mustache, spent looking up the same values on every page;
    /// - every plain `{{site.key}}` and `{{t.key}}` becomes the text it renders, the same on every
    ///   page. No view a section can open answers `site` or `t`, so these names always reach the
    ///   page's root, except inside a section over front-matter `params`, whose views answer every
    ///   name (as absent) and are left alone. The layout alone looks up some twenty-five of them.
    func fixingConstantPartials(site: SiteView) -> Theme {
        let constants = ConstantContext(site: site, strings: strings)
        var fixed = library.fixing(
            roots: Set(ConstantContext.fields.keys), from: constants, unlessInside: { $0.segments.contains(.params) })
        for name in templateNames.sorted() where name.hasPrefix(Self.constantPartialFolder) {
            fixed = fixed.replacing(name, withOutput: library.render(name, .view(constants)))
        }
        return Theme(
            library: fixed, loaded: loaded, templateNames: templateNames, assets: assets, strings: strings,
            sources: sources, sourcePaths: sourcePaths)
    }

    /// Renders an item's card (`partials/card`).
    func renderCard(_ context: CardContext) -> String {
        String(decoding: library.render(ThemeTemplate.card.rawValue, .view(context)), as: UTF8.self)
    }
}

/// The theme's texts, sorted out of its files: each template's text and where it came from, by
/// name, and the interface-text files, the theme's then the site's, layered key by key.
private struct ThemeTexts {
    var sources: [String: String] = [:]
    var sourcePaths: [String: String] = [:]
    /// Interface-text files are layered key by key (the site's over the theme's), not replaced.
    var stringLayers: [[String: (text: String, source: String)]] = [[:], [:]]

    /// Reads the texts of `files`; a template that is not UTF-8 is an error.
    init(files: [String: Theme.ThemeFile], defaults: [String: Data], problems: inout DiagnosticList) {
        for (path, data) in defaults where path.hasPrefix("i18n/") {
            stringLayers[0][path] = (String(decoding: data, as: UTF8.self), "(built-in theme) templates/\(path)")
        }
        for (path, file) in files.sorted(by: { $0.key < $1.key })
        where path.hasSuffix(".mustache") || path.hasPrefix("i18n/") {
            guard let text = String(data: file.data, encoding: .utf8) else {
                problems.error(file.source, 1, "template is not UTF-8 text")
                continue
            }
            if path.hasPrefix("i18n/") {
                if !file.source.hasPrefix("(built-in") { stringLayers[1][path] = (text, file.source) }
                continue
            }
            let name = String(path.dropLast(".mustache".count))
            sources[name] = text
            sourcePaths[name] = file.source
        }
    }
}
