import Foundation
import Testing

@testable import HeraldImport

/// Finding Hugo shortcodes and Liquid in bodies: forms, arguments, lines, and text that only
/// looks like markup.
@Suite struct MarkupScannerTests {
    func names(_ text: String, _ dialect: OldSiteKind) -> [String] {
        MarkupScanner.scan(text, dialect: dialect).map { construct in
            switch construct.form {
            case .shortcode(let percent, let closing, let selfClosing):
                return (percent ? "%" : "<") + (closing ? "/" : "") + construct.name + (selfClosing ? "/" : "")
                    + "@\(construct.line)"
            case .escapedShortcode(let shown): return "escaped " + shown
            case .liquidTag: return "tag " + construct.name + "@\(construct.line)"
            case .liquidOutput: return "output " + construct.name + "@\(construct.line)"
            }
        }
    }

    @Test func findsEveryShortcodeForm() {
        let text = """
            {{< figure src="a.png" >}}
            {{% notice tip %}}
            Text
            {{% /notice %}}
            {{< img src="b.png" />}}
            """
        #expect(names(text, .hugo) == ["<figure@1", "%notice@2", "%/notice@4", "<img/@5"])
    }

    @Test func quotedArgumentsMayHoldTheClosingDelimiter() {
        let constructs = MarkupScanner.scan(#"{{< figure caption="a >}} b" src="c.png" >}} after"#, dialect: .hugo)
        #expect(constructs.count == 1)
        let arguments = ShortcodeArguments.parse(constructs[0].arguments)
        #expect(arguments.named == ["caption": "a >}} b", "src": "c.png"])
    }

    @Test func argumentsArePositionalNamedQuotedOrRaw() {
        let arguments = ShortcodeArguments.parse(
            #"gist user 12ab "quoted \"text\"" `raw "text"` key=value other="x y""#)
        #expect(arguments.positional == ["gist", "user", "12ab", #"quoted "text""#, #"raw "text""#])
        #expect(arguments.named == ["key": "value", "other": "x y"])
    }

    /// A real Hugo site (ropensci/roweb3) writes `{{< figure src = "…" width = "300" >}}`; read as
    /// positional words, its images were lost in the import.
    @Test func spacesMayStandAroundTheEqualsSign() {
        let arguments = ShortcodeArguments.parse(#"src = "/img/a b.png" width ="300" class= center alt = "a map" last"#)
        #expect(arguments.named == ["src": "/img/a b.png", "width": "300", "class": "center", "alt": "a map"])
        #expect(arguments.positional == ["last"])
    }

    @Test func anEscapedShortcodeIsShownWithoutItsCommentMarks() {
        #expect(
            names("Write {{</* youtube abc */>}} and {{%/* notice */%}}.", .hugo) == [
                "escaped {{< youtube abc >}}", "escaped {{% notice %}}",
            ])
    }

    /// Found by FuzzMarkupScanner: the `*/` of an escape overlapping its `/*` ended the scan with a crash.
    @Test func anEscapeWhoseMarksOverlapIsText() {
        #expect(names("{{</*/>}}post_url {{%\n{", .hugo).isEmpty)
        #expect(names("{{</**/>}}", .hugo) == ["escaped {{<>}}"])
    }

    @Test func textThatOnlyLooksLikeAShortcodeIsText() {
        #expect(names("{{< never closed\n\nand {{ a Go template }} and {{<>}} and {{< a b", .hugo).isEmpty)
        #expect(names("{% hugo does not read Liquid %}", .hugo).isEmpty)
    }

    @Test func linesCountFromTheBodysFirstLine() {
        let constructs = MarkupScanner.scan("a\n\nb {{< x >}}\n{{< y >}}", dialect: .hugo, firstLine: 10)
        #expect(constructs.map(\.line) == [12, 13])
    }

    @Test func findsLiquidTagsAndOutputs() {
        let text = """
            {% highlight ruby linenos %}
            x = 1
            {%- endhighlight -%}
            {{ site.baseurl }} {{page.title}}
            """
        #expect(
            names(text, .jekyll) == [
                "tag highlight@1", "tag endhighlight@3", "output site.baseurl@4", "output page.title@4",
            ])
    }

    @Test func nothingInsideRawOrCommentIsLiquid() {
        let text = "{% raw %}{{ not }} {% if %}{% endraw %} {% comment %}{% include x %}{% endcomment %} {{ yes }}"
        #expect(
            names(text, .jekyll) == ["tag raw@1", "tag endraw@1", "tag comment@1", "tag endcomment@1", "output yes@1"])
    }

    @Test func aScanOfAnyTextEnds() {
        // Long runs of openers with nothing closing them: linear, not stuck.
        let text = String(repeating: "{{< {% {{ {{</* ", count: 5_000)
        #expect(MarkupScanner.scan(text, dialect: .hugo).isEmpty)
        #expect(MarkupScanner.scan(text, dialect: .jekyll).isEmpty)
    }
}
