/// HTML escaping of text outside templates (feeds' HTML, JSON-LD, redirect pages): the same five
/// replacements as `{{value}}` in templates (`&`, `<`, `>`, `"`, `'`), done on UTF-8 bytes, with
/// no copy at all when there is nothing to replace, which is most titles, URLs and dates.
public enum HTMLEscaping {
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
