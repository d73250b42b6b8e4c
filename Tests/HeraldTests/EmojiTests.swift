import Foundation
import Testing

@testable import Herald

/// Emoji shortcodes (`markdown: {emoji: true}`, issue 36): where they are replaced, where not,
/// and headings' IDs made from the names.
@Suite struct EmojiTests {
    static let on = {
        var options = MarkdownOptions()
        options.emoji = true
        return options
    }()

    func html(_ markdown: String, _ options: MarkdownOptions = EmojiTests.on) -> String {
        MarkdownRenderer(options: options).render(markdown).html
    }

    @Test func githubsNamesBecomeEmoji() {
        #expect(html("We won :tada: :+1: :-1: :white_check_mark: :heart:\n") == "<p>We won 🎉 👍 👎 ✅ ❤️</p>\n")
        // Unicode's CLDR names too, and names with capitals as the data writes them.
        #expect(html(":party_popper: :Japanese_castle: :100:\n") == "<p>🎉 🏯 💯</p>\n")
        // A skin tone alone (read from the table by bytes: with its space it is one character).
        #expect(html(":light_skin_tone:\n") == "<p>\u{1F3FB}</p>\n")
        #expect(html("**:rocket: launch** and _:fire:_\n") == "<p><strong>🚀 launch</strong> and <em>🔥</em></p>\n")
    }

    @Test func offByDefaultAsInHugo() {
        #expect(MarkdownOptions().emoji == false)
        #expect(html("We won :tada:\n", MarkdownOptions()) == "<p>We won :tada:</p>\n")
    }

    @Test func codeAddressesAndUnknownNamesStayAsWritten() {
        #expect(
            html("`:tada:` and\n\n```\n:tada:\n```\n")
                == "<p><code>:tada:</code> and</p>\n<pre><code>:tada:\n</code></pre>\n")
        #expect(
            html("<https://example.org/:tada:> https://example.org/:fire:/\n")
                == "<p><a href=\"https://example.org/:tada:\">https://example.org/:tada:</a> <a href=\"https://example.org/:fire:/\">https://example.org/:fire:/</a></p>\n"
        )
        // A link's text is the author's words, as on GitHub.
        #expect(html("[:tada: party](/party/)\n") == "<p><a href=\"/party/\">🎉 party</a></p>\n")
        #expect(html(":not_an_emoji: :tada :: ::tada: : tada:\n") == "<p>:not_an_emoji: :tada :: :🎉 : tada:</p>\n")
        // A time is not a name (`10:100:` would be 💯), and neither is a word glued before a colon.
        #expect(html("Doors 10:30, ends 10:100: see:tada:\n") == "<p>Doors 10:30, ends 10:100: see:tada:</p>\n")
        // An unknown name's closing colon may open a known one.
        #expect(html(":nope::tada:\n") == "<p>:nope:🎉</p>\n")
    }

    /// cmark splits text at `_` and `!`: the name is read across the pieces.
    @Test func aNameSplitByTheParserIsReadWhole() {
        #expect(
            html("Done:\n:heavy_check_mark:! :woman_technologist_medium-dark_skin_tone:\n") == "<p>Done:\n✔️! 👩🏾‍💻</p>\n")
    }

    /// As on GitHub and in Hugo, a heading's ID is made from the names, so the old anchors
    /// (`#rocket-features`) keep working; the heading and its table-of-contents entry show the emoji.
    @Test func headingIDsKeepTheNames() {
        let rendered = MarkdownRenderer(options: Self.on).render("## :rocket: Features\n\n## :rocket: Features\n")
        #expect(rendered.headings.map(\.id) == ["rocket-features", "rocket-features-1"])
        #expect(rendered.headings.map(\.text) == ["🚀 Features", "🚀 Features"])
        #expect(rendered.html.hasPrefix("<h2 id=\"rocket-features\">🚀 Features <a class=\"heading-anchor\""))
        var noIDs = Self.on
        noIDs.headingIDs = false
        #expect(html("## :rocket: Features\n", noIDs) == "<h2>🚀 Features</h2>\n")
    }

    /// Every line of the generated table is a name and an emoji, and the longest name bounds the scan.
    @Test func theTableIsWellFormed() {
        let lines = EmojiTable.lines.utf8.split(separator: UInt8(ascii: "\n"))
        #expect(lines.count == Emoji.table.count)
        #expect(Emoji.table.count > 4_000)
        #expect(Emoji.table.keys.map(\.utf8.count).max() == EmojiTable.longestName)
        #expect(
            Emoji.table.keys.allSatisfy {
                $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_+-".contains($0)) }
            })
        #expect(
            Emoji.table.values.allSatisfy {
                !$0.isEmpty
                    && !$0.unicodeScalars.contains { $0.isASCII && $0 != "#" && $0 != "*" && !("0"..."9").contains($0) }
            })
    }

    /// Colons and name characters with no name between them: 50,000 candidates, none replaced.
    @Test func aLongRunOfColonsIsLeftAsWritten() {
        let text = String(repeating: ":a_b", count: 50_000) + "\n"
        let rendered = html(text)
        #expect(rendered.utf8.count == text.utf8.count + 7)
    }

    @Test func aSiteTurnsItOnInSiteYAML() throws {
        let post = "---\ntitle: Party\ndate: 2026-03-01\n---\nWe won :tada:\n"
        let on = try HeadingTests.build([
            "site.yml": HeadingTests.site + "markdown:\n  emoji: true\n", "content/news/party.md": post,
        ])
        #expect(on.output.text("news/party/index.html")?.contains("<p>We won 🎉</p>") == true)
        #expect(on.warnings.isEmpty)
        let off = try HeadingTests.build(["content/news/party.md": post])
        #expect(off.output.text("news/party/index.html")?.contains("<p>We won :tada:</p>") == true)
    }
}
