import Testing

@testable import Herald

@Suite struct SlugTests {
    @Test func fileNamesLoseExtensionAndDatePrefix() {
        #expect(Slug.fromFileName("2026-10-08-freshers-welcome.md") == "freshers-welcome")
        #expect(Slug.fromFileName("about.md") == "about")
        #expect(Slug.fromFileName("2026-11-10-训练.md") == "训练")
        #expect(Slug.fromFileName("2026-10-08.md") == "2026-10-08", "a bare date is the whole name")
        #expect(Slug.datePrefix(of: "2026-10-08-x.md") == "2026-10-08")
        #expect(Slug.datePrefix(of: "20261008-x.md") == nil)
    }

    @Test func slugsFromTextKeepLettersOfEveryScript() {
        #expect(Slug.make(from: "Campus Life!") == "campus-life")
        #expect(Slug.make(from: "学院活动") == "学院活动")
        #expect(Slug.make(from: "体育 Sport") == "体育-sport")
        #expect(Slug.make(from: "C++ & Swift") == "c-swift")
        #expect(Slug.make(from: "  --Open_Source-- ") == "open-source")
        #expect(Slug.make(from: "Café Müller") == "café-müller")
        #expect(Slug.make(from: "../../etc/passwd") == "etc-passwd")
        #expect(Slug.make(from: "!!!") == "")
    }

    @Test func writtenSlugsMustNameOneFolder() {
        #expect(Slug.problem(with: "编程马拉松回顾") == nil)
        #expect(Slug.problem(with: "hello-world") == nil)
        #expect(Slug.problem(with: "..") != nil)
        #expect(Slug.problem(with: "../escape") != nil)
        #expect(Slug.problem(with: "a/b") != nil)
        #expect(Slug.problem(with: "/etc") != nil)
        #expect(Slug.problem(with: ".hidden") != nil)
        #expect(Slug.problem(with: "two words") != nil)
        #expect(Slug.problem(with: "what?") != nil)
        #expect(Slug.problem(with: "") != nil)
    }

    @Test func linksArePercentEncodedOnce() {
        #expect(SiteURLs.encode("categories/学院活动/") == "categories/%E5%AD%A6%E9%99%A2%E6%B4%BB%E5%8A%A8/")
        #expect(SiteURLs.encode("news/a b/") == "news/a%20b/")
        #expect(SiteURLs.encode("images/%E5%AD%A6.jpg") == "images/%E5%AD%A6.jpg", "an existing escape is kept")
        #expect(SiteURLs.encode("x/\"><script>") == "x/%22%3E%3Cscript%3E")
    }
}
