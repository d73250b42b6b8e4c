/// How an item's card and structured data are made, in one place for every path that makes
/// them: the planner (each item, and each date of a repeating event) and `herald serve`'s updates
/// after an edit to a body (QuickPage, BodyEditRebuild). Each path used to clear and re-make them
/// by hand, and the paths disagreed on which view a card was rendered from.
struct ItemCard {
    /// The theme with its constant partials rendered for the site (`Theme.fixingConstantPartials`).
    let theme: Theme
    let site: SiteView
    let strings: InterfaceStrings

    /// The card of `view`, rendered from the view without a card and structured data of its own,
    /// so it is the same whichever path makes it.
    func card(of view: ItemView) -> String {
        theme.renderCard(CardContext(item: Self.plain(view), site: site, strings: strings))
    }

    /// `view` without its card and structured data: what a card is made from, and what the
    /// render cache keys a card by.
    static func plain(_ view: ItemView) -> ItemView {
        guard !view.card.isEmpty || view.jsonLD != nil else { return view }
        var plain = view
        (plain.card, plain.jsonLD) = ("", nil)
        return plain
    }

    /// The structured data of item `id`; none for an item shown untranslated from another
    /// language, which has no page here.
    static func jsonLD(of id: ItemID, site: Site, facts: [ItemFacts], urls: SiteURLs) -> String? {
        site.isBorrowed(id) ? nil : StructuredData.jsonLD(for: facts[id], site: site, urls: urls)
    }
}
