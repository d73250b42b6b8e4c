import HeraldTemplates

// The values templates see. Each view answers Mustache's look-ups with a `switch` on the key
// (no reflection), and answers a key it knows but has no value for with `.absent`, so that
// Mustache does not climb the context stack and show, say, the page's image on a card that
// has none. docs/templates.md lists every key.

/// The value, or `.absent` (known but missing: renders as nothing, false in sections, and the
/// look-up stops here) when it is nil.
@inline(__always) func present<Value: TemplateValueConvertible>(_ value: Value?) -> TemplateValue { value?.templateValue ?? .absent }
