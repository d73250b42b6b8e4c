import Foundation

/// Where `herald publish` puts a built site: given as `--to` or as a `publish:` target's `to:`.
public enum PublishAddress: Sendable, Equatable, CustomStringConvertible {
    /// A folder on this machine (`/srv/www/union`), synced by writing beside it and swapping.
    case folder(path: String)
    /// An rsync destination: `user@host:/path` over SSH, or `rsync:/local/path`.
    case rsync(destination: String)
    /// A branch of a git repository (a remote's name, a URL or a path), replaced by one commit.
    case git(repository: String, branch: String)
    /// A prefix in an S3-compatible bucket (`prefix` has no leading or trailing `/`; it may be empty).
    case s3(bucket: String, prefix: String)

    /// Whether the address is a git branch (the only kind a `domain:` is written for).
    public var isGit: Bool {
        if case .git = self { return true }
        return false
    }

    /// The address as a user would write it.
    public var description: String {
        switch self {
        case .folder(let path): return path
        case .rsync(let destination): return destination.contains(":") ? destination : "rsync:" + destination
        case .git(let repository, let branch): return "git:\(repository)#\(branch)"
        case .s3(let bucket, let prefix): return "s3://\(bucket)" + (prefix.isEmpty ? "" : "/" + prefix)
        }
    }
}

/// A place to publish to, from `publish:` in `site.yml` (or made from `--to` alone).
public struct PublishTarget: Sendable, Equatable {
    /// The target's name in `site.yml` (`herald publish <name>`); `--to` for one given on the command line.
    public var name: String
    /// Where the files go.
    public var address: PublishAddress
    /// The address readers reach the published site at; a build with another `baseURL` is refused.
    public var url: URL?
    /// An S3-compatible service's endpoint (`https://oss-cn-hangzhou.aliyuncs.com`), for S3 targets.
    public var endpoint: String?
    /// The bucket's region, for S3 targets (otherwise the AWS client's own configuration decides).
    public var region: String?
    /// The custom domain written to `CNAME` on a git branch (GitHub, Gitee and GitLab Pages).
    public var domain: String?
    /// The `Cache-Control` header of each kind of file, for S3 targets.
    public var cacheControl: CacheControlPolicy
    /// The line of `site.yml` the target is declared on (1 for one given with `--to`).
    public var line: Int

    /// A target with no settings but its address.
    public init(
        name: String, address: PublishAddress, url: URL? = nil, endpoint: String? = nil, region: String? = nil,
        domain: String? = nil, cacheControl: CacheControlPolicy = CacheControlPolicy(), line: Int = 1
    ) {
        self.name = name
        self.address = address
        self.url = url
        self.endpoint = endpoint
        self.region = region
        self.domain = domain
        self.cacheControl = cacheControl
        self.line = line
    }
}

/// How long browsers and CDNs may keep each kind of file (`cacheControl:` of a target).
public struct CacheControlPolicy: Sendable, Equatable {
    /// Pages, feeds, calendars, the API, and stylesheets and scripts without a fingerprint (which
    /// pages depend on): their address stays while their content changes, so it is short, and a
    /// correction reaches readers within minutes.
    public var pages = "public, max-age=300"
    /// Files whose name carries a hash of their content (`assets/herald.3f2a9c1b07.css`): a new
    /// version gets a new name, so the old one can be kept for a year.
    public var fingerprinted = "public, max-age=31536000, immutable"
    /// Other static files (images, downloads), which change rarely and keep their name when they do.
    public var assets = "public, max-age=86400"

    /// The defaults.
    public init() {}
}
