/// What a template name resolves to. Views answer with these values, so rendering never casts:
/// each kind of value renders, opens a section and answers a helper by a `switch`.
public enum TemplateValue: Sendable {
    /// Text, HTML-escaped by `{{x}}` and placed as it is by `{{{x}}}`.
    case text(String)
    /// A whole number, rendered in decimal.
    case number(Int)
    /// A flag: a section shows when it is true and renders nothing in a variable but `true`/`false`.
    case bool(Bool)
    /// A value the view knows of but does not have: it renders as nothing and is false, and the
    /// look-up stops here instead of climbing to an outer view that has the same name.
    case absent
    /// A view: a section pushes it, so names inside are looked up in it first.
    case view(any TemplateView)
    /// A list: a section renders once per element.
    case list(any TemplateList)

    /// Whether a section shows (false, absent and an empty list do not).
    @inlinable public var isTruthy: Bool {
        switch self {
        case .bool(let flag): return flag
        case .absent: return false
        case .list(let list): return list.count > 0
        case .text, .number, .view: return true
        }
    }
}

/// A value templates look names up in. Answer `nil` for a name the view does not have, so the
/// look-up climbs to the enclosing view, and `.absent` for a name it has but with no value.
public protocol TemplateView: Sendable {
    /// The value of one segment of a name (`title` of `item.title`).
    func templateValue(_ key: TemplateKey) -> TemplateValue?
    /// What `{{name}}` prints for the view itself, or nil for nothing: an image prints its URL,
    /// so `<img src="{{image}}">` keeps working where `image` grew into a view of its sizes.
    var templateText: String? { get }
}

extension TemplateView {
    /// Nothing: most views print nothing as a variable.
    public var templateText: String? { nil }
}

/// A list a section iterates over, read by index so that arrays of views need no copying into
/// an array of `TemplateValue` first.
public protocol TemplateList: Sendable {
    /// How many elements there are.
    var count: Int { get }
    /// The element at `index` (0 ..< count).
    func element(_ index: Int) -> TemplateValue
}

/// A value that has a natural template form: text, numbers, flags, views and lists of them.
public protocol TemplateValueConvertible: Sendable {
    /// The value as templates see it.
    var templateValue: TemplateValue { get }
}

extension String: TemplateValueConvertible {
    @inlinable public var templateValue: TemplateValue { .text(self) }
}

extension Int: TemplateValueConvertible {
    @inlinable public var templateValue: TemplateValue { .number(self) }
}

extension Bool: TemplateValueConvertible {
    @inlinable public var templateValue: TemplateValue { .bool(self) }
}

extension TemplateValue: TemplateValueConvertible {
    @inlinable public var templateValue: TemplateValue { self }
}

extension Optional: TemplateValueConvertible where Wrapped: TemplateValueConvertible {
    /// The value, or `.absent` when there is none.
    @inlinable public var templateValue: TemplateValue { self?.templateValue ?? .absent }
}

extension Array: TemplateList where Element: TemplateValueConvertible {
    @inlinable public func element(_ index: Int) -> TemplateValue { self[index].templateValue }
}

extension Array: TemplateValueConvertible where Element: TemplateValueConvertible {
    @inlinable public var templateValue: TemplateValue { .list(self) }
}

extension TemplateValueConvertible where Self: TemplateView {
    /// A view is pushed by a section.
    @inlinable public var templateValue: TemplateValue { .view(self) }
}
