import Foundation

/// One edited item's view before and after an edit to its body alone, and the new body: what
/// both rebuilds after such edits (`herald serve`'s BodyEditRebuild, `herald build`'s
/// SnapshotRebuild) put in each page that shows the item.
struct BodyChange {
    var old: ItemView
    var new: ItemView
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
        self.old = old
        self.new = new
        self.body = body
    }

    /// Puts the change into every view of the item `context` shows; whether it shows one.
    func apply(to context: inout PageContext, card maker: ItemCard, dates: DateText) -> Bool {
        context.updateItemViews(at: old.url) { view in
            if view == old {
                view = new
            } else {
                // The card of one date of a repeating event (PagePlanner.occurrenceView): the
                // item's view with that date's times, and a card of its own made from it.
                view.setBody(body, dates: dates)
                view.jsonLD = new.jsonLD
                view.card = maker.card(of: view)
            }
        }
    }
}
