import HeraldTemplates

// The values templates see. Each view declares them once, in its `fields` table (no reflection),
// and answers a key it knows but has no value for with `.absent`, so that Mustache does not climb
// the context stack and show, say, the page's image on a card that has none. docs/templates.md's
// reference is generated from those tables (`TemplateReference`).

/// The value, or `.absent` (known but missing: renders as nothing, false in sections, and the
/// look-up stops here) when it is nil.
@inline(__always) func present<Value: TemplateValueConvertible>(_ value: Value?) -> TemplateValue {
    value?.templateValue ?? .absent
}
