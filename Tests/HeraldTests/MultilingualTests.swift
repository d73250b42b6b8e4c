import Foundation
import Testing

@testable import Herald

/// Multilingual sites: each language's pages, feeds, calendars and API under its folder, the
/// links between translations, untranslated items, and what is wrong with a site's languages.
@Suite struct MultilingualTests {
    /// The bilingual fixture (Chinese at the root, English under /en/), built once.
    static let bilingual = Result { try Fixtures.build(Fixtures.site("bilingual")) }

    /// A two-language site held in memory: zh-CN at the root, en under /en/.
    static func site(_ files: [String: String], languages: String = "") -> MemorySite {
        var all = files
        if all["site.yml"] == nil {
            all["site.yml"] = """
                title: 学生会
                baseURL: https://example.org/
                timezone: Asia/Shanghai
                languages:
                  - code: zh-CN
                    name: 中文
                  - code: en
                    name: English
                    title: Student Union
                \(languages)
                """
        }
        return MemorySite(all)
    }

    /// The warnings a site in memory builds with.
    static func warnings(_ site: MemorySite) throws -> [String] {
        try Build(options: BuildOptions(now: Fixtures.now), fileSystem: site.fileSystem).run(into: MemoryOutput())
            .warnings.map(\.description)
    }

    @Test func eachLanguageHasItsOwnHomeListsFeedsCalendarsSearchAndAPI() throws {
        let output = try Self.bilingual.get()
        expect(
            output, "index.html", contains: ["<html lang=\"zh-CN\">", "<title>计算机学院学生会</title>", "迎新晚会圆满落幕"],
            lacks: ["Welcome gala night"])
        expect(
            output, "en/index.html",
            contains: [
                "<html lang=\"en\">", "<title>CS Student Union</title>", "Welcome gala night", "href=\"/en/news/\"",
            ],
            lacks: ["迎新晚会圆满落幕"])
        expect(output, "en/feed.xml", contains: ["<language>en</language>", "https://union.example.edu/en/news/gala/"])
        expect(output, "feed.xml", contains: ["<language>zh-CN</language>", "https://union.example.edu/news/gala/"])
        expect(output, "en/atom.xml", contains: ["xml:lang=\"en\""])
        expect(output, "en/feed.json", contains: ["\"language\" : \"en\""])
        expect(output, "en/api/home.json", contains: ["\"language\" : \"en\"", "Welcome gala night"])
        expect(output, "en/api/news/gala.json", contains: ["Welcome gala night"])
        expect(output, "en/search/index.json", contains: ["Welcome gala night"], lacks: ["迎新晚会圆满落幕"])
        expect(output, "en/events.ics", contains: ["Morning running club"])
        expect(output, "en/categories/sport/events.ics", contains: ["Morning running club"])
        // The theme's assets and the site's static files are the site's, once.
        #expect(output.files["en/assets/herald.css"] == nil && output.files["assets/herald.css"] != nil)
        expect(output, "en/news/gala/index.html", contains: ["href=\"/assets/"], lacks: ["href=\"/en/assets/"])
    }

    @Test func datesAndInterfaceTextAreInEachLanguage() throws {
        let output = try Self.bilingual.get()
        expect(output, "news/library/index.html", contains: ["2026年11月10日"])
        expect(
            output, "en/news/library/index.html", contains: ["10 Nov 2026", "aria-label=\"Languages\""],
            lacks: ["2026年11月10日"])
        expect(output, "news/library/index.html", contains: ["aria-label=\"语言\""])
    }

    @Test func translationsLinkToEachOtherBothWays() throws {
        let output = try Self.bilingual.get()
        expect(
            output, "news/gala/index.html",
            contains: [
                "<link rel=\"alternate\" hreflang=\"en\" href=\"https://union.example.edu/en/news/gala/\">",
                "<link rel=\"alternate\" hreflang=\"x-default\" href=\"https://union.example.edu/news/gala/\">",
                "<meta property=\"og:locale:alternate\" content=\"en\">",
                "<a class=\"languages__link\" href=\"/en/news/gala/\" hreflang=\"en\" lang=\"en\">English</a>",
            ])
        expect(
            output, "en/news/gala/index.html",
            contains: ["<link rel=\"alternate\" hreflang=\"zh-CN\" href=\"https://union.example.edu/news/gala/\">"])
        // translationKey links two files of different names.
        expect(
            output, "news/canteen/index.html",
            contains: ["hreflang=\"en\" href=\"https://union.example.edu/en/news/late-night-canteen/\""])
        expect(
            output, "en/news/late-night-canteen/index.html",
            contains: ["hreflang=\"zh-CN\" href=\"https://union.example.edu/news/canteen/\""])
        // A page not translated links the other language's home page, and is no alternate.
        expect(
            output, "contact/index.html",
            contains: ["<a class=\"languages__link\" href=\"/en/\" hreflang=\"en\" lang=\"en\" title="],
            lacks: ["hreflang=\"en\" href=\"https://union.example.edu/en/\">"])
        // Lists are each other's translations, but their later pages are not.
        expect(output, "en/news/index.html", contains: ["hreflang=\"zh-CN\" href=\"https://union.example.edu/news/\""])
        expect(output, "en/news/page/2/index.html", lacks: ["<link rel=\"alternate\" hreflang"])
    }

    @Test func theLinkCheckFollowsEveryAlternateBothWays() throws {
        let output = try Self.bilingual.get()
        let pages = output.files.keys.filter { $0.hasSuffix(".html") }.sorted()
        let links = LinkCheck(files: output.files, basePath: "/", baseURL: "https://union.example.edu/")
        #expect(AlternateLinkCheck(files: output.files, links: links).findings(pages: pages).isEmpty)
        #expect(
            AlternateLinkCheck(files: output.files, links: links).alternates(of: "news/gala/index.html").map(\.target)
                == ["news/gala/index.html", "en/news/gala/index.html"])
        // A page that does not name its translation back is found.
        var files = output.files
        let english = output.text("en/news/gala/index.html")!
        files["en/news/gala/index.html"] = Data(
            english.replacingOccurrences(
                of: "<link rel=\"alternate\" hreflang=\"zh-CN\"", with: "<link rel=\"x\" hreflang=\"zh-CN\""
            ).utf8)
        let tampered = LinkCheck(files: files, basePath: "/", baseURL: "https://union.example.edu/")
        #expect(
            AlternateLinkCheck(files: files, links: tampered).findings(pages: pages)
                == [
                    AlternateLinkCheck.Finding(
                        page: "news/gala/index.html", alternate: "en/news/gala/index.html", language: "en", exists: true
                    )
                ])
    }

    @Test func anUntranslatedItemIsListedWithABadgeAndLinksToItsOriginal() throws {
        let output = try Self.bilingual.get()
        expect(
            output, "news/index.html",
            contains: [
                "<span class=\"status status--language\" lang=\"en\">English</span>",
                "<h3 class=\"card__title\" lang=\"en\"><a href=\"/en/news/exchange/\">Exchange students&#39; coffee hour</a></h3>",
                // Its text is marked as its language's, so that a screen reader reads it in that voice.
                "<p class=\"card__summary\" lang=\"en\">Only in English:",
            ])
        expect(output, "en/index.html", contains: ["<a href=\"/news/basketball/\">篮球队获得校联赛冠军</a>"])
        // And in the month calendar; so is an untranslated page's title in the menu.
        expect(
            output, "en/events/calendar/2026/12/index.html",
            contains: [
                "<a href=\"/events/hackathon/\" lang=\"zh-CN\">编程马拉松</a> <span class=\"day__where\" lang=\"zh-CN\">"
            ])
        expect(
            output, "en/404.html",
            contains: ["<a href=\"/contact/\" lang=\"zh-CN\">联系方式</a>", "<a href=\"/en/about/\">About us</a>"])
        // It has its page, its document and its calendar in its own language only.
        #expect(output.files["news/exchange/index.html"] == nil && output.files["api/news/exchange.json"] == nil)
        #expect(
            output.files["en/events/hackathon/index.html"] == nil
                && output.files["en/events/hackathon/event.ics"] == nil)
        expect(
            output, "en/api/home.json", contains: ["\"api\" : \"https://union.example.edu/api/news/basketball.json\""])
    }

    @Test func aLanguageCanLeaveUntranslatedItemsOut() throws {
        let files = [
            "content/news/2026-11-01-a.md": "---\ntitle: 甲\ndate: 2026-11-01\n---\n正文。\n",
            "content/news/2026-11-02-b.md": "---\ntitle: 乙\ndate: 2026-11-02\n---\n正文。\n",
            "content/news/2026-11-02-b.en.md": "---\ntitle: Bee\ndate: 2026-11-02\n---\nText.\n",
        ]
        let shown = try Self.site(files).build()
        expect(shown, "en/news/index.html", contains: ["Bee", "甲"])
        let leftOut = try Self.site(files, languages: "    untranslated: leaveOut").build()
        expect(leftOut, "en/news/index.html", contains: ["Bee"], lacks: ["甲"])
        expect(leftOut, "news/index.html", contains: ["甲", "乙"], lacks: ["Bee"])
    }

    @Test func aTranslatedEventIsOneEventInEveryLanguagesCalendar() throws {
        let output = try Self.bilingual.get()
        func uids(_ path: String) -> [String] {
            (output.text(path) ?? "").split(separator: "\r\n").filter { $0.hasPrefix("UID:") }.map(String.init)
        }
        #expect(
            uids("events.ics").sorted() == [
                "UID:events-hackathon@cs-union-bilingual", "UID:events-run@cs-union-bilingual",
            ])
        #expect(uids("en/events.ics").sorted() == uids("events.ics").sorted())
        #expect(uids("en/events/run/event.ics") == uids("events/run/event.ics"))
        expect(output, "events/run/index.html", contains: ["晨跑俱乐部"])
        expect(output, "en/events/run/index.html", contains: ["Morning running club", "East campus track"])
    }

    @Test func categoriesAreSharedBySlugWithEachLanguagesNames() throws {
        let output = try Self.bilingual.get()
        expect(output, "categories/campus/index.html", contains: ["校园生活"])
        expect(
            output, "en/categories/campus/index.html", contains: ["Campus Life", "Welcome gala night"], lacks: ["校园生活"])
        expect(output, "en/categories/sport/index.html", contains: ["Matches, training and results."])
        // An item in one language names the category in its own; both land in the same one.
        expect(output, "en/categories/sport/index.html", contains: ["Morning running club", "/news/basketball/"])
    }

    @Test func theSitemapListsEachPagesTranslations() throws {
        let sitemap = try #require(try Self.bilingual.get().text("sitemap.xml"))
        #expect(sitemap.contains("xmlns:xhtml=\"http://www.w3.org/1999/xhtml\""))
        #expect(
            sitemap.contains(
                "<url><loc>https://union.example.edu/en/news/gala/</loc><lastmod>2026-11-18T20:00:00+08:00</lastmod><xhtml:link rel=\"alternate\" hreflang=\"zh-CN\" href=\"https://union.example.edu/news/gala/\"/><xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"https://union.example.edu/en/news/gala/\"/></url>"
            ))
        // A page in one language names no alternates.
        let contact = sitemap.split(separator: "\n").filter {
            $0.contains("<loc>https://union.example.edu/contact/</loc>")
        }
        #expect(contact.count == 1 && !contact[0].contains("xhtml"))
    }

    /// `languages:` with one language is a site in one language, as `language:` is.
    @Test func oneLanguageInALanguagesListBuildsAsLanguageDoes() throws {
        let content = [
            "content/news/2026-11-01-a.md": "---\ntitle: A\ndate: 2026-11-01\ncategories: [Club]\n---\nText.\n",
            "content/events/run.md": "---\ntitle: Run\ndate: 2026-11-01\nstart: 2026-11-26 07:00\n---\nRun.\n",
        ]
        var plain = content
        var listed = content
        plain["site.yml"] = "title: T\nbaseURL: https://example.org/\nlanguage: en\ntimezone: Europe/London\n"
        listed["site.yml"] =
            "title: T\nbaseURL: https://example.org/\nlanguages:\n  - code: en\n    name: English\ntimezone: Europe/London\n"
        let (a, b) = (try MemorySite(plain).build(), try MemorySite(listed).build())
        #expect(a.files.keys.sorted() == b.files.keys.sorted())
        for (path, data) in a.files { #expect(b.files[path] == data, "\(path) differs") }
    }

    @Test func aFileInALanguageTheSiteDoesNotHaveIsAWarning() throws {
        let site = Self.site([
            "content/news/2026-11-01-a.md": "---\ntitle: 甲\ndate: 2026-11-01\n---\n正文。\n",
            "content/news/2026-11-01-a.de.md": "---\ntitle: Ah\ndate: 2026-11-01\n---\nText.\n",
            "content/news/2026-11-02-b.fr.md": "---\ntitle: Bé\ndate: 2026-11-02\n---\nTexte.\n",
        ])
        let warnings = try Self.warnings(site)
        #expect(
            warnings.contains(
                "content/news/2026-11-01-a.de.md:1: warning: is in de, which is not one of the site's languages (zh-CN, en): left out, since content/news/2026-11-01-a.md is beside it; add de to languages in site.yml to publish it"
            ))
        #expect(
            warnings.contains(
                "content/news/2026-11-02-b.fr.md:1: warning: is in fr, which is not one of the site's languages (zh-CN, en): built as zh-CN; add fr to languages in site.yml, or rename the file"
            ))
        expect(try site.build(), "news/b/index.html", contains: ["Bé"])
        // In a bundle whose default-language head is named with its language (a real Hugo site's
        // `index.en.md`), another language's head is left out, and told once.
        let bundle = MultilingualTests.site([
            "content/news/2026-11-03-tools/index.zh-cn.md": "---\ntitle: 工具\ndate: 2026-11-03\n---\n正文。\n",
            "content/news/2026-11-03-tools/index.tr.md": "---\ntitle: Araçlar\ndate: 2026-11-03\n---\nMetin.\n",
        ])
        #expect(
            try Self.warnings(bundle).filter { $0.contains("index.tr.md") } == [
                "content/news/2026-11-03-tools/index.tr.md:1: warning: is in tr, which is not one of the site's languages (zh-CN, en): left out, since content/news/2026-11-03-tools/index.zh-cn.md is beside it; add tr to languages in site.yml to publish it"
            ])
        expect(try bundle.build(), "news/tools/index.html", contains: ["工具"])
    }

    /// The site's default author, written per language: English pages showed the Chinese name.
    @Test func theDefaultAuthorIsWrittenInEachLanguage() throws {
        let site = MemorySite([
            "site.yml":
                "title: 学生会\nbaseURL: https://example.org/\ntimezone: Asia/Shanghai\nauthor: 学生会宣传部\nlanguages:\n  - code: zh-CN\n  - code: en\n    author: Union Publicity\n",
            "content/news/2026-11-01-a.md": "---\ntitle: 甲\ndate: 2026-11-01\n---\n正文。\n",
            "content/news/2026-11-01-a.en.md": "---\ntitle: A\ndate: 2026-11-01\n---\nText.\n",
            "content/news/2026-11-02-b.en.md": "---\ntitle: B\ndate: 2026-11-02\nauthor: Jo\n---\nText.\n",
        ])
        #expect(try Self.warnings(site) == [])
        let output = try site.build()
        expect(output, "news/a/index.html", contains: ["学生会宣传部"], lacks: ["Union Publicity"])
        expect(output, "en/news/a/index.html", contains: ["Union Publicity"], lacks: ["学生会宣传部"])
        expect(output, "en/news/b/index.html", contains: ["Jo"], lacks: ["Union Publicity"])
    }

    /// A link to another item's Markdown file leads to its version in the language of the page,
    /// feed or list it is shown in, and to the item in its own language when this one does not
    /// list it; never a warning that the item is "expired" and a link dropped to text.
    @Test func aLinkToAnItemLeadsToItsVersionInEachLanguage() throws {
        let files = [
            "content/pages/about.md": "---\ntitle: 关于我们\n---\n我们是学生会。\n",
            "content/pages/about.en.md": "---\ntitle: About us\n---\nWe are the union.\n",
            "content/pages/rules.md": "---\ntitle: 章程\n---\n章程全文。\n",
            "content/news/2026-11-01-welcome.md":
                "---\ntitle: 迎新\ndate: 2026-11-01\n---\n见[关于我们](@/pages/about.md)，或 [in English](@/pages/about.en.md)。\n",
            "content/news/2026-11-02-english.en.md":
                "---\ntitle: English only\ndate: 2026-11-02\n---\nSee [about](@/pages/about.md) and [the rules](@/pages/rules.md).\n",
        ]
        for languages in ["", "    untranslated: leaveOut"] {
            let site = Self.site(files, languages: languages)
            #expect(try Self.warnings(site) == [], "\(languages)")
            let output = try site.build()
            // A link to the English file by name is a "read in English" link: it stays English.
            expect(
                output, "news/welcome/index.html",
                contains: ["<a href=\"/about/\">关于我们</a>", "<a href=\"/en/about/\">in English</a>"])
            // The English page links to the English version, and to the rules in Chinese, which English has not.
            expect(
                output, "en/news/english/index.html",
                contains: ["<a href=\"/en/about/\">about</a>", "<a href=\"/rules/\">the rules</a>"])
            expect(output, "en/feed.xml", contains: ["&lt;a href=\"https://example.org/en/about/\"&gt;about&lt;/a&gt;"])
        }
        // Listed untranslated in English, the Chinese article's link leads English readers to the English page.
        expect(
            try Self.site(files).build(), "en/feed.xml",
            contains: ["&lt;a href=\"https://example.org/en/about/\"&gt;关于我们&lt;/a&gt;"])
    }

    /// An item written only in English (`a.en.md` alone, as `herald new --lang en` writes one) is an
    /// English item, and draws no warning; a translationKey no other file has is most likely a slip.
    @Test func aKeyWithoutAPartnerAndTwoVersionsInOneLanguageAreWarnings() throws {
        let warnings = try Self.warnings(
            Self.site([
                "content/news/2026-11-01-a.en.md": "---\ntitle: A\ndate: 2026-11-01\n---\nText.\n",
                "content/news/2026-11-02-b.md": "---\ntitle: 乙\ndate: 2026-11-02\ntranslationKey: bee\n---\n正文。\n",
                "content/news/2026-11-03-c.md": "---\ntitle: 丙\ndate: 2026-11-03\ntranslationKey: bee\n---\n正文。\n",
                "content/news/2026-11-04-d.en.md":
                    "---\ntitle: D\ndate: 2026-11-04\ntranslationKey: dee-day\n---\nText.\n",
            ]))
        #expect(!warnings.contains { $0.contains("2026-11-01-a.en.md") })
        #expect(
            warnings.contains(
                "content/news/2026-11-04-d.en.md:4: warning: has translationKey dee-day, which no other file published in this build has, so it pairs with no version in zh-CN; check the key's spelling"
            ))
        // A key a slip away from another file's names it (issue 37's trial: union-elections for union-election).
        let slip = try Self.warnings(
            Self.site([
                "content/news/2026-11-20-election.md":
                    "---\ntitle: 选举\ndate: 2026-11-20\ntranslationKey: union-election\n---\n正文。\n",
                "content/news/2026-11-21-elections.en.md":
                    "---\ntitle: Elections\ndate: 2026-11-21\n\ntranslationKey: union-elections\n---\nText.\n",
                // Two English items of their own are no suggestion for each other.
                "content/news/2026-11-10-gala.en.md":
                    "---\ntitle: Gala\ndate: 2026-11-10\ntranslationKey: gala-2025\n---\nText.\n",
                "content/news/2026-11-11-ball.en.md":
                    "---\ntitle: Ball\ndate: 2026-11-11\ntranslationKey: gala-2026\n---\nText.\n",
            ]))
        #expect(
            slip.contains(
                "content/news/2026-11-10-gala.en.md:4: warning: has translationKey gala-2025, which no other file published in this build has, so it pairs with no version in zh-CN; check the key's spelling"
            ), "\(slip)")
        #expect(
            slip.contains(
                "content/news/2026-11-21-elections.en.md:5: warning: has translationKey union-elections, which no other file published in this build has, so it pairs with no version in zh-CN; did you mean union-election (content/news/2026-11-20-election.md:4)?"
            ), "\(slip)")
        #expect(
            warnings.contains(
                "content/news/2026-11-03-c.md:4: warning: has the translationKey of content/news/2026-11-02-b.md, also in zh-CN: that file is the zh-CN version its translations link to, and this one is an item of its own; give one of them another translationKey"
            ))
    }

    @Test func aCategoryWithoutANameInALanguageThatUsesItIsAWarning() throws {
        let warnings = try Self.warnings(
            MemorySite([
                "site.yml":
                    "title: 学生会\nbaseURL: https://example.org/\nlanguages:\n  - code: zh-CN\n    name: 中文\n  - code: en\n    name: English\ncategories:\n  - slug: sport\n    name: 体育\n",
                "content/news/2026-11-01-a.en.md": "---\ntitle: A\ndate: 2026-11-01\ncategories: [sport]\n---\nText.\n",
            ]))
        #expect(
            warnings.contains(
                "site.yml:6: warning: language en has no name for category sport, which its items use: add `sport: …` under its categories"
            ))
    }

    @Test func aPageInsideAnotherLanguagesFolderIsAnError() {
        let site = Self.site(["content/pages/en.md": "---\ntitle: 英语角\n---\n每周三。\n"])
        #expect(
            site.diagnostics() == [
                "content/pages/en.md:1: is published at /en/, inside the folder of language en (/en/, site.yml line 7): change its slug or url, or the language's path"
            ])
    }

    @Test func aLanguagesPathThatIsASectionOrADuplicateIsAnError() {
        let yml =
            "title: T\nbaseURL: https://example.org/\nlanguages:\n  - code: zh-CN\n    name: 中文\n  - code: en\n    path: news\n  - code: fr\n    path: fr\n  - code: fr\n"
        #expect(
            MemorySite(["site.yml": yml]).diagnostics() == [
                "site.yml:7: language path 'news' is where Herald puts the site's news pages or files (/news/); choose another, such as en",
                "site.yml:10: language fr is declared twice (also on line 8)",
            ])
    }

    @Test func aStringALanguageLacksIsShownInEnglishWithAWarning() throws {
        var files = [
            "content/news/2026-11-01-a.md": "---\ntitle: 甲\ndate: 2026-11-01\n---\n正文。\n",
            // The alerts' titles and the calendar's words are translated too, so that 'events' is among the first 20 keys warned about.
            "i18n/fr.yml":
                "news: Actualités\nalertNote: Remarque\nalertTip: Astuce\nalertImportant: Important\nalertWarning: Avertissement\nalertCaution: Attention\n"
                + "calendarOrganizer: \"Organisateur : {name}\"\ncalendarRegistration: \"Inscription : {url}\"\n",
        ]
        files["site.yml"] =
            "title: 学生会\nbaseURL: https://example.org/\nlanguages:\n  - code: zh-CN\n    name: 中文\n  - code: fr\n    name: Français\n"
        let site = MemorySite(files)
        let warnings = try Self.warnings(site)
        #expect(warnings.contains("i18n/fr.yml:1: warning: has no string 'events': it is shown in English in fr"))
        #expect(!warnings.contains { $0.contains("has no string 'news'") })
        expect(try site.build(), "fr/index.html", contains: ["<html lang=\"fr\">", ">Actualités</a>", ">Events</a>"])
    }

    /// A language Herald ships no words for writes its dates the CLDR way, and says the words
    /// around them (reading time, how an event repeats) as the site's strings file does.
    @Test func aThirdLanguagesDatesAreWrittenItsOwnWay() throws {
        var files = [
            "content/news/2026-11-01-a.md": "---\ntitle: 甲\ndate: 2026-11-01\n---\n正文。\n",
            "content/news/2026-11-01-a.es.md": "---\ntitle: Uno\ndate: 2026-11-01\n---\nTexto.\n",
            "content/events/club.es.md": """
            ---
            title: Club de lectura
            start: 2026-11-24 19:00
            end: 2026-11-24 20:30
            repeat: {frequency: weekly, interval: 2, until: 2026-12-22, except: [2026-12-08]}
            ---
            Leemos.
            """,
            "i18n/es.yml":
                "readingTime: \"{count} min de lectura\"\neveryWeeks: \"Cada {count} semanas\"\nrepeatsUntil: \" hasta el {date}\"\nrepeatsExcept: \" (salvo el {dates})\"\n",
        ]
        files["site.yml"] =
            "title: 学生会\nbaseURL: https://example.org/\ntimezone: Asia/Shanghai\nlanguages:\n  - code: zh-CN\n    name: 中文\n  - code: es\n    name: Español\n"
        let output = try MemorySite(files).build()
        expect(
            output, "es/news/a/index.html", contains: ["1 nov 2026", "1 min de lectura"],
            lacks: ["1 Nov 2026", "2026年11月1日"])
        expect(
            output, "es/events/club/index.html",
            contains: ["mar, 24 nov 2026 19:00–20:30", "Cada 2 semanas hasta el 22 dic 2026 (salvo el 8 dic 2026)"])
        expect(output, "es/events/calendar/2026/11/index.html", contains: ["noviembre de 2026", ">lun<"])
        #expect(DateText(language: "de").date(CivilDateTime(year: 2026, month: 11, day: 21)) == "21. Nov. 2026")
        #expect(
            DateText(language: "ja").dateWithWeekday(CivilDateTime(year: 2026, month: 11, day: 21)) == "2026年11月21日(土)")
    }

    /// A language site.yml gives no name is named in itself (CLDR), as a language switcher
    /// should show it; a code the data does not know is shown as it is.
    @Test func aLanguageWithoutANameIsNamedInItself() throws {
        let files = [
            "site.yml":
                "title: 学生会\nbaseURL: https://example.org/\nlanguages:\n  - code: zh-CN\n  - code: es\n  - code: pt-BR\n",
            "content/news/2026-11-01-a.md": "---\ntitle: 甲\ndate: 2026-11-01\n---\n正文。\n",
        ]
        let output = try MemorySite(files).build()
        expect(
            output, "index.html",
            contains: [
                "lang=\"zh-CN\">中文</span>", "hreflang=\"es\" lang=\"es\">Español</a>",
                "hreflang=\"pt-BR\" lang=\"pt-BR\">Português</a>",
            ])
        #expect(SiteLanguage.nativeName(of: "fr") == "Français")
        #expect(SiteLanguage.nativeName(of: "tr") == "Türkçe")
        #expect(SiteLanguage.nativeName(of: "qq") == "qq")
    }

    /// A popularity row naming a file counts for its translation too: trending is the same item's.
    @Test func aTranslationIsTrendingAsItsOriginalIs() throws {
        let site = Self.site([
            "content/news/2026-11-18-a.md": "---\ntitle: 甲\ndate: 2026-11-18\n---\n正文。\n",
            "content/news/2026-11-18-a.en.md": "---\ntitle: Ay\ndate: 2026-11-18\n---\nText.\n",
            "content/news/2026-11-19-b.md": "---\ntitle: 乙\ndate: 2026-11-19\n---\n正文。\n",
            "content/news/2026-11-19-b.en.md": "---\ntitle: Bee\ndate: 2026-11-19\n---\nText.\n",
            "data/popularity.csv": "path,views,likes,comments\nnews/2026-11-18-a.md,900,40,3\n",
        ])
        let output = try site.build()
        let trending = try #require(output.text("en/api/trending.json"))
        #expect(trending.contains("\"title\" : \"Ay\"") && !trending.contains("\"title\" : \"Bee\""), "\(trending)")
        #expect(try Self.warnings(site).filter { $0.contains("popularity") } == [])
    }

    /// A row counts for the item in every language, whichever version it names (a file linked by
    /// translationKey too), and a row naming a language's own file wins over another version's.
    @Test func aPopularityRowCountsForEveryVersionAndTheOwnFilesRowWins() throws {
        let site = Self.site([
            "content/news/2026-11-18-a.md": "---\ntitle: 甲\ndate: 2026-11-18\ntranslationKey: a\n---\n正文。\n",
            "content/news/2026-11-18-ay.en.md": "---\ntitle: Ay\ndate: 2026-11-18\ntranslationKey: a\n---\nText.\n",
            "content/news/2026-11-19-b.md": "---\ntitle: 乙\ndate: 2026-11-19\n---\n正文。\n",
            "content/news/2026-11-19-b.en.md": "---\ntitle: Bee\ndate: 2026-11-19\n---\nText.\n",
            "content/news/2026-11-20-c.md": "---\ntitle: 丙\ndate: 2026-11-20\n---\n正文。\n",
            "content/news/2026-11-20-c.en.md": "---\ntitle: Sea\ndate: 2026-11-20\n---\nText.\n",
            // a: named by its English file (linked by translationKey) only; b: by its Chinese file
            // only; c: by both, the English row first, so each language keeps its own figures (the
            // Chinese row would put Sea first in English).
            "data/popularity.csv":
                "path,views,likes,comments\nnews/2026-11-18-ay.en.md,900,40,3\nnews/2026-11-19-b.md,500,20,1\nnews/2026-11-20-c.en.md,1,0,0\nnews/2026-11-20-c.md,2000,5,0\n",
            "site.yml":
                "title: 学生会\nbaseURL: https://example.org/\ntimezone: Asia/Shanghai\nlanguages:\n  - code: zh-CN\n    name: 中文\n  - code: en\n    name: English\ntrending: {limit: 2}\n",
        ])
        let output = try site.build()
        let chinese = try #require(output.text("api/trending.json"))
        let english = try #require(output.text("en/api/trending.json"))
        func titles(_ json: String) -> [String] {
            json.split(separator: "\n").filter { $0.contains("\"title\" : ") }.map {
                String($0.split(separator: "\"")[3])
            }
        }
        #expect(titles(chinese) == ["丙", "甲"], "\(chinese)")
        #expect(titles(english) == ["Ay", "Bee"], "\(english)")
        #expect(try Self.warnings(site).filter { $0.contains("popularity") } == [])
    }

    /// `herald check` reads every language's items, not the default language's alone.
    @Test func checkReadsEveryLanguagesItems() throws {
        var files = [
            "content/news/2026-11-01-a.md":
                "---\ntitle: 甲\ndate: 2026-11-01\nfeatured: true\nimage: /images/a.jpg\nimageAlt: 舞台\n---\n正文。\n",
            "content/news/2026-11-01-a.en.md":
                "---\ntitle: A\ndate: 2026-11-01\nfeatured: true\nimage: /images/a.jpg\n---\nText.\n",
        ].mapValues { Data($0.utf8) }
        files["static/images/a.jpg"] = Fixtures.image("landscape.jpg")
        files["site.yml"] = Data(
            "title: 学生会\nbaseURL: https://example.org/\nlanguages:\n  - code: zh-CN\n    name: 中文\n  - code: en\n    name: English\n"
                .utf8)
        let findings = try SiteCheck.run(BuildOptions(outputPath: "out", now: Fixtures.now), fileSystem: .memory(files))
            .findings.map(\.description)
        #expect(
            findings.contains {
                $0.hasPrefix("content/news/2026-11-01-a.en.md:5: warning: is featured but its cover has no imageAlt")
            }, "\(findings)")
        #expect(!findings.contains { $0.hasPrefix("content/news/2026-11-01-a.md:") }, "\(findings)")
    }

    @Test func translationsInFoldersAndBundlesAreFound() throws {
        let output = try Self.bilingual.get()
        // content/en/news/… (a folder) and index.en.md (a bundle), with the bundle's files in both languages.
        expect(output, "en/news/library/index.html", contains: ["The library opens longer"])
        #expect(output.files["en/news/gala/stage.svg"] != nil && output.files["news/gala/stage.svg"] != nil)
        expect(output, "en/news/gala/index.html", contains: ["src=\"/en/news/gala/stage.svg\""])
    }
}
