import Foundation
import HeraldTemplates
import Testing

@testable import Herald

/// A view answering from a dictionary, and `.absent` for the names in `absent`.
private struct Fields: TemplateView, TemplateValueConvertible {
    var values: [String: TemplateValue]
    var absent: Set<String> = []
    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        absent.contains(key.written) ? .absent : values[key.written]
    }
}

private func render(
    _ template: String, partials: [String: String] = [:], _ values: [String: TemplateValue] = [:]
) throws -> String {
    var sources = partials
    sources["main"] = template
    let library = try TemplateLibrary.load(sources).get()
    return String(decoding: library.render("main", .view(Fields(values: values))), as: UTF8.self)
}

private func loadErrors(_ sources: [String: String]) -> [String] {
    guard case .failure(let failure) = TemplateLibrary.load(sources) else { return [] }
    return failure.errors.map(\.description)
}

/// HeraldTemplates beyond the specification: Herald's rules for views, helpers, errors at load
/// time, and the per-build specialisations (constant partials and values).
@Suite struct TemplateEngineTests {
    @Test func absentStopsTheLookUpWhereNilClimbs() throws {
        let inner = Fields(values: [:], absent: ["image"])
        let values: [String: TemplateValue] = [
            "image": .text("page.png"), "title": .text("Page"), "card": .view(inner),
        ]
        #expect(try render("{{#card}}[{{image}}][{{title}}]{{/card}}", values) == "[][Page]")
    }

    @Test func valuesRenderAsSwiftMustacheRenderedThem() throws {
        let values: [String: TemplateValue] = [
            "n": .number(42), "yes": .bool(true), "no": .bool(false), "html": .text("a & <b> \"c\" 'd'"),
            "list": .list(["a", "b"]), "view": .view(Fields(values: [:])),
        ]
        #expect(
            try render("{{n}} {{yes}} {{no}} {{html}} {{{html}}} {{&html}} [{{list}}][{{view}}]", values)
                == "42 true false a &amp; &lt;b&gt; &quot;c&quot; &#39;d&#39; a & <b> \"c\" 'd' a & <b> \"c\" 'd' [][]")
        // Zero and empty text are true in sections; an empty list and absent are false.
        #expect(
            try render(
                "{{#n}}n{{/n}}{{#e}}e{{/e}}{{#none}}x{{/none}}{{^none}}!{{/none}}",
                ["n": .number(0), "e": .text(""), "none": .list([String]())]) == "ne!")
    }

    @Test func helpersGiveSwiftMustachesResults() throws {
        let values: [String: TemplateValue] = [
            "tags": .list(["b", "a", "c"]), "none": .list([String]()), "name": .text("herald news"), "n": .number(3),
            "missing": .absent,
        ]
        #expect(
            try render(
                "{{^empty(tags)}}has{{/empty(tags)}}{{#empty(none)}} none{{/empty(none)}}{{^empty(missing)}} missing{{/empty(missing)}}",
                values) == "has none missing")
        #expect(
            try render(
                "{{count(tags)}} {{first(tags)}} {{last(tags)}} {{#reversed(tags)}}{{.}}{{/reversed(tags)}} {{#sorted(tags)}}{{.}}{{/sorted(tags)}}",
                values) == "3 b c cab abc")
        #expect(
            try render(
                "{{uppercased(name)}}|{{capitalized(name)}}|{{reversed(name)}}|{{uppercased(first(tags))}}", values)
                == "HERALD NEWS|Herald News|swen dlareh|B")
        #expect(
            try render(
                "{{plusone(n)}} {{minusone(n)}} {{#odd(n)}}odd{{/odd(n)}}{{#even(n)}}even{{/even(n)}} {{#equalzero(n)}}zero{{/equalzero(n)}}",
                values) == "4 2 odd ")
        #expect(
            try render(
                "{{#tags}}{{index()}}{{#first()}}^{{/first()}}{{.}}{{#last()}}${{/last()}}{{^last()}},{{/last()}}{{/tags}}",
                values) == "0^b,1a,2c$")
    }

    @Test func problemsAreFoundWhenLoadingWithLineAndColumn() {
        #expect(
            loadErrors(["a": "<p>\n  {{#tags}}{{.}}{{/tag}}\n"]) == [
                "a:2:17: {{/tag}} closes {{#tags}} (line 2): close it with {{/tags}} first"
            ])
        #expect(
            loadErrors(["a": "x\n{{#item}}\n{{title}}\n"]) == [
                "a:2:1: {{#item}} is opened but never closed: add {{/item}}"
            ])
        #expect(
            loadErrors(["a": "{{/item}}"]) == [
                "a:1:1: {{/item}} closes nothing: no section, parent or block named 'item' is open"
            ])
        #expect(loadErrors(["a": "ok {{title"]) == ["a:1:4: the tag is not closed with }}"])
        #expect(loadErrors(["a": "日本 {{{title}}"]) == ["a:1:4: the tag is not closed with }}}"])
        #expect(loadErrors(["a": "{{=<% %>}}"]) == ["a:1:1: the delimiter-changing tag is not closed with =}}"])
        #expect(
            loadErrors(["a": "{{= <% =}}"]) == [
                "a:1:1: the delimiter-changing tag must be {{=open close=}}: two delimiters, without spaces or = in them"
            ])
        #expect(
            loadErrors(["a": "{{> sidebar}}", "b": "{{<frame}}{{/frame}}"]) == [
                "a:1:1: template names the partial 'sidebar', which does not exist (templates: a, b)",
                "b:1:1: template names the partial 'frame', which does not exist (templates: a, b)",
            ])
        #expect(
            loadErrors(["a": "{{#shout(title)}}{{/shout(title)}}"]) == [
                "a:1:1: unknown helper 'shout' in {{shout(title)}}; the helpers are \(TemplateHelper.allCases.map(\.rawValue).joined(separator: ", "))"
            ])
        #expect(
            loadErrors(["a": "{{<b}}{{title}}{{/b}}", "b": ""]) == [
                "a:1:7: only {{$block}} overrides (and comments) may stand inside {{<parent}}…{{/parent}}"
            ])
        #expect(loadErrors(["a": "{{% CONTENT_TYPE: TEXT }}"]) == ["a:1:1: pragmas ({{% … }}) are not supported"])
        #expect(
            loadErrors(["a": "{{>*dynamic}}"]) == [
                "a:1:1: partials named at render time ({{>*name}}) are not supported"
            ])
        #expect(loadErrors(["a": "{{a..b}} {{}}"]) == ["a:1:1: 'a..b' is not a name: a dot stands between two parts"])
    }

    @Test func aTemplateThatIncludesItselfUnconditionallyIsAnErrorButRecursionOverDataIsNot() throws {
        #expect(
            loadErrors(["card": "<div>\n{{> card}}</div>"]) == [
                "card:2:1: template includes itself: card → card; rendering would never end"
            ])
        #expect(
            loadErrors(["a": "{{$x}}{{> b}}{{/x}}", "b": "{{<a}}{{/a}}"]) == [
                "a:1:7: template includes itself: a → b → a; rendering would never end"
            ])
        // Through a section the data decides, and a tree ends.
        let leaf = TemplateValue.view(Fields(values: ["name": .text("leaf"), "children": .list([TemplateValue]())]))
        let tree = TemplateValue.view(Fields(values: ["name": .text("root"), "children": .list([leaf])]))
        #expect(
            try render(
                "{{> node}}", partials: ["node": "{{name}}({{#children}}{{> node}}{{/children}})"],
                ["name": .text("top"), "children": .list([tree])]) == "top(root(leaf()))")
    }

    @Test func recursionOverDataThatNeverEndsStopsInsteadOfHanging() throws {
        let library = try TemplateLibrary.load(["node": "x{{#self}}{{> node}}{{/self}}"]).get()
        var output: [UInt8] = []
        let finished = library.render("node", .view(Fields(values: ["self": .bool(true)])), into: &output)
        #expect(!finished)
        #expect(output.count == TemplateRendererDepth.maximum + 1)
    }

    @Test func aReplacedTemplateRendersItsTextExactlyIndentedWhereItStandsAlone() throws {
        for text in ["plain", "has {{mustache}} and }} and {{{triple}}}", "a\nb\n  c\n", ""] {
            let library = try TemplateLibrary.load(["main": "<{{> footer}}>\n  {{> footer}}\n", "footer": "{{x}}"])
                .get()
                .replacing("footer", withOutput: Array(text.utf8))
            let indented = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .map { $0.offset == 0 || $0.element.isEmpty ? String($0.element) : "  " + $0.element }.joined(
                    separator: "\n")
            #expect(
                String(decoding: library.render("main", .view(Fields(values: [:]))), as: UTF8.self)
                    == "<\(text)>\n  \(indented)")
        }
    }

    /// `{{site.…}}` and `{{t.…}}` are written into the templates once per build; pages must render
    /// exactly as they would have with the look-ups.
    @Test func fixingConstantValuesChangesNoOutput() throws {
        let site = Fields(values: [
            "title": .text("A & B's <site>"), "root": .text("/cs/"), "year": .number(2026), "description": .absent,
            "categories": .list(["x"]),
        ])
        let strings = Fields(values: ["news": .text("News"), "lines": .text("one\ntwo")])
        let constants = Fields(values: ["site": .view(site), "t": .view(strings)])
        let params = Fields(values: ["speaker": .text("Ada")], absent: ["site", "t"])
        let page = TemplateValue.view(
            Fields(values: [
                "site": .view(site), "t": .view(strings), "page": .view(Fields(values: ["title": .text("Hi")])),
                "params": .view(params),
            ]))
        let templates = [
            "<a href=\"{{site.root}}\">{{ site.title }}</a> {{t.news}} {{site.year}} [{{site.description}}] {{{site.title}}} {{& site.title}}",
            "{{#page.title}}<h1>{{.}} · {{site.title}}</h1>{{/page.title}}{{#site.categories}}{{.}}{{/site.categories}}\n  {{t.lines}}\n",
            "{{#params}}[{{speaker}}|{{site.title}}]{{/params}}",
            "{{=<% %>=}}<%site.title%>{{site.title}}",
            // A partial or a block override that renders inside such a section stays whole too.
            "{{#params}}{{> inner}}{{/params}}{{> inner}}",
            "{{<frame}}{{$b}}{{site.title}}{{/b}}{{/frame}}",
        ]
        for template in templates {
            let library = try TemplateLibrary.load([
                "main": template, "inner": "({{site.title}})", "frame": "{{#params}}{{$b}}{{/b}}{{/params}}",
            ]).get()
            let fixed = library.fixing(
                roots: [TemplateKey("site"), TemplateKey("t")], from: constants,
                unlessInside: { $0.segments.contains(TemplateKey("params")) })
            #expect(fixed.render("main", page) == library.render("main", page), "\(template)")
        }
    }
}

/// Inputs the fuzzer (FuzzTemplates) found, kept as tests.
@Suite struct TemplateFuzzFindingsTests {
    @Test func aMissingPartialAfterWindowsLineEndsIsReportedOnItsOwnLine() {
        #expect(
            loadErrors(["main": "|\r\n{{>partial}}\r\n|", "a": ">"]) == [
                "main:2:1: template names the partial 'partial', which does not exist (templates: a, main)"
            ])
    }
}
