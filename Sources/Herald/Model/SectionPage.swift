/// A section's own page (`content/news/_index.md`, as in Hugo): its title and text head the
/// section's list page instead of being an item.
public struct SectionPage: Sendable, Equatable {
    /// The file it came from.
    public var sourcePath: String
    /// The list page's title, when the file gives one.
    public var title: String?
    /// A sentence or two under the title: `description`/`summary`, else the body's first paragraph.
    public var description: String?
    /// The whole body as HTML, for templates that show it.
    public var html: String
    /// Old addresses of the list (`aliases:`, e.g. Hugo's `/posts/` for Herald's `/news/`), each
    /// redirected to it.
    public var aliases: [TermReference] = []
}
