/// What a body's parse found that only the item's parser reads: the links and images it files
/// with the item (at the file's lines), the headings its table of contents is made from, and the
/// problems it tells. `ItemParser` takes them out of the body (`RenderedMarkdown.findings` is
/// then nil), because an item is copied many times over a build (sorted, paged, filed under
/// terms) and each copy retains every array it holds, read or not.
public struct MarkdownFindings: Sendable, Equatable {
    /// Links to other content files, in order; each `href` is `ContentLink.marker(firstIndex + i)`
    /// until the site model resolves it. Lines are the body's.
    public var contentLinks: [ContentLink] = []
    /// Images of the site the body shows, in order; each `src` is `BodyImage.marker(i)` until
    /// `BodyImageResolver` makes it a `<picture>`. Lines are the body's.
    public var bodyImages: [BodyImage] = []
    /// What the footnotes could not show as written, each a warning (lines are the body's).
    public var footnoteProblems: [FootnoteProblem] = []
    /// Footnote problems past `Footnotes.mostProblems`, counted only.
    public var footnoteProblemsLeftOut = 0
    /// The body's headings, each with its ID, in order (for a table of contents); empty when
    /// heading IDs are off.
    public var headings: [HeadingAnchors.Heading] = []
    /// Problems with headings' `{#id}`s, at body lines.
    public var headingProblems: [HeadingAnchors.Problem] = []
    /// Fence options highlighting could not use, and code left plain for want of Pygments.
    public var codeBlocks = CodeBlockReport()
}

extension RenderedMarkdown {
    /// The findings' parts, empty once taken (tests and fuzz targets read a render's).
    public var contentLinks: [ContentLink] { findings?.contentLinks ?? [] }
    public var bodyImages: [BodyImage] { findings?.bodyImages ?? [] }
    public var footnoteProblems: [FootnoteProblem] { findings?.footnoteProblems ?? [] }
    public var footnoteProblemsLeftOut: Int { findings?.footnoteProblemsLeftOut ?? 0 }
    public var headings: [HeadingAnchors.Heading] { findings?.headings ?? [] }
    public var headingProblems: [HeadingAnchors.Problem] { findings?.headingProblems ?? [] }
    public var codeBlocks: CodeBlockReport { findings?.codeBlocks ?? CodeBlockReport() }

    /// The findings, taken out of the body.
    mutating func takeFindings() -> MarkdownFindings {
        defer { findings = nil }
        return findings ?? MarkdownFindings()
    }
}
