import Foundation
import Herald

/// The generator that built the site being imported.
public enum OldSiteKind: String, Sendable, CaseIterable {
    case hugo, jekyll

    /// Hugo's configuration files, at the site's root or in `config/_default/`.
    static let hugoConfigNames = [
        "hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json", "config.toml", "config.yaml", "config.yml", "config.json",
    ]
    /// Jekyll's configuration file.
    static let jekyllConfigName = "_config.yml"

    /// What the detection looks for, for the message when a folder is neither kind of site.
    static let lookedFor =
        "a Hugo site has \(hugoConfigNames.joined(separator: ", ")) or config/_default/; a Jekyll site has _config.yml (or _config.yaml) or a _posts folder"

    /// The kind of site in `files` (every file of the folder, relative), or nil when it is neither.
    /// A folder with both configurations is taken for Hugo when it has a `content/` folder.
    static func detect(files: [String]) -> OldSiteKind? {
        let top = Set(files.filter { !$0.contains("/") })
        let hugo = hugoConfigNames.contains { top.contains($0) } || files.contains { $0.hasPrefix("config/_default/") }
        let jekyll =
            top.contains("_config.yml") || top.contains("_config.yaml") || files.contains { $0.hasPrefix("_posts/") }
        switch (hugo, jekyll) {
        case (true, true): return files.contains { $0.hasPrefix("content/") } ? .hugo : .jekyll
        case (true, false): return .hugo
        case (false, true): return .jekyll
        case (false, false): return nil
        }
    }
}
