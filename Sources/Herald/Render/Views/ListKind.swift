/// What a list page lists (`list.kind` in templates).
enum ListKind: String, Sendable, CaseIterable {
    case news, events
    case pastEvents = "past-events"
    case trending, category, tag
    /// A term's items, in one of the site's own taxonomies.
    case term
}
