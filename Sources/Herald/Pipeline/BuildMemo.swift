import Foundation
import Synchronization

/// What a build keeps for the next one in the same process (`herald serve`), so that a rebuild
/// redoes only work whose inputs changed: a file's parse while the file's stamp is the same, an
/// item's card and structured data while its view is the same, a page's bytes while its template
/// and view are the same, and a document's bytes while its inputs are the same.
///
/// Every entry is reused only when everything its output is made from compares equal (and the
/// site's settings and the theme's templates are those it was made with), so a build with a memo
/// writes exactly what a build without one writes; PreviewTests checks this after edits,
/// additions, renames and deletions. A successful build keeps only the entries it used.
public final class BuildMemo: Sendable {
    /// A parsed file and the stamp the file had when it was read.
    struct Parse: Sendable {
        var stamp: FileStamp
        var outcome: ItemParser.Outcome
    }

    /// An item's card and JSON-LD, and the views and templates they were made from.
    struct Card: Sendable {
        var templates: Int
        var view: ItemView
        var site: SiteView
        var card: String
        var jsonLD: String?
    }

    /// A page's bytes and what they were rendered from.
    struct Page: Sendable {
        /// The dependency key of its template (see `Theme.dependencyKeys`).
        var templates: Int
        var template: String
        var context: PageContext
        var bytes: Data
    }

    /// A generated document's bytes and the inputs they were made from.
    struct Document: Sendable {
        var inputs: GeneratedFile.Inputs
        var bytes: Data
    }

    let parses = MemoTable<Parse>()
    let cards = MemoTable<Card>()
    let pages = MemoTable<Page>()
    let documents = MemoTable<Document>()
    /// The current build's template dependency keys.
    let templateKeys = Locked<[String: Int]>([:])
    /// The settings of the last successful build and the theme its pages were rendered with (site
    /// partials fixed), for `quickPage`.
    let renderSetup = Locked<(config: SiteConfig, theme: Theme)?>(nil)
    /// The settings and templates the entries were made with.
    private let madeWith = Locked<SiteConfig?>(nil)
    /// The last successful build's model and plans, for a rebuild after edits to bodies alone.
    let lastBuild = Locked<LastBuild?>(nil)
    /// Of a multilingual site, the last successful build's snapshot instead, for the same.
    let keptSnapshot = Locked<KeptSnapshot?>(nil)

    public init() {}

    /// Starts a build: forgets parses made with other settings, and renderings made with other templates.
    func begin(config: SiteConfig) {
        // Whatever this build changes, the last one's model no longer stands for the site.
        lastBuild.withLock { $0 = nil }
        keptSnapshot.withLock { $0 = nil }
        let same = madeWith.withLock { state in
            defer { state = config }
            return state == config
        }
        if !same { parses.clear() }
        for table in [parses.erased, cards.erased, pages.erased, documents.erased] { table.startNext() }
    }

    /// Takes the theme's template dependency keys for this build: renderings made with a
    /// template whose key changed are not reused.
    func use(_ theme: Theme) {
        let keys = theme.dependencyKeys()
        templateKeys.withLock { $0 = keys }
    }

    /// The current build's dependency key of a template (0 for one that does not exist).
    func templateKey(_ name: String) -> Int { templateKeys.withLock { $0[name] ?? 0 } }

    /// A generated document's bytes: kept from the last build while its inputs are the same.
    func document(_ file: GeneratedFile) -> Data {
        guard let inputs = file.inputs else { return file.make() }
        if let previous = documents.lookup(file.path), previous.inputs == inputs {
            documents.keep(file.path, previous, reused: true)
            return previous.bytes
        }
        let bytes = file.make()
        documents.keep(file.path, Document(inputs: inputs, bytes: bytes), reused: false)
        return bytes
    }

    /// Ends a successful build: what it used is what the next build may reuse.
    func finish() {
        for table in [parses.erased, cards.erased, pages.erased, documents.erased] { table.promoteNext() }
    }

    /// How many outputs the last build reused.
    public struct Reuse: Sendable, CustomStringConvertible {
        public var parses = 0, cards = 0, pages = 0, documents = 0
        public var description: String {
            "reused \(parses) parses, \(cards) cards, \(pages) pages, \(documents) documents"
        }
    }
    /// The output paths the last successful build reused unchanged (pages and documents).
    public var reusedOutputs: Set<String> { pages.hitKeys.union(documents.hitKeys) }

    /// What the last successful build reused.
    public var reused: Reuse {
        Reuse(parses: parses.hits, cards: cards.hits, pages: pages.hits, documents: documents.hits)
    }
}

/// One kind of memo entry by key: the entries of the last successful build, and those the
/// current build has used or made so far.
final class MemoTable<Value: Sendable>: @unchecked Sendable {
    // An NSLock guards the state rather than Synchronization.Mutex, which the thread sanitizer
    // cannot see through in debug builds: `swift test --sanitize=thread` reported every access
    // to a Mutex-held dictionary as a race. Every access below holds the lock.
    private let lock = NSLock()
    private var state: (current: [String: Value], next: [String: Value], hits: Set<String>, nextHits: Set<String>) = (
        [:], [:], [], []
    )

    /// The last build's entry for `key`.
    func lookup(_ key: String) -> Value? { lock.withLock { state.current[key] } }

    /// Keeps an entry for the next build; `reused` counts it as a hit.
    func keep(_ key: String, _ value: Value, reused: Bool) {
        lock.withLock {
            state.next[key] = value
            if reused { state.nextHits.insert(key) }
        }
    }

    /// Hits of the last successful build.
    var hits: Int { lock.withLock { state.hits.count } }
    /// The keys of those hits.
    var hitKeys: Set<String> { lock.withLock { state.hits } }

    func clear() { lock.withLock { state.current = [:] } }

    /// Replaces the last build's entry between builds, for what a rebuild after an edit to
    /// bodies alone (BodyEditRebuild) made in its stead.
    func replaceCurrent(_ key: String, _ value: Value) { lock.withLock { state.current[key] = value } }

    /// Type-erased start and end of a build, to treat every table alike.
    var erased: (startNext: () -> Void, promoteNext: () -> Void) {
        (
            {
                self.lock.withLock {
                    self.state.next = [:]
                    self.state.nextHits = []
                }
            },
            { self.lock.withLock { self.state = (self.state.next, [:], self.state.nextHits, []) } }
        )
    }
}

extension BuildMemo: RenderCache {
    func card(
        source: String, view: ItemView, site: SiteView, make: () -> (card: String, jsonLD: String?)
    ) -> (card: String, jsonLD: String?) {
        let templates = templateKey(ThemeTemplate.card.rawValue)
        if let previous = cards.lookup(source), previous.templates == templates, previous.view == view,
            previous.site == site
        {
            cards.keep(source, previous, reused: true)
            return (previous.card, previous.jsonLD)
        }
        let made = make()
        cards.keep(
            source, Card(templates: templates, view: view, site: site, card: made.card, jsonLD: made.jsonLD),
            reused: false)
        return made
    }

    func page(path: String, template: String, context: PageContext, make: () -> Data) -> Data {
        let templates = templateKey(template)
        if let previous = pages.lookup(path), previous.templates == templates, previous.template == template,
            previous.context == context
        {
            pages.keep(path, previous, reused: true)
            return previous.bytes
        }
        let bytes = make()
        pages.keep(path, Page(templates: templates, template: template, context: context, bytes: bytes), reused: false)
        return bytes
    }
}
