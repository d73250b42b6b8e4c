import Foundation
import Mustache
@testable import Herald
import Testing

/// `{{site.…}}` and `{{t.…}}` are written into templates once per build; the result must render
/// exactly as Mustache would have rendered the look-ups.
@Suite struct ConstantValueTests {
    let site = SiteView(title: "A & B's <site>", description: "", language: "en", root: "/cs/", baseURL: "https://example.org/cs/",
                        categories: [], pages: [], year: 2026, stylesheet: "/cs/assets/herald.css", generator: "Herald", feeds: [],
                        search: "/cs/search/", searchIndex: "/cs/search/index.json")
    let strings = InterfaceStrings(table: ["news": "News", "braces": "{{site.title}}", "lines": "one\ntwo"])

    func fixed(_ text: String) -> String { Theme.fixingConstantValues(in: text, site: site, strings: strings) }

    @Test func plainVariablesBecomeTheirEscapedText() {
        #expect(fixed("<a href=\"{{site.root}}\">{{ site.title }}</a> {{t.news}} {{site.year}}") ==
                "<a href=\"/cs/\">A &amp; B&#39;s &lt;site&gt;</a> News 2026")
    }

    @Test func unescapedFormsStayUnescaped() {
        #expect(fixed("{{{site.title}}}|{{& site.title}}") == "A & B's <site>|A & B's <site>")
    }

    @Test func absentAndMissingValuesRenderAsMustacheWould() {
        // An empty description is Absent (nothing); a missing string shows its key.
        #expect(fixed("[{{site.description}}][{{t.nothere}}]") == "[][nothere]")
    }

    @Test func sectionsOtherNamesAndRiskyValuesAreLeftAlone() {
        let untouched = "{{#site.title}}x{{/site.title}}{{^t.news}}y{{/t.news}}{{page.title}}{{site.categories}}{{t.braces}}{{t.lines}}{{! site.title }}{{> partials/card}}"
        #expect(fixed(untouched) == untouched)
    }

    @Test func templatesThatChangeDelimitersOrContentTypeAreLeftWhole() {
        #expect(fixed("{{=<% %>=}}{{site.title}}<%site.title%>") == "{{=<% %>=}}{{site.title}}<%site.title%>")
        #expect(fixed("{{% CONTENT_TYPE: TEXT }}{{site.title}}") == "{{% CONTENT_TYPE: TEXT }}{{site.title}}")
    }

    @Test func renderingIsUnchanged() throws {
        let template = "<title>{{site.title}}</title>{{#page.title}}<h1>{{.}} · {{site.title}}</h1>{{/page.title}}<p>{{{t.news}}}</p>"
        let context = PageContext(site: site, page: PageMeta(title: "Hi", description: "", url: "/", permalink: "/", image: nil, type: "home", section: nil), strings: strings)
        HTMLEscaping.register
        let original = try MustacheTemplate(string: HTMLEscaping.pragma + "\n" + template)
        let specialised = try MustacheTemplate(string: HTMLEscaping.pragma + "\n" + fixed(template))
        #expect(specialised.render(context) == original.render(context))
        #expect(fixed(template) != template)
    }

    @Test func partialsNamedAtRenderTimeAreRecognisedWithSpaces() {
        #expect(Theme.namesPartialsAtRenderTime("a {{>*name}} b"))
        #expect(Theme.namesPartialsAtRenderTime("{{ > * name }}"))
        #expect(Theme.namesPartialsAtRenderTime("{{< *parent}}{{/parent}}"))
        #expect(!Theme.namesPartialsAtRenderTime("{{> partials/card}} {{*}}"))
    }
}
