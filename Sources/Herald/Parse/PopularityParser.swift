import Foundation
import Yams

/// Reads `data/popularity.csv` or `data/popularity.json`: per item, its content path or slug and
/// its `views`, `likes` and `comments` (missing columns count as 0).
public enum PopularityParser {
    /// The largest data file read: a site of 10,000 items exports some 500 KB of figures, and
    /// 16 MB (as for a content file) holds over 400,000 rows. A bigger file is refused before it
    /// is read, so that its size cannot decide the build's memory.
    public static let largestFile = 16 * 1024 * 1024

    /// The diagnostic for a data file of `size` bytes, over `largestFile`.
    public static func tooLarge(_ size: Int, path: String) -> Diagnostic {
        let megabytes = String(format: "%.1f", Double(size) / 1_048_576)
        return Diagnostic(
            path: path, line: 1,
            "file is \(megabytes) MB; data files may be at most \(largestFile / 1_048_576) MB: export the figures of the items the site still has"
        )
    }

    /// Parses a CSV file with a header row naming the columns: `path` (or `slug`), `views`, `likes`, `comments`.
    ///
    /// Rows are read one at a time and only their records kept (all the rows of a 16 MB file at
    /// once were ten times its size), and the diagnostics are capped per file (`DiagnosticList`).
    public static func parseCSV(
        _ text: String, path: String
    ) -> (records: [PopularityRecord], diagnostics: [Diagnostic]) {
        var problems = DiagnosticList()
        var records: [PopularityRecord] = []
        var reader: RowReader? = nil
        CSVRows.forEach(in: text) { row in
            guard let current = reader else {
                reader = RowReader(header: row, path: path, problems: &problems)
                return reader != nil
            }
            if let record = current.record(row, problems: &problems) { records.append(record) }
            return true
        }
        return (records, problems.all)
    }

    /// Reads the rows after a CSV header, by the columns it names.
    private struct RowReader {
        let path: String
        let keyColumn: Int
        let keyName: String
        /// The column of `views`, `likes` and `comments`, when present.
        let figureColumns: [(name: String, column: Int?)]

        /// The reader for a header row; nil, with an error, when it names no `path` or `slug`.
        init?(header: CSVRows.Row, path: String, problems: inout DiagnosticList) {
            let columns = header.fields.map { $0.trimmed().lowercased() }
            guard let keyColumn = columns.firstIndex(of: "path") ?? columns.firstIndex(of: "slug") else {
                problems.error(
                    path, header.line,
                    "the header must name a `path` or `slug` column (found: \(columns.joined(separator: ", ")))")
                return nil
            }
            let known = ["path", "slug", "views", "likes", "comments"]
            for (index, name) in columns.enumerated() where !known.contains(name) && !name.isEmpty {
                problems.warning(
                    path, header.line,
                    "column \(index + 1) '\(name)' is ignored (the columns read are path or slug, views, likes, comments)"
                )
            }
            self.path = path
            self.keyColumn = keyColumn
            self.keyName = columns[keyColumn]
            self.figureColumns = ["views", "likes", "comments"].map { ($0, columns.firstIndex(of: $0)) }
        }

        /// The record of a row; nil for a blank row or one with an error (reported).
        func record(_ row: CSVRows.Row, problems: inout DiagnosticList) -> PopularityRecord? {
            if row.fields.count == 1 && row.fields[0].isEmpty { return nil }
            guard keyColumn < row.fields.count, !row.fields[keyColumn].trimmed().isEmpty else {
                problems.error(path, row.line, "the row has no \(keyName)")
                return nil
            }
            var figures: [Int] = []
            for (name, column) in figureColumns {
                guard let column, column < row.fields.count, case let text = row.fields[column].trimmed(), !text.isEmpty
                else {
                    figures.append(0)
                    continue
                }
                guard let value = Int(text), value >= 0 else {
                    problems.error(path, row.line, "\(name) must be a whole number of at least 0, not '\(text)'")
                    figures.append(0)
                    continue
                }
                figures.append(value)
            }
            let popularity = Popularity(views: figures[0], likes: figures[1], comments: figures[2])
            return PopularityRecord(
                key: row.fields[keyColumn].trimmed(), popularity: popularity, path: path, line: row.line)
        }
    }

    /// Parses a JSON file: a list of objects with `path` (or `slug`), `views`, `likes`, `comments`,
    /// or an object from path or slug to `{views, likes, comments}`. Read with Yams (JSON is YAML)
    /// so that every problem has its line.
    public static func parseJSON(
        _ text: String, path: String
    ) -> (records: [PopularityRecord], diagnostics: [Diagnostic]) {
        var problems = DiagnosticList()
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            let line = (error as? YamlError).flatMap(lineOf) ?? 1
            return ([], [Diagnostic(path: path, line: line, "is not valid JSON: \(error)")])
        }
        var records: [PopularityRecord] = []
        func record(_ key: String, _ fields: Node.Mapping, line: Int) {
            var reader = YAMLReader(mapping: fields, path: path, lineOffset: 0)
            let popularity = Popularity(
                views: reader.count("views") ?? 0, likes: reader.count("likes") ?? 0,
                comments: reader.count("comments") ?? 0)
            problems.append(contentsOf: reader.problems.all)
            records.append(PopularityRecord(key: key, popularity: popularity, path: path, line: line))
        }
        switch root {
        case .sequence(let entries)?:
            for entry in entries {
                let line = entry.mark?.line ?? 1
                guard case .mapping(let fields) = entry, let key = (fields["path"] ?? fields["slug"])?.string else {
                    problems.error(path, line, "each entry needs a \"path\" or \"slug\"")
                    continue
                }
                record(key, fields, line: line)
            }
        case .mapping(let byKey)?:
            for (key, value) in byKey {
                guard case .mapping(let fields) = value, let name = key.string else {
                    problems.error(
                        path, value.mark?.line ?? 1, "each value must be an object with views, likes and comments")
                    continue
                }
                record(name, fields, line: key.mark?.line ?? 1)
            }
        case nil:
            break
        default:
            problems.error(path, 1, "must be a list of objects or an object keyed by content path")
        }
        return (records, problems.all)
    }

    private static func lineOf(_ error: YamlError) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): return mark.line
        default: return nil
        }
    }
}

/// Rows of RFC 4180 CSV: fields separated by commas, optionally in double quotes (with `""` for a
/// quote and line breaks allowed inside), rows ending in LF or CRLF. Each row keeps the line it starts on.
enum CSVRows {
    struct Row: Equatable {
        var fields: [String]
        var line: Int
    }

    /// The rows of CSV text: fields split at commas, a field in double quotes may hold commas,
    /// line breaks and doubled quotes; carriage returns outside quotes are dropped.
    static func parse(_ text: String) -> [Row] {
        var rows: [Row] = []
        forEach(in: text) {
            rows.append($0)
            return true
        }
        return rows
    }

    /// Calls `body` with each row of CSV text in turn, until it returns false: a reader keeps
    /// what it needs of a row, not every row at once.
    ///
    /// Read on UTF-8 bytes (every delimiter is ASCII) with each field made a String once: appending
    /// scalar by scalar to Strings took 25 ms for the 10,000-row popularity file of the benchmark.
    static func forEach(in text: String, _ body: (Row) -> Bool) {
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var line = 1
        var rowLine = 1
        var text = text
        var going = true
        text.withUTF8 { bytes in
            var index = 0
            while going, index < bytes.count {
                let byte = bytes[index]
                index += 1
                if quoted {
                    if byte == UInt8(ascii: "\"") {
                        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                            field.append(byte)
                            index += 1
                        } else {
                            quoted = false
                        }
                    } else {
                        if byte == UInt8(ascii: "\n") { line += 1 }
                        field.append(byte)
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\"") where field.isEmpty:
                    quoted = true
                case UInt8(ascii: ","):
                    fields.append(String(decoding: field, as: UTF8.self))
                    field.removeAll(keepingCapacity: true)
                case UInt8(ascii: "\r"):
                    continue
                case UInt8(ascii: "\n"):
                    fields.append(String(decoding: field, as: UTF8.self))
                    going = body(Row(fields: fields, line: rowLine))
                    fields.removeAll(keepingCapacity: true)
                    field.removeAll(keepingCapacity: true)
                    line += 1
                    rowLine = line
                default:
                    field.append(byte)
                }
            }
        }
        if going, !field.isEmpty || !fields.isEmpty {
            fields.append(String(decoding: field, as: UTF8.self))
            _ = body(Row(fields: fields, line: rowLine))
        }
    }
}
