import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Validates the documents a build makes for machines, which a reader never looks at and so an
/// error in them would go unseen: RSS, Atom and sitemap XML (well-formed, with the elements their
/// specifications require), JSON Feed and the JSON API (parse, required members), and iCalendar
/// (line length and endings, balanced components, required properties).
struct DocumentCheck {
    /// Output path → bytes.
    let files: [String: Data]
    /// The output folder as the user named it, to report a document's path as it would be written.
    let outputPath: String
    /// `https://example.org/union/`, which every sitemap `loc` must start with.
    let baseURL: String
    /// Each language's API folder (`api/`, `en/api/`): a `feed.json` there is an API document.
    var apiFolders: [String] = []

    /// Every problem, ordered by path and line.
    func findings() -> [Diagnostic] {
        files.keys.sorted().parallelMap { path -> [Diagnostic] in
            let data = files[path]!
            if path.hasSuffix(".xml") { return xml(path, data) }
            if path.hasSuffix(".json") { return json(path, data) }
            if path.hasSuffix(".ics") { return calendar(path, data) }
            return []
        }.flatMap { $0 }
    }

    private func problem(_ path: String, _ line: Int, _ message: String) -> Diagnostic {
        Diagnostic(path: (outputPath as NSString).appendingPathComponent(path), line: line, message)
    }

    // MARK: XML

    private func xml(_ path: String, _ data: Data) -> [Diagnostic] {
        let tree = XMLTree(data)
        if let error = tree.error { return [problem(path, error.line, "is not well-formed XML: \(error.message)")] }
        guard let root = tree.root else { return [problem(path, 1, "is an empty XML document")] }
        var found: [Diagnostic] = []
        func require(_ element: XMLTree.Element, _ children: [String], _ what: String) {
            for name in children where element.child(name) == nil {
                found.append(problem(path, element.line, "\(what) has no <\(name)>, which the standard requires"))
            }
        }
        switch root.name {
        case "rss":
            guard let channel = root.child("channel") else { return [problem(path, root.line, "RSS has no <channel>")] }
            require(channel, ["title", "link", "description"], "the RSS channel")
            for item in channel.children
            where item.name == "item" && item.child("title") == nil && item.child("description") == nil {
                found.append(problem(path, item.line, "an RSS item has neither <title> nor <description>"))
            }
        case "feed":
            require(root, ["id", "title", "updated"], "the Atom feed")
            for entry in root.children where entry.name == "entry" {
                require(entry, ["id", "title", "updated"], "an Atom entry")
            }
        case "sitemapindex", "urlset":
            // Each entry of a sitemap, or each sitemap of an index, has an absolute URL of the site.
            let (entry, what) = root.name == "urlset" ? ("url", "sitemap") : ("sitemap", "sitemap index")
            let entries = root.children.filter { $0.name == entry }
            // A base URL with no host (`/`) makes every address relative: one finding, not one per page.
            if !baseURL.hasPrefix("http"), !entries.isEmpty {
                return found + [
                    problem(
                        path, entries[0].line,
                        "the \(what)'s \(entries.count) <loc> addresses are not absolute, because baseURL \(baseURL) has no host; search engines ignore them. Set baseURL in site.yml to the address readers reach the site at, such as https://union.example.edu/"
                    )
                ]
            }
            for element in entries {
                guard let loc = element.child("loc")?.text.trimmingCharacters(in: .whitespacesAndNewlines) else {
                    found.append(problem(path, element.line, "a \(what) <\(entry)> has no <loc>"))
                    continue
                }
                if !loc.hasPrefix(baseURL) || !loc.hasPrefix("http") {
                    found.append(
                        problem(
                            path, element.line,
                            "\(what) <loc> \(loc) is not an absolute URL of this site (\(baseURL)); set baseURL in site.yml"
                        ))
                }
            }
        default: break
        }
        return found
    }

    // MARK: JSON

    private func json(_ path: String, _ data: Data) -> [Diagnostic] {
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: data)
        } catch {
            return [problem(path, 1, "is not valid JSON: \(error.localizedDescription)")]
        }
        guard path == URLLayout.jsonFeedPath("") || path.hasSuffix("/" + URLLayout.jsonFeedPath("")),
            !apiFolders.contains(where: { path.hasPrefix($0) })
        else { return [] }
        guard let feed = value as? [String: Any] else { return [problem(path, 1, "a JSON Feed must be an object")] }
        var found: [Diagnostic] = []
        if (feed["version"] as? String)?.hasPrefix("https://jsonfeed.org/version/") != true {
            found.append(problem(path, 1, "JSON Feed has no version URL"))
        }
        if feed["title"] as? String == nil { found.append(problem(path, 1, "JSON Feed has no title")) }
        guard let items = feed["items"] as? [[String: Any]] else {
            return found + [problem(path, 1, "JSON Feed has no items array")]
        }
        for (index, item) in items.enumerated() {
            if item["id"] as? String == nil { found.append(problem(path, 1, "JSON Feed item \(index + 1) has no id")) }
            if item["content_html"] == nil && item["content_text"] == nil {
                found.append(problem(path, 1, "JSON Feed item \(index + 1) has neither content_html nor content_text"))
            }
        }
        return found
    }

    // MARK: iCalendar

    private func calendar(_ path: String, _ data: Data) -> [Diagnostic] {
        let text = String(decoding: data, as: UTF8.self)
        var found: [Diagnostic] = []
        var open: [(name: String, line: Int, properties: Set<String>)] = []
        let required = ["VCALENDAR": ["VERSION", "PRODID"], "VEVENT": ["UID", "DTSTAMP", "DTSTART"]]
        let lines = text.components(separatedBy: "\r\n")
        if lines.last != "" { found.append(problem(path, lines.count, "does not end with CRLF")) }
        for (index, line) in lines.enumerated() where !line.isEmpty {
            let number = index + 1
            if line.contains("\n") || line.contains("\r") {
                found.append(problem(path, number, "has a line break that is not CRLF"))
            }
            if line.utf8.count > 75 {
                found.append(problem(path, number, "line is \(line.utf8.count) octets; RFC 5545 folds lines at 75"))
            }
            if line.hasPrefix(" ") || line.hasPrefix("\t") { continue }  // a folded continuation
            let name = String(line.prefix { $0 != ":" && $0 != ";" })
            let value = line.split(separator: ":", maxSplits: 1).last.map(String.init) ?? ""
            if name == "BEGIN" {
                open.append((value, number, []))
            } else if name == "END" {
                guard let last = open.popLast(), last.name == value else {
                    found.append(problem(path, number, "END:\(value) does not close the component opened before it"))
                    continue
                }
                for property in required[value] ?? [] where !last.properties.contains(property) {
                    found.append(problem(path, last.line, "\(value) has no \(property)"))
                }
            } else if !open.isEmpty {
                open[open.count - 1].properties.insert(name)
            }
        }
        for component in open { found.append(problem(path, component.line, "BEGIN:\(component.name) is never closed")) }
        return found
    }
}

/// An XML document read into elements (names, text, children and lines), enough to check what a
/// feed or sitemap holds. Parsing is Foundation's (libxml2), so well-formedness is judged by it.
final class XMLTree: NSObject, XMLParserDelegate {
    final class Element {
        let name: String
        let line: Int
        var children: [Element] = []
        var text = ""

        init(name: String, line: Int) {
            self.name = name
            self.line = line
        }

        /// The first child element named `name`.
        func child(_ name: String) -> Element? { children.first { $0.name == name } }
    }

    private(set) var root: Element?
    private(set) var error: (line: Int, message: String)?
    private var stack: [Element] = []
    private weak var parser: XMLParser?

    init(_ data: Data) {
        super.init()
        let parser = XMLParser(data: data)
        self.parser = parser
        parser.delegate = self
        // Foundation's parser may return true and still set an error (a document that ends early).
        if !parser.parse() || parser.parserError != nil || !stack.isEmpty {
            let code = (parser.parserError as NSError?)?.code
            error = (
                max(1, parser.lineNumber),
                code.map(Self.describe) ?? "the document ends before <\(stack.last?.name ?? "")> is closed"
            )
        }
    }

    /// libxml2's error codes as words (Foundation on Linux gives no description of its own).
    private static func describe(_ code: Int) -> String {
        switch code {
        case 4: return "the document is empty"
        case 5: return "the document ends before every element is closed"
        case 9: return "a character that XML does not allow"
        case 26: return "an entity that is not defined (only &amp; &lt; &gt; &quot; &apos; are)"
        case 38, 39, 40, 41: return "a malformed attribute"
        case 68: return "a name where one is not allowed, or a stray <"
        case 73, 76: return "an end tag that does not match its start tag"
        default: return "parser error \(code)"
        }
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let element = Element(name: name, line: parser.lineNumber)
        if let parent = stack.last { parent.children.append(element) } else { root = element }
        stack.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack.last?.text += string
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        stack.last?.text += String(decoding: block, as: UTF8.self)
    }
}
