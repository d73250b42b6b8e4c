import Foundation
import Testing

@testable import Herald

/// Taxonomies of the site's own (site.yml `taxonomies:`), beyond categories and tags: each term's
/// pages, feeds, calendar and API documents, an item's terms on its page and in its document, and
/// the declarations site.yml may not make (issue 40).
@Suite struct TaxonomyTests {
    static let site = """
        title: Union
        baseURL: https://example.org/
        timezone: Asia/Shanghai
        pageSize: 2
        taxonomies:
          - topics
          - name: departments
            segment: depts
            title: Departments

        """

    static func article(_ title: String, _ date: String, _ extra: String) -> String {
        "---\ntitle: \(title)\ndate: \(date)\n\(extra)---\nText.\n"
    }

    static let files = [
        "site.yml": site,
        "content/news/rent.md": article("Rent strike", "2026-11-01", "topics: [Housing, Rent]\ndepartments: Welfare\n"),
        // A plain list split at commas, and a spelling of Housing that gives the same address.
        "content/news/library.md": article("Library hours", "2026-11-05", "topics: housing, Study spaces\n"),
        "content/news/halls.md": article("New halls", "2026-11-07", "Topics:\n  - Housing\n"),
        // Kept out of lists: its term has no page, and it counts in no other.
        "content/news/hidden.md": article(
            "Hidden", "2026-11-06", "topics: [Housing, Secret]\nbuild:\n  list: never\n"),
        "content/events/meeting.md":
            "---\ntitle: Housing forum\nstart: 2026-12-01 18:00\nlocation: Hall\ntopics: [Housing]\n---\nCome.\n",
        "content/news/plain.md": article("Plain", "2026-11-02", ""),
    ]

    @Test func eachTermHasAPagedListWithFeedsAndTheTaxonomyAListOfTerms() throws {
        let output = try MemorySite(Self.files).build()
        // Most used first: Housing has two articles and the event (the hidden one is not counted).
        expect(
            output, "topics/index.html",
            contains: [
                "<h1 class=\"list-header__title\">Topics</h1>",
                "<a class=\"term\" href=\"/topics/housing/\"><span class=\"term__name\">Housing</span> <span class=\"term__count\">4</span></a>",
                "href=\"/topics/rent/\"", "href=\"/topics/study-spaces/\"",
            ], lacks: ["/topics/secret/"])
        expect(
            output, "topics/housing/index.html",
            contains: [
                "<title>Housing · Union</title>", "New halls", "Housing forum",
                "<link rel=\"alternate\" type=\"application/rss+xml\" title=\"Housing (RSS)\" href=\"/topics/housing/feed.xml\">",
            ], lacks: ["Hidden", "Plain"])
        // Two to a page: the rest are on page 2.
        expect(output, "topics/housing/page/2/index.html", contains: ["Library hours"])
        expect(output, "depts/welfare/index.html", contains: ["Rent strike"], lacks: ["Library hours"])
        #expect(output.text("topics/secret/index.html") == nil)
        #expect(output.text("topics/housing/feed.xml")?.contains("<title>Housing · Union</title>") == true)
        #expect(output.text("topics/housing/atom.xml")?.contains("New halls") == true)
        #expect(output.text("topics/housing/feed.json")?.contains("Rent strike") == true)
    }

    @Test func aTermWithEventsHasACalendarAndOneWithoutHasNone() throws {
        let output = try MemorySite(Self.files).build()
        let calendar = try #require(output.text("topics/housing/events.ics"))
        #expect(calendar.contains("SUMMARY:Housing forum"))
        #expect(calendar.contains("X-WR-CALNAME:Housing · Union"))
        #expect(output.text("topics/rent/events.ics") == nil)
    }

    @Test func anItemShowsItsTermsUnderEachTaxonomysTitle() throws {
        let output = try MemorySite(Self.files).build()
        expect(
            output, "news/rent/index.html",
            contains: [
                "<p class=\"article__terms\"><a class=\"article__terms-title\" href=\"/topics/\">Topics</a> <a class=\"tag\" href=\"/topics/housing/\">Housing</a> <a class=\"tag\" href=\"/topics/rent/\">Rent</a></p>",
                "<p class=\"article__terms\"><a class=\"article__terms-title\" href=\"/depts/\">Departments</a> <a class=\"tag\" href=\"/depts/welfare/\">Welfare</a></p>",
            ])
        // An item that names no term of a taxonomy shows no line for it.
        expect(output, "news/library/index.html", contains: ["/topics/study-spaces/"], lacks: ["/depts/"])
        expect(output, "news/plain/index.html", lacks: ["article__terms"])
        // The key is read, not kept for templates as a param.
        expect(output, "events/meeting/index.html", contains: ["href=\"/topics/housing/\">Housing</a>"])
    }

    @Test func theAPIListsTermsAndTheirItemsAndEachItemNamesItsTerms() throws {
        let output = try MemorySite(Self.files).build()
        let terms = try json(output, "api/taxonomies/topics.json")
        let taxonomy = try #require(terms["taxonomy"] as? [String: Any])
        #expect(taxonomy["name"] as? String == "topics")
        #expect(taxonomy["title"] as? String == "Topics")
        #expect(taxonomy["url"] as? String == "https://example.org/topics/")
        let list = try #require(terms["terms"] as? [[String: Any]])
        #expect(list.map { $0["slug"] as? String } == ["housing", "rent", "study-spaces"])
        #expect(list.first?["count"] as? Int == 4)
        #expect(list.first?["api"] as? String == "https://example.org/api/taxonomies/topics/housing.json")

        let page = try json(output, "api/taxonomies/topics/housing.json")
        #expect((page["term"] as? [String: Any])?["name"] as? String == "Housing")
        #expect((page["items"] as? [[String: Any]])?.count == 2)
        #expect((page["page"] as? [String: Any])?["total"] as? Int == 2)
        #expect(output.text("api/taxonomies/topics/housing/page/2.json") != nil)

        let item = try json(output, "api/news/rent.json")
        let named = try #require(item["taxonomies"] as? [String: [[String: Any]]])
        #expect(named["topics"]?.map { $0["slug"] as? String } == ["housing", "rent"])
        #expect(named["departments"]?.first?["url"] as? String == "https://example.org/depts/welfare/")
        // Every declared taxonomy is a key, with none as an empty list.
        let library = try json(output, "api/news/library.json")
        #expect((library["taxonomies"] as? [String: [Any]])?["departments"]?.isEmpty == true)
    }

    @Test func aSiteWithoutTaxonomiesWritesNoneOfTheirFiles() throws {
        let output = try MemorySite([
            "site.yml": "title: Union\nbaseURL: https://example.org/\n",
            "content/news/rent.md": Self.article("Rent", "2026-11-01", "topics: [Housing]\n"),
        ]).build()
        #expect(output.files.keys.filter { $0.contains("taxonomies") || $0.hasPrefix("topics/") } == [])
        let item = try json(output, "api/news/rent.json")
        #expect(item["taxonomies"] == nil)
        // Undeclared, the key is the item's own, for templates.
        expect(output, "news/rent/index.html", lacks: ["article__terms"])
    }

    @Test func theTermsAreInTheSitemap() throws {
        let output = try MemorySite(Self.files).build()
        let sitemap = try #require(output.text("sitemap.xml"))
        for path in ["topics/", "topics/housing/", "topics/housing/page/2/", "depts/welfare/"] {
            #expect(sitemap.contains("<loc>https://example.org/\(path)</loc>"), "\(path)")
        }
    }

    @Test func titlesComeInEachLanguage() throws {
        let output = try MemorySite([
            "site.yml": """
            title: Union
            baseURL: https://example.org/
            languages:
              - code: en
              - code: zh-CN
                path: zh
            taxonomies:
              - name: topics
                title: {en: Topics, zh-CN: 专题}

            """,
            "content/news/rent.md": Self.article("Rent", "2026-11-01", "topics: [Housing]\n"),
            "content/news/rent.zh-CN.md": Self.article("房租", "2026-11-01", "topics: [住房]\n"),
        ]).build()
        expect(output, "topics/index.html", contains: ["<h1 class=\"list-header__title\">Topics</h1>"])
        expect(
            output, "zh/topics/index.html",
            contains: ["<h1 class=\"list-header__title\">专题</h1>", "href=\"/zh/topics/%E4%BD%8F%E6%88%BF/\""])
        expect(output, "zh/news/rent/index.html", contains: ["href=\"/zh/topics/\">专题</a>"])
    }

    @Test func aSlipInATaxonomysKeyIsNamed() throws {
        let report = try buildReport([
            "site.yml": Self.site,
            "content/news/rent.md": Self.article("Rent", "2026-11-01", "topic: [Housing]\n"),
        ])
        #expect(
            report.warnings.map(\.description) == [
                "content/news/rent.md:4: warning: unknown key 'topic' is kept for templates as params.topic; did you mean 'topics'?"
            ])
    }

    @Test func aDeclarationThatWouldTakeAnotherAddressIsAnErrorNamingBoth() {
        func problems(_ declaration: String) -> [String] {
            diagnostics([
                "site.yml": "title: Union\nbaseURL: https://example.org/\ntaxonomies:\n\(declaration)",
                "content/news/a.md": Self.article("A", "2026-11-01", ""),
            ])
        }
        #expect(
            problems("  - news\n") == [
                "site.yml:4: taxonomy 'news' would have its pages at /news/, where the news section is; give it another address with `segment:`"
            ])
        #expect(
            problems("  - name: places\n    segment: api\n") == [
                "site.yml:4: taxonomy 'places' would have its pages at /api/, where Herald's own /api/ is; give it another address with `segment:`"
            ])
        #expect(
            problems("  - topics\n  - name: subjects\n    segment: topics\n") == [
                "site.yml:5: taxonomies 'subjects' and 'topics' (line 4) would both have their pages at /topics/; give one another `segment:`"
            ])
        #expect(
            problems("  - Topics\n  - topics\n") == ["site.yml:5: taxonomy 'topics' is declared twice (also on line 4)"]
        )
        #expect(
            problems("  - tags\n") == [
                "site.yml:4: taxonomy 'tags' is built in (tags); declare only the site's others, such as topics"
            ])
        #expect(
            problems("  - date\n") == [
                "site.yml:4: taxonomy 'date' is a front matter key Herald reads as the item's date; name the taxonomy otherwise"
            ])
        #expect(
            problems("  - \"two words\"\n") == [
                "site.yml:4: taxonomy 'two words' must be a front matter key: a letter, then letters, digits, '_' or '-' (at most 40)"
            ])
        #expect(
            problems("  - name: Topics\n    segment: \"a/b\"\n").first?.hasPrefix(
                "site.yml:4: taxonomy 'Topics': segment")
                == true)
        #expect(
            problems("  topics: topic\n") == [
                "site.yml:4: taxonomies must be a list of names, or of mappings with a name (- name: topics)"
            ])
    }

    @Test func aTaxonomyMayNotTakeALanguagesFolder() {
        let problems = diagnostics([
            "site.yml": """
            title: Union
            baseURL: https://example.org/
            languages:
              - code: en
              - code: de
            taxonomies:
              - de

            """,
            "content/news/a.md": Self.article("A", "2026-11-01", ""),
        ])
        #expect(
            problems == [
                "site.yml:7: taxonomy 'de' would have its pages at /de/, the folder of a language; give it another address with `segment:`"
            ])
    }

    @Test func anItemsTermsAreBoundedAsItsTagsAre() {
        let many = (1...3).map { "  - T\($0)\n" }.joined()
        let problems = diagnostics([
            "site.yml": Self.site + "limits:\n  termsPerItem: 2\n",
            "content/news/a.md": Self.article("A", "2026-11-01", "topics:\n\(many)"),
        ])
        #expect(
            problems == [
                "content/news/a.md:7: topics term 3 of 3 is over the limit: an item may name at most 2 topics (limits.termsPerItem in site.yml), since each gets a page of its own; remove some, or raise the limit with `limits: {termsPerItem: 3}` in site.yml"
            ])
    }

    @Test func anItemsPageCannotTakeATaxonomysAddress() {
        let problems = diagnostics([
            "site.yml": Self.site,
            "content/pages/topics.md": "---\ntitle: Topics page\nurl: /topics/\n---\nText.\n",
            "content/news/a.md": Self.article("A", "2026-11-01", "topics: [Housing]\n"),
        ])
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("content/pages/topics.md:") == true)
        #expect(problems.first?.contains("the list of topics") == true)
    }

    /// Hugo's term pages: `content/<taxonomy>/<term>/_index.md` names the term and heads its list,
    /// and `content/<taxonomy>/_index.md` titles the list of terms.
    static let pages = [
        "content/topics/_index.md": "---\ntitle: What we campaign on\n---\nOur issues.\n",
        "content/topics/study-spaces/_index.md":
            "---\ntitle: Study spaces and libraries\nsummary: Where to work.\naliases: [/topics/libraries/]\n---\nText.\n",
        // Named by no item: no page is made for it.
        "content/topics/transport/_index.md": "---\ntitle: Transport\n---\nText.\n",
        // Under the taxonomy's name, not its segment.
        "content/departments/welfare/_index.md": "---\ntitle: Welfare and advice\n---\nFree advice.\n",
    ]

    @Test func aTermsPageNamesItAndHeadsItsList() throws {
        let output = try MemorySite(Self.files.merging(Self.pages) { a, _ in a }).build()
        expect(
            output, "topics/study-spaces/index.html",
            contains: [
                "<h1 class=\"list-header__title\">Study spaces and libraries</h1>",
                "<p class=\"list-header__text\">Where to work.</p>",
                "<p class=\"list-header__kicker\"><a href=\"/topics/\">What we campaign on</a></p>",
            ])
        expect(
            output, "topics/index.html",
            contains: [
                "<h1 class=\"list-header__title\">What we campaign on</h1>",
                "<span class=\"term__name\">Study spaces and libraries</span>",
            ])
        // The item names the term by its page's title, under the taxonomy's.
        expect(
            output, "news/library/index.html",
            contains: [
                "href=\"/topics/\">What we campaign on</a>",
                "<a class=\"tag\" href=\"/topics/study-spaces/\">Study spaces and libraries</a>",
            ])
        expect(output, "depts/welfare/index.html", contains: ["<p class=\"list-header__text\">Free advice.</p>"])
        #expect(output.text("topics/transport/index.html") == nil)
        let report = try buildReport(Self.files.merging(Self.pages) { a, _ in a })
        #expect(
            report.warnings.map(\.description) == [
                "content/topics/transport/_index.md:1: warning: no listed item names the topics term 'transport', so this page makes no list (a term's page is in the folder of its address: content/topics/<term>/_index.md)"
            ])
        // Its old address leads to it.
        expect(output, "topics/libraries/index.html", contains: ["url=/topics/study-spaces/"])
        #expect(output.text("_redirects")?.contains("/topics/libraries/ /topics/study-spaces/ 301") == true)
        let terms = try json(output, "api/taxonomies/topics.json")
        #expect((terms["taxonomy"] as? [String: Any])?["title"] as? String == "What we campaign on")
        let study = (terms["terms"] as? [[String: Any]])?.first { $0["slug"] as? String == "study-spaces" }
        #expect(study?["name"] as? String == "Study spaces and libraries")
        #expect(study?["description"] as? String == "Where to work.")
    }

    @Test func aTermsPageIsReadInItsOwnLanguage() throws {
        let output = try MemorySite([
            "site.yml": """
            title: Union
            baseURL: https://example.org/
            languages:
              - code: en
              - code: zh-CN
                path: zh
            taxonomies:
              - topics

            """,
            "content/news/rent.md": Self.article("Rent", "2026-11-01", "topics: [Housing]\n"),
            "content/news/rent.zh-CN.md": Self.article("房租", "2026-11-01", "topics: [housing]\n"),
            "content/topics/housing/_index.md": "---\ntitle: Housing and rent\n---\nText.\n",
            "content/topics/housing/_index.zh-CN.md": "---\ntitle: 住房与房租\n---\n正文。\n",
        ]).build()
        expect(
            output, "topics/housing/index.html", contains: ["<h1 class=\"list-header__title\">Housing and rent</h1>"])
        expect(output, "zh/topics/housing/index.html", contains: ["<h1 class=\"list-header__title\">住房与房租</h1>"])
    }

    /// As on digital.gov, whose topic pages kept the old addresses of topics merged into them
    /// while items still named some, and one an item's old address too: Hugo builds such a site,
    /// the other page at the address, and so does Herald, saying what it left out.
    @Test func aTermPagesOldAddressThatAnotherPageHasIsLeftOutWithAWarning() throws {
        let report = try buildReport(
            Self.files.merging([
                "content/news/old.md": Self.article("Old", "2026-10-01", "aliases: [/topics/old-rent/]\n"),
                "content/topics/housing/_index.md":
                    "---\ntitle: Housing\naliases:\n  - /topics/rent/\n  - /topics/old-rent/\n  - /topics/flats/\n---\n",
                "content/topics/study-spaces/_index.md":
                    "---\ntitle: Study\naliases: [/topics/flats/, /topics/desks/]\n---\n",
            ]) { a, _ in a })
        #expect(
            report.warnings.map(\.description).filter { $0.hasPrefix("content/topics/") } == [
                "content/topics/housing/_index.md:4: warning: old address /topics/rent/ is left out: it is the page of topics term 'Rent', which stays there",
                "content/topics/housing/_index.md:5: warning: old address /topics/old-rent/ is left out: it is an old address of content/news/old.md, which stays there",
                "content/topics/study-spaces/_index.md:3: warning: old address /topics/flats/ is left out: it is an old address of content/topics/housing/_index.md, which stays there",
            ])
        let output = try MemorySite(
            Self.files.merging([
                "content/topics/housing/_index.md":
                    "---\ntitle: Housing\naliases: [/topics/rent/, /topics/flats/]\n---\n"
            ]) { a, _ in a }
        ).build()
        expect(output, "topics/rent/index.html", contains: ["Rent strike"], lacks: ["http-equiv=\"refresh\""])
        expect(output, "topics/flats/index.html", contains: ["url=/topics/housing/"])
    }

    @Test func aTermsPageWithAnErrorStopsTheBuildAtItsLine() {
        let problems = diagnostics(
            Self.files.merging([
                "content/topics/housing/_index.md":
                    "---\ntitle: Housing\naliases: [\"https://elsewhere.example/x\"]\n---\n"
            ]) { a, _ in a })
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("content/topics/housing/_index.md:3: ") == true)
    }

    private func json(_ output: MemoryOutput, _ path: String) throws -> [String: Any] {
        let data = try #require(output.files[path], "\(path) was not written")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
