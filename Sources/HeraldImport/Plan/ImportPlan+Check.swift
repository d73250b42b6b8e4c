import Foundation
import Herald
import Yams

/// Check the new site: Herald's own build runs on it in memory, so that `herald build` after the
/// import exits 0. A file the build refuses is not converted but copied as it was and listed; an
/// alias another page holds is dropped; a copied file that would replace a page is left out.
extension ImportPlan {
    mutating func checkNewSite() {
        for _ in 0..<4 {
            var build = Build(
                options: BuildOptions(sourcePath: ".", outputPath: "site-output", now: options.now),
                fileSystem: newSite())
            build.planOnly = true
            do {
                let report = try build.run(into: DiscardingOutput())
                leaveOutUnusedTermPages(report.warnings)
                return
            } catch let failure as BuildFailure {
                guard fix(failure.errors) else { return }
            } catch {
                note(SiteConfigFile.name, 1, "the new site could not be checked: \(error)", kind: "check failed")
                return
            }
        }
    }

    /// Takes out what each error is about; false when nothing could be (the errors are reported).
    mutating func fix(_ errors: [Diagnostic]) -> Bool {
        var changed = false
        var leaveOut = Set<Int>()
        let termPagePaths = Set(termPages.map(\.old.newPath))
        for error in errors {
            if let index = items.firstIndex(where: { $0.path == error.path }) {
                if case .unkeptAlias(let alias) = error.kind, dropAlias(alias, from: index) {
                    changed = true
                    note(
                        items[index].old.sourcePath, 1, "an old address was dropped: \(error.message)",
                        kind: "old address dropped")
                    continue
                }
                if error.kind == .coverImage, dropCover(from: index) {
                    changed = true
                    note(
                        items[index].old.sourcePath, 1,
                        "the cover was dropped, so that the post is imported without it: \(error.message)",
                        kind: "cover dropped")
                    continue
                }
                if case .deadContentLink(let link) = error.kind, unlinkDeadLink(link, in: index) {
                    changed = true
                    note(
                        items[index].old.sourcePath, error.line,
                        "the link to \(link) led to no page of the old site either (no such content file): its text is kept, without the link",
                        kind: "dead link")
                    continue
                }
                leaveOut.insert(index)
            } else if let copy = inventory.copies.firstIndex(where: { $0.to == error.path }) {
                note(inventory.copies[copy].from, 1, "left out: \(error.message)", kind: "file left out")
                inventory.copies.remove(at: copy)
                changed = true
            } else if let item = items.firstIndex(where: {
                $0.bundleFolder != nil && error.path.hasPrefix($0.bundleFolder! + "/")
            }) {
                let resource = String(error.path.dropFirst(items[item].bundleFolder!.count + 1))
                items[item].old.resources.removeAll { $0 == resource }
                note(
                    items[item].old.bundleFolder! + "/" + resource, 1, "left out: \(error.message)",
                    kind: "file left out")
                changed = true
            } else if termPagePaths.contains(error.path) {
                // Its other errors find it gone.
                if leaveOutTermPage(for: error, all: errors) { changed = true }
            } else {
                note(error.path, error.line, error.message, kind: "new site error")
            }
        }
        for index in leaveOut.sorted(by: >) {
            let item = items.remove(at: index)
            let messages = errors.filter { $0.path == item.path }
            if item.isTranslation {
                report.translations -= 1
            } else if item.countsAsItem {
                report.items[item.kind, default: 0] -= 1
            }
            notConverted(
                Diagnostic(
                    path: item.old.sourcePath, line: messages.first?.line ?? 1,
                    "Herald cannot build it: " + messages.map(\.message).joined(separator: "; ")))
            changed = true
        }
        return changed
    }

    /// A cover Herald cannot show (not in the old site's files, not an image, too many pixels)
    /// would stop the build, and so keep the whole post out: the cover goes, the post stays.
    /// Returns false when the item names no cover.
    mutating func dropCover(from index: Int) -> Bool {
        guard items[index].frontMatter.index(of: "image") != nil else { return false }
        for key in ["image", "imageAlt", "imageFocus"] { items[index].frontMatter.remove(key) }
        return true
    }

    /// A link to a Markdown file that is no page (`[build](./build.md)`, often left by a
    /// translation of another site's post) led nowhere on the old site and would stop Herald's
    /// build: its text stays, its link goes. Returns false when the link is not found written inline.
    mutating func unlinkDeadLink(_ link: String, in index: Int) -> Bool {
        // `[text](link)` or `[text](<link> "title")`; the text may hold one level of brackets.
        let escaped = NSRegularExpression.escapedPattern(for: link)
        guard
            let pattern = try? NSRegularExpression(
                pattern: #"\[((?:[^\[\]]|\[[^\]]*\])*)\]\(\s*<?"# + escaped + #">?(?:\s+"[^"]*")?\s*\)"#)
        else { return false }
        let body = items[index].body
        let range = NSRange(body.startIndex..., in: body)
        guard pattern.firstMatch(in: body, range: range) != nil else { return false }
        items[index].body = pattern.stringByReplacingMatches(in: body, range: range, withTemplate: "$1")
        return true
    }

    /// Removes `alias` (as written, what an `.unkeptAlias` problem names) from an item's `aliases`.
    mutating func dropAlias(_ alias: String, from index: Int) -> Bool {
        for key in ["aliases", "redirect_from"] {
            guard let entry = items[index].frontMatter.index(of: key) else { continue }
            let aliases = items[index].frontMatter.entries[entry].value.texts
            // Compared as addresses: `/old/` and `old` are one.
            guard let named = aliases.first(where: { URLLayout.aliasPath($0) == URLLayout.aliasPath(alias) }) else {
                continue
            }
            let rest = aliases.filter { $0 != named }
            if rest.isEmpty {
                items[index].frontMatter.remove(key)
            } else {
                items[index].frontMatter.set(key, Node(rest.map { Node($0) }))
            }
            report.aliasesWritten -= 1
            return true
        }
        return false
    }

    /// The new site as a file system: the files made, and the copies read from the old site.
    func newSite() -> FileSystem {
        let made = result().files
        var copied: [String: String] = [:]
        for copy in allCopies() { copied[copy.to] = copy.from }
        let sources = copied
        let all = Set(made.keys).union(sources.keys).sorted()
        let tree = self.tree
        return FileSystem(
            listFiles: { folder, hidden in
                let prefix = folder.hasSuffix("/") ? folder : folder + "/"
                let found = all.filter {
                    $0.hasPrefix(prefix) && (hidden || !$0.split(separator: "/").contains { $0.hasPrefix(".") })
                }
                return found.isEmpty ? nil : found
            },
            readFile: { path in
                if let data = made[path] { return data }
                if let from = sources[path], let data = tree.read(from) { return data }
                throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
            })
    }
}
