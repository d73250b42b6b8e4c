import Mustache

/// HTML escaping for `{{value}}` in templates: the same five replacements as swift-mustache's
/// own HTML content type (`&`, `<`, `>`, `"`, `'`), done on UTF-8 bytes, and with no copy at
/// all when there is nothing to replace, which is most titles, URLs and dates. The library's
/// escaper walks grapheme clusters with a dictionary look-up each, and was a fifth of the
/// build's time. Installed through the library's content-type API (see `Theme`).
public struct HTMLEscaping: MustacheContentType {
    /// The name templates are switched to this content type by.
    static let name = "HERALD_HTML"

    /// Registers the content type with swift-mustache (once per process).
    static let register: Void = { MustacheContentTypes.register(HTMLEscaping(), named: name) }()

    /// The pragma put before each template's text, so the template and its partials escape with it.
    static let pragma = "{{% CONTENT_TYPE: \(name) }}"

    public func escapeText(_ text: String) -> String { Self.escape(text) }

    /// `text` with `& < > " '` replaced by entities.
    public static func escape(_ text: String) -> String {
        text.rewritingUTF8(when: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) { bytes, output in
            for byte in bytes {
                switch byte {
                case 0x26: output.append(ascii: "&amp;")
                case 0x3C: output.append(ascii: "&lt;")
                case 0x3E: output.append(ascii: "&gt;")
                case 0x22: output.append(ascii: "&quot;")
                case 0x27: output.append(ascii: "&#39;")
                default: output.append(byte)
                }
            }
        }
    }
}
