import HeraldTemplates

/// HTML escaping of text outside templates (feeds' HTML, JSON-LD, redirect pages): the same five
/// replacements as `{{value}}` in templates (`&`, `<`, `>`, `"`, `'`, from HeraldTemplates'
/// `HTMLBytes`), done on UTF-8 bytes, with no copy at all when there is nothing to replace, which
/// is most titles, URLs and dates.
public enum HTMLEscaping {
    /// `text` with `& < > " '` replaced by entities; with `keepingApostrophes`, `'` stays as it is.
    ///
    /// The import keeps apostrophes: the HTML it writes for a shortcode is read again as Markdown,
    /// where the text of an element that stands inside a paragraph is Markdown text, and smart
    /// punctuation curls a `'` there but leaves a `&#39;` straight.
    public static func escape(_ text: String, keepingApostrophes: Bool = false) -> String {
        let escaped = text.rewritingUTF8(when: HTMLBytes.needsEscaping) { bytes, output in
            HTMLBytes.appendEscaped(bytes, to: &output)
        }
        // `&` is escaped too, so every `&#39;` in the result stands for an apostrophe of `text`.
        return keepingApostrophes ? escaped.replacingOccurrences(of: "&#39;", with: "'") : escaped
    }
}
