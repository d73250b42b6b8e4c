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

    private func json(_ output: MemoryOutput, _ path: String) throws -> [String: Any] {
        let data = try #require(output.files[path], "\(path) was not written")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
