import Foundation

/// A Hugo shortcode, or a Liquid tag or output, found in a Markdown body.
struct MarkupConstruct: Sendable, Equatable {
    /// Which syntax it is written in.
    enum Form: Sendable, Equatable {
        /// `{{< name … >}}` or `{{% name … %}}`; `closing` for `{{< /name >}}`, `selfClosing` for `{{< name … />}}`.
        case shortcode(percent: Bool, closing: Bool, selfClosing: Bool)
        /// `{{</* name … */>}}`: a shortcode written out as text, which Hugo shows as `{{< name … >}}`.
        case escapedShortcode(shown: String)
        /// `{% name … %}` (also `{%- … -%}`).
        case liquidTag
        /// `{{ expression }}`.
        case liquidOutput
    }

    var form: Form
    /// Where it stands in the body, delimiters included.
    var range: Range<String.Index>
    /// The file line it starts on.
    var line: Int
    /// The shortcode's or tag's name; for an output, its expression (trimmed).
    var name: String
    /// The text after the name, up to the closing delimiter (trimmed).
    var arguments: String
}
