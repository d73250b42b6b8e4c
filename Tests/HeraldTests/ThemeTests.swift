import Foundation
import Testing

@testable import Herald

/// The theme as Herald loads it: the site's templates over the default theme, inclusion loops,
/// and interface text.
@Suite struct ThemeTests {

    @Test func templatesThatIncludeThemselvesAreErrors() {
        #expect(
            diagnostics(["templates/partials/card.mustache": "<div>{{> partials/card}}</div>\n"]) == [
                "templates/partials/card.mustache:1:6: template includes itself: partials/card → partials/card; rendering would never end"
            ])
        #expect(
            diagnostics([
                "templates/partials/a.mustache": "{{> partials/b}}",
                "templates/partials/b.mustache": "{{> partials/a}}",
            ]) == [
                "templates/partials/a.mustache:1:1: template includes itself: partials/a → partials/b → partials/a; rendering would never end"
            ], "a loop through two partials is one problem, where it starts")
    }

    @Test func siteTranslationsOverrideSingleKeys() throws {
        let output = try MemorySite([
            "site.yml": "title: T\nlanguage: zh-CN\n",
            "templates/i18n/zh.yml": "news: 新闻动态\n",
        ]).build()
        // The other Chinese strings stay.
        expect(output, "index.html", contains: [">新闻动态</a>", ">活动</a>"], lacks: [">新闻</a>"])
    }

    @Test func anInclusionLoopIsReportedWhereItStarts() {
        #expect(
            MemorySite(["templates/partials/card.mustache": "<div>\n{{> partials/card}}</div>\n"]).diagnostics() == [
                "templates/partials/card.mustache:2:1: template includes itself: partials/card → partials/card; rendering would never end"
            ])
    }
}
