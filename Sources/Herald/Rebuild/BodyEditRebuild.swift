import Foundation

/// For `herald serve`: the rebuild after edits that change items' bodies and nothing else, made
/// from the last build's model and plans rather than by a whole (memoized) build.
///
/// A body reaches few outputs: its item's page, its card (the reading time) wherever the card is
/// shown, and the files that carry the item's text (its API document, feeds with full content).
/// The titles, dates, categories, summaries and links that place an item in lists are front
/// matter, which must be as it was. So the model and plans of the last build stand, with the new
/// bodies put in: the pages that show an edited item are rendered again, and the files that read
/// one are made again (`GeneratedFile.bodiesRead`; a file that does not say is made again too).
/// Every other file keeps its bytes without being looked at, which is what makes this fast: a
/// whole memoized rebuild still plans every page and compares every view (1.3 s on the
/// 10,000-item corpus), where this takes 0.18 s, most of it planning the other files again.
///
/// The result is exactly what a whole build at `now` would write: it is refused (nil) when the
/// clock has moved past an instant at which the output could change (`OutputValidity`), when a
/// file's front matter, links or diagnostics changed, or when there is no last build to start
/// from; `herald serve` then runs the whole rebuild. PreviewTests compares the two.
extension BuildMemo {
    /// What a rebuild after edits to bodies alone made: every page and file it made again (most
    /// with the bytes they had), and how many of each.
    public struct BodyEditRebuild: Sendable {
        public var files: [(path: String, bytes: Data)] = []
        public var pages = 0
        public var documents = 0
    }

    /// Rebuilds after edits to the content files `paths` (relative to the site folder), at `now`;
    /// nil when the edits are more than bodies or the last build cannot be built on.
    public func rebuildBodyEdits(_ paths: [String], fileSystem: FileSystem, now: Date) -> BodyEditRebuild? {
        guard !paths.isEmpty else { return nil }
        if let rebuilt = rebuildFromKeptSnapshot(paths, fileSystem: fileSystem, now: now) { return rebuilt }
        // Taken out while it is changed, so that its arrays (13,000 page jobs, 10,000 items) are
        // changed in place rather than copied first; put back, changed or not, before returning.
        guard
            var last = lastBuild.withLock({ state in
                defer { state = nil }
                return state
            })
        else { return nil }
        guard last.site.validity.holds(at: now), let edits = reparse(paths, last: last, fileSystem: fileSystem) else {
            lastBuild.withLock { $0 = last }
            return nil
        }
        var edited = Set<ItemID>()
        for edit in edits {
            if let index = last.allItems.firstIndex(where: { $0.sourcePath == edit.item.sourcePath }) {
                last.allItems[index].body = edit.item.body
            }
            // An item this build leaves out (a draft) is shown nowhere.
            guard let id = last.idOfSource[edit.item.sourcePath] else { continue }
            last.site.items[id].body = edit.item.body
            last.facts[id].readingMinutes = edit.item.body.statistics.readingMinutes
            edited.insert(id)
        }
        // Links to other items are resolved as the build resolves them; they are as they were (the
        // parse compared them), so they resolve as they did, with the same warnings.
        let rules = PublishingRules(
            now: last.options.now, includeDrafts: last.options.includeDrafts, includeFuture: last.options.includeFuture)
        _ = ContentLinkResolver(urls: last.urls, rules: rules).resolve(
            &last.site, allItems: last.allItems, only: edited)
        // So are its images of the site (the parse compared them too), from the last build's catalog.
        BodyImageResolver.resolve(&last.site, urls: last.urls, only: edited)
        AlertTitles.resolve(&last.site, strings: last.plan.theme.strings, only: edited)

        var result = BodyEditRebuild()
        if !edited.isEmpty, let siteView = last.plan.siteView {
            let changes = remakeViews(of: edited, last: &last, siteView: siteView)
            renderPages(showing: changes, last: &last, siteView: siteView, into: &result)
            remakeDocuments(reading: edited, last: &last, into: &result)
        }
        for edit in edits { parses.replaceCurrent(edit.item.sourcePath, edit.parse) }
        lastBuild.withLock { $0 = last }
        return result
    }

    /// The rebuild of a multilingual site, from the snapshot its last build kept in memory; nil
    /// when there is none (a site in one language), or the edits are more than bodies.
    private func rebuildFromKeptSnapshot(_ paths: [String], fileSystem: FileSystem, now: Date) -> BodyEditRebuild? {
        keptSnapshot.withLock { kept -> BodyEditRebuild? in
            guard kept != nil, let result = kept!.rebuild(paths, fileSystem: fileSystem, now: now) else { return nil }
            return BodyEditRebuild(files: result.files, pages: result.pages, documents: result.documents)
        }
    }

    /// Each file parsed again, when it is an item whose body alone may have changed: the same
    /// front matter, links and diagnostics as in the last build. Nil when any is more.
    private func reparse(
        _ paths: [String], last: LastBuild, fileSystem: FileSystem
    ) -> [(item: ContentItem, parse: Parse)]? {
        var edits: [(item: ContentItem, parse: Parse)] = []
        for path in paths {
            guard let edit = reparseBody(path, config: last.config, fileSystem: fileSystem), let stamp = edit.stamp,
                edit.outcome.diagnostics == edit.previous.outcome.diagnostics,
                edit.outcome.omittedHTMLLine == edit.previous.outcome.omittedHTMLLine,
                edit.outcome.plainCodeLine == edit.previous.outcome.plainCodeLine,
                edit.outcome.notPage == edit.previous.outcome.notPage
            else { return nil }
            edits.append((edit.item, Parse(stamp: stamp, outcome: edit.outcome)))
        }
        return edits
    }

    /// Each edited item's view with its new body, and its card and structured data made again
    /// as the planner makes them (from the view without them); the cards memo learns them.
    private func remakeViews(of edited: Set<ItemID>, last: inout LastBuild, siteView: SiteView) -> [ItemID: BodyChange]
    {
        let theme = last.plan.theme
        let dates = DateText(language: last.config.language, strings: theme.strings.table)
        let maker = ItemCard(theme: theme, site: siteView, strings: theme.strings)
        var changes: [ItemID: BodyChange] = [:]
        for id in edited.sorted() {
            let old = last.plan.itemViews[id]
            var view = old
            view.setBody(last.site.items[id].body, dates: dates)
            let plain = ItemCard.plain(view)
            view.card = maker.card(of: plain)
            view.jsonLD = ItemCard.jsonLD(of: id, site: last.site, facts: last.facts, urls: last.urls)
            cards.replaceCurrent(
                last.site.items[id].sourcePath,
                Card(
                    templates: templateKey(ThemeTemplate.card.rawValue), view: plain, site: siteView, card: view.card,
                    jsonLD: view.jsonLD))
            last.plan.itemViews[id] = view
            changes[id] = BodyChange(old: old, new: view, body: last.site.items[id].body)
        }
        return changes
    }

    /// Renders again every page that shows an edited item, and tells the pages memo.
    private func renderPages(
        showing changes: [ItemID: BodyChange], last: inout LastBuild, siteView: SiteView,
        into result: inout BodyEditRebuild
    ) {
        let theme = last.plan.theme
        let dates = DateText(language: last.config.language, strings: theme.strings.table)
        let maker = ItemCard(theme: theme, site: siteView, strings: theme.strings)
        let byURL = Dictionary(changes.values.map { ($0.url, $0) }, uniquingKeysWith: { first, _ in first })
        for index in last.plan.jobs.indices {
            // Changed in place: copying each of 13,000 contexts to look in it cost more than the rest.
            var shows = false
            for change in byURL.values {
                shows = change.apply(to: &last.plan.jobs[index].context, card: maker, dates: dates) || shows
            }
            guard shows else { continue }
            let job = last.plan.jobs[index]
            let bytes = Data(theme.render(job.template, job.context))
            pages.replaceCurrent(
                job.path,
                Page(templates: templateKey(job.template), template: job.template, context: job.context, bytes: bytes))
            result.files.append((job.path, bytes))
            result.pages += 1
        }
    }

    /// Plans the other files again from the model with the new bodies, and makes again those that
    /// read an edited body (or do not say whose they read); the documents memo learns them.
    private func remakeDocuments(reading edited: Set<ItemID>, last: inout LastBuild, into result: inout BodyEditRebuild)
    {
        let written = Set(last.documents.map(\.path))
        // Files a static file stands in for were not written, and are not now.
        let planned = Build.planDocuments(
            site: last.site, urls: last.urls, facts: last.facts, plan: last.plan, config: last.config
        )
        .filter { written.contains($0.path) }
        for file in planned where file.bodiesRead.map({ $0.contains(where: edited.contains) }) ?? true {
            let bytes = file.make()
            if let inputs = file.inputs { documents.replaceCurrent(file.path, Document(inputs: inputs, bytes: bytes)) }
            result.files.append((file.path, bytes))
            result.documents += 1
        }
        last.documents = planned
    }
}
