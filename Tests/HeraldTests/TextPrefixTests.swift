import Testing

@testable import Herald

/// `prefix(characters:)` cuts where `prefix(_:)` cuts, on every kind of text, quick path or not.
@Suite struct TextPrefixTests {
    @Test(arguments: [
        ("plain ASCII text that runs on", 5), ("short", 10), ("exact", 5), ("", 3),
        // A mark after the cut joins the last Character kept.
        ("abcde\u{301}fg", 5), ("abcd\u{301}efg", 5),
        // "\r\n" is one Character.
        ("abcd\r\nefg", 5), ("abcde\r\nfg", 5), ("\r\n\r\n\r\n", 2),
        ("迎新晚会在周五举行", 4), ("ab迎新", 3), ("flags 🇨🇳🇬🇧 here", 7), ("👩‍👩‍👧 family", 1),
    ])
    func cutsWherePrefixCuts(text: String, count: Int) {
        #expect(text.prefix(characters: count) == String(text.prefix(count)))
    }
}
