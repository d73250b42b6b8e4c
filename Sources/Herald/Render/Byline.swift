/// One author of an item, as bylines, feeds and structured data name them: the name, and the
/// path of their page (their term's, in a taxonomy that reads the author key) where they have one.
struct Byline: Sendable, Hashable {
    var name: String
    var path: String?
}
