import CCmark
import Foundation

/// GitHub Flavored Markdown's extended autolinks on top of cmark: bare `http://…`, `https://…`,
/// `ftp://…`, `www.…` (linked with `http://`) and e-mail addresses (linked with `mailto:`) become
/// links, with the rules of cmark-gfm's autolink extension.
///
/// cmark has already parsed the inlines, so code spans, raw HTML and links are never text nodes
/// of their own; text inside links and images (and between a raw `<a …>` and its `</a>`) is left
/// alone. Each run of adjacent text nodes is read as one text, as cmark-gfm reads its inlines.
/// Every scan stops at a byte it cannot go past (a space, an `@`, a `:`) or at the last link's end,
/// so the work stays linear in the text however it is made.
enum Autolinks {
    /// The kinds of address a source may hold, found with a few `memchr`: text nodes are then
    /// searched only for those (most bodies have links, so `://`, but no `www.` or e-mail address).
    struct Kinds: Equatable {
        /// `://`'s first two bytes.
        var scheme: Bool
        var email: Bool
        /// `ww`.
        var www: Bool

        init(in source: String) {
            scheme = Self.hasSchemeOutsideLinks(source)
            email = ByteSearch.contains(source, at)
            www = ByteSearch.contains(source, w, followedByOneOf: w, w)
        }

        /// Whether a `://` of `source` may be in text: one right after `](` or `]: ` (a link's
        /// destination, a link reference) is not, and most bodies have `://` only there. Any other
        /// (`see https://…`, `<https://… x>`, which is no autolink, or `]( https://…` with a
        /// space) is taken to be, and the tree is searched.
        static func hasSchemeOutsideLinks(_ source: String) -> Bool {
            var source = source
            return source.withUTF8 { bytes in
                // Where the last destination's search stopped (a space, a `)` or the end): the
                // next one before it stops there too, so the whole search stays linear.
                var stop = -1
                return ByteSearch.firstIndex(of: colon, in: bytes) { index in
                    guard index + 2 < bytes.count, bytes[index + 1] == slash, bytes[index + 2] == slash else {
                        return false
                    }
                    var start = index
                    while start > 0, isAlpha(bytes[start - 1]) { start -= 1 }
                    if start >= 3, bytes[start - 3] == UInt8(ascii: "]"), bytes[start - 2] == colon,
                        bytes[start - 1] == UInt8(ascii: " ")
                    {
                        return false
                    }
                    guard start >= 2, bytes[start - 2] == UInt8(ascii: "]"), bytes[start - 1] == UInt8(ascii: "(")
                    else { return true }
                    // A destination ends at `)` before any space: `[a](https://a.org` is no link,
                    // and GitHub links its address.
                    if stop < index {
                        stop = index
                        while stop < bytes.count, !isSpace(bytes[stop]), bytes[stop] != UInt8(ascii: ")") { stop += 1 }
                    }
                    return !(stop < bytes.count && bytes[stop] == UInt8(ascii: ")"))
                } != nil
            }
        }

        var any: Bool { scheme || email || www }
    }

    /// Whether `source` may hold an address at all.
    static func mayOccur(in source: String) -> Bool { Kinds(in: source).any }

    /// Links the addresses written as text in the tree of `source`.
    static func apply(to root: OpaquePointer, source: String) {
        let kinds = Kinds(in: source)
        guard kinds.any else { return }
        for container in containers(in: root, kinds: kinds) { link(in: container) }
    }

    /// One address found in a text: its bytes and what its URL is led by.
    struct Found: Equatable {
        var start: Int
        var end: Int
        var scheme: String
    }

    /// The nodes holding a text node that may have an address, outside links and images, in
    /// document order (collected first: the tree is changed afterwards).
    private static func containers(in root: OpaquePointer, kinds: Kinds) -> [OpaquePointer] {
        guard let iterator = cmark_iter_new(root) else { return [] }
        defer { cmark_iter_free(iterator) }
        var found: [OpaquePointer] = []
        var seen: Set<OpaquePointer> = []
        var linkDepth = 0
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE {
                linkDepth += event == CMARK_EVENT_ENTER ? 1 : -1
                continue
            }
            guard linkDepth == 0, event == CMARK_EVENT_ENTER, type == CMARK_NODE_TEXT,
                let parent = cmark_node_parent(node),
                let literal = cmark_node_get_literal(node), mayHoldAddress(literal, kinds)
            else { continue }
            if seen.insert(parent).inserted { found.append(parent) }
        }
        return found
    }

    /// Whether a text node's literal has a `://`, an `@` or a `ww` (of the kinds the source has): an address's scheme and its
    /// `://`, or its `www`, are never split between text nodes (cmark splits text only at the
    /// characters of emphasis, links, code, entities and escapes). A plain `w` or `:`, in nearly
    /// every English sentence, sent every paragraph to `find` (perf: 0.4% of a 10,000-item build).
    private static func mayHoldAddress(_ literal: UnsafePointer<CChar>, _ kinds: Kinds) -> Bool {
        (kinds.scheme && strstr(literal, "://") != nil) || (kinds.email && strchr(literal, Int32(at)) != nil)
            || (kinds.www && strstr(literal, "ww") != nil)
    }

    /// Links the addresses in each run of text nodes among `container`'s children.
    private static func link(in container: OpaquePointer) {
        var child = cmark_node_first_child(container)
        // Text between a raw `<a …>` and `</a>` is a link already, as the reader sees it.
        var inRawAnchor = false
        while let node = child {
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_TEXT, !inRawAnchor else {
                if type == CMARK_NODE_HTML_INLINE {
                    inRawAnchor = opensOrClosesAnchor(CmarkNodes.literal(node)) ?? inRawAnchor
                }
                child = cmark_node_next(node)
                continue
            }
            var run = [node]
            var next = cmark_node_next(node)
            while let sibling = next, cmark_node_get_type(sibling) == CMARK_NODE_TEXT {
                run.append(sibling)
                next = cmark_node_next(sibling)
            }
            let text = run.count == 1 ? CmarkNodes.literal(node) : run.flatMap(CmarkNodes.literal)
            let found = find(in: text)
            if !found.isEmpty { replace(run, text: text, with: found) }
            child = next
        }
    }

    /// true for a raw `<a …>`, false for `</a>`, nil for any other tag.
    private static func opensOrClosesAnchor(_ tag: [UInt8]) -> Bool? {
        guard tag.count >= 3, tag[0] == UInt8(ascii: "<") else { return nil }
        let closing = tag[1] == slash
        let nameStart = closing ? 2 : 1
        guard nameStart + 1 < tag.count, tag[nameStart] | 0x20 == UInt8(ascii: "a") else { return nil }
        let after = tag[nameStart + 1]
        guard after == UInt8(ascii: ">") || isSpace(after) || after == slash else { return nil }
        return !closing
    }

    /// Puts text, link, text, … nodes in place of the run.
    private static func replace(_ run: [OpaquePointer], text: [UInt8], with found: [Found]) {
        let first = run[0]
        var from = 0
        for address in found {
            if address.start > from { cmark_node_insert_before(first, CmarkNodes.text(text[from..<address.start])) }
            let link = cmark_node_new(CMARK_NODE_LINK)!
            var url = Array(address.scheme.utf8) + text[address.start..<address.end]
            url.append(0)
            url.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { _ = cmark_node_set_url(link, $0.baseAddress) }
            }
            cmark_node_append_child(link, CmarkNodes.text(text[address.start..<address.end]))
            cmark_node_insert_before(first, link)
            from = address.end
        }
        if from < text.count { cmark_node_insert_before(first, CmarkNodes.text(text[from...])) }
        for node in run { cmark_node_free(node) }
    }

    /// The addresses in a text, left to right; none overlaps another.
    static func find(in text: [UInt8]) -> [Found] {
        var found: [Found] = []
        // Where the last address ended: nothing before it is read again.
        var floor = 0
        var index = 0
        while index < text.count {
            let byte = text[index]
            var match: Found?
            if byte == w {
                match = www(text, at: index)
            } else if byte == colon {
                match = url(text, at: index, floor: floor)
            } else if byte == at {
                match = email(text, at: index, floor: floor)
            }
            if let match {
                found.append(match)
                index = match.end
                floor = match.end
            } else {
                index += 1
            }
        }
        return found
    }

    /// `www.` and a domain with a dot, at the text's start or after a space or one of `*_~(`.
    private static func www(_ text: [UInt8], at start: Int) -> Found? {
        if start > 0 {
            let before = text[start - 1]
            guard
                isSpace(before) || before == UInt8(ascii: "*") || before == UInt8(ascii: "_")
                    || before == UInt8(ascii: "~")
                    || before == UInt8(ascii: "(")
            else { return nil }
        }
        guard text.count - start >= 4, text[start + 1] == w, text[start + 2] == w, text[start + 3] == UInt8(ascii: ".")
        else { return nil }
        let domain = domainLength(text, from: start, allowShort: false)
        guard domain > 0 else { return nil }
        let end = delimit(text, start: start, end: extent(text, from: start + domain))
        return end > start ? Found(start: start, end: end, scheme: "http://") : nil
    }

    /// `http://`, `https://` or `ftp://` (in any case) and a domain, found at its colon.
    private static func url(_ text: [UInt8], at colonIndex: Int, floor: Int) -> Found? {
        guard text.count - colonIndex >= 4, text[colonIndex + 1] == slash, text[colonIndex + 2] == slash else {
            return nil
        }
        var start = colonIndex
        while start > floor, isAlpha(text[start - 1]) { start -= 1 }
        let scheme = String(decoding: text[start..<colonIndex], as: UTF8.self).lowercased()
        guard scheme == "http" || scheme == "https" || scheme == "ftp", isHostCharacter(text, at: colonIndex + 3) else {
            return nil
        }
        let domain = domainLength(text, from: colonIndex + 3, allowShort: true)
        guard domain > 0 else { return nil }
        let end = delimit(text, start: colonIndex, end: extent(text, from: colonIndex + 3 + domain))
        return end > colonIndex ? Found(start: start, end: end, scheme: "") : nil
    }

    /// An e-mail address, found at its `@`: letters, digits and `.+-_` before it (ending in a
    /// letter or digit), and after it a domain with a dot that ends in a letter.
    private static func email(_ text: [UInt8], at atIndex: Int, floor: Int) -> Found? {
        var start = atIndex
        while start > floor, isAlphanumeric(text[start - 1]) || isOneOf(text[start - 1], ".+-_") { start -= 1 }
        guard start < atIndex, isAlphanumeric(text[atIndex - 1]) else { return nil }
        var end = atIndex + 1
        var dots = 0
        while end < text.count {
            let byte = text[end]
            if byte == UInt8(ascii: ".") {
                guard end + 1 < text.count, isAlphanumeric(text[end + 1]) else { break }
                dots += 1
            } else if byte == at {
                return nil
            } else if !isAlphanumeric(byte), byte != UInt8(ascii: "-"), byte != UInt8(ascii: "_") {
                break
            }
            end += 1
        }
        guard end - atIndex >= 2, dots > 0, isAlpha(text[end - 1]) || text[end - 1] == UInt8(ascii: ".") else {
            return nil
        }
        let delimited = delimit(text, start: atIndex, end: end)
        return delimited > atIndex ? Found(start: start, end: delimited, scheme: "mailto:") : nil
    }

    /// cmark-gfm's `check_domain`: the length of the domain-like bytes from `start` (its first
    /// byte is not looked at), 0 when an underscore is in one of its last two parts (unless it has
    /// more than ten, where cmark-gfm stops looking, against quadratic time), or, unless
    /// `allowShort`, when it has no dot.
    private static func domainLength(_ text: [UInt8], from start: Int, allowShort: Bool) -> Int {
        let size = text.count - start
        var index = 1
        var dots = 0
        var underscoresBefore = 0
        var underscores = 0
        while index < size - 1 {
            let byte = text[start + index]
            if byte == UInt8(ascii: "_") {
                underscores += 1
            } else if byte == UInt8(ascii: ".") {
                underscoresBefore = underscores
                underscores = 0
                dots += 1
            } else if byte != UInt8(ascii: "-"), !isHostCharacter(text, at: start + index) {
                break
            }
            index += 1
        }
        if underscoresBefore > 0 || underscores > 0, dots <= 10 { return 0 }
        return allowShort || dots > 0 ? index : 0
    }

    /// Where an address that reaches `from` ends: at a space, a `<`, the text's end, or (unlike
    /// cmark-gfm) punctuation or a space from U+2000 on. Chinese and Japanese put no space between
    /// an address and the sentence around it (`见 www.example.edu/talks，也可…`), and smart
    /// punctuation makes `"…"` curly quotes: GitHub links the whole sentence, or the closing quote.
    private static func extent(_ text: [UInt8], from: Int) -> Int {
        var end = min(from, text.count)
        while end < text.count, !isSpace(text[end]), text[end] != UInt8(ascii: "<") {
            if text[end] >= 0xE2, endsAddress(text, at: end) { break }
            end += 1
        }
        return end
    }

    /// Whether the character starting at `index` (a lead byte of three or more) is punctuation or
    /// a space of U+2000 or later: `，`, `。`, `、`, `“`, `”`, `…`, `—`, `（`, U+3000.
    private static func endsAddress(_ text: [UInt8], at index: Int) -> Bool {
        var iterator = text[index...].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator), scalar.value >= 0x2000 else { return false }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation, .spaceSeparator, .lineSeparator, .paragraphSeparator:
            return true
        default:
            return false
        }
    }

    /// cmark-gfm's `autolink_delim`: the end of `text[start..<end]` once a `<` and what follows
    /// it, trailing punctuation, a trailing entity-like `&name;` and closing parentheses without
    /// an opening one are taken off.
    private static func delimit(_ text: [UInt8], start: Int, end: Int) -> Int {
        var end = end
        var opening = 0
        var closing = 0
        for index in start..<end {
            let byte = text[index]
            if byte == UInt8(ascii: "<") {
                end = index
                break
            }
            if byte == UInt8(ascii: "(") { opening += 1 } else if byte == UInt8(ascii: ")") { closing += 1 }
        }
        while end > start {
            let last = text[end - 1]
            if last == UInt8(ascii: ")") {
                if closing <= opening { return end }
                closing -= 1
                end -= 1
            } else if isOneOf(last, "?!.,:*_~'\"") {
                end -= 1
            } else if last == UInt8(ascii: ";") {
                var entityStart = end - 2
                while entityStart > start, isAlpha(text[entityStart]) { entityStart -= 1 }
                if entityStart < end - 2, entityStart >= start, text[entityStart] == UInt8(ascii: "&") {
                    end = entityStart
                } else {
                    end -= 1
                }
            } else {
                return end
            }
        }
        return end
    }

    /// cmark-gfm's `is_valid_hostchar`: a character that is neither a space nor punctuation,
    /// read at a UTF-8 sequence's first byte (a byte inside one is not, as there).
    private static func isHostCharacter(_ text: [UInt8], at index: Int) -> Bool {
        guard index < text.count else { return false }
        let lead = text[index]
        if lead < 0x80 { return isAlphanumeric(lead) }
        guard lead >= 0xC2 else { return false }
        var iterator = text[index..<min(index + 4, text.count)].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return false }
        if scalar.properties.isWhitespace { return false }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return false
        default:
            return true
        }
    }

    /// cmark's `cmark_isspace`: ASCII spaces only, as cmark-gfm's scans use.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    private static func isAlpha(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isAlpha(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isOneOf(_ byte: UInt8, _ set: StaticString) -> Bool {
        UnsafeBufferPointer(start: set.utf8Start, count: set.utf8CodeUnitCount).contains(byte)
    }

    private static let colon = UInt8(ascii: ":")
    private static let slash = UInt8(ascii: "/")
    private static let at = UInt8(ascii: "@")
    private static let w = UInt8(ascii: "w")
}
