/// An item's neighbours in its section, in date order: the article published before it and the
/// one after, or the event before it and the one after. The links under an article or event
/// (Hugo's `.PrevInSection` and `.NextInSection`, Jekyll's `page.previous` and `page.next`).
public struct Neighbours: Sendable, Equatable {
    /// The one before: an older article, or an earlier event.
    public var previous: ItemID?
    /// The one after: a newer article, or a later event.
    public var next: ItemID?
}

extension Site {
    /// Each item's neighbours, by item. News follow their list (`news`, newest first) backwards.
    /// Events follow the order the event lists show: the past ones from the earliest, then the
    /// upcoming ones from the soonest, so the last past event and the next one are neighbours.
    /// Plain pages, items kept out of lists and, on a multilingual site, items shown here
    /// untranslated from another language have none and are nobody's.
    public func neighbours() -> [Neighbours] {
        var all = [Neighbours](repeating: Neighbours(), count: items.count)
        for order in [news.reversed(), pastEvents.reversed() + upcomingEvents] {
            let own = order.filter { !isBorrowed($0) }
            for (position, id) in own.enumerated() {
                all[id].previous = position > 0 ? own[position - 1] : nil
                all[id].next = position + 1 < own.count ? own[position + 1] : nil
            }
        }
        return all
    }
}
