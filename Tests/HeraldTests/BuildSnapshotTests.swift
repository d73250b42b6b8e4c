import Foundation
import Testing

@testable import Herald

/// What `herald build` is to keep for its next rebuild (BuildSnapshot): each page read back on its
/// own renders to the bytes the build wrote, the index names every page that shows an item, and
/// each content file's parse comes back without its body.
@Suite struct BuildSnapshotTests {
    /// A fixture site built with a memo, for its last build, and what the build wrote.
    private func lastBuild(of site: String) throws -> (last: LastBuild, memo: BuildMemo, files: [String: Data]) {
        try builtWithMemo(Fixtures.site(site))
    }

    private func snapshot(of last: LastBuild, memo: BuildMemo) throws -> (BuildSnapshot, [UInt8]) {
        let bytes = SnapshotArchive.bytes(of: write(last, memo: memo))
        return (try BuildSnapshot(SnapshotArchive(bytes: bytes)), bytes)
    }

    /// The snapshot of a last build, with the parses its memo kept.
    private func write(_ last: LastBuild, memo: BuildMemo) -> SnapshotWriter {
        var output = SnapshotWriter()
        BuildSnapshot.write(BuildSnapshot.Made(last, memo: memo), to: &output)
        return output
    }

    @Test(arguments: ["basic", "hugo-style"]) func eachPageReadOnItsOwnRendersToTheBytesTheBuildWrote(
        site: String
    ) throws {
        let (last, memo, files) = try lastBuild(of: site)
        let (snapshot, _) = try snapshot(of: last, memo: memo)
        #expect(snapshot.index.pageCount == last.plan.jobs.count)
        #expect(last.plan.jobs.count > 20)
        for (number, job) in last.plan.jobs.enumerated() {
            let read = try snapshot.page(number)
            #expect(read.path == job.path && read.template == job.template && read.language == job.language)
            #expect(read.context == job.context, "\(job.path)")
            #expect(read.lastModified == job.lastModified && read.inSitemap == job.inSitemap)
            #expect(read.source?.path == job.source?.path && read.source?.line == job.source?.line)
            #expect(Data(last.plan.theme.render(read.template, read.context)) == files[job.path], "\(job.path)")
        }
    }

    @Test func theIndexNamesEveryPageShowingAnItemAndNoOther() throws {
        let (last, memo, _) = try lastBuild(of: "basic")
        let (snapshot, _) = try snapshot(of: last, memo: memo)
        #expect(last.plan.itemViews.count > 5)
        var shownOnMoreThanItsPage = 0
        for view in last.plan.itemViews {
            let expected = last.plan.jobs.filter { job in
                var context = job.context
                return context.updateItemViews(at: view.url) { _ in }
            }
            let read = try snapshot.pages(showing: view.url)
            #expect(read.map(\.path) == expected.map(\.path), "\(view.url)")
            if read.count > 1 { shownOnMoreThanItsPage += 1 }
        }
        #expect(shownOnMoreThanItsPage > 5)
        #expect(try snapshot.pages(showing: "/no/such/").isEmpty)
    }

    @Test func eachFilesParseComesBackWithoutItsBody() throws {
        let (last, memo, _) = try lastBuild(of: "basic")
        let (snapshot, _) = try snapshot(of: last, memo: memo)
        for item in last.allItems {
            let outcome = try #require(memo.parses.lookup(item.sourcePath)).outcome
            let read = try #require(try snapshot.parse(of: item.sourcePath))
            #expect(read == BuildSnapshot.ParsedFile(item: item, report: ItemParser.Report(outcome)))
            #expect(read.item.sourcePath == item.sourcePath && read.item.body == RenderedMarkdown())
            #expect(item.body != RenderedMarkdown())
        }
        #expect(try snapshot.parse(of: "content/news/none.md") == nil)
    }

    @Test func aSnapshotFileIsMappedAndReadAsWritten() throws {
        let (last, memo, _) = try lastBuild(of: "basic")
        let (_, bytes) = try snapshot(of: last, memo: memo)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-snapshot-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("snapshot").path
        #expect(SnapshotFile.save(to: path) { BuildSnapshot.write(BuildSnapshot.Made(last, memo: memo), to: &$0) })
        #expect(FileManager.default.contents(atPath: path) == Data(bytes))
        let mapped = try BuildSnapshot(SnapshotArchive(contentsOf: path))
        #expect(try mapped.page(3).context == last.plan.jobs[3].context)
        #expect(throws: SnapshotReader.Corrupt.self) { try SnapshotArchive(contentsOf: path + ".missing") }
    }

    /// Three megabytes of records, each naming a long text of its own and one all share, go into
    /// the file as they are finished, in bytes equal to those kept in memory, and read back.
    @Test func aSnapshotLargerThanWhatTheWriterHoldsIsWrittenAsItGoesAndReadsBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-snapshot-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = String(repeating: "共享", count: 2000)
        let texts = (0..<600).map { String(repeating: "\($0) ", count: 1000 + $0) }
        func write(_ output: inout SnapshotWriter) {
            for text in texts {
                output.write(text)
                output.write(common)
                output.write(Array(repeating: "short", count: 100))
                output.endRecord()
            }
        }
        let path = folder.appendingPathComponent("snapshot").path
        #expect(SnapshotFile.save(to: path, write))
        var inMemory = SnapshotWriter()
        write(&inMemory)
        let bytes = SnapshotArchive.bytes(of: inMemory)
        #expect(bytes.count > 3 * SnapshotWriter.heldBytes)
        #expect(FileManager.default.contents(atPath: path) == Data(bytes))
        let archive = try SnapshotArchive(contentsOf: path)
        #expect(archive.recordCount == texts.count && archive.entryCount == texts.count + 1)
        for (number, text) in texts.enumerated().reversed() {
            let record = try archive.record(number)
            let read: (String, String, [String]) = (try record.next(), try record.next(), try record.next())
            #expect(read.0 == text && read.1 == common && read.2.count == 100 && record.isAtEnd)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["snapshot"])
    }

    @Test func aSnapshotIsOpenedOnlyAsARegularFileAndSavedNeverThroughALink() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-snapshot-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A FIFO in its place is refused at once, not waited on.
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: SnapshotReader.Corrupt.self) { try SnapshotArchive(contentsOf: fifo) }
        // A link where the file is written beside it is replaced, and its target left alone.
        let victim = folder.appendingPathComponent("victim")
        try Data("keep".utf8).write(to: victim)
        let path = folder.appendingPathComponent("snapshot").path
        #expect(symlink(victim.path, path + ".tmp-herald\(getpid())") == 0)
        #expect(
            SnapshotFile.save(to: path) { output in
                output.write("x")
                output.endRecord()
            })
        #expect(try Data(contentsOf: victim) == Data("keep".utf8))
        #expect(try SnapshotArchive(contentsOf: path).recordCount == 1)
        // Nor is a snapshot opened through a link.
        let link = folder.appendingPathComponent("link").path
        #expect(symlink(path, link) == 0)
        #expect(throws: SnapshotReader.Corrupt.self) { try SnapshotArchive(contentsOf: link) }
    }

    @Test func anIndexThatDoesNotFitItsRecordsIsRefused() throws {
        // An archive of a page's worth of bytes whose last record is an index of no pages.
        #expect(throws: SnapshotReader.Corrupt.self) { try snapshot(["a page"], BuildSnapshot.Index(), at: 1) }
        // A count of pages so large that adding to it would overflow.
        var huge = BuildSnapshot.Index()
        huge.pageCount = Int.max
        #expect(throws: SnapshotReader.Corrupt.self) { try snapshot([], huge, at: 0) }
        // A head that names no index, or a page moved to a record of the build's own.
        #expect(throws: SnapshotReader.Corrupt.self) { try snapshot([], BuildSnapshot.Index(), at: 1) }
        var onePage = BuildSnapshot.Index()
        onePage.pageCount = 1
        var moved = BuildSnapshot.Head(index: 1, wholeSize: 1)
        moved.movedPages[0] = 0
        #expect(throws: SnapshotReader.Corrupt.self) { try snapshot(["a page"], onePage, at: 1, head: moved) }
        // A size the build wrote that is none, or more than the file (doubled, it would overflow).
        for size in [0, -1, 1 << 40, Int.max] {
            #expect(throws: SnapshotReader.Corrupt.self, "\(size)") {
                try snapshot([], BuildSnapshot.Index(), at: 0, head: BuildSnapshot.Head(index: 0, wholeSize: size))
            }
        }
        let none = try snapshot([], BuildSnapshot.Index(), at: 0)
        #expect(throws: SnapshotReader.Corrupt.self) { try none.page(0) }
    }

    /// A snapshot of `records`, then `index`, then a head naming record `at` as the index.
    private func snapshot(
        _ records: [String], _ index: BuildSnapshot.Index, at: Int, head: BuildSnapshot.Head? = nil
    ) throws -> BuildSnapshot {
        var output = SnapshotWriter()
        for record in records {
            output.write(record)
            output.endRecord()
        }
        output.write(index)
        output.endRecord()
        output.write(head ?? BuildSnapshot.Head(index: at, wholeSize: 1))
        output.endRecord()
        return try BuildSnapshot(SnapshotArchive(bytes: SnapshotArchive.bytes(of: output)))
    }
}
