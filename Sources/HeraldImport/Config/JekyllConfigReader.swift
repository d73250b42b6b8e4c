import Foundation
import Herald
import Yams

/// Reads a Jekyll site's `_config.yml`.
enum JekyllConfigReader {
    /// Jekyll's named permalink styles and the patterns they stand for.
    static let styles: [String: String] = [
        "date": "/:categories/:year/:month/:day/:title:output_ext",
        "pretty": "/:categories/:year/:month/:day/:title/",
        "ordinal": "/:categories/:year/:y_day/:title:output_ext",
        "weekdate": "/:categories/:year/W:week/:short_day/:title:output_ext",
        "none": "/:categories/:title:output_ext",
    ]

    /// The configuration of the Jekyll site in `tree`.
    static func read(_ tree: SourceTree) -> OldSiteConfig {
        var config = OldSiteConfig(kind: .jekyll)
        config.taxonomies = [
            ("categories", "category", "Jekyll"), ("category", "category", "Jekyll"), ("tags", "tag", "Jekyll"),
            ("tag", "tag", "Jekyll"),
        ]
        // Jekyll always let raw HTML through (kramdown and CommonMark alike).
        config.unsafeHTML = Setting(value: true, origin: "Jekyll's Markdown")
        config.permalinks["posts"] = Setting(value: styles["date"]!, origin: "Jekyll's default (date)")
        var layers = ConfigLayers()
        let file = ["_config.yml", "_config.yaml"].first(where: tree.has) ?? "_config.yml"
        if tree.has(file) { layers.add(file, from: tree, into: &config) }
        readSite(layers, into: &config)
        readMarkdown(layers, into: &config)
        readAddresses(layers, into: &config)
        config.exclude = layers.value(["exclude"])?.node.texts ?? []
        config.include = layers.value(["include"])?.node.texts ?? []
        readDefaults(layers, into: &config)
        return config
    }

    /// A text setting at the top of `_config.yml`, with where it was found.
    static func setting(_ key: String, in layers: ConfigLayers) -> Setting<String>? {
        layers.text(key).map { Setting(value: $0.value, origin: $0.origin) }
    }

    /// The site's own settings: title, description, address (`url` and `baseurl` joined),
    /// language, zone, page size and author.
    static func readSite(_ layers: ConfigLayers, into config: inout OldSiteConfig) {
        config.title = setting("title", in: layers)
        config.description = setting("description", in: layers)
        let url = layers.text("url")
        let baseurl = layers.text("baseurl")
        if url != nil || baseurl != nil {
            var path = baseurl?.value ?? ""
            if !path.isEmpty, !path.hasPrefix("/") { path = "/" + path }
            let address = (url?.value ?? "").trimmingSuffix("/") + path
            config.baseURL = Setting(
                value: address.isEmpty ? "/" : address,
                origin: [url?.origin, baseurl?.origin].compactMap { $0 }.joined(separator: " and "))
        }
        config.language =
            setting("lang", in: layers) ?? setting("locale", in: layers) ?? setting("language", in: layers)
        config.timeZone = setting("timezone", in: layers)
        if let size = layers.text("paginate"), let count = Int(size.value), count > 0 {
            config.pageSize = Setting(value: count, origin: size.origin)
        }
        if let author = layers.value(["author"]) {
            let name =
                author.node.string ?? author.node.mapping.flatMap { ConfigLayers.entry("name", in: $0)?.1.string }
            if let name, !name.isEmpty { config.author = Setting(value: name, origin: author.origin) }
        }
    }

    /// How the old site rendered Markdown: code highlighting, heading IDs' prefix and emoji.
    static func readMarkdown(_ layers: ConfigLayers, into config: inout OldSiteConfig) {
        // Jekyll's `highlighter` (rouge, the default, or none) and kramdown's own setting for it.
        if let highlighter = layers.text("kramdown", "syntax_highlighter") ?? layers.text("highlighter") {
            let name = highlighter.value.lowercased()
            if ["none", "false", "nil", "null"].contains(name) {
                config.highlightOff = Setting(value: true, origin: highlighter.origin)
            } else {
                config.highlightStyle = Setting(value: highlighter.value, origin: highlighter.origin)
            }
        }
        // kramdown's prefix of automatic heading IDs: the old pages' anchors had it.
        if let prefix = layers.text("kramdown", "auto_id_prefix"), !prefix.value.isEmpty {
            config.headingIDPrefix = Setting(value: prefix.value, origin: prefix.origin)
        }
        // jemoji, GitHub Pages' emoji plugin, under `plugins:` (or `gems:`, its older name).
        for key in ["plugins", "gems"] {
            guard let plugins = layers.value([key]), plugins.node.texts.contains("jemoji") else { continue }
            config.emoji = Setting(value: true, origin: plugins.origin + " (the jemoji plugin)")
        }
    }

    /// The addresses: posts' `permalink` (a style's name or a pattern), then `collections:`, whose
    /// `posts` entry may set it again and whose other collections with output have their own.
    static func readAddresses(_ layers: ConfigLayers, into config: inout OldSiteConfig) {
        if let permalink = layers.text("permalink") {
            config.permalinks["posts"] = Setting(
                value: styles[permalink.value] ?? permalink.value, origin: permalink.origin)
        }
        guard let collections = layers.value(["collections"]) else { return }
        switch collections.node {
        case .mapping(let mapping):
            for (key, value) in mapping {
                guard let name = key.string, name != "posts" else {
                    if let pattern = value.mapping.flatMap({ ConfigLayers.entry("permalink", in: $0)?.1.string }) {
                        config.permalinks["posts"] = Setting(
                            value: styles[pattern] ?? pattern, origin: collections.origin)
                    }
                    continue
                }
                let settings = value.mapping
                let output = settings.flatMap { ConfigLayers.entry("output", in: $0)?.1.bool } ?? false
                guard output else { continue }
                let pattern = settings.flatMap { ConfigLayers.entry("permalink", in: $0)?.1.string }
                config.collections[name] = .some(pattern.map { styles[$0] ?? $0 })
            }
        case .sequence(let names):
            // A list of names: collections without output.
            _ = names
        default: break
        }
    }

    /// `defaults:`: the front matter values Jekyll gave the files of a folder or of a type.
    static func readDefaults(_ layers: ConfigLayers, into config: inout OldSiteConfig) {
        guard let defaults = layers.value(["defaults"]), case .sequence(let entries) = defaults.node else { return }
        for entry in entries {
            guard let mapping = entry.mapping else { continue }
            let scope = ConfigLayers.entry("scope", in: mapping)?.1.mapping
            let path = scope.flatMap { ConfigLayers.entry("path", in: $0)?.1.string } ?? ""
            let type = scope.flatMap { ConfigLayers.entry("type", in: $0)?.1.string }
            let values =
                ConfigLayers.entry("values", in: mapping)?.1.mapping.map { pairs in
                    pairs.map { ($0.key.string ?? "", $0.value) }
                } ?? []
            config.defaults.append(
                FrontMatterDefault(path: HugoConfigReader.trimmedFolder(path), type: type, values: values))
        }
    }
}
