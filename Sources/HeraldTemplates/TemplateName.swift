/// A name as a tag writes it, split once when the template is parsed: `item.category.color`
/// becomes three segments, `.` none, and `empty(tags)` a helper applied to `tags`. A class, so a
/// node that holds one is copied while rendering with one reference count, not one per field.
public final class TemplateName: Sendable, CustomStringConvertible {
    /// The segments, outermost first; empty for `.` (the current value).
    public let segments: [TemplateKey]
    /// Whether the name starts with `.` (`.title`): looked up in the current value only.
    public let anchored: Bool
    /// Whether the name is a helper with no argument (`{{index()}}`), which asks about the
    /// element of the list being iterated rather than about a value.
    public let aboutIteration: Bool
    /// Helpers to apply, innermost first: `uppercased(first(tags))` → `[first, uppercased]`.
    public let helpers: [TemplateHelper]
    /// The name exactly as written, for messages and for matching a section's closing tag.
    public let written: String
    /// Where the tag is, for `herald check`'s warnings about names no view provides.
    public let position: TemplatePosition

    init(
        segments: [TemplateKey], anchored: Bool, aboutIteration: Bool, helpers: [TemplateHelper], written: String,
        position: TemplatePosition
    ) {
        self.segments = segments
        self.anchored = anchored
        self.aboutIteration = aboutIteration
        self.helpers = helpers
        self.written = written
        self.position = position
    }

    /// The current value, `.`.
    public var isCurrent: Bool { segments.isEmpty }

    public var description: String { written }
}

/// A function a tag can apply to a value, as swift-mustache's transforms did: `{{#empty(tags)}}`.
/// Written with no argument (`{{index()}}`), a helper asks about the current element of the list
/// being iterated.
public enum TemplateHelper: String, Sendable, CaseIterable {
    case empty, count, first, last, reversed, sorted
    case uppercased, lowercased, capitalized
    case equalzero, plusone, minusone, even, odd
    case index

    /// Every helper's name, for the message about an unknown one.
    static let names = allCases.map(\.rawValue).joined(separator: ", ")
}
