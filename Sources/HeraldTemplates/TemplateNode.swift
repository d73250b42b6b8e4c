/// One piece of a parsed template. Partials and parents are resolved to the library's index of
/// the template they name when the library is loaded, so rendering never looks a template up by name.
/// Not `indirect` (the arrays give the nesting), so nodes sit in their array inline: a case that
/// boxed its payload cost a reference count per node rendered, 5% of a build's CPU time.
enum TemplateNode: Sendable {
    /// Text, copied to the output as it is.
    case text([UInt8])
    /// The start of a line of template text: where the indentation of a standalone partial goes.
    case lineStart
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}`.
    case variable(TemplateName, escaped: Bool)
    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted.
    case section(TemplateName, [TemplateNode], inverted: Bool)
    /// `{{>name}}`, or `{{<name}}…{{/name}}` with the blocks it overrides.
    case partial(PartialCall)
    /// `{{$name}}default{{/name}}`: replaced by an override from an including `{{<parent}}`.
    case block(BlockSite)
}

/// A partial or parent tag.
struct PartialCall: Sendable {
    /// The template's name as written.
    var name: String
    /// The library's index of the template, set when the library links its templates.
    var target: Int = -1
    /// Indentation put before each line of the partial (a standalone tag's leading whitespace).
    var indentation: [UInt8]
    /// The blocks a `{{<parent}}` overrides, by name; nil for a plain partial.
    var overrides: [String: BlockOverride]?
    /// Where the tag is, for messages.
    var position: TemplatePosition
}

/// A block tag where it is expanded.
struct BlockSite: Sendable {
    var name: String
    /// What is rendered when no parent overrides the block.
    var defaultContent: [TemplateNode]
    /// Added to the indentation of the lines of whatever content the block renders.
    var indentation: [UInt8]
}

/// A line and column in a template's text, both from 1; columns count characters.
public struct TemplatePosition: Sendable, Hashable {
    public var line: Int
    public var column: Int
}

/// What a `{{<parent}}` puts in place of one of the parent's blocks.
struct BlockOverride: Sendable {
    var nodes: [TemplateNode]
    /// Tells overrides apart when the library looks for templates that include themselves.
    var id = -1
    /// The index of the template the override is written in.
    var origin = -1
}
