import Foundation

/// What rendering may reuse from an earlier build in the same process (`herald serve`). The
/// pipeline's `BuildMemo` provides it; rendering asks through these methods alone, so it does not
/// depend on the pipeline. Each method returns what `make` would, made now or kept from before
/// when everything it is made from is the same.
protocol RenderCache: Sendable {
    /// An item's card and JSON-LD, made from its view and the site's (and the card template).
    func card(
        source: String, view: ItemView, site: SiteView, make: () -> (card: String, jsonLD: String?)
    ) -> (card: String, jsonLD: String?)
    /// A page's bytes, made from its template and view.
    func page(path: String, template: String, context: PageContext, make: () -> Data) -> Data
}
