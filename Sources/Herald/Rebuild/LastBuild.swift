import Foundation

/// What a successful build in `herald serve` leaves for the rebuild after an edit to bodies alone
/// (BodyEditRebuild): its settings, model, views and plans, as the build had them when it wrote.
struct LastBuild: Sendable {
    /// The build's options; `now` among them, which the rebuild keeps.
    var options: BuildOptions
    var config: SiteConfig
    /// Every item parsed (drafts and all), which links between items are resolved against.
    var allItems: [ContentItem]
    /// The model after links were resolved, and each item's facts.
    var site: Site
    var urls: SiteURLs
    var facts: [ItemFacts]
    /// The pages planned (with each item's view and card) and the other files.
    var plan: PagePlan
    var documents: [GeneratedFile]
    /// Each published item's index by its content file.
    var idOfSource: [String: ItemID]
}
