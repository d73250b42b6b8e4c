import Foundation
import Herald
import Testing

@testable import HeraldImport

/// Old addresses worked out by each generator's rules, and kept: by the same pattern, by a slug,
/// by an alias, or by `url:`.
@Suite struct ImportAddressTests {
    static let hugoConfig = "baseURL = \"https://u.example/\"\ntitle = \"U\"\n"

    /// The new site's front matter of a file, and the report.
    func imported(
        _ files: [String: String], kind: OldSiteKind? = nil
    ) throws -> (site: [String: String], result: ImportResult) {
        let memory = MemoryImport(files: files, kind: kind)
        return (try memory.site(), try memory.run())
    }

    @Test func hugoAddressesFollowFoldersSlugsAndURLsInLowerCase() throws {
        let config = OldSiteConfig(kind: .hugo)
        let rules = HugoAddressRules(config: config, zone: TimeZone(identifier: "UTC")!)
        func address(_ path: String, _ front: String, bundle: Bool = false) throws -> String? {
            let document = try SourceDocument.split(Data(front.utf8)).get()
            let relative = path.split(separator: "/").dropFirst().map(String.init)
            var item = OldItem(
                sourcePath: path, section: relative.count == 1 ? "pages" : relative[0],
                placement: relative.count == 1 ? relative[0] : relative.dropFirst().joined(separator: "/"),
                document: document, fields: try FrontMatterFields.parse(document).get())
            if bundle { item.bundleFolder = (path as NSString).deletingLastPathComponent }
            return rules.address(of: item)?.path
        }
        #expect(try address("content/posts/Hello-World.md", "---\ntitle: A\n---\n") == "posts/hello-world/")
        #expect(try address("content/posts/2019/Trip.md", "---\ntitle: A\n---\n") == "posts/2019/trip/")
        #expect(try address("content/posts/Big Day/index.md", "---\ntitle: A\n---\n", bundle: true) == "posts/big-day/")
        #expect(try address("content/posts/a.md", "---\ntitle: A\nslug: Custom\n---\n") == "posts/custom/")
        #expect(try address("content/posts/a.md", "---\ntitle: A\nurl: /Keep/As/Written/\n---\n") == "Keep/As/Written/")
        #expect(try address("content/posts/a.md", "---\ntitle: A\ndraft: true\n---\n") == nil)
        #expect(try address("content/about.md", "---\ntitle: A\n---\n") == "about/")
    }

    @Test func hugoPermalinkTokensAreFilled() throws {
        var config = OldSiteConfig(kind: .hugo)
        config.permalinks["posts"] = Setting(value: "/:section/:year/:monthname/:title/", origin: "")
        let rules = HugoAddressRules(config: config, zone: TimeZone(identifier: "Asia/Shanghai")!)
        let document = try SourceDocument.split(
            Data("---\ntitle: 开放日：回顾 Open Day!\ndate: 2026-11-03T23:30:00-02:00\n---\n".utf8)
        ).get()
        let item = OldItem(
            sourcePath: "content/posts/x.md", section: "posts", placement: "x.md", document: document,
            fields: try FrontMatterFields.parse(document).get())
        let address = try #require(rules.address(of: item))
        // The date's own day, as Hugo formats it; the title urlized: spaces to `-`, punctuation dropped.
        #expect(address.path == "posts/2026/november/开放日回顾-open-day/")
        #expect(address.slug == "开放日回顾-open-day")
    }

    @Test func jekyllAddressesFollowTheSitePermalinkAndDocumentType() throws {
        var config = OldSiteConfig(kind: .jekyll)
        config.permalinks["posts"] = Setting(value: JekyllConfigReader.styles["date"]!, origin: "")
        config.collections["talks"] = .some(nil)
        let rules = JekyllAddressRules(config: config, zone: TimeZone(identifier: "Asia/Shanghai")!)
        func address(
            _ path: String, _ front: String, type: String, folders: [String] = [], placement: String? = nil
        ) throws -> String? {
            let document = try SourceDocument.split(Data(front.utf8)).get()
            var item = OldItem(
                sourcePath: path, section: "s", placement: placement ?? (path as NSString).lastPathComponent,
                document: document,
                fields: try FrontMatterFields.parse(document).get())
            item.jekyllType = type
            item.folderCategories = folders
            return rules.address(of: item, defaults: [])?.path
        }
        // The date in the site's zone; categories from folders above _posts and front matter, lower-cased.
        #expect(
            try address(
                "blog/_posts/2026-01-05-Hello-World.md",
                "---\ntitle: A\ndate: 2026-01-05 23:30:00 -0300\ncategories: [News, 社团]\n---\n",
                type: "posts", folders: ["blog"]) == "blog/news/社团/2026/01/06/Hello-World.html")
        #expect(
            try address("_posts/2026-01-05-x.md", "---\ntitle: A\npermalink: /fixed/:title/\n---\n", type: "posts")
                == "fixed/x/")
        #expect(
            try address("docs/guide.md", "---\ntitle: A\n---\n", type: "pages", placement: "docs/guide.md")
                == "docs/guide.html")
        #expect(
            try address("docs/index.md", "---\ntitle: A\n---\n", type: "pages", placement: "docs/index.md") == "docs/")
        #expect(
            try address("_talks/2026-10-01-rust.md", "---\ntitle: A\n---\n", type: "talks")
                == "talks/2026-10-01-rust.html")
        #expect(try address("_drafts/x.md", "---\ntitle: A\n---\n", type: "drafts") == nil)
    }

    @Test func jekyllWeekDatesAreISOWeeks() {
        // 2021-01-01 is a Friday in the last ISO week of 2020; 2026-11-22 a Sunday in week 47.
        #expect(JekyllAddressRules.isoWeek(CivilDateTime(year: 2021, month: 1, day: 1)) == (2020, 53))
        #expect(JekyllAddressRules.isoWeek(CivilDateTime(year: 2026, month: 11, day: 22)) == (2026, 47))
        #expect(JekyllAddressRules.isoWeek(CivilDateTime(year: 2024, month: 12, day: 30)) == (2025, 1))
    }

    @Test func patternsHeraldCanWriteAreKeptAndOthersAreNot() {
        #expect(
            ImportPlan.heraldPattern(from: "/:year/:month/:slug/", generator: .hugo, section: "posts", flat: true)
                == "/:year/:month/:slug/")
        #expect(
            ImportPlan.heraldPattern(from: "/:section/:filename/", generator: .hugo, section: "Blog", flat: true)
                == "/blog/:slug/")
        #expect(
            ImportPlan.heraldPattern(from: "/:year/:monthname/:slug/", generator: .hugo, section: "posts", flat: true)
                == nil)
        #expect(
            ImportPlan.heraldPattern(
                from: "/:categories/:year/:month/:day/:title:output_ext", generator: .jekyll, section: "_posts",
                flat: true)
                == "/:categories/:year/:month/:day/:slug.html")
        #expect(
            ImportPlan.heraldPattern(
                from: "/:collection/:path:output_ext", generator: .jekyll, section: "_talks", flat: true)
                == "/talks/:slug.html")
        #expect(
            ImportPlan.heraldPattern(
                from: "/:collection/:path:output_ext", generator: .jekyll, section: "_talks", flat: false) == nil)
    }

    @Test func aSiteThatKeptItsPermalinksNeedsNoAliases() throws {
        let (site, result) = try imported([
            "config.toml": Self.hugoConfig + "[permalinks]\n  posts = \"/:year/:month/:day/:slug/\"\n",
            "content/posts/2026-01-05-first.md": "---\ntitle: First Post\ndate: 2026-01-05T10:00:00Z\n---\nA.\n",
            "content/posts/second/index.md":
                "---\ntitle: Second\nslug: the-second\ndate: 2026-02-06T10:00:00Z\n---\nB.\n",
        ])
        #expect(result.report.aliasesWritten == 0)
        #expect(result.report.addressesUnchanged == 2)
        // Hugo's :slug is the title when no slug is written: the import writes it, so the address stays.
        #expect(
            site["content/news/2026-01-05-first.md"]
                == "---\ntitle: First Post\ndate: 2026-01-05T10:00:00Z\nslug: first-post\n---\nA.\n")
        #expect(
            site["content/news/second/index.md"]
                == "---\ntitle: Second\nslug: the-second\ndate: 2026-02-06T10:00:00Z\n---\nB.\n")
    }

    @Test func anAddressHeraldCannotKeepBecomesAnAliasAndExistingOnesStay() throws {
        let (site, result) = try imported([
            "config.toml": Self.hugoConfig,
            "content/posts/flat.md": "---\ntitle: Flat\ndate: 2026-01-05\n---\nA.\n",
            "content/posts/flat-two.md": "---\ntitle: Flat two\ndate: 2026-01-06\n---\nB.\n",
            "content/posts/2019/deep.md": "---\ntitle: Deep\ndate: 2019-01-05\naliases: [/very/old/]\n---\nC.\n",
        ])
        #expect(
            site["content/news/2019/deep.md"]
                == "---\ntitle: Deep\ndate: 2019-01-05\naliases: [/very/old/, /posts/2019/deep/]\n---\nC.\n")
        #expect(site["site.yml"]!.contains("  news: /posts/:slug/\n"))
        #expect(result.report.aliasesWritten == 1)
        #expect(result.report.listRedirects == ["/posts/ → /news/"])
        #expect(site["content/news/_index.md"] == "---\naliases: [/posts/]\n---\n")
    }

    @Test func pagesKeepTheirAddressesWithURLAndHeraldsOwnPagesWin() throws {
        let (site, result) = try imported([
            "config.toml": Self.hugoConfig,
            "content/about/_index.md": "---\ntitle: About\n---\nWho.\n",
            "content/help/faq.md": "---\ntitle: FAQ\n---\nQ.\n",
            "content/docs/faq.md": "---\ntitle: Other FAQ\n---\nQ.\n",
            "content/search/_index.md": "---\ntitle: Search\n---\n",
        ])
        // Herald's own address for about.md is the old one: nothing to write.
        #expect(site["content/pages/about.md"] == "---\ntitle: About\n---\nWho.\n")
        #expect(site["content/pages/help/faq.md"] == "---\ntitle: FAQ\nurl: /help/faq/\n---\nQ.\n")
        #expect(site["content/pages/docs/faq.md"] == "---\ntitle: Other FAQ\nurl: /docs/faq/\n---\nQ.\n")
        #expect(site["content/pages/search.md"] == nil)
        #expect(
            result.report.leftOut.contains(
                LeftOut(path: "content/search/_index.md", files: 1, reason: "Herald makes its own page at /search/")))
    }

    @Test func itemsHeraldWouldPutAtOneAddressKeepTheirOwnWithURL() throws {
        let (site, _) = try imported([
            "config.toml": Self.hugoConfig,
            "content/posts/2024/meeting.md": "---\ntitle: Meeting 2024\ndate: 2024-03-01\n---\nA.\n",
            "content/posts/2025/meeting.md": "---\ntitle: Meeting 2025\ndate: 2025-03-01\n---\nB.\n",
        ])
        #expect(
            site["content/news/2024/meeting.md"]
                == "---\ntitle: Meeting 2024\ndate: 2024-03-01\nurl: /posts/2024/meeting/\n---\nA.\n")
        #expect(
            site["content/news/2025/meeting.md"]
                == "---\ntitle: Meeting 2025\ndate: 2025-03-01\nurl: /posts/2025/meeting/\n---\nB.\n")
    }

    @Test func aTranslationsAddressIsItsOwnAndTheDefaultLanguageMayHaveAFolder() throws {
        let (site, _) = try imported([
            "config.toml": Self.hugoConfig
                + "defaultContentLanguage = \"en\"\ndefaultContentLanguageInSubdir = true\n[languages]\n  [languages.en]\n    weight = 1\n  [languages.es]\n    weight = 2\n",
            "content/posts/hello.md": "---\ntitle: Hello\ndate: 2026-01-05\n---\nA.\n",
            "content/posts/hello.es.md": "---\ntitle: Hola\nslug: hola-mundo\ndate: 2026-01-05\n---\nA.\n",
        ])
        // Both keep their addresses: the default language in its folder (defaultInSubfolder), the
        // translation beside its item under its own slug, in its language's folder.
        #expect(site["content/news/hello.md"] == "---\ntitle: Hello\ndate: 2026-01-05\n---\nA.\n")
        #expect(site["content/news/hello.es.md"] == "---\ntitle: Hola\nslug: hola-mundo\ndate: 2026-01-05\n---\nA.\n")
        // A language Hugo names no languageName for is named in itself.
        #expect(
            site["site.yml"]!.contains(
                "languages:\n  - code: en\n    name: English\n  - code: es\n    name: Español\ndefaultInSubfolder: true\n"
            ))
    }

    @Test func jekyllHTMLPostsAndCollectionFilesKeepTheirPlaces() throws {
        let (site, _) = try imported([
            "_config.yml":
                "title: Club\ncollections:\n  talks:\n    output: true\ndefaults:\n  - scope: {path: \"_posts\"}\n    values: {categories: [club], layout: post}\n",
            "_posts/2026-01-05-notes.html": "---\ntitle: Notes\n---\n<p>Kept as HTML.</p>\n",
            "_talks/slides.pdf": "pdf",
        ])
        #expect(
            site["content/news/2026-01-05-notes.md"]
                == "---\ntitle: Notes\ncategories: [club]\n---\n<p>Kept as HTML.</p>\n")
        #expect(site["static/talks/slides.pdf"] == "pdf")
        #expect(site["site.yml"]!.contains("  news: /:categories/:year/:month/:day/:slug.html\n"))
    }

    @Test func jekyllCategoriesKeepTheirFormInAddresses() throws {
        let (site, result) = try imported([
            "_config.yml": "title: Ruby\npermalink: pretty\n",
            "zh_cn/news/_posts/2014-10-27-released.md": "---\ntitle: 发布了\n---\n",
            "en/news/_posts/2014-10-27-released.md": "---\ntitle: Released\n---\n",
        ])
        #expect(
            site["site.yml"]!.contains("categories:\n  - name: news\n  - name: en\n  - name: zh_cn\n    slug: zh_cn\n"))
        #expect(result.report.aliasesWritten == 0)
        #expect(result.report.addressesUnchanged == 2)
    }

    /// A cover the old site does not have (or that is no image) would keep the whole post out of
    /// the new site, whose build reads every cover: the cover goes, the post stays, and the
    /// report says so.
    @Test func aCoverHeraldCannotShowIsDroppedAndThePostKept() throws {
        let (site, result) = try imported([
            "config.toml": Self.hugoConfig,
            "content/posts/trip.md": "---\ntitle: Trip\ndate: 2026-01-05\nimage: /images/gone.jpg\n---\nA.\n",
            "content/posts/fair.md": "---\ntitle: Fair\ndate: 2026-01-06\nfeatured_image: /images/fair.jpg\n---\nB.\n",
            "static/images/fair.jpg": "not a JPEG",
        ])
        #expect(site["content/news/trip.md"] == "---\ntitle: Trip\ndate: 2026-01-05\n---\nA.\n")
        #expect(site["content/news/fair.md"] == "---\ntitle: Fair\ndate: 2026-01-06\n---\nB.\n")
        #expect(
            result.report.notes.filter { $0.kind == "cover dropped" }.map(\.diagnostic.description) == [
                "content/posts/fair.md:1: warning: the cover was dropped, so that the post is imported without it: cover image static/images/fair.jpg cannot be read: it is not a JPEG, PNG, WebP, GIF, TIFF, HEIC or AVIF image",
                "content/posts/trip.md:1: warning: the cover was dropped, so that the post is imported without it: cover image '/images/gone.jpg' is not in the site; put it at static/images/gone.jpg",
            ])
    }

    /// An old address another page has, or that a section's list would be written over, cannot
    /// be kept: the alias goes, the item stays, and the report says so (repaired by the problem's
    /// kind, `.unkeptAlias`, not its wording).
    @Test func anOldAddressThatCannotBeKeptIsDroppedAndTheItemKept() throws {
        let (site, result) = try imported([
            "config.toml": Self.hugoConfig,
            "content/posts/trip.md":
                "---\ntitle: Trip\ndate: 2026-01-05\naliases: [/posts/fair/, /old-trip/]\n---\nA.\n",
            "content/posts/fair.md": "---\ntitle: Fair\ndate: 2026-01-06\n---\nB.\n",
            "content/posts/_index.md": "---\ntitle: Posts\naliases: [/posts/fair/, /blog/]\n---\n",
        ])
        #expect(
            site["content/news/trip.md"]?.contains("aliases: [/old-trip/]\n") == true,
            "\(site["content/news/trip.md"] ?? "")")
        #expect(
            site["content/news/_index.md"]?.contains("/blog/") == true
                && site["content/news/_index.md"]?.contains("/posts/fair/") == false,
            "\(site["content/news/_index.md"] ?? "")")
        #expect(site["content/news/fair.md"] != nil)
        let dropped = result.report.notes.filter { $0.kind == "old address dropped" }.map(\.diagnostic.description)
        #expect(dropped.count == 2, "\(dropped)")
        #expect(
            dropped.contains {
                $0.hasPrefix(
                    "content/posts/trip.md:1: warning: an old address was dropped: alias /posts/fair/ is already")
            }, "\(dropped)")
    }

    /// Hugo's translations are imported beside their items, in Herald's file-name form, with
    /// the languages' names and titles in site.yml.
    @Test func translationsAreImportedBesideTheirItemsAtTheirOldAddresses() throws {
        let (site, _) = try imported([
            "config.toml": Self.hugoConfig
                + "defaultContentLanguage = \"en\"\n[languages]\n  [languages.en]\n    weight = 1\n    languageName = \"English\"\n  [languages.es]\n    weight = 2\n    languageName = \"Español\"\n    title = \"Mi sitio\"\n",
            "content/posts/trip/index.en.md": "---\ntitle: Trip\ndate: 2026-01-05\n---\nA.\n",
            "content/posts/trip/index.es.md": "---\ntitle: Viaje\ndate: 2026-01-05\n---\nA.\n",
            "content/posts/trip/photo.jpg": "jpg",
        ])
        #expect(site["content/news/trip/index.md"] == "---\ntitle: Trip\ndate: 2026-01-05\n---\nA.\n")
        #expect(site["content/news/trip/index.es.md"] == "---\ntitle: Viaje\ndate: 2026-01-05\n---\nA.\n")
        #expect(site["content/news/trip/photo.jpg"] == "jpg")
        #expect(
            site["site.yml"]!.contains(
                "languages:\n  - code: en\n    name: English\n  - code: es\n    name: Español\n    title: Mi sitio\n"))
    }

    /// A translation Herald cannot build (here it shares its item's `url:`) is not converted,
    /// and the report counts it out of the translations, not out of the items.
    @Test func aTranslationLeftOutIsCountedOutOfTheTranslations() throws {
        let (_, result) = try imported([
            "config.toml": Self.hugoConfig
                + "defaultContentLanguage = \"en\"\n[languages]\n  [languages.en]\n    weight = 1\n  [languages.es]\n    weight = 2\n",
            "content/posts/trip.en.md": "---\ntitle: Trip\ndate: 2026-01-05\nurl: /trip/\n---\nA.\n",
            "content/posts/trip.es.md": "---\ntitle: Viaje\ndate: 2026-01-05\nurl: /trip/\n---\nA.\n",
            "content/posts/other.md": "---\ntitle: Other\ndate: 2026-01-06\n---\nB.\n",
        ])
        #expect(result.report.unconverted.map(\.path) == ["content/posts/trip.es.md"])
        #expect(result.report.items[.news] == 2 && result.report.translations == 0)
        #expect(result.report.text.contains("Items: 2 (2 news, 0 events, 0 pages; 0 drafts among them)"))
    }

    /// A post the old site has only in other languages than its default is imported in its
    /// first language (the site's order), with its bundle's files and the other language beside
    /// it, rather than left out: a real site had five Spanish-only posts that other posts link to.
    @Test func aPostOnlyInOtherLanguagesIsImportedInItsFirstLanguage() throws {
        let (site, result) = try imported([
            "config.toml": Self.hugoConfig
                + "defaultContentLanguage = \"en\"\n[languages]\n  [languages.en]\n    weight = 1\n  [languages.es]\n    weight = 2\n  [languages.pt]\n    weight = 3\n",
            "content/posts/hello.md": "---\ntitle: Hello\ndate: 2026-01-05\n---\nA.\n",
            "content/posts/solo/index.es.md":
                "---\ntitle: Solo\nslug: solo-es\ndate: 2026-01-06\n---\n[Slides](slides.pdf)\n",
            "content/posts/solo/slides.pdf": "pdf",
            "content/posts/pair.pt.md": "---\ntitle: Par\ndate: 2026-01-07\n---\nP.\n",
            "content/posts/pair.es.md": "---\ntitle: Par\ndate: 2026-01-07\n---\nE.\n",
        ])
        #expect(
            site["content/news/solo/index.es.md"]
                == "---\ntitle: Solo\nslug: solo-es\ndate: 2026-01-06\n---\n[Slides](slides.pdf)\n")
        #expect(site["content/news/solo/slides.pdf"] == "pdf")
        #expect(site["content/news/pair.es.md"] == "---\ntitle: Par\ndate: 2026-01-07\n---\nE.\n")
        #expect(site["content/news/pair.pt.md"] == "---\ntitle: Par\ndate: 2026-01-07\n---\nP.\n")
        #expect(
            site.keys.filter { $0.hasPrefix("content/news/") }.sorted() == [
                "content/news/_index.md", "content/news/hello.md", "content/news/pair.es.md", "content/news/pair.pt.md",
                "content/news/solo/index.es.md", "content/news/solo/slides.pdf",
            ])
        #expect(result.report.leftOut.isEmpty)
        #expect(
            result.report.notes.filter { $0.kind == "item without a default-language original" }.map(
                \.diagnostic.description) == [
                    "content/posts/pair.es.md:1: warning: is in es only, with no en original: imported in es",
                    "content/posts/solo/index.es.md:1: warning: is in es only, with no en original: imported in es",
                ])
    }
}
