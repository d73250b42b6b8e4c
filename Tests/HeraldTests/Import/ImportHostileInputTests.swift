import Foundation
import Herald
import Testing

@testable import HeraldImport

/// An old site is input from other hands: its configuration, its patterns and its addresses may be
/// hostile. Each case here is one such site, held in memory, and what the import does with it.
@Suite struct ImportHostileInputTests {
    static let config = "title = \"U\"\nbaseURL = \"https://u.example/\"\n"

    /// Nine levels of nine aliases each: 9⁹ values in a few hundred bytes ("billion laughs").
    static let aliasBomb = """
        a: &a ["x","x","x","x","x","x","x","x","x"]
        b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
        c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
        d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
        e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
        f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
        g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
        h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
        i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]

        """

    /// The failure an import of `files` stops with (the test fails when it does not stop).
    func failure(_ files: [String: String], kind: OldSiteKind? = nil) -> ImportFailure? {
        do {
            _ = try MemoryImport(files: files, kind: kind).run()
            Issue.record("the import went on")
            return nil
        } catch let failure as ImportFailure {
            return failure
        } catch {
            Issue.record("the import failed otherwise: \(error)")
            return nil
        }
    }

    /// The alias message for a text of `bytes` bytes: ten values per byte plus 10,000 (docs/errors.md).
    func aliasMessage(_ what: String, bytes: Int) -> String {
        "\(what) uses YAML aliases (*name) that expand to over \(10 * bytes + 10_000) values, far more than it spells out; write the values out instead"
    }

    // MARK: Finding 5: the configuration's bounds

    @Test func anAliasBombInAHugoConfigurationStopsTheImportAtItsLine() throws {
        let text = "title: Bomb\nbaseURL: https://u.example/\n" + Self.aliasBomb
        let failure = failure(["config.yaml": text, "content/posts/a.md": "---\ntitle: A\ndate: 2026-01-01\n---\n"])
        // The budget is spent within `e:` (line 7): a 9, b 91, c 820, d 7,381, e 66,430 values.
        #expect(
            failure?.diagnostics.map(\.description) == [
                "config.yaml:7: " + aliasMessage("the configuration", bytes: text.utf8.count)
            ])
        #expect(failure?.summary == "nothing was imported: the old site's configuration is refused")
    }

    @Test func anAliasBombInAConfigFolderOrAJekyllConfigurationStopsTheImportToo() throws {
        let params = "author: x\n" + Self.aliasBomb
        let hugo = failure([
            "config/_default/hugo.toml": Self.config, "config/_default/params.yaml": params,
            "content/posts/a.md": "---\ntitle: A\n---\n",
        ])
        #expect(
            hugo?.diagnostics.map(\.description) == [
                "config/_default/params.yaml:6: " + aliasMessage("the configuration", bytes: params.utf8.count)
            ])
        let jekyll = "title: J\n" + Self.aliasBomb
        let refused = failure(["_config.yml": jekyll, "_posts/2026-01-01-a.md": "---\ntitle: A\n---\n"])
        #expect(
            refused?.diagnostics.map(\.description) == [
                "_config.yml:6: " + aliasMessage("the configuration", bytes: jekyll.utf8.count)
            ])
    }

    @Test func aJSONConfigurationKeepsTheSameBoundsAsYAML() throws {
        // JSON is read by the YAML parser, which would take aliases in it too.
        let json =
            "{\"title\": \"J\",\n"
            + Self.aliasBomb.split(separator: "\n").map { line in
                let parts = line.split(separator: ":", maxSplits: 1)
                return "\"\(parts[0])\":\(parts[1])"
            }.joined(separator: ",\n") + "}\n"
        let failure = failure(["hugo.json": json])
        #expect(
            failure?.diagnostics.map(\.description) == [
                "hugo.json:6: " + aliasMessage("the configuration", bytes: json.utf8.count)
            ])
    }

    @Test func aTOMLConfigurationNestedOrKeyedBeyondBoundsStopsTheImport() throws {
        let deep =
            "title = \"T\"\nnest = " + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "\n"
        #expect(
            failure(["hugo.toml": deep])?.diagnostics.map(\.description) == [
                "hugo.toml:2: the configuration nests lists and mappings over 64 levels deep; Herald reads at most 64"
            ])
        let keys = "[params]\n" + (1...10_001).map { "k\($0) = 1" }.joined(separator: "\n") + "\n"
        #expect(
            failure(["hugo.toml": keys])?.diagnostics.map(\.description) == [
                "hugo.toml:10001: the configuration has over 10,000 keys; Herald reads at most 10,000 in one file"
            ])
    }

    @Test func aConfigurationOver16MBIsRefusedBeforeItIsParsed() throws {
        let big = "title = \"T\"\n# " + String(repeating: "x", count: 17 * 1_048_576) + "\n"
        let failure = failure(["hugo.toml": big])
        #expect(
            failure?.diagnostics.map(\.description) == [
                "hugo.toml:1: the configuration is 17.0 MB; Herald reads files of at most 16 MB"
            ])
    }

    @Test func anAliasBombInAnImportedPostSetsThatPostAside() throws {
        let front = "title: Bomb\ndate: 2026-01-01\n" + Self.aliasBomb
        let result = try MemoryImport(files: [
            "config.toml": Self.config,
            "content/posts/bomb.md": "---\n" + front + "---\nText.\n",
            "content/posts/fine.md": "---\ntitle: Fine\ndate: 2026-01-02\n---\n",
        ]).run()
        let message = "content/posts/bomb.md:8: " + aliasMessage("front matter", bytes: front.utf8.count)
        #expect(result.report.unconverted.map(\.description) == [message])
        #expect(result.copies.contains { $0 == ("content/posts/bomb.md", "unconverted/content/posts/bomb.md") })
        #expect(
            result.report.text.contains(
                message.replacingOccurrences(of: ":8: ", with: ":8: warning: ") + "; copied to unconverted/ as it is"))
        #expect(result.text("content/news/fine.md") != nil && result.text("content/news/bomb.md") == nil)
    }

    // MARK: Finding 6: ignoreFiles

    @Test func ignoreFilesAreGoRegularExpressionsMatchedInLinearTime() throws {
        // `(a+)+$` against 40 a's and a dot: hours of backtracking in a backtracking engine (34 took 41 s).
        let name = String(repeating: "a", count: 40)
        var files = [
            "config.toml": Self.config + "ignoreFiles = [\"(a+)+$\", \"\\\\.draft\\\\.md$\"]\n",
            "content/posts/notes.draft.md": "---\ntitle: Draft\ndate: 2026-01-01\n---\n",
        ]
        for index in 1...3 {
            files["content/posts/\(name)\(index).md"] = "---\ntitle: A\(index)\ndate: 2026-01-0\(index)\n---\n"
        }
        let result = try MemoryImport(files: files).run()
        #expect(result.report.items[.news] == 3)
        #expect(
            result.report.leftOut.map { "\($0.path): \($0.reason)" } == [
                "content/posts/notes.draft.md: matched by the old site's ignoreFiles"
            ])
    }

    @Test func anIgnoreFilesPatternGoDoesNotCompileStopsTheImportAtItsLine() throws {
        // Lookahead is Perl's, not Go's: Hugo refuses it, and so does the import.
        let failure = failure([
            "config.toml": Self.config + "ignoreFiles = [\n  \"\\\\.bak$\",\n  \"^(?=draft)\",\n  \"(\",\n]\n"
        ])
        #expect(
            failure?.diagnostics.map(\.description) == [
                "config.toml:5: ignoreFiles: '^(?=draft)' is not a Go regular expression: invalid perl operator: (?=",
                "config.toml:6: ignoreFiles: '(' is not a Go regular expression: missing ): (",
            ])
    }

    @Test func goSyntaxIsRE2s() throws {
        #expect(try GoRegularExpression("(?i)^DRAFTS/").matches("drafts/a.md"))
        #expect(try GoRegularExpression(#"\.(bak|tmp)$"#).matches("posts/x.bak"))
        #expect(try !GoRegularExpression(#"^\p{Greek}+$"#).matches("posts"))
        #expect(throws: GoRegularExpression.Refusal.self) { try GoRegularExpression(#"(a)\1"#) }
    }

    // MARK: Hostile addresses

    /// Each hostile address, the front-matter line that gives it, and the message.
    static let hostile: [(name: String, front: String, message: String)] = [
        (
            "dots", "url: /../../../../tmp/victim/keep.txt",
            "url: '/../../../../tmp/victim/keep.txt' has a '..' segment, which would lead outside the site"
        ),
        (
            "dot", "aliases: [\"/ok/\", \"./here/\"]",
            "aliases: './here/' has a '.' segment, which would lead outside the site"
        ),
        (
            "relative", "aliases:\n  - ../../outside/",
            "aliases: '../../outside/' has a '..' segment, which would lead outside the site"
        ),
        (
            "encoded", "url: /%2e%2e/%2e%2e/x/",
            "url: '/%2e%2e/%2e%2e/x/' has a '..' segment once percent-decoded, which would lead outside the site"
        ),
        (
            "mixed", "aliases: [\"/%2E./x/\"]",
            "aliases: '/%2E./x/' has a '..' segment once percent-decoded, which would lead outside the site"
        ),
        (
            "double", "url: /%252e%252e/x/",
            "url: '/%252e%252e/x/' has a '..' segment once percent-decoded, which would lead outside the site"
        ),
        (
            "slash", "url: /a%2f..%2fb/",
            "url: '/a%2f..%2fb/' has a '..' segment once percent-decoded, which would lead outside the site"
        ),
        ("backslash-encoded", "url: /a%5Cb/", "url: '/a%5Cb/' has an encoded '\\' (%5C)"),
        ("backslash", "url: '/..\\..\\x/'", "url: '/..\\..\\x/' has a '\\'"),
        ("control", "url: \"/a\\tb/\"", "url: '/a\\u{9}b/' has a control character"),
        ("nul", "url: \"/a\\0b/\"", "url: '/a\\u{0}b/' has a control character"),
        (
            "host", "aliases: [\"https://evil.example/x/\"]",
            "aliases: 'https://evil.example/x/' is an address on another site (evil.example)"
        ),
        (
            "protocol-relative", "url: //evil.example/x/",
            "url: '//evil.example/x/' is an address on another site (evil.example)"
        ),
    ]

    @Test func aPostWithAHostileAddressIsNotConvertedButListed() throws {
        var files = ["config.toml": Self.config, "content/posts/fine.md": "---\ntitle: Fine\ndate: 2026-01-01\n---\n"]
        for (name, front, _) in Self.hostile {
            files["content/posts/\(name).md"] = "---\ntitle: T\ndate: 2026-01-02\n\(front)\n---\nText.\n"
        }
        let result = try MemoryImport(files: files).run()
        let expected = Self.hostile.map { name, front, message in
            // The line of the value: front matter starts on line 2; `front` on line 4, a list's item below.
            "content/posts/\(name).md:\(front.contains("\n") ? 5 : 4): \(message); not converted, so that building the new site cannot write outside its output"
        }
        #expect(result.report.unconverted.map(\.description) == expected.sorted())
        for (name, _, _) in Self.hostile {
            #expect(
                result.copies.contains { $0 == ("content/posts/\(name).md", "unconverted/content/posts/\(name).md") })
            #expect(result.text("content/news/\(name).md") == nil)
        }
        #expect(
            result.report.text.contains(
                "content/posts/dots.md:4: warning: url: '/../../../../tmp/victim/keep.txt' has a '..' segment"))
        #expect(result.report.items[.news] == 1)
        // Nothing the new site holds names an address outside it.
        for (path, data) in result.files where path.hasSuffix(".md") || path == "site.yml" {
            #expect(!String(decoding: data, as: UTF8.self).contains(".."), "\(path)")
        }
    }

    @Test func anAddressOnTheSitesOwnHostBecomesItsPath() throws {
        let result = try MemoryImport(files: [
            "config.toml": "title = \"U\"\nbaseURL = \"https://u.example/club/\"\n",
            "content/posts/own.md":
                "---\ntitle: Own\ndate: 2026-01-01\naliases: [\"https://U.example/club/old/own/\", \"/older/own/\"]\n---\n",
            "content/about.md": "---\ntitle: About\nurl: https://u.example/club/about-us/\n---\n",
        ]).run()
        #expect(result.report.unconverted.isEmpty)
        #expect(
            result.text("content/news/own.md")?.contains("aliases: [/old/own/, /older/own/]\n") == true,
            "\(result.text("content/news/own.md") ?? "")")
        #expect(
            result.text("content/pages/about.md")?.contains("url: /about-us/\n") == true,
            "\(result.text("content/pages/about.md") ?? "")")
    }

    @Test func aTranslationWithAHostileAddressIsSetAsideAndItsOriginalKept() throws {
        let result = try MemoryImport(files: [
            "config.toml": Self.config
                + "defaultContentLanguage = \"en\"\n[languages.en]\nweight = 1\n[languages.es]\nweight = 2\n",
            "content/posts/trip.md": "---\ntitle: Trip\ndate: 2026-01-01\n---\n",
            "content/posts/trip.es.md": "---\ntitle: Viaje\ndate: 2026-01-01\nurl: /es/../../../x/\n---\n",
        ]).run()
        #expect(
            result.report.unconverted.map(\.description) == [
                "content/posts/trip.es.md:4: url: '/es/../../../x/' has a '..' segment, which would lead outside the site; not converted, so that building the new site cannot write outside its output"
            ])
        #expect(result.text("content/news/trip.md") != nil)
        #expect(!result.files.keys.contains { $0.contains(".es.") })
    }

    @Test func aSlugThatClimbsOutMakesAnAddressThatSetsThePostAside() throws {
        let result = try MemoryImport(files: [
            "config.toml": Self.config,
            "content/posts/climb.md": "---\ntitle: Climb\ndate: 2026-01-01\nslug: ../../../etc/x\n---\n",
        ]).run()
        #expect(
            result.report.unconverted.map(\.description) == [
                "content/posts/climb.md:1: its old address /posts/../../../etc/x/ (by folders and slug:) has a '..' segment, which would lead outside the site; not converted, so that building the new site cannot write outside its output"
            ])
    }

    @Test func aJekyllPermalinkOrRedirectThatClimbsOutSetsThePostAside() throws {
        let result = try MemoryImport(files: [
            "_config.yml": "title: J\nurl: https://j.example\n",
            "_posts/2026-01-01-up.md": "---\ntitle: Up\npermalink: /../../../tmp/x/\n---\n",
            "_posts/2026-01-02-back.md": "---\ntitle: Back\nredirect_from:\n  - /old/\n  - /%2e%2e/%2e%2e/y/\n---\n",
            "_posts/2026-01-03-fine.md": "---\ntitle: Fine\nredirect_from: https://j.example/2025/fine.html\n---\n",
        ]).run()
        #expect(
            result.report.unconverted.map(\.description) == [
                "_posts/2026-01-01-up.md:3: permalink: '/../../../tmp/x/' has a '..' segment, which would lead outside the site; not converted, so that building the new site cannot write outside its output",
                "_posts/2026-01-02-back.md:5: redirect_from: '/%2e%2e/%2e%2e/y/' has a '..' segment once percent-decoded, which would lead outside the site; not converted, so that building the new site cannot write outside its output",
            ])
        // (`redirect_from` is Herald's `aliases`.)
        #expect(
            result.text("content/news/2026-01-03-fine.md")?.contains("aliases: /2025/fine.html\n") == true,
            "\(result.text("content/news/2026-01-03-fine.md") ?? "")")
    }

    @Test func aHostilePermalinkPatternIsLeftOutOfSiteYML() throws {
        let hugo = try MemoryImport(files: [
            "config.toml": Self.config + "[permalinks]\nposts = \"/../../../tmp/x/:slug/\"\n",
            "content/posts/a.md": "---\ntitle: A\ndate: 2026-01-01\n---\n",
        ]).run()
        #expect(
            hugo.notes.filter { $0.contains("permalink pattern") } == [
                "config.toml:4: warning: the permalink pattern of posts '/../../../tmp/x/:slug/' has a '..' segment, which would lead outside the site; it is left out of site.yml, so that building the new site cannot write outside its output"
            ])
        #expect(hugo.text("site.yml")?.contains("..") == false, "\(hugo.text("site.yml") ?? "")")
        #expect(hugo.text("content/news/a.md") != nil)
        let jekyll = try MemoryImport(files: [
            "_config.yml": "title: J\npermalink: /%2e%2e/:year/:title/\n",
            "_posts/2026-01-01-a.md": "---\ntitle: A\n---\n",
        ]).run()
        #expect(
            jekyll.notes.filter { $0.contains("permalink pattern") } == [
                "_config.yml:2: warning: the permalink pattern of posts '/%2e%2e/:year/:title/' has a '..' segment once percent-decoded, which would lead outside the site; it is left out of site.yml, so that building the new site cannot write outside its output"
            ])
        #expect(jekyll.text("site.yml")?.contains("%2e") == false, "\(jekyll.text("site.yml") ?? "")")
    }

    /// The import holds addresses to the build's own rule: what it converts, Herald builds, and
    /// what Herald refuses, it sets aside. A `%` that is not an encoding is a literal character
    /// to a server and to the build, so it is kept.
    @Test func theImportAcceptsWhatTheBuildAccepts() {
        for address in [
            "/", "/news/2026/hello/", "/a.html", "/caf%C3%A9/", "/x..y/", "/...", "/.well-known/x", "/%zz/", "/100%/",
        ] {
            #expect(OwnSiteAddress.problem(address) == nil, "\(address)")
            #expect(WrittenAddress.problem(address, key: "url", siteHost: nil) == nil, "\(address)")
        }
        for address in [
            "/../x/", "./x/", "/%2e%2e/x/", "/%252e%252e/x/", "/a%2f..%2fb/", "/a%5Cb/", "/a\\b/", "/a\tb/",
            "/a\u{0}b/",
            "https://evil.example/x/", "//evil.example/x/", "/" + String(repeating: "n", count: 256) + "/",
        ] {
            #expect(OwnSiteAddress.problem(address) == WrittenAddress.check(address, siteHost: nil)?.what, "\(address)")
            #expect(OwnSiteAddress.problem(address) != nil, "\(address)")
        }
    }
}
