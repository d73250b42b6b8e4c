/// Whether pages get a generated social card (`socialCards:` in `site.yml`).
public enum SocialCardMode: String, Sendable, Equatable {
    /// Every news item, event, the home page and each category page get a card (the default).
    case on
    /// Cards are made, but an item with a cover shares its cover instead.
    case coverFirst
    /// No cards: pages share their cover, if any.
    case off
}
