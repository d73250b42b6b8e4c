import HeraldTemplates

/// What `herald check` walks each template with to find the names it looks up that no view
/// provides (`{{titel}}`): made up from the views' declarations (`TemplateFields`), with every
/// value present and one element in every list, so every section opens.
enum SampleViews {
    /// The sample a template is rendered with: a card's, a site-wide partial's, or a page's.
    static func context(for template: String) -> TemplateValue {
        if template == ThemeTemplate.card.rawValue { return .view(TemplateSample(CardContext.fields.description)) }
        if template.hasPrefix(Theme.constantPartialFolder) {
            return .view(TemplateSample(ConstantContext.fields.description))
        }
        return .view(TemplateSample(PageContext.fields.description))
    }
}

extension Theme {
    /// Names the templates look up that no view provides (a typo such as `{{titel}}` renders as
    /// nothing, silently), each once, at the template and line it is written on.
    func unknownNames() -> [Diagnostic] {
        var found: [String: Diagnostic] = [:]
        // Each template is walked from where it is rendered: pages and cards from themselves,
        // partials from the templates that include them (a partial walked alone would not know
        // which section it stands in), site-wide partials also alone, as they are rendered.
        let included = Set(loaded.includedTemplates().values.joined())
        for template in templateNames.sorted()
        where !included.contains(template) || template.hasPrefix(Theme.constantPartialFolder) {
            for (owner, name) in loaded.unknownNames(in: template, sample: SampleViews.context(for: template)) {
                let path = sourcePaths[owner] ?? "templates/\(owner).mustache"
                let key = "\(path):\(name.position.line):\(name.position.column)"
                guard found[key] == nil else { continue }
                found[key] = Diagnostic(
                    path: path, line: name.position.line, column: name.position.column,
                    "{{\(name.written)}} names nothing templates are given here, so it renders as nothing (see docs/templates.md for the names there are)",
                    severity: .warning)
            }
        }
        return found.values.sorted()
    }
}
