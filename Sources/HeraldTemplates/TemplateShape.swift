/// What kind of value a name gives, as the reference describes it and as `TemplateSample` makes
/// one up.
public indirect enum TemplateShape: Sendable {
    /// Text, for `{{name}}`.
    case text
    /// HTML, for `{{{name}}}`.
    case html
    case number
    /// True or false, for sections.
    case flag
    /// A view (for a section or a dotted name), described lazily so views may name each other.
    case view(@Sendable () -> TemplateViewDescription)
    /// A list, for a section that renders once per element.
    case list(TemplateShape)
    /// A view whose names are the site's own (`t.<key>`, `params.<key>`): every name answers.
    case anyName(TemplateShape)
    /// Whatever the site wrote (a front-matter value): text, a flag, a list or a view. A sample
    /// of it is absent, since no template can be checked against what a site may write.
    case anything

    /// How the reference writes the shape.
    public var written: String {
        switch self {
        case .text: return "text"
        case .html: return "HTML"
        case .number: return "number"
        case .flag: return "true/false"
        case .view(let view): return "*\(view().name)*"
        case .list(let element): return "list of \(element.written)"
        case .anyName(let value): return "\(value.written) by name"
        case .anything: return "as written"
        }
    }
}

/// What the reference and `herald check` know of a kind of view: its values, not how they are read.
public struct TemplateViewDescription: Sendable {
    public let name: String
    public let about: String
    /// Views whose names this one also answers (a card answers its item's).
    public let includes: [@Sendable () -> TemplateViewDescription]
    public let fields: [TemplateFieldDescription]
}

/// One value of a view, as the reference lists it.
public struct TemplateFieldDescription: Sendable {
    public let key: TemplateKey
    public let shape: TemplateShape
    public let about: String
}

/// A made-up view of a description with every value present and one element in every list, so
/// that a template walked with it opens every section (`herald check`'s search for names that
/// no view provides).
public struct TemplateSample: TemplateView {
    let view: TemplateViewDescription

    public init(_ view: TemplateViewDescription) { self.view = view }

    public func templateValue(_ key: TemplateKey) -> TemplateValue? {
        if let field = view.fields.first(where: { $0.key == key }) { return Self.sample(of: field.shape) }
        for included in view.includes {
            if let value = TemplateSample(included()).templateValue(key) { return value }
        }
        return nil
    }

    /// A value of `shape`.
    static func sample(of shape: TemplateShape) -> TemplateValue {
        switch shape {
        case .text, .html: return .text("x")
        case .number: return .number(1)
        case .flag: return .bool(true)
        case .view(let view): return .view(TemplateSample(view()))
        case .list(let element): return .list([sample(of: element)])
        case .anyName(let value): return .view(AnyNameSample(value: value))
        case .anything: return .absent
        }
    }

    /// A view that answers every name with a value of one shape.
    private struct AnyNameSample: TemplateView {
        let value: TemplateShape
        func templateValue(_ key: TemplateKey) -> TemplateValue? { TemplateSample.sample(of: value) }
    }
}
