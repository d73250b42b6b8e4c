/// A footnote that cannot be shown as written: told as a warning at its line of the body.
public struct FootnoteProblem: Sendable, Equatable {
    /// What went wrong, for code to tell the problems apart (the message's wording is for people).
    public enum Kind: String, Sendable {
        /// `[^label]` with no `[^label]: …` anywhere in the body: it stays text.
        case undefinedReference = "footnote-undefined-reference"
        /// `[^label]: …` that no `[^label]` refers to: it is not shown.
        case unreferencedDefinition = "footnote-unreferenced-definition"
        /// A second `[^label]: …` for a label already defined: the first is the one shown.
        case repeatedDefinition = "footnote-repeated-definition"
        /// The reference past `Footnotes.mostReferences`: it and the ones after it stay text.
        case tooManyReferences = "footnote-too-many-references"
    }

    public var kind: Kind
    /// The label as written, without `[^` and `]`.
    public var label: String
    /// The body line (1-based) of the reference or definition.
    public var line: Int
    /// For a repeated definition, the body line of the first.
    public var firstLine: Int? = nil

    /// The problem with its lines moved by `offset` (from the body's lines to the file's).
    func moved(by offset: Int) -> FootnoteProblem {
        var moved = self
        moved.line += offset
        moved.firstLine = firstLine.map { $0 + offset }
        return moved
    }

    /// What the warning says.
    public var message: String {
        switch kind {
        case .undefinedReference:
            "footnote [^\(label)] has no definition, so it is shown as text: add a line `[^\(label)]: …` with the note"
        case .unreferencedDefinition:
            "footnote [^\(label)] is defined but never referred to, so it is not shown: add [^\(label)] where it belongs, or remove the definition"
        case .repeatedDefinition:
            "footnote [^\(label)] is defined again (first on line \(firstLine ?? line)); only the first definition is shown"
        case .tooManyReferences:
            "footnote reference [^\(label)] is past the \(NumberText.grouped(Footnotes.mostReferences)) a page may have, so it and the ones after it are shown as text"
        }
    }
}
