import Foundation

/// Files on a target that Herald never deletes when it did not publish them itself, even with
/// `--force`: `.well-known/` (ACME challenges that renew the certificate, `security.txt`,
/// app-site associations) and the files search engines and other services fetch to verify who
/// owns a site. Losing one breaks something outside the site, silently and later (a certificate
/// not renewed, a search console that stops trusting the owner), and they are put there by hand
/// or by other programs, so a publish that replaces the site must leave them.
///
/// A file of these names that the site itself publishes is the site's like any other: a later
/// site without it deletes it.
enum AlwaysKept {
    /// Verification files, at the site's root: (start of the name, end of the name).
    static let verificationNames: [(prefix: String, suffix: String)] = [
        ("google", ".html"),  // Google Search Console: google1234567890abcdef.html
        ("BingSiteAuth.xml", ""),  // Bing Webmaster Tools
        ("yandex_", ".html"),  // Yandex.Webmaster: yandex_0123456789abcdef.html
        ("baidu_verify_", ".html"),  // Baidu Webmaster Tools: baidu_verify_codeva-AbCd123.html
        ("naver", ".html"),  // Naver Search Advisor: naver0123456789abcdef.html
        ("pinterest-", ".html"),  // Pinterest: pinterest-01234.html
        ("keybase.txt", ""),  // Keybase
    ]

    /// Whether `path` (inside the site, `/`-separated) is always kept.
    static func covers(_ path: String) -> Bool {
        if path.hasPrefix(".well-known/") || path == ".well-known" { return true }
        guard !path.contains("/") else { return false }
        return verificationNames.contains {
            path.count >= $0.prefix.count + $0.suffix.count && path.hasPrefix($0.prefix) && path.hasSuffix($0.suffix)
        }
    }
}
