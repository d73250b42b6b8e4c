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
    /// The keys a target under `publish:` understands.
    static let publishTargetKeys = ["to", "url", "endpoint", "region", "domain", "cacheControl"]

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
            guard var entry = section.mapping(name) else { continue }
            defer { section.absorb(entry) }
            warnAboutUnknownKeys(&entry, known: publishTargetKeys, section: "\(place.path).\(name)")
            // The name is typed on the command line (`herald publish staging`): keep it plain.
            if name.isEmpty || !name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) {
                entry.problems.error(
                    entry.path, line, "publish target '\(name)': a target's name has only letters, digits, '-' and '_'")
                continue
            }
            guard let to = entry.text("to") else {
                entry.problems.error(
                    entry.path, line, "publish target '\(name)' needs `to:`, e.g. to: s3://bucket/prefix")
                continue
            }
            var target: PublishTarget
            switch PublishAddress.parse(to) {
            case .success(let address): target = PublishTarget(name: name, address: address, line: line)
            case .failure(let problem):
                entry.problems.error(
                    entry.path, entry.line(of: entry.node("to")), "publish target '\(name)': \(problem.message)")
                continue
            }
            if let url = entry.text("url") {
                switch parseBaseURL(url) {
                case .success(let parsed) where parsed.host != nil: target.url = parsed
                default:
                    entry.problems.error(
                        entry.path, entry.line(of: entry.node("url")),
                        "publish target '\(name)': url '\(url)' must be an absolute http(s) URL such as https://example.org/union/"
                    )
                }
            }
            if let endpoint = entry.text("endpoint") {
                if let parsed = URL(string: endpoint), ["http", "https"].contains(parsed.scheme ?? ""),
                    parsed.host != nil
                {
                    target.endpoint = endpoint
                } else {
                    entry.problems.error(
                        entry.path, entry.line(of: entry.node("endpoint")),
                        "publish target '\(name)': endpoint '\(endpoint)' must be an http(s) URL")
                }
            }
            target.region = entry.text("region")
            if let domain = entry.text("domain") {
                if domain.contains("/") || domain.contains(":") || domain.contains(" ") || !domain.contains(".") {
                    entry.problems.error(
                        entry.path, entry.line(of: entry.node("domain")),
                        "publish target '\(name)': domain '\(domain)' must be a host name such as union.example.edu")
                } else {
                    target.domain = domain
                }
            }
            let cacheControl = SiteConfigKey<PublishTarget>.section("cacheControl", \.cacheControl, cacheControlKeys)
            cacheControl.read(
                &entry, .init(name: cacheControl.name, path: "\(place.path).\(name).\(cacheControl.name)"), &target)
            let domainOnlyForGit: Bool = {
                if case .git = target.address { return false }
                return target.domain != nil
            }()
            if domainOnlyForGit {
                entry.problems.warning(
                    entry.path, entry.line(of: entry.node("domain")),
                    "publish target '\(name)': domain is only used by git targets (for CNAME) and is ignored here")
            }
            targets.append(target)
        }
        reader.absorb(section)
        return targets
    }
}
