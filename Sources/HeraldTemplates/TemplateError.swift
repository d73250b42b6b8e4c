/// A template that cannot be loaded: it does not parse, names a partial or helper that does not
/// exist, or includes itself with nothing to stop it. Reported as `templates/x.mustache:LINE:COL: message`.
public struct TemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The template's name (`partials/card`), as the library knows it.
    public var template: String
    /// Where in the template's text.
    public var position: TemplatePosition
    /// What is wrong, in words.
    public var message: String

    public init(template: String, position: TemplatePosition, message: String) {
        self.template = template
        self.position = position
        self.message = message
    }

    public var description: String { "\(template):\(position.line):\(position.column): \(message)" }
}
