import Foundation

extension PublishAddress {
    /// Reads a publish address:
    /// - `s3://bucket` or `s3://bucket/prefix`;
    /// - `git:<remote name, URL or path>#<branch>` (the branch defaults to `gh-pages`);
    /// - `rsync:<destination>`, or `[user@]host:/path` (rsync over SSH);
    /// - anything else without a `scheme://` is a folder on this machine.
    public static func parse(_ text: String) -> Result<PublishAddress, InputProblem> {
        let text = text.trimmingCharacters(in: .whitespaces)
        func problem(_ message: String) -> Result<PublishAddress, InputProblem> {
            .failure(InputProblem(message: "'\(text)' \(message)"))
        }
        if text.isEmpty { return .failure(InputProblem(message: "the publish address is empty")) }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return problem("holds a control character")
        }
        if text.lowercased().hasPrefix("s3://") {
            let rest = text.dropFirst(5)
            let bucket = String(rest.prefix { $0 != "/" })
            let prefix = rest.dropFirst(bucket.count).split(separator: "/").joined(separator: "/")
            // S3's own rule for bucket names (3 to 63 lowercase letters, digits, dots and hyphens).
            guard (3...63).contains(bucket.count),
                bucket.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "." || $0 == "-") }),
                bucket.first?.isLetter == true || bucket.first?.isNumber == true
            else {
                return problem(
                    "does not name a bucket: an S3 bucket name has 3 to 63 lowercase letters, digits, dots and hyphens")
            }
            if prefix.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) {
                return problem("has '.' or '..' in its prefix")
            }
            return .success(.s3(bucket: bucket, prefix: prefix))
        }
        if text.hasPrefix("git:") {
            let rest = text.dropFirst(4)
            let repository = String(rest.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
            let branch =
                rest.contains("#")
                ? String(rest.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[1]) : "gh-pages"
            if repository.isEmpty {
                return problem(
                    "names no repository: write git:origin#gh-pages, git:/path/to/repo.git#pages or git:https://…#gh-pages"
                )
            }
            if !isBranchName(branch) { return problem("does not end in a branch name such as #gh-pages") }
            return .success(.git(repository: repository, branch: branch))
        }
        if text.hasPrefix("rsync:") {
            let destination = String(text.dropFirst(6))
            if destination.isEmpty {
                return problem("names no destination: write rsync:/srv/www/union or user@host:/srv/www/union")
            }
            return .success(.rsync(destination: destination))
        }
        if let scheme = text.range(of: "://") {
            return problem(
                "is not a publish address (\(text[..<scheme.lowerBound]):// is not one herald publishes to); use a folder, user@host:/path, git:<repository>#<branch> or s3://bucket/prefix"
            )
        }
        if isHostPath(text), let colon = text.firstIndex(of: ":") {
            if text[text.index(after: colon)...].isEmpty {
                return problem("names a host but no folder: write \(text)/srv/www/union")
            }
            return .success(.rsync(destination: text))
        }
        return .success(.folder(path: text))
    }

    /// Whether `text` is in the remote form of rsync, scp and git (`host:path`, `user@host:path`):
    /// a colon before any slash.
    public static func isHostPath(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
        return !text[..<colon].contains("/")
    }

    /// A plausible git branch name (git itself checks the rest when pushing).
    static func isBranchName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix("-") && !name.hasPrefix("/") && !name.hasSuffix("/")
            && !name.hasSuffix(".lock")
            && !name.contains("..") && !name.contains("//") && !name.contains("@{")
            && name.unicodeScalars.allSatisfy {
                $0.value > 0x20 && $0.value != 0x7F && !"~^:?*[\\".unicodeScalars.contains($0)
            }
    }
}

extension SiteConfigParser {
    /// One target under `publish:` as it is read: its name and line, and the target once `to:`
    /// gave it an address (nil while it has none: nothing more of it is read or kept).
    struct PublishTargetEntry {
        let name: String
        let line: Int
        var target: PublishTarget?
    }

    /// The keys of a target under `publish:`, each declared once, in the order they are read:
    /// `to:` first, since the target is made from it.
    static var publishTargetKeys: [SiteConfigKey<PublishTargetEntry>] {
        [
            publishToKey, publishURLKey, publishEndpointKey,
            SiteConfigKey("region") { reader, place, entry in entry.target?.region = reader.text(place.name) },
            publishDomainKey,
            publishCacheControlKey,
        ]
    }

    /// The keys of a target's `cacheControl:`, each a `Cache-Control` header's value.
    static var cacheControlKeys: [SiteConfigKey<CacheControlPolicy>] {
        [
            ("pages", \CacheControlPolicy.pages), ("assets", \CacheControlPolicy.assets),
            ("fingerprinted", \CacheControlPolicy.fingerprinted),
        ].map { key, field in
            SiteConfigKey(key) { cache, place, policy in
                policy[keyPath: field] = cache.text(place.name) ?? policy[keyPath: field]
            }
        }
    }

    /// Reads `publish:`: a mapping from each target's name to its settings.
    ///
    ///     publish:
    ///       production:
    ///         to: s3://union-site/cs
    ///         url: https://union.example.edu/cs/
    ///         endpoint: https://oss-cn-hangzhou.aliyuncs.com
    static func readPublishTargets(
        _ reader: inout YAMLReader, _ place: SiteConfigKey<SiteConfig>.Place
    ) -> [PublishTarget] {
        guard reader.hasValue(place.name) else { return [] }
        guard var section = reader.mapping(place.name) else { return [] }
        var targets: [PublishTarget] = []
        for (name, line) in section.keys {
            guard var fields = section.mapping(name) else { continue }
            defer { section.absorb(fields) }
            // The name is typed on the command line (`herald publish staging`): keep it plain.
            if name.isEmpty || !name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) {
                warnAboutUnknownKeys(&fields, known: publishTargetKeys.map(\.name), section: "\(place.path).\(name)")
                fields.problems.error(
                    fields.path, line, "publish target '\(name)': a target's name has only letters, digits, '-' and '_'"
                )
                continue
            }
            var entry = PublishTargetEntry(name: name, line: line)
            SiteConfigKey.read(&fields, by: publishTargetKeys, into: &entry, section: "\(place.path).\(name)")
            guard let target = entry.target else { continue }
            if !target.address.isGit, target.domain != nil {
                fields.problems.warning(
                    fields.path, fields.line(of: fields.node("domain")),
                    "publish target '\(name)': domain is only used by git targets (for CNAME) and is ignored here")
            }
            targets.append(target)
        }
        reader.absorb(section)
        return targets
    }

    /// `cacheControl:`, a section of its own read into the target.
    private static var publishCacheControlKey: SiteConfigKey<PublishTargetEntry> {
        let section = SiteConfigKey<PublishTarget>.section("cacheControl", \.cacheControl, cacheControlKeys)
        return SiteConfigKey(section.name, nested: section.nested) { reader, place, entry in
            guard var target = entry.target else { return }
            section.read(&reader, .init(name: place.name, path: place.path), &target)
            entry.target = target
        }
    }

    private static var publishToKey: SiteConfigKey<PublishTargetEntry> {
        SiteConfigKey("to") { reader, place, entry in
            guard let to = reader.text(place.name) else {
                reader.problems.error(
                    reader.path, entry.line, "publish target '\(entry.name)' needs `to:`, e.g. to: s3://bucket/prefix")
                return
            }
            switch PublishAddress.parse(to) {
            case .success(let address):
                entry.target = PublishTarget(name: entry.name, address: address, line: entry.line)
            case .failure(let problem):
                reader.problems.error(
                    reader.path, reader.line(of: reader.node(place.name)),
                    "publish target '\(entry.name)': \(problem.message)")
            }
        }
    }

    private static var publishURLKey: SiteConfigKey<PublishTargetEntry> {
        SiteConfigKey("url") { reader, place, entry in
            guard entry.target != nil, let url = reader.text(place.name) else { return }
            switch parseBaseURL(url) {
            case .success(let parsed) where parsed.host != nil: entry.target?.url = parsed
            default:
                reader.problems.error(
                    reader.path, reader.line(of: reader.node(place.name)),
                    "publish target '\(entry.name)': url '\(url)' must be an absolute http(s) URL such as https://example.org/union/"
                )
            }
        }
    }

    private static var publishEndpointKey: SiteConfigKey<PublishTargetEntry> {
        SiteConfigKey("endpoint") { reader, place, entry in
            guard entry.target != nil, let endpoint = reader.text(place.name) else { return }
            if let parsed = URL(string: endpoint), ["http", "https"].contains(parsed.scheme ?? ""), parsed.host != nil {
                entry.target?.endpoint = endpoint
            } else {
                reader.problems.error(
                    reader.path, reader.line(of: reader.node(place.name)),
                    "publish target '\(entry.name)': endpoint '\(endpoint)' must be an http(s) URL")
            }
        }
    }

    private static var publishDomainKey: SiteConfigKey<PublishTargetEntry> {
        SiteConfigKey("domain") { reader, place, entry in
            guard entry.target != nil, let domain = reader.text(place.name) else { return }
            if domain.contains("/") || domain.contains(":") || domain.contains(" ") || !domain.contains(".") {
                reader.problems.error(
                    reader.path, reader.line(of: reader.node(place.name)),
                    "publish target '\(entry.name)': domain '\(domain)' must be a host name such as union.example.edu")
            } else {
                entry.target?.domain = domain
            }
        }
    }
}
