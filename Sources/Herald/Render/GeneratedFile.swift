import Foundation

/// A file Herald writes that is not a template page: a feed, a JSON document, the sitemap.
/// Its bytes are made when the file is written, in parallel with the pages.
public struct GeneratedFile: Sendable {
    /// The output path (`feed.xml`, `api/home.json`).
    public var path: String
    /// What makes the file, named in collision messages.
    public var owner: String
    /// Whether a file of the same path in `static/` may replace it (`robots.txt`, `_redirects`).
    public var replaceableByStatic = false
    /// The content file and line that asked for it (an alias), named when its path clashes.
    public var source: (path: String, line: Int)? = nil
    /// The old address it redirects from, as written in `aliases:`, for a redirect page.
    public var alias: String? = nil
    /// Makes the bytes.
    public var make: @Sendable () -> Data
    /// Everything `make` reads, when the planner names it: a rebuild with a `BuildMemo` reuses the
    /// bytes while the inputs are equal.
    var inputs: Inputs? = nil
    /// The items whose bodies (their HTML, reading time) `make` reads, when the planner names them;
    /// nil when it may read any. `herald serve`'s rebuild after edits to bodies alone remakes
    /// only the files that read an edited body, and those that do not say (BodyEditRebuild).
    var bodiesRead: [ItemID]? = nil
    /// Whether the file is a document of the whole site that takes long to make (the search
    /// index, the sitemap, the events calendars). Such files are written first, so that none is
    /// left making alone on one core at the end of the step: the search index, last, was 35 ms
    /// of one idle core on the 10,000-item corpus.
    var isLarge = false

    /// A file made from `inputs` alone.
    init<Value: Equatable & Sendable>(
        path: String, owner: String, inputs: Value, make: @escaping @Sendable (Value) -> Data
    ) {
        self.path = path
        self.owner = owner
        self.inputs = Inputs(value: inputs)
        self.make = { make(inputs) }
    }

    /// A file whose `make` reads more than it is given, with `inputs` standing for all it reads.
    init<Value: Equatable & Sendable>(
        path: String, owner: String, madeFrom inputs: Value, make: @escaping @Sendable () -> Data
    ) {
        self.path = path
        self.owner = owner
        self.inputs = Inputs(value: inputs)
        self.make = make
    }

    init(path: String, owner: String, replaceableByStatic: Bool = false, make: @escaping @Sendable () -> Data) {
        self.path = path
        self.owner = owner
        self.replaceableByStatic = replaceableByStatic
        self.make = make
    }

    /// The file, saying whose bodies it reads (see `bodiesRead`): none, for most.
    func readingBodies(of items: [ItemID] = []) -> GeneratedFile {
        var file = self
        file.bodiesRead = items
        return file
    }

    /// The file, marked as large (see `isLarge`).
    func large() -> GeneratedFile {
        var file = self
        file.isLarge = true
        return file
    }

    /// A generated file's inputs, compared as a whole (equal when of the same type and equal).
    struct Inputs: Sendable, Equatable {
        let value: any Equatable & Sendable

        static func == (a: Inputs, b: Inputs) -> Bool { a.value.isEqual(to: b.value) }
    }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: any Equatable) -> Bool { (other as? Self) == self }
}
