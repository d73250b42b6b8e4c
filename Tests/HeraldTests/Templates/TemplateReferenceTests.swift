import Foundation
import HeraldTemplates
import Testing

@testable import Herald

/// Every value templates see is declared once, in its view's `fields`: the look-up, `herald
/// check`'s sample and docs/templates.md's reference all come from there (issue 38).
@Suite struct TemplateReferenceTests {
    static let document = Fixtures.repository.appendingPathComponent("docs/templates.md")

    /// docs/templates.md's reference is the one the declarations make; `UPDATE_GOLDEN=1` rewrites it.
    @Test func theReferenceInTheDocsIsTheDeclarations() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let start = try #require(text.range(of: "<!-- template-values -->\n"))
        let end = try #require(text.range(of: "\n<!-- /template-values -->", range: start.upperBound..<text.endIndex))
        let written = String(text[start.upperBound..<end.lowerBound])
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1",
            ProcessInfo.processInfo.environment["CI"] == nil, written != TemplateReference.markdown
        {
            try (text[..<start.upperBound] + TemplateReference.markdown + text[end.lowerBound...]).write(
                to: Self.document, atomically: true, encoding: .utf8)
            Issue.record(
                "rewrote the reference in docs/templates.md: review the diff, then run the tests again without UPDATE_GOLDEN"
            )
            return
        }
        #expect(
            written == TemplateReference.markdown,
            "docs/templates.md's reference is stale: run UPDATE_GOLDEN=1 swift test --filter TemplateReferenceTests")
    }

    /// A view answers each name it declares from its declaration, and only those.
    @Test func aViewAnswersWhatItDeclares() {
        let link = LinkView(title: "Club fair", url: "/fair/")
        #expect(LinkView.fields.keys.map(\.written) == ["title", "url", "language"])
        guard case .text("Club fair") = link.templateValue("title"), case .text("/fair/") = link.templateValue("url")
        else {
            Issue.record("a link's title and url")
            return
        }
        #expect(link.templateValue("language") == nil, "a link without a language lets the look-up climb to the page's")
        #expect(link.templateValue("titel") == nil)
    }

    /// `herald check`'s sample answers every declared name, with each list holding an element,
    /// and an included view's names (a card answers its item's).
    @Test func theSampleHasEveryDeclaredValue() {
        let card = TemplateSample(CardContext.fields.description)
        for key in ItemView.fields.keys + CardContext.fields.keys where key != .params {
            #expect(card.templateValue(key) != nil, "\(key.written)")
        }
        guard case .list(let tags) = card.templateValue("tags"), tags.count == 1 else {
            Issue.record("a sample list holds one element")
            return
        }
        #expect(card.templateValue("titel") == nil)
    }
}
