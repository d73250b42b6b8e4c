import Foundation
import Yams

/// Reads `data/popularity.csv` or `data/popularity.json`: per item, its content path or slug and
/// its `views`, `likes` and `comments` (missing columns count as 0).
public enum PopularityParser {
    /// Parses a CSV file with a header row naming the columns: `path` (or `slug`), `views`, `likes`, `comments`.
    public static func parseCSV(_ text: String, path: String) -> (records: [PopularityRecord], diagnostics: [Diagnostic]) {
        var problems = DiagnosticList()
        let rows = CSVRows.parse(text)
        guard let header = rows.first else { return ([], []) }
        let columns = header.fields.map { $0.trimmed().lowercased() }
        guard let keyColumn = columns.firstIndex(of: "path") ?? columns.firstIndex(of: "slug") else {
            problems.error(path, header.line, "the header must name a `path` or `slug` column (found: \(columns.joined(separator: ", ")))")
            return ([], problems.all)
        }
        let known = ["path", "slug", "views", "likes", "comments"]
        for (index, name) in columns.enumerated() where !known.contains(name) && !name.isEmpty {
            problems.warning(path, header.line, "column \(index + 1) '\(name)' is ignored (the columns read are path or slug, views, likes, comments)")
        }
        var records: [PopularityRecord] = []
        for row in rows.dropFirst() where !(row.fields.count == 1 && row.fields[0].isEmpty) {
            func number(_ name: String) -> Int {
                guard let column = columns.firstIndex(of: name), column < row.fields.count else { return 0 }
                let text = row.fields[column].trimmed()
                if text.isEmpty { return 0 }
                guard let value = Int(text), value >= 0 else {
                    problems.error(path, row.line, "\(name) must be a whole number of at least 0, not '\(text)'")
                    return 0
                }
                return value
            }
            guard keyColumn < row.fields.count, !row.fields[keyColumn].trimmed().isEmpty else {
                problems.error(path, row.line, "the row has no \(columns[keyColumn])")
                continue
            }
            let popularity = Popularity(views: number("views"), likes: number("likes"), comments: number("comments"))
            records.append(PopularityRecord(key: row.fields[keyColumn].trimmed(), popularity: popularity, path: path, line: row.line))
        }
        return (records, problems.all)
    }

    /// Parses a JSON file: a list of objects with `path` (or `slug`), `views`, `likes`, `comments`,
    /// or an object from path or slug to `{views, likes, comments}`. Read with Yams (JSON is YAML)
    /// so that every problem has its line.
    public static func parseJSON(_ text: String, path: String) -> (records: [PopularityRecord], diagnostics: [Diagnostic]) {
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
            let popularity = Popularity(views: reader.count("views") ?? 0, likes: reader.count("likes") ?? 0, comments: reader.count("comments") ?? 0)
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
                    problems.error(path, value.mark?.line ?? 1, "each value must be an object with views, likes and comments")
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
    ///
    /// Read on UTF-8 bytes (every delimiter is ASCII) with each field made a String once: appending
    /// scalar by scalar to Strings took 25 ms for the 10,000-row popularity file of the benchmark.
    static func parse(_ text: String) -> [Row] {
        var rows: [Row] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var line = 1
        var rowLine = 1
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
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
                    rows.append(Row(fields: fields, line: rowLine))
                    fields = []
                    field.removeAll(keepingCapacity: true)
                    line += 1
                    rowLine = line
                default:
                    field.append(byte)
                }
            }
        }
        if !field.isEmpty || !fields.isEmpty {
            fields.append(String(decoding: field, as: UTF8.self))
            rows.append(Row(fields: fields, line: rowLine))
        }
        return rows
    }
}
