import Foundation

/// One language's part of a multilingual site, as its `Site` sees the others: which language it
/// is, every language's home, each item's translations, and the items shown here untranslated.
public struct LanguageEdition: Sendable {
    /// Every language of the site, the default first.
    public var all: [SiteLanguage]
    /// This part's language, an index into `all`.
    public var current: Int
    /// Each item's versions in the other languages: the language (an index into `all`) and the
    /// output path of its page there, in the order of `all`.
    public var translations: [ItemID: [(language: Int, path: String)]] = [:]
    /// Items shown here untranslated, with the language (an index into `all`) they are written in.
    public var borrowed: [ItemID: Int] = [:]
    /// Each translated item's slug in the first language that has it: what names the item the
    /// same in every language (an event's UID in every language's calendars).
    public var identity: [ItemID: String] = [:]

    /// This part's language.
    public var language: SiteLanguage { all[current] }
}
