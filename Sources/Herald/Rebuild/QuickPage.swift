import Foundation

/// For `herald serve`: an item's own page rendered again at once when only its body changed, from
/// the last build's view of the page with the new body put in, so the page being edited is up to
/// date in milliseconds while the whole (memoized) rebuild runs after it.
///
/// Only a change to the body alone qualifies: the title, dates, summary, categories and every
/// other field must be as they were, since they show on other pages too. The page is then what
/// the full rebuild makes of it (the view takes nothing else from the body than what
/// `ItemView.setBody` puts in); PreviewTests checks this.
extension BuildMemo {
    /// The new bytes of the page of the item in `sourcePath` (relative to the site folder), or nil
    /// when the change is more than its body or the last build did not make the page.
    public func quickPage(for sourcePath: String, fileSystem: FileSystem) -> (path: String, bytes: Data)? {
        guard let setup = renderSetup.withLock({ $0 }),
            let edit = reparseBody(sourcePath, config: setup.config, fileSystem: fileSystem),
            !edit.outcome.diagnostics.contains(where: { $0.severity == .error }), edit.item.body != edit.old.body
        else { return nil }
        let (old, body) = (edit.old, edit.item.body)
        let path = URLLayout.pageFile(setup.config.layout.itemPath(old))
        guard let page = pages.lookup(path), var view = page.context.item, view.content == old.body.html else {
            return nil
        }
        view.setBody(body, dates: DateText(language: setup.config.language, strings: setup.theme.strings.table))
        // The card shows the reading time; a template may place it on the page too.
        view.card = ItemCard(theme: setup.theme, site: page.context.site, strings: page.context.strings).card(of: view)
        var context = page.context
        context.item = view
        return (path, Data(setup.theme.render(page.template, context)))
    }

    /// The content file at `path` parsed again, when it was an item in the last build and its new
    /// parse differs from the last in its body alone (front matter, links and every other field
    /// as they were); nil otherwise. Shared by `quickPage` and `rebuildBodyEdits`, which each ask
    /// more of the edit.
    func reparseBody(
        _ path: String, config: SiteConfig, fileSystem: FileSystem
    )
        -> (old: ContentItem, item: ContentItem, outcome: ItemParser.Outcome, previous: Parse, stamp: FileStamp?)?
    {
        // Stamped before reading, as the build does, so a later build knows the file again.
        guard let previous = parses.lookup(path), let old = previous.outcome.item else { return nil }
        let stamp = fileSystem.stamp(path)
        guard let data = try? fileSystem.readFileAtMost(path, ItemParser.largestFile) else { return nil }
        let outcome = ItemParser(config: config).parse(
            data, source: ContentSource(path: path, kind: old.kind, bundle: old.bundle))
        guard var item = outcome.item else { return nil }
        let body = item.body
        item.body = old.body
        guard item == old else { return nil }
        item.body = body
        return (old, item, outcome, previous, stamp)
    }
}
