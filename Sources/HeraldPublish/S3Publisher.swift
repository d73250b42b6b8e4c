import Foundation
import Herald
import HeraldMediaTypes

/// Publishes to a prefix of an S3-compatible bucket (`--to s3://bucket/prefix`, with `endpoint:`
/// for services other than AWS) through the AWS command-line client (`aws`, from PyPI's `awscli`),
/// which signs requests and uploads in parallel.
///
/// Each object gets the content type `herald serve` uses and a `Cache-Control` by kind
/// (`CacheControlPolicy`). Changes are found by comparing content hashes with the manifest kept in
/// the bucket. Order of work: files other than pages (stylesheets, images: new names first), then
/// pages and documents that are new (nothing links to them yet), then changed pages, feeds and
/// documents, then the manifest, and stale objects are deleted last. S3 has no atomic switch: a
/// publish stopped part-way leaves the previous pages with every file they link to, but files that
/// keep their name (an image replaced in place, a changed page) may already be new.
///
/// The pages at old addresses (`aliases:`, listed in the site's `_redirects`) are uploaded one by
/// one with a website redirect (`x-amz-website-redirect-location`), so a bucket served as a
/// website answers them with a real 301, as Netlify and Cloudflare Pages do from `_redirects`.
final class S3Publisher: Publisher {
    let bucket: String
    let prefix: String
    private let context: PublishContext
    private let aws = ExternalTool(
        name: "aws",
        installHint:
            "install the AWS command-line client with `pip install awscli` and configure credentials (aws configure, or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)"
    )
    private var scratch: String?
    /// Object path of each redirect page → where it redirects, read from the site's `_redirects`.
    private var redirects: [String: String] = [:]
    /// The bucket's manifest as `plan` found it.
    private var previousManifest: PublishManifest?

    init(bucket: String, prefix: String, context: PublishContext) {
        self.bucket = bucket
        self.prefix = prefix
        self.context = context
    }

    /// `--endpoint-url` and `--region`, when the target gives them.
    private var serviceOptions: [String] {
        var options: [String] = []
        if let endpoint = context.target.endpoint { options += ["--endpoint-url", endpoint] }
        if let region = context.target.region { options += ["--region", region] }
        return options
    }

    /// The object key of a site path.
    private func key(_ path: String) -> String { prefix.isEmpty ? path : prefix + "/" + path }
    /// `s3://bucket/prefix/`.
    private var root: String { "s3://\(bucket)/" + (prefix.isEmpty ? "" : prefix + "/") }

    /// What kind of file a path is, for its cache policy and the order of upload.
    enum Kind: Int, Comparable {
        /// A name with a content hash in it (`herald.3f2a9c1b07.css`): cached for a year.
        case fingerprinted
        /// Another file that is not a page and that pages do not depend on for their look:
        /// images and downloads.
        case asset
        /// A stylesheet or script without a fingerprint: pages depend on it, so it must change
        /// as soon as they do and gets their short policy, but it is sent before them.
        case code
        /// Pages, feeds, calendars, JSON documents, robots.txt: their address stays while they change.
        case page

        static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }

        /// The kind of `path`.
        init(path: String) {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            let extensionName = parts.count > 1 ? parts.last!.lowercased() : ""
            if ["html", "htm", "xml", "json", "ics", "txt", "webmanifest", ""].contains(extensionName) {
                self = .page
            } else if parts.count >= 3,
                parts.dropFirst().dropLast().contains(where: { $0.count >= 8 && $0.allSatisfy(\.isHexDigit) })
            {
                self = .fingerprinted
            } else if ["css", "js", "mjs"].contains(extensionName) {
                self = .code
            } else {
                self = .asset
            }
        }
    }

    /// The content type and cache policy an object is stored with.
    func headers(_ path: String) -> (type: String, cacheControl: String) {
        let policy = context.target.cacheControl
        let cacheControl: String
        switch Kind(path: path) {
        case .fingerprinted: cacheControl = policy.fingerprinted
        case .asset: cacheControl = policy.assets
        case .code, .page: cacheControl = policy.pages
        }
        return (SiteMediaTypes.contentType(forPath: path), cacheControl)
    }

    /// The headers as the manifest keeps them (a redirect's target too, so a changed one is sent again).
    private func metadata(_ path: String) -> String {
        let (type, cache) = headers(path)
        return type + "|" + cache + (redirects[path].map { "|" + $0 } ?? "")
    }

    /// The redirect pages of a built site: each `_redirects` rule's old address, as the file the
    /// build wrote for it (its base path dropped: `/union/old/` → `old/index.html`).
    static func redirectPages(of site: BuiltSite) -> [String: String] {
        guard let data = FileManager.default.contents(atPath: site.folder + "/_redirects") else { return [:] }
        let paths = Set(site.files.map(\.path))
        var pages: [String: String] = [:]
        for rule in RedirectRule.parse(String(decoding: data, as: UTF8.self)) where rule.from.hasPrefix("/") {
            var segments = rule.from.split(separator: "/").map(String.init)
            while !segments.isEmpty {
                let path = URLLayout.pageFile(segments.joined(separator: "/") + (rule.from.hasSuffix("/") ? "/" : ""))
                if paths.contains(path) {
                    pages[path] = rule.to
                    break
                }
                segments.removeFirst()
            }
        }
        return pages
    }

    /// One object of a listing. The names are S3's own (ListObjectsV2's JSON).
    // swift-format-ignore: AlwaysUseLowerCamelCase
    private struct Listing: Decodable {
        struct Object: Decodable {
            var Key: String
            var Size: Int
        }
        var Contents: [Object]?
    }

    func plan(_ site: BuiltSite) throws -> PublishPlan {
        redirects = Self.redirectPages(of: site)
        try aws.requireInstalled(step: "list the bucket")
        let objects = try step("list the bucket") { () -> [Listing.Object] in
            var arguments = ["s3api", "list-objects-v2", "--bucket", bucket, "--output", "json"] + serviceOptions
            if !prefix.isEmpty { arguments += ["--prefix", prefix + "/"] }
            let output = try aws.run(arguments, step: "list the bucket")
            if output.standardOutput.isEmpty { return [] }
            do {
                return try JSONDecoder().decode(Listing.self, from: output.standardOutput).Contents ?? []
            } catch {
                throw PublishFailure(step: "list the bucket", "could not read the listing aws printed: \(error)")
            }
        }
        let manifest = try step("read the manifest") { () -> PublishManifest? in
            let output = try aws.run(
                ["s3", "cp", root + PublishManifest.fileName, "-"] + serviceOptions, step: "read the manifest",
                allowFailure: true)
            if output.status == 0 { return PublishManifest.decode(output.standardOutput) }
            // Missing is normal before the first publish; anything else (no access, no network) is not.
            if output.standardError.contains("404") || output.standardError.contains("Not Found")
                || output.standardError.contains("NoSuchKey")
            {
                return nil
            }
            throw PublishFailure(
                step: "read the manifest",
                "aws s3 cp exited with status \(output.status)\(ExternalTool.quote(output.standardError))")
        }
        let start = prefix.isEmpty ? 0 : prefix.count + 1
        var known: [String: PublishPlan.KnownFile] = [:]
        for object in objects where object.Key.count > start && !object.Key.hasSuffix("/") {
            let path = String(object.Key.dropFirst(start))
            if path == PublishManifest.fileName { continue }
            let entry = manifest?.files[path]
            known[path] = PublishPlan.KnownFile(
                sha256: entry?.size == object.Size ? entry?.sha256 : nil, size: object.Size, metadata: entry?.metadata)
        }
        previousManifest = manifest
        var plan = PublishPlan.compare(site, with: known, metadata: metadata)
        plan.setAsideForeign(
            publishedBefore: manifest.map { Set($0.files.keys) }, sitePaths: Set(site.publishedFiles.map(\.path)))
        return plan
    }

    func publish(_ site: BuiltSite, plan: PublishPlan, log: (String) -> Void) throws {
        let scratch = try FileManager.default.makeScratchFolder(in: context.scratchFolder, prefix: ".herald-s3-")
        self.scratch = scratch
        let groups = uploadGroups(plan)
        try recordBeforeUploading(plan, scratch: scratch)
        try upload(groups, of: site, scratch: scratch, log: log)
        try uploadRedirects(plan, of: site, log: log)
        try uploadManifest(of: site, scratch: scratch)
        try deleteStale(plan, scratch: scratch)
    }

    /// The files to upload, other than redirects, in groups that share their headers, so each
    /// group is one `aws s3 cp --recursive`: phase → group's name → paths. The phases are the
    /// order of upload: files other than pages, then new pages, then changed pages.
    private struct UploadGroups {
        var paths: [Int: [String: [String]]] = [:]
        /// Group's name → its content type and cache policy.
        var headers: [String: (type: String, cacheControl: String)] = [:]
    }

    /// What the bucket serves if an upload of each phase fails: the state a failure reports.
    private static let phaseStates = [
        0: "the previous pages are still served with every file they link to; nothing was deleted",
        1: "the previous pages are still served; new pages were added beside them and nothing was deleted",
        2: "some pages may already be new and others not yet: run herald publish again to finish",
    ]

    /// The added and changed files other than redirects, grouped by phase and headers.
    private func uploadGroups(_ plan: PublishPlan) -> UploadGroups {
        let added = Set(plan.added)
        var groups = UploadGroups()
        for path in plan.added + plan.changed where redirects[path] == nil {
            let kind = Kind(path: path)
            let phase = kind != .page ? 0 : (added.contains(path) ? 1 : 2)
            let (type, cache) = headers(path)
            let name = type + "\n" + cache
            groups.headers[name] = (type, cache)
            groups.paths[phase, default: [:]][name, default: []].append(path)
        }
        return groups
    }

    /// Each group staged in a folder of its own and uploaded, phase by phase.
    private func upload(_ groups: UploadGroups, of site: BuiltSite, scratch: String, log: (String) -> Void) throws {
        var number = 0
        for phase in groups.paths.keys.sorted() {
            for (name, paths) in groups.paths[phase]!.sorted(by: { $0.key < $1.key }) {
                number += 1
                let (type, cache) = groups.headers[name]!
                let what = phase == 0 ? "upload files" : phase == 1 ? "upload new pages" : "upload changed pages"
                try step(what, targetState: Self.phaseStates[phase]) {
                    let folder = scratch + "/group-\(number)"
                    try stage(paths, from: site.folder, into: folder)
                    try aws.run(
                        [
                            "s3", "cp", "--recursive", "--only-show-errors", "--no-progress", "--no-guess-mime-type",
                            "--content-type", type, "--cache-control", cache, folder + "/", root,
                        ] + serviceOptions, step: what)
                }
                log("Uploaded \(paths.count) file\(paths.count == 1 ? "" : "s") as \(type)")
            }
        }
    }

    /// The pages at old addresses, one by one, each with its website redirect.
    private func uploadRedirects(_ plan: PublishPlan, of site: BuiltSite, log: (String) -> Void) throws {
        let moved = (plan.added + plan.changed).filter { redirects[$0] != nil }.sorted()
        guard !moved.isEmpty else { return }
        try step("upload redirects", targetState: Self.phaseStates[2]!) {
            for path in moved {
                let (type, cache) = headers(path)
                try aws.run(
                    [
                        "s3", "cp", "--only-show-errors", "--no-progress", "--content-type", type,
                        "--cache-control", cache,
                        "--website-redirect", redirects[path]!, site.folder + "/" + path, root + path,
                    ] + serviceOptions, step: "upload redirects")
            }
        }
        log("Uploaded \(moved.count) redirect\(moved.count == 1 ? "" : "s") of old addresses")
    }

    /// The manifest, after every file it lists: the next publish compares against it.
    private func uploadManifest(of site: BuiltSite, scratch: String) throws {
        try step(
            "upload the manifest",
            targetState:
                "the new site is complete; the next publish compares against the previous manifest and uploads some files again"
        ) {
            let manifest = PublishManifest(
                site: BuiltSite(folder: site.folder, files: site.publishedFiles), metadata: metadata)
            let path = scratch + "/" + PublishManifest.fileName
            guard FileManager.default.createFile(atPath: path, contents: manifest.encoded()) else {
                throw PublishFailure(step: "upload the manifest", "could not write \(path)")
            }
            try aws.run(
                [
                    "s3", "cp", "--only-show-errors", "--no-progress", "--content-type", "application/json",
                    "--cache-control", "no-cache", path, root + PublishManifest.fileName,
                ] + serviceOptions, step: "upload the manifest")
        }
    }

    /// Deletes what `plan` deletes, last: the new site is complete by then.
    private func deleteStale(_ plan: PublishPlan, scratch: String) throws {
        try step(
            "delete stale files",
            targetState: "the new site is complete; some stale files are left until the next publish"
        ) {
            // DeleteObjects takes at most 1,000 keys per request.
            for (index, start) in stride(from: 0, to: plan.deleted.count, by: 1000).enumerated() {
                let batch = plan.deleted[start..<min(start + 1000, plan.deleted.count)]
                // The names are S3's own (DeleteObjects' JSON).
                // swift-format-ignore: AlwaysUseLowerCamelCase
                struct Request: Encodable {
                    struct Object: Encodable { var Key: String }
                    var Objects: [Object]
                    var Quiet = true
                }
                let file = scratch + "/delete-\(index).json"
                let data = try JSONEncoder().encode(Request(Objects: batch.map { Request.Object(Key: key($0)) }))
                guard FileManager.default.createFile(atPath: file, contents: data) else {
                    throw PublishFailure(step: "delete stale files", "could not write \(file)")
                }
                let output = try aws.run(
                    ["s3api", "delete-objects", "--bucket", bucket, "--delete", "file://" + file, "--output", "json"]
                        + serviceOptions,
                    step: "delete stale files")
                if output.text.contains("\"Errors\"") {
                    throw PublishFailure(
                        step: "delete stale files", "some objects could not be deleted:\n    " + output.text.prefix(600)
                    )
                }
            }
        }
    }

    /// Adds every object about to be uploaded that the manifest does not list yet to it, before
    /// uploading anything, so that an upload stopped part-way never leaves an object of Herald's
    /// that the manifest does not name: the next publish would take it for someone else's, keep
    /// it, and refuse to replace it. The new entries have no hash, so they are uploaded again.
    private func recordBeforeUploading(_ plan: PublishPlan, scratch: String) throws {
        var manifest = previousManifest ?? PublishManifest(site: BuiltSite(folder: "", files: []))
        let new = (plan.added + plan.changed).filter { manifest.files[$0] == nil }
        guard !new.isEmpty else { return }
        for path in new { manifest.files[path] = PublishManifest.Entry(sha256: "", size: -1) }
        try step(
            "record the upload", targetState: "nothing was uploaded yet; the target still serves the previous site"
        ) {
            let path = scratch + "/pending-" + PublishManifest.fileName
            guard FileManager.default.createFile(atPath: path, contents: manifest.encoded()) else {
                throw PublishFailure(step: "record the upload", "could not write \(path)")
            }
            try aws.run(
                [
                    "s3", "cp", "--only-show-errors", "--no-progress", "--content-type", "application/json",
                    "--cache-control", "no-cache", path, root + PublishManifest.fileName,
                ] + serviceOptions, step: "record the upload")
        }
    }

    /// Hard-links (or copies) `paths` of the output into a folder of their own, for one upload.
    /// Written through the folder's own descriptor: no path can lead out of it.
    private func stage(_ paths: [String], from output: String, into folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let stage = try TargetFolder(path: folder)
        let site = try TargetFolder(path: output)
        for path in paths {
            if try !stage.link(path, from: site, regularOnly: true) {
                try stage.copy(from: output + "/" + path, to: path)
            }
        }
    }

    func cleanUp() {
        if let scratch { try? FileManager.default.removeItem(atPath: scratch) }
    }
}
