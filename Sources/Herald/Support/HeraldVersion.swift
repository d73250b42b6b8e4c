/// Herald's version and where its releases are published: the one place both are known.
///
/// `current` is generated from the repository's VERSION file at build time (the EmbedVersion
/// plugin), so the binary, the packages `make dist` makes and the CI workflows that
/// `herald new site --ci` writes always agree.
public enum HeraldVersion {
    /// The page that lists Herald's releases, each with its Debian package and tarball.
    public static let releasesURL = "https://github.com/herald-ssg/herald/releases"

    /// The Debian package's file name for a version, as `make dist` names it.
    public static func debianPackageName(version: String = current) -> String {
        "herald_\(version)_amd64.deb"
    }

    /// Where a released version's Debian package is downloaded from.
    public static func debianPackageURL(version: String = current) -> String {
        "\(releasesURL)/download/v\(version)/\(debianPackageName(version: version))"
    }
}
