/// What a list page lists (`list.kind` in templates).
enum ListKind: String, Sendable, CaseIterable {
    case news, events, pastEvents = "past-events", trending, category, tag
}
