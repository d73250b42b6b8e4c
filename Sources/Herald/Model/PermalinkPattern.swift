import Foundation

/// A permalink pattern such as `/blog/:year/:month/:day/:slug/`, checked when site.yml is read.
public struct PermalinkPattern: Sendable, Equatable {
    /// One piece of a pattern.
    public enum Piece: Sendable, Equatable {
        case literal(String)
        case year, month, day, slug, section, category, categories, fileName, slugOrFileName
    }

    /// The pattern as written.
    public var text: String
    /// Its pieces, in order.
    public let pieces: [Piece]
    /// Whether it is a section (or none) and the slug in a folder, Herald's own layout, which
    /// needs no date, no categories and no clean-up.
    let isDefault: Bool

    /// A pattern of these pieces.
    init(text: String, pieces: [Piece]) {
        self.text = text
        self.pieces = pieces
        if pieces.count == 3, pieces[1] == .slug, pieces[2] == .literal("/"), case .literal(let prefix) = pieces[0] {
            isDefault =
                prefix.hasPrefix("/") && prefix.hasSuffix("/") && !prefix.contains(".") && !prefix.contains("//")
        } else {
            isDefault = false
        }
    }

    /// The tokens a pattern may use, and what each stands for (docs/content.md lists them).
    public static let tokens: [(name: String, piece: Piece)] = [
        ("year", .year), ("month", .month), ("day", .day), ("slugorfilename", .slugOrFileName), ("slug", .slug),
        ("title", .slug),
        ("section", .section), ("categories", .categories), ("category", .category), ("filename", .fileName),
    ]

    /// Reads a pattern; the problem names the first unknown token.
    public static func parse(_ text: String) -> Result<PermalinkPattern, InputProblem> {
        var pieces: [Piece] = []
        var literal = ""
        var scalars = Substring(text.trimmed())
        while let first = scalars.first {
            if first == ":" {
                let name = scalars.dropFirst().prefix { $0.isLetter || $0 == "_" }
                guard let token = tokens.first(where: { $0.name == name }) else {
                    let known = tokens.map { ":" + $0.name }.joined(separator: ", ")
                    return .failure(
                        InputProblem(message: "permalink '\(text)' has the unknown token ':\(name)'; use \(known)"))
                }
                if !literal.isEmpty { pieces.append(.literal(literal)) }
                literal = ""
                pieces.append(token.piece)
                scalars = scalars.dropFirst(1 + name.count)
            } else {
                literal.append(first)
                scalars = scalars.dropFirst()
            }
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        guard pieces.contains(.slug) || pieces.contains(.fileName) || pieces.contains(.slugOrFileName) else {
            return .failure(
                InputProblem(
                    message: "permalink '\(text)' must contain :slug (or :filename), or two items would share one page")
            )
        }
        if text.contains("?") || text.contains("#") || text.contains(" ") {
            return .failure(InputProblem(message: "permalink '\(text)' must not contain spaces, ? or #"))
        }
        return .success(PermalinkPattern(text: text, pieces: pieces))
    }

    /// Herald's own layout: `/news/:slug/`, `/events/:slug/`, `/:slug/`.
    public static func defaultPattern(for kind: ContentKind) -> PermalinkPattern {
        let section = kind.urlSection.map { [Piece.literal("/\($0)/")] } ?? [.literal("/")]
        return PermalinkPattern(
            text: (kind.urlSection.map { "/\($0)" } ?? "") + "/:slug/", pieces: section + [.slug, .literal("/")])
    }

    /// Whether the pattern needs the item's date.
    public var usesDate: Bool { pieces.contains { $0 == .year || $0 == .month || $0 == .day } }
    /// Whether the pattern needs the item's categories.
    var usesCategories: Bool { pieces.contains { $0 == .category || $0 == .categories } }
    /// The path of a default pattern: its section and the slug.
    func fill(slug: String) -> String {
        guard case .literal(let prefix) = pieces[0] else { return slug + "/" }
        return String(prefix.dropFirst()) + slug + "/"
    }

    /// The output path for an item; `fileName` is its file's name without extension (a bundle's:
    /// its folder's), date and all, which Hugo's URLs keep when no slug is written.
    func fill(
        slug: String, section: String, day: CivilDateTime, categories: [String], fileName: String = "",
        slugWritten: Bool = false
    ) -> String {
        var path = ""
        for piece in pieces {
            switch piece {
            case .literal(let text): path += text
            case .year: path += day.year.padded(4)
            case .month: path += day.month.padded(2)
            case .day: path += day.day.padded(2)
            case .slug: path += slug
            case .section: path += section
            case .category: path += categories.first ?? ""
            case .categories: path += categories.joined(separator: "/")
            case .fileName: path += fileName
            case .slugOrFileName: path += slugWritten ? slug : fileName
            }
        }
        return URLLayout.sitePath(path)
    }
}
