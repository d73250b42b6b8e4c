/// What a list of terms lists (`terms.kind` in templates).
enum TermsKind: String, Sendable, CaseIterable {
    case categories, tags, months
}
