import Foundation
import Testing

@testable import Herald

/// JSONByteEncoder against Foundation's JSONEncoder, byte for byte: the golden files pin the
/// shapes Herald writes today; these pin every shape either encoder can be given.
@Suite struct JSONByteEncoderTests {
    private func foundation<T: Encodable>(_ value: T, pretty: Bool) throws -> String {
        try FoundationJSON.text(value, pretty: pretty)
    }

    private func herald<T: Encodable>(_ value: T, pretty: Bool) throws -> String {
        String(decoding: try JSONByteEncoder(pretty: pretty).encode(value), as: UTF8.self)
    }

    /// Both encoders, both layouts, the same bytes.
    private func expectSame<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for pretty in [true, false] {
            #expect(
                try herald(value, pretty: pretty) == foundation(value, pretty: pretty), "pretty: \(pretty)",
                sourceLocation: sourceLocation)
        }
    }

    struct Inner: Encodable {
        var zeta = "z"
        var alpha: Int? = 1
        var list: [String] = []
    }
    struct Outer: Encodable {
        var title: String
        var count = 3
        var score = 2.5
        var whole = 4.0
        var small = 0.1
        var flag = true
        var missing: String? = nil
        var inner = Inner()
        var inners = [Inner(), Inner(zeta: "y", alpha: nil, list: ["a", "b"])]
        var empty: [Int] = []
        var nested = [[1, 2], [], [3]]
        var map = ["b": 2, "a": 1, "é": 3, "Z": 4, "aa": 5]
    }

    @Test func objectsListsNumbersAndEmptiesAreLaidOutAsFoundationLaysThemOut() throws {
        try expectSame(Outer(title: "Hello"))
        try expectSame([Outer(title: "a"), Outer(title: "b")])
        try expectSame([String: [String]]())
        try expectSame([[String: Int]()])
        try expectSame(["only": [String: Int]()])
        try expectSame("top-level string")
        try expectSame(42)
        try expectSame([1.5, -0.0, 1e21, 123456789.125, 1e-7, -3])
        try expectSame([Int64.min, Int64.max])
        try expectSame([UInt8.max])
        try expectSame([true, false])
        try expectSame([String?.none, "x"])
    }

    @Test func stringsAreEscapedAsFoundationEscapesThem() throws {
        var controls = ""
        for scalar in 0..<0x20 { controls.unicodeScalars.append(Unicode.Scalar(UInt8(scalar))) }
        try expectSame([controls, "quote \" backslash \\ slash / </script>", "学生会 😀 café \u{2028}\u{2029} \u{7F}", ""])
        try expectSame(["key \"with\" \\ and \n": "v", "/": "slash"])
        // Strings are searched eight bytes at a time: every character to escape, at every offset
        // in a word of eight, among letters, Chinese text (bytes from 0x80) and a DEL.
        var strings: [String] = []
        for special in ["\"", "\\", "\n", "\u{0}", "\u{1F}", "\t"] {
            for offset in 0..<17 {
                strings.append(String(repeating: "a", count: offset) + special + "学生会\u{7F}z" + special + "\u{80}")
                strings.append(String(repeating: "会", count: offset) + special)
            }
        }
        try expectSame(strings)
    }

    @Test func repeatedKeysKeepTheLastValueAndKeysSortByTheirBytes() throws {
        struct Repeats: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyKey.self)
                try container.encode("first", forKey: AnyKey("b"))
                try container.encode("a", forKey: AnyKey("a"))
                try container.encode("second", forKey: AnyKey("b"))
                try container.encode(1, forKey: AnyKey("B"))
                try container.encode(2, forKey: AnyKey("_"))
            }
        }
        try expectSame(Repeats())
    }

    @Test func containersFilledLaterAndSuperEncodersAreWrittenInPlace() throws {
        struct Later: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyKey.self)
                var list = container.nestedUnkeyedContainer(forKey: AnyKey("list"))
                var object = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("object"))
                try container.encode("after", forKey: AnyKey("a"))
                try list.encode(1)
                try object.encode("o", forKey: AnyKey("k"))
                var deeper = list.nestedContainer(keyedBy: AnyKey.self)
                try list.encode(2)
                try deeper.encode(true, forKey: AnyKey("deep"))
                var inner = list.nestedUnkeyedContainer()
                try inner.encode("x")
                try Inner().encode(to: container.superEncoder())
                try "s".encode(to: container.superEncoder(forKey: AnyKey("sup")))
            }
        }
        try expectSame(Later())
    }

    @Test func valuesThatEncodeNothingAreEmptyObjectsAndSingleValuesStandInPlace() throws {
        struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
        struct Wrapped: Encodable {
            var value: Inner
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(value)
            }
        }
        try expectSame(["nothing": Nothing()])
        #expect(throws: EncodingError.self, "a document needs a value, as in JSONEncoder") {
            try herald(Nothing(), pretty: true)
        }
        #expect(throws: EncodingError.self) { try foundation(Nothing(), pretty: true) }
        try expectSame([Wrapped(value: Inner()), Wrapped(value: Inner(zeta: "q"))])
        try expectSame(["w": Wrapped(value: Inner())])
    }

    @Test func urlsDataAndDatesAreWrittenAsFoundationWritesThem() throws {
        struct Special: Encodable {
            var url = URL(string: "https://example.org/a b?x=1")!
            var data = Data([0, 1, 2, 250, 255])
            var date = Date(timeIntervalSinceReferenceDate: 12345.5)
            var urls = [URL(string: "/relative/path")!]
        }
        try expectSame(Special())
    }

    /// An API image's JSON is written once per indentation and copied into every card after:
    /// the copies must be the bytes Foundation writes wherever the card stands.
    @Test func anImageSharedByManyCardsIsWrittenAsFoundationWritesItAtEveryDepth() throws {
        let outputs = [480, 960].flatMap { width in
            [ImageFormat.webp, .jpeg].map { format in
                ImageOutput(
                    kind: .width(width, height: width / 2), format: format, quality: 80, width: width,
                    height: width / 2,
                    key: "k", path: "images/a b.\(width).\(format.fileExtension)")
            }
        }
        let header = ImageHeader(width: 960, height: 480, hasAlpha: false, loader: "jpegload_buffer", pages: 1)
        let site = SiteImage(
            path: "images/a b.jpg", source: "static/images/a b.jpg", header: header, byteCount: 1, contentHash: "h",
            outputs: outputs, publishOriginal: false, firstUse: ("content/news/a.md", 2, "cover image"))
        let urls = SiteURLs(config: SiteConfig(title: "T", baseURL: URL(string: "https://example.org/club/")!))
        let image = APIImage(ImageFacts(written: "/images/a b.jpg", image: site, urls: urls))
        struct Card: Encodable {
            var title: String
            var image: APIImage?
        }
        struct Page: Encodable {
            var lead: Card
            var items: [Card]
            var sections: [String: [Card]]
            var image: APIImage
        }
        let card = Card(title: "A", image: image)
        let page = Page(
            lead: card, items: [card, Card(title: "B", image: nil), card], sections: ["x": [card]], image: image)
        // Twice: the second time every depth is copied from what the first wrote.
        try expectSame(page)
        try expectSame(page)
        try expectSame([card])
        #expect(try herald(page, pretty: false).contains("\"url\":\"https://example.org/club/images/a%20b.960.jpg\""))
    }

    @Test func numbersJSONCannotHoldAreRefused() {
        #expect(throws: EncodingError.self) { try JSONByteEncoder(pretty: true).encode(["x": Double.nan]) }
        #expect(throws: EncodingError.self) { try JSONByteEncoder(pretty: false).encode([Double.infinity]) }
        #expect(
            JSONOutput.encode([Double.nan]) == Data("null\n".utf8),
            "JSONOutput writes null for a value it cannot encode, as before")
    }

    /// A key made at run time.
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { return nil }
    }
}
