import Foundation
import Herald
import Testing

@testable import HeraldImport

/// The old configuration in each form Hugo and Jekyll read, and the site.yml made of it.
@Suite struct ImportConfigurationTests {
    static let post = "---\ntitle: Hello\ndate: 2026-01-05\n---\nText.\n"

    @Test func hugoRootTOMLGivesEverySetting() throws {
        let result = try MemoryImport(files: [
            "config.toml": """
            baseURL = "https://union.example.edu/"
            title = "Union"
            languageCode = "en-gb"
            timeZone = "Europe/London"
            [pagination]
              pagerSize = 7
            [params]
              description = "News of the union"
              author = "Comms"
            [permalinks]
              posts = "/:year/:month/:slug/"
            [markup.goldmark.renderer]
              unsafe = true
            """,
            "content/posts/hello.md": "---\ntitle: Hello\ndate: 2026-01-05\n---\n<div>raw</div>\n",
        ]).run()
        #expect(
            result.text("site.yml") == """
                # Made by `herald import hugo` from a Hugo site.
                # Each setting's comment says where in the old configuration it came from;
                # docs/configuration.md lists every setting, and import-report.txt what the import did.

                # ← config.toml:2
                title: Union

                # ← config.toml:8
                description: News of the union

                # ← config.toml:1
                baseURL: https://union.example.edu/

                # ← the host of config.toml:1; calendar apps know each event by it, so never change it, even when baseURL changes
                siteID: union.example.edu

                # ← config.toml:3
                language: en-gb

                # ← config.toml:4
                timezone: Europe/London

                # ← config.toml:6
                pageSize: 7

                # ← config.toml:9
                author: Comms

                markdown:
                  # ← raw HTML in 1 file, which config.toml:13 let through
                  unsafe: true

                # Where items are published, so that old addresses stay where they were.
                permalinks:
                  # ← [permalinks] posts = "/:year/:month/:slug/" (config.toml:11)
                  news: /:year/:month/:slug/

                """)
        #expect(result.report.addressesUnchanged == 1)
        #expect(result.report.aliasesWritten == 0)
        #expect(result.report.listRedirects == ["/posts/ → /news/"])
    }

    @Test func hugoYAMLAndJSONConfigurationsAreRead() throws {
        let yaml = try MemoryImport(files: [
            "hugo.yaml": "baseURL: https://a.example/\ntitle: From YAML\n", "content/posts/hello.md": Self.post,
        ]).run()
        #expect(yaml.text("site.yml")!.contains("# ← hugo.yaml:2\ntitle: From YAML\n"))
        let json = try MemoryImport(files: [
            "config.json": "{\n  \"baseURL\": \"https://a.example/\",\n  \"title\": \"From JSON\"\n}\n",
            "content/posts/hello.md": Self.post,
        ]).run()
        #expect(json.text("site.yml")!.contains("# ← config.json:3\ntitle: From JSON\n"))
    }

    @Test func hugoConfigFolderMergesItsFilesAndProductionWins() throws {
        let result = try MemoryImport(files: [
            "config/_default/hugo.toml": "baseURL = \"https://staging.example/\"\ntitle = \"Union\"\n",
            "config/_default/params.toml": "description = \"From params.toml\"\n",
            "config/_default/permalinks.toml": "posts = \"/news/:year/:slug/\"\n",
            "config/production/hugo.toml": "baseURL = \"https://union.example/\"\n",
            "content/posts/hello.md": Self.post,
        ]).run()
        let site = try #require(result.text("site.yml"))
        #expect(site.contains("# ← config/production/hugo.toml:1\nbaseURL: https://union.example/\n"))
        #expect(site.contains("# ← config/_default/params.toml:1\ndescription: From params.toml\n"))
        #expect(site.contains("  news: /news/:year/:slug/\n"))
    }

    @Test func jekyllConfigurationGivesAddressStyleAndCollections() throws {
        let result = try MemoryImport(files: [
            "_config.yml":
                "title: Club\nurl: https://club.example.org\nbaseurl: /club\ntimezone: Asia/Shanghai\nlang: zh-CN\npermalink: pretty\npaginate: 5\nauthor:\n  name: 宣传部\n",
            "_posts/2026-01-05-hello.md": "---\ntitle: 你好\n---\n正文。\n",
        ]).run()
        let site = try #require(result.text("site.yml"))
        #expect(site.contains("baseURL: https://club.example.org/club\n"))
        #expect(site.contains("timezone: Asia/Shanghai\n"))
        #expect(site.contains("author: 宣传部\n"))
        #expect(
            site.contains(
                "# ← permalink: /:categories/:year/:month/:day/:title/ (_config.yml:6)\n  news: /:categories/:year/:month/:day/:slug/\n"
            ))
    }

    @Test func aConfigurationThatDoesNotParseIsReportedAndTheImportGoesOn() throws {
        let result = try MemoryImport(files: [
            "config.toml": "title = \"Union\"\nbaseURL = [\n", "content/posts/hello.md": Self.post,
        ]).run()
        #expect(
            result.notes.contains {
                $0
                    == "config.toml:2: warning: the configuration is not valid TOML: Error while parsing array: encountered end-of-file; its settings were not read"
            })
        #expect(result.text("site.yml")!.contains("title: old\n"), "the folder's name stands in for the title")
        #expect(result.text("content/news/hello.md") != nil)
    }

    @Test func aFolderOfNeitherKindIsRefusedWithWhatWasLookedFor() {
        #expect {
            try MemoryImport(files: ["README.md": "# Notes\n", "notes/a.md": "text\n"]).run()
        } throws: { error in
            "\(error)" == "old is neither a Hugo nor a Jekyll site: \(OldSiteKind.lookedFor)"
        }
    }

    @Test func aKindGivenThatTheSiteIsNotIsRefused() {
        #expect(throws: ImportFailure.self) {
            try MemoryImport(files: ["_config.yml": "title: Club\n", "_posts/2026-01-05-a.md": Self.post], kind: .hugo)
                .run()
        }
    }
}

/// Hugo sites with a content folder per language.
@Suite struct ImportLanguageFolderTests {
    @Test func theDefaultLanguagesFolderIsTheContentAndTheOthersAreTranslations() throws {
        let memory = MemoryImport(files: [
            "config/_default/hugo.toml":
                "baseURL = \"https://le.example/\"\ntitle = \"LE\"\ndefaultContentLanguage = \"en\"\n[permalinks]\npost = \"/:year/:month/:day/:slug/\"\n",
            "config/_default/languages.en.toml": "contentDir = \"content/en\"\nweight = 10\n",
            "config/_default/languages.pt-br.toml": "contentDir = \"content/pt-br\"\nweight = 20\n",
            "config/_default/params.pt-br.toml": "description = \"Em português\"\n",
            "content/en/post/2015-10-19-trusted.md": "---\ntitle: Trusted\ndate: 2015-10-19\nslug: trusted\n---\nA.\n",
            "content/pt-br/post/2015-10-19-trusted.md":
                "---\ntitle: Confiável\ndate: 2015-10-19\nslug: confiavel\n---\nA.\n",
            "content/en/about.md": "---\ntitle: About\n---\nB.\n",
        ])
        let site = try memory.site()
        #expect(
            site["content/news/2015-10-19-trusted.md"]
                == "---\ntitle: Trusted\ndate: 2015-10-19\nslug: trusted\n---\nA.\n")
        #expect(
            site["content/news/2015-10-19-trusted.pt-br.md"]
                == "---\ntitle: Confiável\ndate: 2015-10-19\nslug: confiavel\n---\nA.\n")
        // Languages Hugo names no languageName for are named in themselves.
        #expect(
            site["site.yml"]!.contains(
                "languages:\n  - code: en\n    name: English\n  - code: pt-br\n    name: Português\n"))
        #expect(site["content/pages/about.md"] == "---\ntitle: About\n---\nB.\n")
        #expect(site["site.yml"]!.contains("  news: /:year/:month/:day/:slug/\n"))
    }
}

/// The old site's code highlighting, named in the report with what Herald does instead (issue 36).
@Suite struct ImportHighlightTests {
    static let post = "---\ntitle: Hello\ndate: 2026-01-05\n---\n```go\npackage main\n```\n"

    @Test func hugosStyleIsReportedWithHowToKeepItsColours() throws {
        let result = try MemoryImport(files: [
            "hugo.toml": "title = \"Union\"\n[markup.highlight]\n  style = \"monokai\"\n  codeFences = false\n",
            "content/posts/hello.md": Self.post,
        ]).run()
        #expect(
            result.report.settings.filter { $0.hasPrefix("Code highlighting") } == [
                "Code highlighting: the old site left fenced code plain (hugo.toml:4); Herald highlights it, unless site.yml sets markdown: {highlight: false}",
                "Code highlighting: Hugo's markup.highlight.style monokai (hugo.toml:3) is not carried over, as Herald has one built-in code theme: its light and dark colours apply. For monokai's own colours, `pygmentize -S monokai -f html -a .highlight > static/assets/code.css` and link it (docs/content.md, Code)",
            ])
    }

    /// A style name that is no Pygments name is not put in a command.
    @Test func anOddStyleNameIsNotPutInACommand() throws {
        let result = try MemoryImport(files: [
            "hugo.toml": "title = \"Union\"\n[markup.highlight]\n  style = \"x; rm -rf ~\"\n",
            "content/posts/hello.md": Self.post,
        ]).run()
        #expect(
            result.report.settings.filter { $0.hasPrefix("Code highlighting") } == [
                "Code highlighting: Hugo's markup.highlight.style (hugo.toml:3) is not carried over: the default theme's light and dark colours apply (docs/content.md, Code)"
            ])
    }

    @Test func jekyllsHighlighterIsReported() throws {
        let rouge = try MemoryImport(files: [
            "_config.yml": "title: Union\nkramdown:\n  syntax_highlighter: rouge\n",
            "_posts/2026-01-05-hello.md": Self.post,
        ]).run()
        #expect(
            rouge.report.settings.filter { $0.hasPrefix("Code highlighting") } == [
                "Code highlighting: the old site used rouge (_config.yml:3); Herald highlights code with Pygments, whose CSS classes Rouge's themes (rougify style) use too: the default theme's light and dark colours apply, or link the old site's theme stylesheet (docs/content.md, Code)"
            ])
        let none = try MemoryImport(files: [
            "_config.yml": "title: Union\nhighlighter: none\n", "_posts/2026-01-05-hello.md": Self.post,
        ]).run()
        #expect(
            none.report.settings.filter { $0.hasPrefix("Code highlighting") } == [
                "Code highlighting: the old site left fenced code plain (_config.yml:2); Herald highlights it, unless site.yml sets markdown: {highlight: false}"
            ])
        let silent = try MemoryImport(files: ["_config.yml": "title: Union\n", "_posts/2026-01-05-hello.md": Self.post])
            .run()
        #expect(!silent.report.settings.contains { $0.hasPrefix("Code highlighting") })
    }
}

/// The old site's emoji shortcodes stay emoji: Hugo's `enableEmoji` and Jekyll's jemoji plugin
/// become `markdown: {emoji: true}` (issue 36).
@Suite struct ImportEmojiTests {
    static let post = "---\ntitle: Hello\ndate: 2026-01-05\n---\nWe won :tada:\n"

    @Test func hugosEnableEmojiIsCarriedOver() throws {
        let old = MemoryImport(files: [
            "hugo.toml": "title = \"Union\"\nenableEmoji = true\n", "content/posts/hello.md": Self.post,
        ])
        let site = try old.site()
        #expect(
            site["site.yml"]?.contains("\nmarkdown:\n  # ← hugo.toml:2\n  emoji: true\n") == true,
            "\(site["site.yml"] ?? "")")
        #expect(try Self.postHTML(old) == "<p>We won 🎉</p>")
    }

    @Test func jekyllsJemojiIsCarriedOver() throws {
        let old = MemoryImport(files: [
            "_config.yml": "title: Union\nplugins:\n  - jekyll-feed\n  - jemoji\n",
            "_posts/2026-01-05-hello.md": Self.post,
        ])
        let site = try old.site()
        #expect(
            site["site.yml"]?.contains("\nmarkdown:\n  # ← _config.yml:2 (the jemoji plugin)\n  emoji: true\n") == true,
            "\(site["site.yml"] ?? "")")
        #expect(try Self.postHTML(old) == "<p>We won 🎉</p>")
    }

    @Test func withoutEitherTheShortcodesStayText() throws {
        let old = MemoryImport(files: [
            "hugo.toml": "title = \"Union\"\nenableEmoji = false\n", "content/posts/hello.md": Self.post,
        ])
        #expect(try old.site()["site.yml"]?.contains("emoji") == false)
        #expect(try Self.postHTML(old) == "<p>We won :tada:</p>")
    }

    /// The imported site built: the paragraph of the post's page.
    static func postHTML(_ old: MemoryImport) throws -> String? {
        try old.builtPage(named: "hello").flatMap {
            $0.firstMatch(of: /<p>We won [^<]*<\/p>/).map { String($0.output) }
        }
    }
}

/// Hugo's `markup.tableOfContents` is carried over as `markdown.toc`: the tables list the levels
/// they listed, numbered as they were; levels Herald cannot take are told, not written.
@Suite struct ImportTableOfContentsTests {
    static let post =
        "---\ntitle: Hello\ndate: 2026-01-05\ntoc: true\n---\n## One\n\n### Two\n\n#### Three\n\n##### Four\n"

    @Test func hugosLevelsAndNumberingAreCarriedOver() throws {
        let files = [
            "hugo.toml": "title = \"Union\"\n[markup.tableOfContents]\nstartLevel = 2\nendLevel = 4\nordered = true\n",
            "content/posts/hello.md": Self.post,
        ]
        let result = try MemoryImport(files: files).run()
        let siteYML = try #require(result.text("site.yml"))
        #expect(
            siteYML.contains(
                "\nmarkdown:\n  # ← hugo.toml:3 (markup.tableOfContents)\n  toc:\n    startLevel: 2\n    endLevel: 4\n    ordered: true\n"
            ), "\(siteYML)")
        #expect(
            result.report.settings.contains(
                "Tables of contents: headings of levels 2 to 4, numbered, as before (markdown.toc, from hugo.toml:3)"))
        let page = try #require(try MemoryImport(files: files).builtPage(named: "hello"))
        let toc = try #require(page.firstMatch(of: /<ol>[\s\S]*<\/ol>/)).output
        #expect(toc.contains("href=\"#one\"") && toc.contains("href=\"#three\"") && !toc.contains("href=\"#four\""))
        #expect(!toc.contains("<ul>"))
    }

    @Test func levelsHeraldCannotTakeAreTold() throws {
        let result = try MemoryImport(files: [
            "hugo.toml": "title = \"Union\"\n[markup.tableOfContents]\nstartLevel = 5\nendLevel = 3\n",
            "content/posts/hello.md": Self.post,
        ]).run()
        let siteYML = try #require(result.text("site.yml"))
        #expect(!siteYML.contains("toc"), "\(siteYML)")
        #expect(
            result.report.settings.contains(
                "Tables of contents: markup.tableOfContents (hugo.toml:3) is not carried over, as its levels are not each 1 to 6 with the end not before the start: Herald lists levels 2 to 3"
            ))
    }

    @Test func withoutTheTableTheDefaultsStand() throws {
        let result = try MemoryImport(files: ["hugo.toml": "title = \"Union\"\n", "content/posts/hello.md": Self.post])
            .run()
        #expect(result.text("site.yml")?.contains("toc") == false)
        #expect(!result.report.settings.contains { $0.hasPrefix("Tables of contents") })
    }
}

/// kramdown's `auto_id_prefix` is carried over as `markdown.headingIDPrefix`, so the old pages'
/// heading anchors (`id-one`) and the links to them keep working; one Herald cannot take is told.
@Suite struct ImportHeadingIDPrefixTests {
    static let post = "---\ntitle: Hello\ndate: 2026-01-05\n---\n## One {#fixed}\n\n## Two\n\nSee [two](#id-two).\n"

    @Test func kramdownsAutoIDPrefixIsCarriedOver() throws {
        let result = try MemoryImport(files: [
            "_config.yml": "title: Union\nkramdown:\n  input: GFM\n  auto_id_prefix: 'id-'\n",
            "_posts/2026-01-05-hello.md": Self.post,
        ]).run()
        let siteYML = try #require(result.text("site.yml"))
        #expect(siteYML.contains("\nmarkdown:\n  # ← _config.yml:4\n  headingIDPrefix: id-\n"), "\(siteYML)")
        #expect(
            result.report.settings.contains(
                "Heading IDs: automatic ones start with 'id-' as before (markdown.headingIDPrefix, from _config.yml:4)")
        )
        let page = try #require(
            try MemoryImport(files: [
                "_config.yml": "title: Union\nkramdown:\n  auto_id_prefix: 'id-'\n",
                "_posts/2026-01-05-hello.md": Self.post,
            ]).builtPage(named: "hello"))
        #expect(
            page.contains("<h2 id=\"fixed\">") && page.contains("<h2 id=\"id-two\">")
                && page.contains("href=\"#id-two\""))
    }

    @Test func aPrefixHeraldCannotTakeIsTold() throws {
        let result = try MemoryImport(files: [
            "_config.yml": "title: Union\nkramdown:\n  auto_id_prefix: 'a b'\n",
            "_posts/2026-01-05-hello.md": Self.post,
        ]).run()
        #expect(result.text("site.yml")?.contains("headingIDPrefix") == false)
        #expect(
            result.report.settings.contains(
                "Heading IDs: kramdown's auto_id_prefix 'a b' (_config.yml:3) is not carried over, as markdown.headingIDPrefix takes letters, digits, '-', '_', '.' and ':' only: links to the old anchors lose it"
            ))
    }
}
