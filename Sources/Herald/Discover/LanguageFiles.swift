/// Finds the content files of a multilingual site, each with its language: by its name
/// (`gala.en.md` beside `gala.md`, `index.en.md` in a bundle) or, with `translationsInFolders`,
/// by its folder (`content/en/news/gala.md`).
///
/// Each language's files are discovered as a one-language site's are, on their paths without the
/// language (`content/news/gala.md`), which a file and its translations share; a bundle's other
/// files belong to every language's head of that bundle.
enum LanguageFiles {
    /// The content files of every language, sorted by path.
    static func discover(
        files: [String], languages: [SiteLanguage], inFolders: Bool, taxonomies: [String] = []
    ) -> ContentDiscovery.Found {
        var sorting = Sorting(languages: languages, inFolders: inFolders, taxonomies: taxonomies)
        for path in files { sorting.place(path) }
        sorting.placeUndeclared()
        for index in languages.indices { sorting.discover(language: index) }
        sorting.found.sources.sort { $0.path < $1.path }
        return sorting.found
    }

    /// The files being sorted into languages, then discovered language by language.
    private struct Sorting {
        let languages: [SiteLanguage]
        let inFolders: Bool
        /// The site's own taxonomies' names, whose folders hold term pages.
        let taxonomies: [String]
        var found = ContentDiscovery.Found(sources: [], warnings: [], notPages: 0)
        /// Language index → path without the language → the file's path.
        var byLanguage: [[String: String]]
        /// Files of no language (a bundle's images): every language's.
        var shared: [String] = []
        /// A name in a language the site does not declare is decided once every other file is
        /// placed: it is left out when the default language has the file it translates.
        var undeclared: [(path: String, folder: String, plain: String, code: String)] = []

        init(languages: [SiteLanguage], inFolders: Bool, taxonomies: [String]) {
            (self.languages, self.inFolders, self.taxonomies) = (languages, inFolders, taxonomies)
            byLanguage = Array(repeating: [:], count: languages.count)
        }

        /// Files a path under its language (by its folder, then its name), or among the shared.
        mutating func place(_ path: String) {
            var (language, plain) = (SiteLanguage.defaultIndex, path)
            if inFolders, let (index, rest) = languageFolder(of: path, languages: languages) {
                (language, plain) = (index, "content/" + rest)
            }
            if ContentDiscovery.isMarkdown(path) {
                let name = plain.split(separator: "/").last.map(String.init) ?? plain
                if TranslationName.mayHaveLanguage(name), let split = TranslationName.split(name) {
                    let folder = String(plain.dropLast(name.count))
                    guard let index = languages.firstIndex(where: { $0.isNamed(by: split.language) }) else {
                        undeclared.append((path, folder, split.plain, split.language))
                        return
                    }
                    (language, plain) = (index, folder + split.plain)
                }
                if let earlier = byLanguage[language][plain] {
                    found.warnings.append(
                        .warning(
                            path: path, line: 1,
                            "is a second \(languages[language].code) version of \(earlier): left out"))
                    found.notPages += 1
                    return
                }
                byLanguage[language][plain] = path
            } else if inFolders, languageFolder(of: path, languages: languages) != nil {
                byLanguage[language][plain] = path
            } else {
                shared.append(path)
            }
        }

        /// Files in undeclared languages: left out beside the default language's file, else
        /// built in the default language.
        mutating func placeUndeclared() {
            let declared = languages.map(\.code).joined(separator: ", ")
            let main = SiteLanguage.defaultIndex
            for file in undeclared {
                let plain = file.folder + file.plain
                if let original = byLanguage[main][plain] {
                    found.notPages += 1
                    found.warnings.append(
                        .warning(
                            path: file.path, line: 1,
                            "is in \(file.code), which is not one of the site's languages (\(declared)): left out, since \(original) is beside it; add \(file.code) to languages in site.yml to publish it"
                        ))
                } else {
                    found.warnings.append(
                        .warning(
                            path: file.path, line: 1,
                            "is in \(file.code), which is not one of the site's languages (\(declared)): built as \(languages[main].code); add \(file.code) to languages in site.yml, or rename the file"
                        ))
                    byLanguage[main][plain] = file.path
                }
            }
        }

        /// One language's files discovered as a one-language site's, on their paths without the
        /// language, then given back their own paths.
        mutating func discover(language index: Int) {
            let language = languages[index]
            let own = byLanguage[index]
            var real = own
            for path in shared where real[path] == nil { real[path] = path }
            let part = ContentDiscovery.discover(
                files: real.keys.sorted(), language: language.code, taxonomies: taxonomies)
            found.notPages += part.notPages
            // A warning about a file that is not this language's own (a shared file) is told once.
            found.warnings += part.warnings.compactMap { warning in
                guard let path = real[warning.path] else { return warning }
                if own[warning.path] == nil && index > SiteLanguage.defaultIndex { return nil }
                var moved = warning
                moved.path = path
                return moved
            }
            for var source in part.sources where own[source.path] != nil {
                let plain = source.path
                source.path = real[plain]!
                source.language = language.code
                source.pathWithoutLanguage = plain
                if let bundle = source.bundle { source.bundle = Self.bundle(bundle, of: source.path, real: real) }
                found.sources.append(source)
            }
        }

        /// A bundle's folder is where its head is (`content/en/news/gala`); its files are those in
        /// its folder: beside every language's head in the same folder (`index.en.md`), or in the
        /// language's own folder.
        static func bundle(_ bundle: ItemBundle, of head: String, real: [String: String]) -> ItemBundle {
            var bundle = bundle
            let plainFolder = bundle.folder
            let realFolder = String(head[..<(head.lastIndex(of: "/") ?? head.startIndex)])
            bundle.folder = realFolder
            bundle.resources = bundle.resources.filter {
                real[plainFolder + "/" + $0]?.hasPrefix(realFolder + "/") == true
            }
            return bundle
        }
    }

    /// The language whose folder a path is in (`content/en/…`), and the rest of the path (`…`).
    static func languageFolder(of path: String, languages: [SiteLanguage]) -> (Int, String)? {
        guard path.hasPrefix("content/") else { return nil }
        let rest = path.dropFirst("content/".count)
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        let folder = rest[..<slash].lowercased()
        guard
            let index = languages.firstIndex(where: {
                !$0.path.isEmpty && $0.path.lowercased() == folder || $0.code.lowercased() == folder
            })
        else { return nil }
        return (index, String(rest[rest.index(after: slash)...]))
    }
}
