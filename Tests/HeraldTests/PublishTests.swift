import Foundation
import HeraldMediaTypes
import Testing

@testable import Herald
@testable import HeraldPublish

/// `herald publish`'s parts that need no network: addresses, `publish:` in site.yml, plans,
/// rsync's itemized list, content types and cache policies, and the folder target end to end
/// (the other targets run for real in Tests/validation/test_publish.py).
@Suite struct PublishTests {
    @Test func addressesOfEachKind() throws {
        let cases: [(String, PublishAddress)] = [
            ("/srv/www/union", .folder(path: "/srv/www/union")),
            ("../www", .folder(path: "../www")),
            ("public_html", .folder(path: "public_html")),
            ("editor@union.example.edu:/srv/www", .rsync(destination: "editor@union.example.edu:/srv/www")),
            ("web1:site", .rsync(destination: "web1:site")),
            ("rsync:/srv/www/union", .rsync(destination: "/srv/www/union")),
            ("git:origin#gh-pages", .git(repository: "origin", branch: "gh-pages")),
            ("git:origin", .git(repository: "origin", branch: "gh-pages")),
            (
                "git:https://gitee.com/union/site.git#pages",
                .git(repository: "https://gitee.com/union/site.git", branch: "pages")
            ),
            ("git:/srv/git/site.git#release/2026", .git(repository: "/srv/git/site.git", branch: "release/2026")),
            ("s3://union-site", .s3(bucket: "union-site", prefix: "")),
            ("s3://union-site/cs/", .s3(bucket: "union-site", prefix: "cs")),
            ("s3://union-site//cs//news", .s3(bucket: "union-site", prefix: "cs/news")),
        ]
        for (text, expected) in cases {
            #expect(try PublishAddress.parse(text).get() == expected, "\(text)")
        }
        #expect(PublishAddress.s3(bucket: "b-1", prefix: "cs").description == "s3://b-1/cs")
        #expect(PublishAddress.rsync(destination: "/srv/www").description == "rsync:/srv/www")
    }

    @Test func addressesThatAreRefused() {
        let refused: [(String, String)] = [
            ("", "empty"),
            ("https://union.example.edu/", "not a publish address"),
            ("ftp://host/site", "not a publish address"),
            ("s3://UPPER", "bucket"),
            ("s3://ab", "bucket"),
            ("s3://bucket/../other", "'..'"),
            ("git:#gh-pages", "names no repository"),
            ("git:origin#bad..branch", "branch"),
            ("git:origin#-f", "branch"),
            ("git:origin#a b", "branch"),
            ("rsync:", "names no destination"),
            ("host:", "names a host but no folder"),
            ("/srv/www\u{7}", "control character"),
        ]
        for (text, words) in refused {
            guard case .failure(let problem) = PublishAddress.parse(text) else {
                Issue.record("'\(text)' should be refused")
                continue
            }
            #expect(problem.message.contains(words), "\(text): \(problem.message)")
        }
    }

    @Test func publishTargetsInSiteYml() throws {
        let yaml = """
            title: Union
            baseURL: https://union.example.edu/cs/
            publish:
              production:
                to: s3://union-site/cs
                url: https://union.example.edu/cs/
                endpoint: https://oss-cn-hangzhou.aliyuncs.com
                region: cn-hangzhou
                cacheControl:
                  pages: no-cache
              pages:
                to: git:origin#gh-pages
                domain: union.example.edu
            """
        let parsed = SiteConfigParser.parse(yaml)
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        let targets = try #require(parsed.config?.publish)
        #expect(targets.map(\.name) == ["production", "pages"])
        #expect(targets[0].address == .s3(bucket: "union-site", prefix: "cs"))
        #expect(targets[0].url?.absoluteString == "https://union.example.edu/cs/")
        #expect(targets[0].endpoint == "https://oss-cn-hangzhou.aliyuncs.com")
        #expect(targets[0].region == "cn-hangzhou")
        #expect(targets[0].cacheControl.pages == "no-cache")
        #expect(targets[0].cacheControl.fingerprinted == CacheControlPolicy().fingerprinted)
        #expect(targets[0].line == 4)
        #expect(targets[1].domain == "union.example.edu")
        #expect(targets[1].line == 11)
    }

    /// A target's `cacheControl:` keys are its declarations' names, as every section's are.
    @Test func aMisspeltCacheControlKeyIsAWarningWithASuggestion() {
        let parsed = SiteConfigParser.parse(
            "title: Union\nbaseURL: https://union.example.edu/\npublish:\n  live:\n    to: /srv/www\n    cacheControl: {pages: no-cache, asets: max-age=60}\n"
        )
        #expect(parsed.config?.publish.first?.cacheControl.pages == "no-cache")
        #expect(parsed.config?.publish.first?.cacheControl.assets == CacheControlPolicy().assets)
        #expect(
            parsed.diagnostics.map(\.description) == [
                "site.yml:6: warning: unknown key 'asets' in publish.live.cacheControl is ignored; did you mean 'assets'?"
            ])
    }

    @Test func wrongPublishSettingsNameTheirLine() {
        let yaml = """
            title: Union
            publish:
              production:
                to: https://example.org/
              staging:
                url: https://staging.example.org/
              "bad name":
                to: /srv/www
              folder:
                to: /srv/www
                url: /relative/
                domian: union.example.edu
                endpoint: not a url
            """
        let messages = SiteConfigParser.parse(yaml).diagnostics.map(\.description)
        #expect(
            messages.contains {
                $0.hasPrefix("site.yml:4: ") && $0.contains("publish target 'production'")
                    && $0.contains("not a publish address")
            })
        #expect(
            messages.contains { $0.hasPrefix("site.yml:5: ") && $0.contains("publish target 'staging' needs `to:`") })
        #expect(messages.contains { $0.hasPrefix("site.yml:7: ") && $0.contains("only letters, digits") })
        #expect(
            messages.contains { $0.hasPrefix("site.yml:11: ") && $0.contains("url '/relative/' must be an absolute") })
        #expect(
            messages.contains {
                $0.hasPrefix("site.yml:12: warning: ") && $0.contains("unknown key 'domian' in publish.folder")
                    && $0.contains("did you mean 'domain'")
            })
        #expect(messages.contains { $0.hasPrefix("site.yml:13: ") && $0.contains("endpoint 'not a url'") })
        #expect(messages.count == 6, "\(messages)")
    }

    static func file(_ path: String, _ hash: String, size: Int = 10) -> SiteFile {
        SiteFile(path: path, size: size, sha256: hash)
    }

    @Test func planComparesHashesSizesAndMetadata() {
        let site = BuiltSite(
            folder: "/out",
            files: [
                Self.file("index.html", "h1"), Self.file("new.html", "h2", size: 7), Self.file("same.css", "h3"),
                Self.file("edited.html", "h4", size: 5), Self.file(PublishManifest.fileName, "m"),
                Self.file("typed.json", "h6"),
            ])
        let target: [String: PublishPlan.KnownFile] = [
            "index.html": .init(sha256: "h1", size: 10, metadata: "text/html"),
            "same.css": .init(sha256: "h3", size: 10, metadata: "text/css"),
            "edited.html": .init(sha256: "old", size: 5, metadata: "text/html"),
            "typed.json": .init(sha256: "h6", size: 10, metadata: "text/plain"),
            "gone.html": .init(sha256: "h9", size: 1, metadata: "text/html"),
        ]
        let types = [
            "index.html": "text/html", "same.css": "text/css", "edited.html": "text/html",
            "typed.json": "application/json",
        ]
        let plan = PublishPlan.compare(site, with: target, metadata: { types[$0] })
        #expect(plan.added == ["new.html"])
        #expect(plan.changed == ["edited.html", "typed.json"])
        #expect(plan.deleted == ["gone.html"])
        #expect(plan.unchanged == 2)
        #expect(plan.bytes == 7 + 5 + 10)
        #expect(plan.targetFiles == 5)
        #expect(!plan.deletesMostOfTarget)
        #expect(plan.lines == ["~ edited.html", "- gone.html", "+ new.html", "~ typed.json"])
        #expect(plan.summary == "1 added, 2 changed, 1 deleted, 2 unchanged; 22 B to send")

        // A file of the same hash but another size was changed behind the manifest's back.
        let resized = PublishPlan.compare(site, with: ["same.css": .init(sha256: "h3", size: 11)])
        #expect(resized.changed == ["same.css"])
        let mostlyGone = PublishPlan.compare(
            BuiltSite(folder: "/out", files: [Self.file("index.html", "h1")]),
            with: [
                "a": .init(sha256: "1", size: 1), "b": .init(sha256: "2", size: 1),
                "index.html": .init(sha256: "h1", size: 10),
            ])
        #expect(mostlyGone.deletesMostOfTarget)
        #expect(PublishPlan.count(1_234_567) == "1,234,567")
        #expect(PublishPlan.size(1_300_000) == "1.3 MB")
    }

    @Test func rsyncItemizedListBecomesAPlan() {
        let site = BuiltSite(
            folder: "/out",
            files: [
                Self.file("index.html", "a", size: 100), Self.file("news/a/index.html", "b", size: 40),
                Self.file("about/index.html", "c"), Self.file("assets/x.css", "d"),
            ])
        let itemized = """
            created directory /srv/www/union
            .d          ./
            >fc.t...... index.html
            cd+++++++++ news/
            cd+++++++++ news/a/
            >f+++++++++ news/a/index.html
            .f          about/index.html
            .f..t...... assets/x.css
            *deleting   old/index.html
            *deleting   old/
            """
        let plan = RsyncPublisher.parse(itemized: itemized, site: site)
        #expect(plan.added == ["news/a/index.html"])
        #expect(plan.changed == ["index.html"])
        #expect(plan.deleted == ["old/index.html"])
        #expect(plan.unchanged == 2)
        #expect(plan.targetFiles == 4)
        #expect(plan.bytes == 140)
    }

    @Test func contentTypesAndCachePolicies() {
        #expect(SiteMediaTypes.contentType(forPath: "news/a/index.html") == "text/html; charset=utf-8")
        #expect(SiteMediaTypes.contentType(forPath: "events.ics") == "text/calendar; charset=utf-8")
        #expect(SiteMediaTypes.contentType(forPath: "api/home.json") == "application/json; charset=utf-8")
        #expect(SiteMediaTypes.contentType(forPath: "images/a.JPG") == "image/jpeg")
        #expect(SiteMediaTypes.contentType(forPath: "fonts/a.woff2") == "font/woff2")
        #expect(SiteMediaTypes.contentType(forPath: "CNAME") == "application/octet-stream")
        #expect(SiteMediaTypes.contentType(forPath: ".well-known/x") == "application/octet-stream")

        typealias Kind = S3Publisher.Kind
        #expect(Kind(path: "assets/herald.3f2a9c1b07.css") == .fingerprinted)
        #expect(Kind(path: "js/app.3F2A9C1B.min.js") == .fingerprinted)
        #expect(Kind(path: "assets/herald.css") == .code)
        #expect(Kind(path: "js/menu.js") == .code)
        #expect(Kind(path: "images/cover-2026.jpg") == .asset)
        #expect(
            Kind(path: "images/12345678.jpg") == .asset, "a hex-looking name without another part is not a fingerprint")
        #expect(Kind(path: "index.html") == .page)
        #expect(Kind(path: "feed.xml") == .page)
        #expect(Kind(path: "calendar/2026.ics") == .page)
        #expect(Kind(path: "robots.txt") == .page)
        #expect(Kind(path: "CNAME") == .page)
    }

    @Test func sameAddressIgnoresTheTrailingSlashAndHostCase() {
        #expect(SitePublishing.sameAddress("https://Union.Example.edu/cs", "https://union.example.edu/cs/"))
        #expect(!SitePublishing.sameAddress("https://union.example.edu/cs/", "https://union.example.edu/"))
        #expect(!SitePublishing.sameAddress("http://union.example.edu/", "https://union.example.edu/"))
    }

    // MARK: The folder target, end to end on a scratch folder

    /// A scratch folder with an output folder holding `files`.
    static func scratch(_ files: [String: String]) throws -> (root: URL, output: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("herald-publish-\(UUID().uuidString)")
        let output = root.appendingPathComponent("out")
        try write(files, into: output)
        return (root, output)
    }

    static func write(_ files: [String: String], into folder: URL) throws {
        try? FileManager.default.removeItem(at: folder)
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    static func publish(
        _ output: URL, to folder: URL, root: URL, baseURL: String = "https://example.org/", url: String? = nil,
        dryRun: Bool = false, force: Bool = false
    ) throws -> SitePublishing.Outcome {
        var target = PublishTarget(name: "--to", address: .folder(path: folder.path))
        target.url = url.flatMap(URL.init(string:))
        let context = PublishContext(
            target: target, sourceFolder: root.appendingPathComponent("site").path, scratchFolder: root.path)
        return try SitePublishing.run(
            .init(output: output.path, baseURL: baseURL, context: context, dryRun: dryRun, force: force))
    }

    static func contents(of folder: URL) throws -> [String: String] {
        var found: [String: String] = [:]
        for path in try FolderPublisher.files(in: folder.path) {
            found[path] = String(decoding: try Data(contentsOf: folder.appendingPathComponent(path)), as: UTF8.self)
        }
        return found
    }

    @Test func folderTargetSwapsInTheNewSiteAndLeavesUnchangedFilesAlone() throws {
        let (root, output) = try Self.scratch(["index.html": "home", "a/index.html": "A", "style.css": "css"])
        defer { try? FileManager.default.removeItem(at: root) }
        let www = root.appendingPathComponent("www")
        let first = try Self.publish(output, to: www, root: root)
        #expect(first.published && first.plan.added.count == 3)
        var published = try Self.contents(of: www)
        #expect(published.removeValue(forKey: PublishManifest.fileName) != nil)
        #expect(published == ["index.html": "home", "a/index.html": "A", "style.css": "css"])
        let manifest = try #require(
            PublishManifest.decode(try Data(contentsOf: www.appendingPathComponent(PublishManifest.fileName))))
        var styleStat = stat()
        #expect(lstat(www.appendingPathComponent("style.css").path, &styleStat) == 0)
        #expect(
            manifest.files["style.css"]
                == .init(
                    sha256: sha256Hex(Data("css".utf8)), size: 3, metadata: nil,
                    changed: PublishManifest.Entry.changeTime(styleStat)))
        let inode =
            try FileManager.default.attributesOfItem(atPath: www.appendingPathComponent("style.css").path)[
                .systemFileNumber] as? Int

        try Self.write(["index.html": "home 2", "b/index.html": "B", "style.css": "css"], into: output)
        let dry = try Self.publish(output, to: www, root: root, dryRun: true)
        #expect(!dry.published)
        #expect(dry.plan.lines == ["- a/index.html", "+ b/index.html", "~ index.html"])
        #expect(try Self.contents(of: www)["a/index.html"] == "A", "a dry run changes nothing")

        let second = try Self.publish(output, to: www, root: root)
        #expect(second.published && second.plan.unchanged == 1)
        published = try Self.contents(of: www)
        published.removeValue(forKey: PublishManifest.fileName)
        #expect(published == ["index.html": "home 2", "b/index.html": "B", "style.css": "css"])
        #expect(
            try FileManager.default.attributesOfItem(atPath: www.appendingPathComponent("style.css").path)[
                .systemFileNumber] as? Int == inode)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["out", "www"],
            "no scratch folder is left")

        // Edited on the target by hand (same size, other bytes, even with its modification time put
        // back): the manifest is not trusted for it, and the site's own file replaces it.
        let styleFile = www.appendingPathComponent("style.css")
        let modified = try FileManager.default.attributesOfItem(atPath: styleFile.path)[.modificationDate] as! Date
        try Data("CSS".utf8).write(to: styleFile)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: styleFile.path)
        let third = try Self.publish(output, to: www, root: root)
        #expect(third.plan.changed == ["style.css"] && third.plan.unchanged == 2)
        #expect(try Self.contents(of: www)["style.css"] == "css")
        // Read, not trusted, is only for files touched since: the others are still known by the manifest.
        let untouched = try Self.publish(output, to: www, root: root)
        #expect(untouched.plan.isEmpty && !untouched.published)
        try Data("css!".utf8).write(to: www.appendingPathComponent("style.css"))
        let fourth = try Self.publish(output, to: www, root: root)
        #expect(fourth.plan.changed == ["style.css"])
        #expect(try Self.contents(of: www)["style.css"] == "css")
    }

    @Test func aTargetThatIsALinkStaysALink() throws {
        let (root, output) = try Self.scratch(["index.html": "home"])
        defer { try? FileManager.default.removeItem(at: root) }
        let release = root.appendingPathComponent("releases/7")
        try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
        let link = root.appendingPathComponent("www")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "releases/7")
        #expect(try Self.publish(output, to: link, root: root).published)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "releases/7")
        #expect(try Self.contents(of: release)["index.html"] == "home")
    }

    /// A site built for the starter's example.org is not sent where readers would see it; a folder
    /// on this machine (a preview, perhaps) is published with a warning.
    @Test func aPlaceholderAddressIsRefusedForRemoteTargetsAndWarnedForAFolder() throws {
        let (root, output) = try Self.scratch(["index.html": "home"])
        defer { try? FileManager.default.removeItem(at: root) }
        let refusal =
            "the site was built for https://example.org/, a placeholder address, so its feeds, calendars and shared links would lead there; set baseURL in site.yml to the address readers reach the site at (or build with --base-url), then publish again. Nothing was published"
        for address in [
            PublishAddress.rsync(destination: "editor@union.example.edu:/srv/www"),
            .git(repository: root.appendingPathComponent("repo").path, branch: "gh-pages"),
            .s3(bucket: "union", prefix: ""),
        ] {
            let context = PublishContext(
                target: PublishTarget(name: "live", address: address),
                sourceFolder: root.appendingPathComponent("site").path, scratchFolder: root.path)
            do {
                _ = try SitePublishing.run(
                    .init(output: output.path, baseURL: "https://example.org/", context: context))
                Issue.record("published to \(address)")
            } catch let failure as PublishFailure {
                #expect(failure.step == "check the output" && failure.message == refusal, "\(address)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("repo").path))
        var warnings: [String] = []
        let www = root.appendingPathComponent("www")
        let context = PublishContext(
            target: PublishTarget(name: "--to", address: .folder(path: www.path)),
            sourceFolder: root.appendingPathComponent("site").path, scratchFolder: root.path)
        let outcome = try SitePublishing.run(
            .init(output: output.path, baseURL: "https://example.org/", context: context), warn: { warnings.append($0) }
        )
        #expect(outcome.published)
        #expect(try Self.contents(of: www)["index.html"] == "home")
        #expect(
            warnings == [
                "the site was built for https://example.org/, a placeholder address, so its feeds, calendars and shared links would lead there; set baseURL in site.yml to the address readers reach the site at (or build with --base-url) before readers see it"
            ])
        var none: [String] = []
        _ = try SitePublishing.run(
            .init(output: output.path, baseURL: "https://union.example.edu/", context: context),
            warn: { none.append($0) })
        #expect(none.isEmpty)
    }

    @Test func folderTargetRefusals() throws {
        let (root, output) = try Self.scratch(["index.html": "home"])
        defer { try? FileManager.default.removeItem(at: root) }
        func failure(_ work: () throws -> Void) -> PublishFailure? {
            do {
                try work()
                return nil
            } catch let failure as PublishFailure { return failure } catch { return nil }
        }
        let inside = failure { _ = try Self.publish(output, to: output.appendingPathComponent("www"), root: root) }
        #expect(inside?.step == "check target" && inside?.message.contains("overlaps the output folder") == true)
        let around = failure { _ = try Self.publish(output, to: root, root: root) }
        #expect(around?.message.contains("overlaps") == true)

        let wrongURL = failure {
            _ = try Self.publish(
                output, to: root.appendingPathComponent("www"), root: root, url: "https://other.example.org/")
        }
        #expect(
            wrongURL?.step == "check the output" && wrongURL?.message.contains("built for https://example.org/") == true
        )

        let foreign = root.appendingPathComponent("foreign")
        try Self.write(["notes.txt": "mine", "more.txt": "also mine"], into: foreign)
        let refused = failure { _ = try Self.publish(output, to: foreign, root: root) }
        #expect(refused?.step == "check the plan" && refused?.message.contains("Herald did not publish") == true)
        #expect(try Self.contents(of: foreign) == ["notes.txt": "mine", "more.txt": "also mine"])
        #expect(try Self.publish(output, to: foreign, root: root, force: true).published)

        try Self.write([:], into: output)
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let empty = failure { _ = try Self.publish(output, to: root.appendingPathComponent("www"), root: root) }
        #expect(empty?.message.contains("is empty") == true)
        try Self.write(["about.html": "no home page"], into: output)
        let noHome = failure { _ = try Self.publish(output, to: root.appendingPathComponent("www"), root: root) }
        #expect(noHome?.message.contains("no index.html") == true)
    }

    // MARK: Files Herald did not publish

    @Test func alwaysKeptCoversWellKnownAndVerificationFilesAtTheRoot() {
        for path in [
            ".well-known/security.txt", ".well-known/acme-challenge/Xy-12", ".well-known",
            "google1234567890abcdef.html",
            "BingSiteAuth.xml", "yandex_0123456789abcdef.html", "baidu_verify_codeva-AbCd123.html",
            "naver0123456789abcdef.html", "pinterest-01234.html", "keybase.txt",
        ] {
            #expect(AlwaysKept.covers(path), "\(path)")
        }
        for path in [
            "news/google1234.html", "notes.txt", "google.txt", "well-known/x", "a/.well-known/x", "bingsiteauth.xml",
            "sub/BingSiteAuth.xml",
        ] {
            #expect(!AlwaysKept.covers(path), "\(path)")
        }
    }

    @Test func filesHeraldDidNotPublishAreKeptUnlessForced() {
        let site = BuiltSite(
            folder: "/out",
            files: [Self.file("index.html", "h1"), Self.file("news/a/index.html", "h2"), Self.file("about", "h3")])
        let target: [String: PublishPlan.KnownFile] = [
            "index.html": .init(sha256: "h1", size: 10),
            "old/index.html": .init(sha256: "o", size: 1),  // Herald's, dropped by the site: deleted
            "notes.txt": .init(sha256: "n", size: 1),  // someone's: kept
            "google1234567890abcdef.html": .init(sha256: "g", size: 1),
            ".well-known/security.txt": .init(sha256: "s", size: 1),
            "news": .init(sha256: nil, size: nil),  // someone's link where the site needs a folder
            "about/mine.txt": .init(sha256: "m", size: 1),  // someone's, inside where the site has a file
        ]
        var plan = PublishPlan.compare(site, with: target)
        plan.setAsideForeign(publishedBefore: ["index.html", "old/index.html"], sitePaths: Set(site.files.map(\.path)))
        #expect(plan.deleted == ["about/mine.txt", "news", "old/index.html"])
        #expect(plan.replacedForeign == ["about/mine.txt", "news"])
        #expect(plan.kept == [".well-known/security.txt", "google1234567890abcdef.html", "notes.txt"])
        #expect(!plan.targetIsForeign)
        #expect(
            plan.keptSummary
                == "3 files Herald did not publish were kept: .well-known/security.txt, google1234567890abcdef.html, notes.txt; --force deletes notes.txt (.well-known/ and site verification files are kept even with --force)"
        )
        #expect(
            SitePublishing.reasonForForce(plan, at: .folder(path: "/srv/www"))
                == "publishing would replace 2 files on /srv/www that Herald did not publish: about/mine.txt, news")

        let forced = plan.forced()
        #expect(forced.deleted == ["about/mine.txt", "news", "notes.txt", "old/index.html"])
        #expect(forced.kept == [".well-known/security.txt", "google1234567890abcdef.html"])
        #expect(
            forced.keptSummary
                == "2 files Herald did not publish were kept: .well-known/security.txt, google1234567890abcdef.html (.well-known/ and site verification files are kept even with --force)"
        )

        // A file of someone's that the site overwrites with other contents needs --force; with the same contents it is the site's now.
        var overwrite = PublishPlan.compare(
            site,
            with: ["index.html": .init(sha256: "other", size: 10), "news/a/index.html": .init(sha256: "h2", size: 10)])
        overwrite.setAsideForeign(publishedBefore: [], sitePaths: Set(site.files.map(\.path)))
        #expect(overwrite.replacedForeign == ["index.html"] && overwrite.unchanged == 1)

        var one = PublishPlan.compare(site, with: ["notes.txt": .init(sha256: "n", size: 1)])
        one.setAsideForeign(publishedBefore: [], sitePaths: Set(site.files.map(\.path)))
        #expect(one.keptSummary == "1 file Herald did not publish was kept: notes.txt; --force deletes it")
        #expect(SitePublishing.reasonForForce(one, at: .folder(path: "/srv/www")) == nil)

        // No record of an earlier publish: the target is someone else's, unless all it holds is always kept.
        var never = PublishPlan.compare(
            site, with: ["notes.txt": .init(sha256: "n", size: 1), ".well-known/x": .init(sha256: "w", size: 1)])
        never.setAsideForeign(publishedBefore: nil, sitePaths: Set(site.files.map(\.path)))
        #expect(never.targetIsForeign && never.deleted.isEmpty)
        #expect(
            SitePublishing.reasonForForce(never, at: .folder(path: "/srv/www"))
                == "/srv/www holds 2 files that Herald did not publish, and no record of an earlier publish there")
        var certbot = PublishPlan.compare(site, with: [".well-known/acme-challenge/abc": .init(sha256: "w", size: 1)])
        certbot.setAsideForeign(publishedBefore: nil, sitePaths: Set(site.files.map(\.path)))
        #expect(!certbot.targetIsForeign && certbot.kept == [".well-known/acme-challenge/abc"])

        let many = PublishPlan(kept: (1...7).map { "f\($0).txt" })
        #expect(
            many.keptSummary
                == "7 files Herald did not publish were kept: f1.txt, f2.txt, f3.txt, f4.txt, f5.txt and 2 more; --force deletes them"
        )
    }

    @Test func rsyncDeletesOnlyWhatThePlanDeletes() {
        var plan = PublishPlan()
        plan.deleted = ["old/a.html", "old/sub/b.html", "mixed/herald.html", "we[i]rd*.html"]
        plan.kept = ["mixed/foreign.txt", ".well-known/security.txt"]
        let rules = String(decoding: RsyncPublisher.filterRules(plan), as: UTF8.self).split(separator: "\0").map(
            String.init)
        #expect(
            rules == [
                "R /old/a.html", "R /old/sub/b.html", "R /mixed/herald.html", "R /we\\[i\\]rd\\*.html", "R /old/",
                "R /old/sub/", "P *",
            ])
        #expect(RsyncPublisher.pattern("a\\b.html") == "a\\b.html", "without a wildcard a backslash is itself")
        #expect(RsyncPublisher.pattern("a\\b?.html") == "a\\\\b\\?.html")
        let listing = """
            drwxr-xr-x          4,096 2026/11/26 10:58:04 .
            -rw-r--r--              2 2026/11/26 10:57:56 index.html
            lrwxrwxrwx              1 2026/11/26 10:58:04 news
            drwxr-xr-x          4,096 2026/11/26 10:57:56 about
            -rw-r--r--              2 2026/11/26 10:57:56 about/a file.txt
            """
        #expect(RsyncPublisher.parse(listing: listing) == ["index.html", "news", "about/a file.txt"])
    }

    /// Paths that would leave a folder, and links planted in it, are refused by the writer itself.
    @Test func confinedFolderRefusesEveryWayOut() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("herald-confined-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let inside = root.appendingPathComponent("inside")
        let outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: outside.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: inside.appendingPathComponent("news").path, withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(
            atPath: inside.appendingPathComponent("secret.txt").path,
            withDestinationPath: outside.appendingPathComponent("secret.txt").path)
        let folder = try TargetFolder(path: inside.path)
        let refusals: [(String, String)] = [
            ("../escape.html", "the path has a '.' or '..' segment, which would lead out of the folder"),
            ("a/../../escape.html", "the path has a '.' or '..' segment, which would lead out of the folder"),
            ("./a.html", "the path has a '.' or '..' segment, which would lead out of the folder"),
            ("/tmp/escape.html", "the path starts with '/', so it would lead out of the folder"),
            ("a//b.html", "the path has an empty segment ('//' or a '/' at its end)"),
            ("a\u{0}b.html", "the path has a NUL byte"),
            (
                String(repeating: "x", count: 256),
                "a name in the path is 256 bytes long; file names may be at most 255 bytes"
            ),
            ("", "the path is empty"),
            ("news/a/index.html", "news is a link or a file, not a folder; Herald does not follow it"),
            ("secret.txt/x", "secret.txt is a link or a file, not a folder; Herald does not follow it"),
        ]
        for (path, message) in refusals {
            do {
                try folder.write(Data("x".utf8), to: path)
                Issue.record("wrote \(path)")
            } catch let problem as TargetFolder.Problem {
                #expect(problem.message == message, "\(path)")
            }
        }
        // A link where a file is to be written is not written through either.
        #expect(throws: TargetFolder.Problem.self) { try folder.write(Data("x".utf8), to: "secret.txt") }
        #expect(folder.read("secret.txt") == nil, "a link is not read through")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["secret.txt"])
        #expect(try String(contentsOf: outside.appendingPathComponent("secret.txt"), encoding: .utf8) == "secret")
        #expect(try folder.walk().files == ["news", "secret.txt"], "links are listed as entries, never walked into")

        // A hard link only of a regular file when asked: a link swapped in is taken back out.
        let other = try TargetFolder(path: root.appendingPathComponent("other").path, making: true)
        #expect(try !other.link("secret.txt", from: folder, regularOnly: true))
        #expect(other.status("secret.txt") == nil)
        try folder.write(Data("mine".utf8), to: "made/here.txt")
        #expect(try other.link("made/here.txt", from: folder, regularOnly: true))
        #expect(other.read("made/here.txt") == Data("mine".utf8))
    }

    static func inode(_ url: URL) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int
    }

    @Test func folderTargetKeepsFilesHeraldDidNotPublish() throws {
        let (root, output) = try Self.scratch([
            "index.html": "home", "news/a/index.html": "A", "news/b/index.html": "B",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let www = root.appendingPathComponent("www")
        _ = try Self.publish(output, to: www, root: root)
        let foreign = [
            "google123.html": "google-site-verification: google123.html",
            ".well-known/security.txt": "Contact: mailto:it@example.edu", "notes.txt": "mine",
        ]
        for (path, text) in foreign {
            try FileManager.default.createDirectory(
                at: www.appendingPathComponent(path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: www.appendingPathComponent(path))
        }
        try FileManager.default.createDirectory(
            at: www.appendingPathComponent("uploads"), withIntermediateDirectories: true)
        let notesInode = try Self.inode(www.appendingPathComponent("notes.txt"))

        try Self.write(["index.html": "home", "news/a/index.html": "A"], into: output)
        let outcome = try Self.publish(output, to: www, root: root)
        #expect(outcome.published)
        #expect(outcome.plan.deleted == ["news/b/index.html"])
        #expect(outcome.plan.kept == [".well-known/security.txt", "google123.html", "notes.txt"])
        #expect(
            outcome.plan.keptSummary
                == "3 files Herald did not publish were kept: .well-known/security.txt, google123.html, notes.txt; --force deletes notes.txt (.well-known/ and site verification files are kept even with --force)"
        )
        var published = try Self.contents(of: www)
        #expect(published.removeValue(forKey: PublishManifest.fileName) != nil)
        #expect(published == foreign.merging(["index.html": "home", "news/a/index.html": "A"]) { a, _ in a })
        #expect(try Self.inode(www.appendingPathComponent("notes.txt")) == notesInode, "a kept file is the same file")
        #expect(
            FileManager.default.fileExists(atPath: www.appendingPathComponent("uploads").path),
            "an empty folder is kept")
        let manifest = try #require(
            PublishManifest.decode(try Data(contentsOf: www.appendingPathComponent(PublishManifest.fileName))))
        #expect(
            manifest.files.keys.sorted() == ["index.html", "news/a/index.html"],
            "kept files stay out of the manifest: they are still not Herald's")

        let again = try Self.publish(output, to: www, root: root)
        #expect(!again.published && again.plan.kept.count == 3)

        try Self.write(["index.html": "home 2", "news/a/index.html": "A"], into: output)
        let forced = try Self.publish(output, to: www, root: root, force: true)
        #expect(forced.plan.deleted == ["notes.txt"])
        published = try Self.contents(of: www)
        published.removeValue(forKey: PublishManifest.fileName)
        #expect(
            published == [
                "index.html": "home 2", "news/a/index.html": "A", "google123.html": foreign["google123.html"]!,
                ".well-known/security.txt": foreign[".well-known/security.txt"]!,
            ])
    }

    @Test func aLinkPlantedInAFolderTargetIsNeverWrittenThrough() throws {
        let (root, output) = try Self.scratch(["index.html": "home", "news/a/index.html": "A"])
        defer { try? FileManager.default.removeItem(at: root) }
        let www = root.appendingPathComponent("www")
        let elsewhere = root.appendingPathComponent("elsewhere")
        _ = try Self.publish(output, to: www, root: root)
        try Self.write(["keep.txt": "outside", "a/index.html": "outside page"], into: elsewhere)
        try FileManager.default.removeItem(at: www.appendingPathComponent("news"))
        try FileManager.default.createSymbolicLink(
            atPath: www.appendingPathComponent("news").path, withDestinationPath: elsewhere.path)
        try FileManager.default.removeItem(at: www.appendingPathComponent("index.html"))
        try FileManager.default.createSymbolicLink(
            atPath: www.appendingPathComponent("index.html").path,
            withDestinationPath: elsewhere.appendingPathComponent("keep.txt").path)
        let before = try Self.contents(of: elsewhere)

        try Self.write(["index.html": "home 2", "news/a/index.html": "A 2"], into: output)
        do {
            _ = try Self.publish(output, to: www, root: root)
            Issue.record("published through a link")
        } catch let failure as PublishFailure {
            #expect(failure.step == "check the plan")
            #expect(
                failure.message
                    == "publishing would replace 1 file on \(www.path) that Herald did not publish: news; check the plan with --dry-run, then give --force"
            )
        }
        #expect(try Self.contents(of: elsewhere) == before)
        let forced = try Self.publish(output, to: www, root: root, force: true)
        #expect(forced.published)
        #expect(try Self.contents(of: elsewhere) == before, "nothing is written, linked or deleted outside the target")
        var published = try Self.contents(of: www)
        published.removeValue(forKey: PublishManifest.fileName)
        #expect(published == ["index.html": "home 2", "news/a/index.html": "A 2"])
        var info = stat()
        #expect(lstat(www.appendingPathComponent("news").path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR)
        #expect(lstat(www.appendingPathComponent("index.html").path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
    }

    @Test func completedBuildIsFoundOnlyWhileTheOutputIsAsBuilt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "herald-completed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("out").path
        #expect(SiteBuild.completedBuild(ofOutput: output) == nil)
        var options = BuildOptions(sourcePath: Fixtures.site("basic").path, outputPath: output, now: Fixtures.now)
        options.baseURL = "https://club.example.org/news/"
        let report = try SiteBuild.run(options)
        #expect(report.baseURL == "https://club.example.org/news/")
        #expect(
            SiteBuild.completedBuild(ofOutput: output)
                == CompletedBuild(baseURL: "https://club.example.org/news/", files: report.files))
        try Data("changed".utf8).write(to: URL(fileURLWithPath: output + "/index.html"))
        #expect(SiteBuild.completedBuild(ofOutput: output) == nil)
    }
}
