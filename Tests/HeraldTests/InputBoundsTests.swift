import Foundation
import Testing

@testable import Herald

/// Warnings and errors are capped per file, and the readers refuse input past their limits with
/// `path:line: message`, so that no input decides the build's time or memory.
@Suite struct InputBoundsTests {
    /// A file with a problem on each of 100,000 lines is kept as 20 diagnostics and one count.
    @Test func aListKeepsTwentyOfEachFileAndCountsTheRest() {
        var list = DiagnosticList()
        for line in 1...100_000 {
            list.warning("data/popularity.csv", line + 1, "no item has the path or slug 'x\(line)'")
        }
        list.warning("site.yml", 3, "unknown key 'a' is ignored")
        list.error("data/popularity.csv", 7, "views must be a whole number of at least 0, not 'ten'")
        let lines = list.all.map(\.description)
        #expect(lines.count == 23)
        #expect(
            lines.prefix(2) == [
                "data/popularity.csv:2: warning: no item has the path or slug 'x1'",
                "data/popularity.csv:3: warning: no item has the path or slug 'x2'",
            ])
        #expect(lines[19] == "data/popularity.csv:21: warning: no item has the path or slug 'x20'")
        #expect(lines.contains("site.yml:3: warning: unknown key 'a' is ignored"))
        #expect(lines.contains("data/popularity.csv:7: views must be a whole number of at least 0, not 'ten'"))
        #expect(lines.last == "data/popularity.csv: warning: … and 99,980 more warnings in this file")
        #expect(list.hasErrors)
        #expect(DiagnosticCap.count(list.all) == 100_002)
    }

    /// Lists collected apart (one per step) are capped again when printed: one summary per file,
    /// after that file's other lines, with every left-out diagnostic counted.
    @Test func capMergesListsAndSortsTheSummaryLast() {
        var first = DiagnosticList()
        var second = DiagnosticList()
        for line in 1...30 { first.warning("content/a.md", line, "first \(line)") }
        for line in 31...45 { second.warning("content/a.md", line, "second \(line)") }
        second.warning("content/b.md", 1, "other file")
        let capped = DiagnosticCap.apply(first.all + second.all).map(\.description)
        #expect(capped.count == 22)
        #expect(capped[0] == "content/a.md:1: warning: first 1")
        #expect(capped[19] == "content/a.md:20: warning: first 20")
        #expect(capped[20] == "content/a.md: warning: … and 25 more warnings in this file")
        #expect(capped[21] == "content/b.md:1: warning: other file")
        #expect(
            DiagnosticCap.apply(first.all + second.all)
                == DiagnosticCap.apply(DiagnosticCap.apply(first.all + second.all)))
    }

    @Test func errorsAreCappedAndCountedInTheFailure() {
        let failure = BuildFailure(
            step: "read data",
            diagnostics: (1...25).map { Diagnostic(path: "data/popularity.csv", line: $0 + 1, "bad \($0)") })
        #expect(failure.diagnostics.count == 21)
        #expect(failure.diagnostics.last?.description == "data/popularity.csv: … and 5 more errors in this file")
        #expect(failure.errorCount == 25)
        #expect(failure.description.hasSuffix("\nerror: read data failed with 25 errors"))
        #expect(NumberText.grouped(1_234_567) == "1,234,567")
        #expect(NumberText.grouped(999) == "999")
    }

    /// The build's warnings hold 20 rows of the popularity file and one line for the rest, and
    /// the summary counts them all.
    @Test func aBuildReportsTwentyWarningsOfOneFile() throws {
        var site = MemorySite(["content/news/2026-11-01-a.md": "---\ntitle: A\ndate: 2026-11-01\n---\nText.\n"])
        site.files["data/popularity.csv"] = "slug,views\n" + (1...500).map { "nothing-\($0),\($0)\n" }.joined()
        let report = try Build(options: BuildOptions(now: Fixtures.now), fileSystem: site.fileSystem).run(
            into: MemoryOutput())
        let lines = report.warnings.map(\.description)
        #expect(lines.count == 21)
        #expect(lines.first == "data/popularity.csv:2: warning: no item has the path or slug 'nothing-1'")
        #expect(lines.last == "data/popularity.csv: warning: … and 480 more warnings in this file")
        #expect(report.summary.hasSuffix("; 500 warnings"))
    }

    @Test func aDataFileOver16MBIsRefusedBeforeItIsRead() {
        let big = "slug,views\n" + String(repeating: "nothing,1\n", count: 1_700_000)
        #expect(
            MemorySite(["data/popularity.csv": big]).diagnostics() == [
                "data/popularity.csv:1: file is 16.2 MB; data files may be at most 16 MB: export the figures of the items the site still has"
            ])
    }

    @Test func aTableOverTheColumnLimitIsRefusedAtItsHeader() {
        let table = "|" + String(repeating: "a|", count: 1_001) + "\n|" + String(repeating: "-|", count: 1_001) + "\n"
        #expect(
            MemorySite(["content/pages/t.md": "---\ntitle: T\n---\n\nBefore.\n\n" + table]).diagnostics() == [
                "content/pages/t.md:7: this table has 1,001 columns; a table may have at most 1,000: split it, or link to the data as a CSV file in static/"
            ])
        let wide = "|" + String(repeating: "a|", count: 1_000) + "\n|" + String(repeating: "-|", count: 1_000) + "\n"
        #expect(MemorySite(["content/pages/t.md": "---\ntitle: T\n---\n\n" + wide]).diagnostics() == [])
    }

    /// The cells of all of a file's tables count together, header rows included.
    @Test func tablesOverTheCellLimitAreRefusedAtTheTableThatPassesIt() throws {
        let rows = String(repeating: "| a | b | c | d |\n", count: 12_499)
        let table = "| w | x | y | z |\n|---|---|---|---|\n" + rows
        // Two tables of 12,500 rows of 4 cells: 100,000 cells, the most allowed.
        let fits = "---\ntitle: T\n---\n\n" + table + "\nBetween.\n\n" + table
        let output = try MemorySite(["content/pages/t.md": fits]).build()
        #expect(try #require(output.text("t/index.html")).components(separatedBy: "<td>a</td>").count == 2 * 12_499 + 1)
        let over = fits + "\n| one more |\n|---|\n"
        #expect(
            MemorySite(["content/pages/t.md": over]).diagnostics() == [
                "content/pages/t.md:25011: the tables of this file have over 100,000 cells, the most a file's tables may have in all: split the table over several items, or link to the data as a CSV file in static/"
            ])
    }

    @Test func frontMatterOverOneMegabyteIsRefusedBeforeItIsParsed() {
        let keys = (0..<120_000).map { "k\($0): v\n" }.joined()
        let diagnostics = MemorySite(["content/pages/k.md": "\n---\ntitle: K\n" + keys + "---\nText.\n"]).diagnostics()
        #expect(
            diagnostics == [
                "content/pages/k.md:2: front matter is 1181 KB; it may be at most 1024 KB: put long text in the body, and lists of data in data/"
            ])
    }

    /// Keys are counted in nested mappings too; the error is at the key past the limit.
    @Test func frontMatterOverTenThousandKeysIsRefusedAtTheKeyPastTheLimit() {
        let nested = (0..<10_000).map { "  k\($0): v\n" }.joined()
        #expect(
            MemorySite(["content/pages/k.md": "---\ntitle: K\nparams:\n" + nested + "---\nText.\n"]).diagnostics() == [
                "content/pages/k.md:10002: front matter has over 10,000 keys (this is key 10,001); it may have at most 10,000: put lists of data in data/"
            ])
        let fits = (0..<9_998).map { "k\($0): v\n" }.joined()
        #expect(MemorySite(["content/pages/k.md": "---\ntitle: K\n" + fits + "---\nText.\n"]).diagnostics() == [])
    }
}
