import Foundation

/// URL slugs: the last part of a page's path, made from file names, titles, categories and tags.
public enum Slug {
    /// Makes a slug from any text: lower-cased, letters and digits of every script kept
    /// (so `学院活动` stays `学院活动`), every run of other characters turned into one `-`.
    /// Returns an empty string when nothing usable is left.
    public static func make(from text: String) -> String {
        var result = ""
        var pendingDash = false
        for scalar in text.precomposedStringWithCanonicalMapping.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal
                || scalar.properties.generalCategory == .nonspacingMark && !result.isEmpty
            {
                if pendingDash && !result.isEmpty { result.append("-") }
                pendingDash = false
                result.unicodeScalars.append(scalar)
            } else if scalar == "_" || scalar == "-" {
                if !result.isEmpty { pendingDash = true }
            } else {
                pendingDash = true
            }
        }
        return result
    }

    /// The slug a content file gets from its name: without the extension and without a
    /// leading `YYYY-MM-DD-` date (`2026-10-08-freshers-welcome.md` → `freshers-welcome`).
    public static func fromFileName(_ fileName: String) -> String {
        // `post.es.md` is a translation of `post.md`: the language is no part of the slug.
        var base = TranslationName.split(fileName)?.plain ?? fileName
        if let dot = base.lastIndex(of: ".") { base = String(base[..<dot]) }
        if datePrefix(of: base) != nil { base = String(base.dropFirst(11)) }
        return base
    }

    /// The `YYYY-MM-DD` a file name starts with (followed by `-`), if any.
    public static func datePrefix(of fileName: String) -> String? {
        let bytes = Array(fileName.utf8.prefix(11))
        guard bytes.count == 11, bytes[10] == UInt8(ascii: "-") else { return nil }
        for (index, byte) in bytes.prefix(10).enumerated() {
            let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            if [4, 7].contains(index) ? byte != UInt8(ascii: "-") : !isDigit { return nil }
        }
        return String(fileName.prefix(10))
    }

    /// Checks a slug an editor wrote: it becomes one folder name in the output, so it must not
    /// be empty, contain a path separator or whitespace, or be `.`/`..`. Returns why not, or nil.
    /// The ASCII characters a slug may not hold, as bytes (checked per byte: comparing Characters
    /// against a string of them was most of the cost of checking a slug).
    /// As a table indexed by byte: a Set hashed every byte of every slug.
    private static let forbiddenBytes: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in "?#%<>\"'`{}|^[]".utf8 { table[Int(byte)] = true }
        return table
    }()

    /// The longest slug, in bytes: it names a folder, and files are named after it with a hash
    /// and an extension added (`social/news/<slug>.3f2a9c1b07.jpg`), all within the 255 bytes a
    /// file name may have.
    public static let longest = 200

    public static func problem(with slug: String) -> String? {
        if slug.utf8.count > longest {
            return
                "slug '\(WrittenAddress.shortened(slug))' is \(slug.utf8.count) bytes long; a slug may be at most \(longest) bytes, since folders and files are named after it"
        }
        // The common slug is ASCII letters, digits and dashes: answered on bytes, no Unicode look-up.
        if !slug.isEmpty, slug.utf8.first != UInt8(ascii: "."),
            slug.utf8.allSatisfy({
                ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || ($0 >= 0x41 && $0 <= 0x5A)
                    || $0 == 0x5F
            })
        {
            return nil
        }
        if slug.isEmpty { return "slug is empty" }
        // On bytes and scalars, not characters: a `.`, `/` or `\` followed by a combining mark is
        // one character, but the same byte to a file system.
        if slug.utf8.first == UInt8(ascii: ".") { return "slug '\(slug)' must not start with '.'" }
        if slug.unicodeScalars.contains("/") || slug.unicodeScalars.contains("\\") {
            return "slug '\(slug)' must not contain '/' or '\\': it names one folder"
        }
        if slug.unicodeScalars.contains(where: {
            $0.properties.isWhitespace || $0.properties.generalCategory == .control
        }) {
            return "slug '\(slug)' must not contain spaces or control characters"
        }
        if slug.utf8.contains(where: { Self.forbiddenBytes[Int($0)] }) {
            return "slug '\(slug)' must not contain any of ? # % < > \" ' ` { } | ^ [ ]"
        }
        return nil
    }
}
