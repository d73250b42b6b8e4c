import Foundation
@testable import Herald
import HeraldMediaTypes
@testable import HeraldPublish
import Testing

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
            ("git:https://gitee.com/union/site.git#pages", .git(repository: "https://gitee.com/union/site.git", branch: "pages")),
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
        #expect(messages.contains { $0.hasPrefix("site.yml:4: ") && $0.contains("publish target 'production'") && $0.contains("not a publish address") })
        #expect(messages.contains { $0.hasPrefix("site.yml:5: ") && $0.contains("publish target 'staging' needs `to:`") })
        #expect(messages.contains { $0.hasPrefix("site.yml:7: ") && $0.contains("only letters, digits") })
        #expect(messages.contains { $0.hasPrefix("site.yml:11: ") && $0.contains("url '/relative/' must be an absolute") })
        #expect(messages.contains { $0.hasPrefix("site.yml:12: warning: ") && $0.contains("unknown key 'domian' in publish.folder") && $0.contains("did you mean 'domain'") })
        #expect(messages.contains { $0.hasPrefix("site.yml:13: ") && $0.contains("endpoint 'not a url'") })
        #expect(messages.count == 6, "\(messages)")
    }

    static func file(_ path: String, _ hash: String, size: Int = 10) -> SiteFile { SiteFile(path: path, size: size, sha256: hash) }

    @Test func planComparesHashesSizesAndMetadata() {
        let site = BuiltSite(folder: "/out", files: [
            Self.file("index.html", "h1"), Self.file("new.html", "h2", size: 7), Self.file("same.css", "h3"),
            Self.file("edited.html", "h4", size: 5), Self.file(PublishManifest.fileName, "m"), Self.file("typed.json", "h6"),
        ])
        let target: [String: PublishPlan.KnownFile] = [
            "index.html": .init(sha256: "h1", size: 10, metadata: "text/html"),
            "same.css": .init(sha256: "h3", size: 10, metadata: "text/css"),
            "edited.html": .init(sha256: "old", size: 5, metadata: "text/html"),
            "typed.json": .init(sha256: "h6", size: 10, metadata: "text/plain"),
            "gone.html": .init(sha256: "h9", size: 1, metadata: "text/html"),
        ]
        let types = ["index.html": "text/html", "same.css": "text/css", "edited.html": "text/html", "typed.json": "application/json"]
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
        let mostlyGone = PublishPlan.compare(BuiltSite(folder: "/out", files: [Self.file("index.html", "h1")]),
                                             with: ["a": .init(sha256: "1", size: 1), "b": .init(sha256: "2", size: 1), "index.html": .init(sha256: "h1", size: 10)])
        #expect(mostlyGone.deletesMostOfTarget)
        #expect(PublishPlan.count(1_234_567) == "1,234,567")
        #expect(PublishPlan.size(1_300_000) == "1.3 MB")
    }

    @Test func rsyncItemizedListBecomesAPlan() {
        let site = BuiltSite(folder: "/out", files: [Self.file("index.html", "a", size: 100), Self.file("news/a/index.html", "b", size: 40),
                                                      Self.file("about/index.html", "c"), Self.file("assets/x.css", "d")])
        let itemized = """
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
        #expect(Kind(path: "images/12345678.jpg") == .asset, "a hex-looking name without another part is not a fingerprint")
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
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    static func publish(_ output: URL, to folder: URL, root: URL, baseURL: String = "https://example.org/", url: String? = nil,
                        dryRun: Bool = false, force: Bool = false) throws -> SitePublishing.Outcome {
        var target = PublishTarget(name: "--to", address: .folder(path: folder.path))
        target.url = url.flatMap(URL.init(string:))
        let context = PublishContext(target: target, sourceFolder: root.appendingPathComponent("site").path, scratchFolder: root.path)
        return try SitePublishing.run(.init(output: output.path, baseURL: baseURL, context: context, dryRun: dryRun, force: force))
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
        let manifest = try #require(PublishManifest.decode(try Data(contentsOf: www.appendingPathComponent(PublishManifest.fileName))))
        var styleStat = stat()
        #expect(lstat(www.appendingPathComponent("style.css").path, &styleStat) == 0)
        #expect(manifest.files["style.css"] == .init(sha256: sha256Hex(Data("css".utf8)), size: 3, metadata: nil, changed: PublishManifest.Entry.changeTime(styleStat)))
        let inode = try FileManager.default.attributesOfItem(atPath: www.appendingPathComponent("style.css").path)[.systemFileNumber] as? Int

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
        #expect(try FileManager.default.attributesOfItem(atPath: www.appendingPathComponent("style.css").path)[.systemFileNumber] as? Int == inode)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["out", "www"], "no scratch folder is left")

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
        let refusal = "the site was built for https://example.org/, a placeholder address, so its feeds, calendars and shared links would lead there; set baseURL in site.yml to the address readers reach the site at (or build with --base-url), then publish again. Nothing was published"
        for address in [PublishAddress.rsync(destination: "editor@union.example.edu:/srv/www"), .git(repository: root.appendingPathComponent("repo").path, branch: "gh-pages"), .s3(bucket: "union", prefix: "")] {
            let context = PublishContext(target: PublishTarget(name: "live", address: address), sourceFolder: root.appendingPathComponent("site").path, scratchFolder: root.path)
            do {
                _ = try SitePublishing.run(.init(output: output.path, baseURL: "https://example.org/", context: context))
                Issue.record("published to \(address)")
            } catch let failure as PublishFailure {
                #expect(failure.step == "check the output" && failure.message == refusal, "\(address)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("repo").path))
        var warnings: [String] = []
        let www = root.appendingPathComponent("www")
        let context = PublishContext(target: PublishTarget(name: "--to", address: .folder(path: www.path)), sourceFolder: root.appendingPathComponent("site").path, scratchFolder: root.path)
        let outcome = try SitePublishing.run(.init(output: output.path, baseURL: "https://example.org/", context: context), warn: { warnings.append($0) })
        #expect(outcome.published)
        #expect(try Self.contents(of: www)["index.html"] == "home")
        #expect(warnings == ["the site was built for https://example.org/, a placeholder address, so its feeds, calendars and shared links would lead there; set baseURL in site.yml to the address readers reach the site at (or build with --base-url) before readers see it"])
        var none: [String] = []
        _ = try SitePublishing.run(.init(output: output.path, baseURL: "https://union.example.edu/", context: context), warn: { none.append($0) })
        #expect(none.isEmpty)
    }

    @Test func folderTargetRefusals() throws {
        let (root, output) = try Self.scratch(["index.html": "home"])
        defer { try? FileManager.default.removeItem(at: root) }
        func failure(_ work: () throws -> Void) -> PublishFailure? {
            do { try work(); return nil } catch let failure as PublishFailure { return failure } catch { return nil }
        }
        let inside = failure { _ = try Self.publish(output, to: output.appendingPathComponent("www"), root: root) }
        #expect(inside?.step == "check target" && inside?.message.contains("overlaps the output folder") == true)
        let around = failure { _ = try Self.publish(output, to: root, root: root) }
        #expect(around?.message.contains("overlaps") == true)

        let wrongURL = failure { _ = try Self.publish(output, to: root.appendingPathComponent("www"), root: root, url: "https://other.example.org/") }
        #expect(wrongURL?.step == "check the output" && wrongURL?.message.contains("built for https://example.org/") == true)

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

    @Test func completedBuildIsFoundOnlyWhileTheOutputIsAsBuilt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("herald-completed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("out").path
        #expect(SiteBuild.completedBuild(ofOutput: output) == nil)
        var options = BuildOptions(sourcePath: Fixtures.site("basic").path, outputPath: output, now: Fixtures.now)
        options.baseURL = "https://club.example.org/news/"
        let report = try SiteBuild.run(options)
        #expect(report.baseURL == "https://club.example.org/news/")
        #expect(SiteBuild.completedBuild(ofOutput: output) == CompletedBuild(baseURL: "https://club.example.org/news/", files: report.files))
        try Data("changed".utf8).write(to: URL(fileURLWithPath: output + "/index.html"))
        #expect(SiteBuild.completedBuild(ofOutput: output) == nil)
    }
}
