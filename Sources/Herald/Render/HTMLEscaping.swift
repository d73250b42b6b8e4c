import HeraldTemplates

/// HTML escaping of text outside templates (feeds' HTML, JSON-LD, redirect pages): the same five
/// replacements as `{{value}}` in templates (`&`, `<`, `>`, `"`, `'`, from HeraldTemplates'
/// `HTMLBytes`), done on UTF-8 bytes, with no copy at all when there is nothing to replace, which
/// is most titles, URLs and dates.
public enum HTMLEscaping {
    /// `text` with `& < > " '` replaced by entities.
    public static func escape(_ text: String) -> String {
        text.rewritingUTF8(when: HTMLBytes.needsEscaping) { bytes, output in HTMLBytes.appendEscaped(bytes, to: &output) }
    }
}
