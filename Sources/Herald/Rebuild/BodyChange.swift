import Foundation

/// One edited item's view before and after an edit to its body alone, and the new body: what
/// both rebuilds after such edits (`herald serve`'s BodyEditRebuild, `herald build`'s
/// SnapshotRebuild) put in each page that shows the item.
struct BodyChange {
    /// The URL of the item's views.
    var url: String
    /// The item's view as its own page and its lists show it, before and after; nil for an item
    /// an edition lists untranslated from another language, which has no page there.
    var own: (old: ItemView, new: ItemView)?
    var body: RenderedMarkdown

    /// The change of `old` to `body`: its view with the new body, and its card made again from
    /// it as the planner makes it (from the view without card and structured data), with `jsonLD`.
    init(_ old: ItemView, body: RenderedMarkdown, jsonLD: String?, card maker: ItemCard, dates: DateText) {
        var view = old
        view.setBody(body, dates: dates)
        view.card = maker.card(of: ItemCard.plain(view))
        view.jsonLD = jsonLD
        self.init(old: old, new: view, body: body)
    }

    init(old: ItemView, new: ItemView, body: RenderedMarkdown) {
        url = old.url
        own = (old, new)
        self.body = body
    }

    /// The change of the item at `url`, shown in lists alone, to `body`.
    init(listed url: String, body: RenderedMarkdown) {
        self.url = url
        own = nil
        self.body = body
    }

    /// Puts the change into every view of the item `context` shows; whether it shows one.
    func apply(to context: inout PageContext, card maker: ItemCard, dates: DateText) -> Bool {
        context.updateItemViews(at: url) { view in
            if let own, view == own.old {
                view = own.new
            } else {
                // The card of one date of a repeating event (PagePlanner.occurrenceView), or of an
                // item listed untranslated: its view with the new body, and its card made again.
                view.setBody(body, dates: dates)
                if let own { view.jsonLD = own.new.jsonLD }
                view.card = maker.card(of: view)
            }
        }
    }
}
