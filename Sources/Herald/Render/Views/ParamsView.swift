import HeraldTemplates

/// The front-matter keys an item gives that Herald does not read, for templates, as Hugo's
/// `.Params`: `{{item.params.country}}`, `{{#item.params.speakers}}{{.}}{{/item.params.speakers}}`.
struct ParamsView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var values: [String: FrontMatterValue]

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        guard let value = values[key.written] else { return .absent }
        return Self.template(value)
    }

    /// A value as templates see it: text, a boolean (for sections), a list or a nested view.
    static func template(_ value: FrontMatterValue) -> TemplateValue {
        switch value {
        case .text(let text), .number(let text): return .text(text)
        case .bool(let flag): return .bool(flag)
        case .list(let values): return .list(values.map(template))
        case .mapping(let values): return .view(ParamsView(values: values))
        }
    }
}
