import Foundation
import Testing
import Yams

@testable import Herald

/// Herald composes front matter from libyaml's events itself (`YAMLComposer`), for speed, and
/// must give exactly the trees Yams gives: the same text, tags, styles, lines and columns.
/// Whatever it leaves to Yams (anchors, repeats, errors) must reach Yams unchanged.
@Suite struct YAMLComposerTests {
    /// Documents in the forms front matter and `site.yml` take, each composed by both.
    static let documents: [String] = [
        "title: Hello\ndate: 2026-11-21\ndraft: false\nweight: 3\n",
        "title: \"Quoted: with a colon\"\nsummary: 'single ''quoted'''\nnothing:\nempty: ''\ntilde: ~\n",
        "tags: [a, b, \"c d\"]\ncategories:\n  - News\n  - 活动\nmap: {a: 1, b: [x, y]}\n",
        "body: |\n  line one\n  line two\nfolded: >\n  folded\n  text\n\nkept: |+\n  kept\n\nafter: x\n",
        "标题: 学生会迎新晚会\n地点: 二教 101 ☕️\nemoji: \"🎉\\u00e9\\t\"\nbom: \"\u{FEFF}x\"\n",
        "plain: a plain\n  scalar over\n  three lines\n# a comment\nafter: 1 # trailing\n",
        "explicit: !!str 12\nint: !!int \"7\"\nlocal: !custom value\nseq: !!seq [1]\nmap: !!map {a: b}\n",
        "event:\n  start: 2026-12-01T18:30:00+08:00\n  location:\n    name: Hall\n    address: 1 Road\n  repeat:\n    every: week\n",
        "crlf: yes\r\nnext: no\r\nlist:\r\n  - 1\r\n",
        "? complex key as text\n: value\n\"quoted key\": 1\n'single': 2\n",
        "nested: [[1, [2, [3]]], {a: {b: {c: d}}}]\n",
        "--- \ntitle: explicit start\n...\n",
        "just text",
        "- a list\n- at the top\n",
        "key: value with trailing spaces   \nother:    spaced\n",
        "nul: \"a\\0b\"\nescapes: \"\\x41\\u263A\\U0001F600\\n\"\n",
    ]

    /// Composes `yaml` both ways and expects the same tree; fails if the composer left it to Yams.
    func compare(_ yaml: String, resolver: Resolver = .basic) throws {
        guard case .composed(let ours) = YAMLComposer.compose(yaml, resolver: resolver, constructor: .default) else {
            Issue.record("left to Yams: \(yaml.debugDescription)")
            return
        }
        #expect(YAMLComposer.disagreement(on: yaml, resolver: resolver) == nil, "\(yaml.debugDescription)")
        // And equal as Yams compares nodes, with tags resolved.
        #expect(ours == (try Yams.compose(yaml: yaml, resolver, .default, .utf8)))
    }

    @Test(arguments: documents) func composesTheTreeYamsComposes(_ yaml: String) throws {
        try compare(yaml)
        try compare(yaml, resolver: .default)
    }

    /// A stream of nothing but comments is no document, as with Yams.
    @Test func aStreamWithoutADocumentIsNoNode() throws {
        try compare("# only a comment\n")
    }

    /// What only Yams decides, or words, is left to it.
    @Test(arguments: [
        "a: &anchor 1\nb: *anchor\n",  // anchors and aliases
        "a: 1\na: 2\n",  // a repeated key
        "nested:\n  x: 1\n  x: 2\n",  // repeated in a nested mapping
        "é: 1\ne\u{301}: 2\n",  // one key in two spellings, equal as Swift compares text
        "[a]: 1\n",  // a key that is not text
        "a: [1, 2\n",  // refused by libyaml
        "a:\tb\n\tc: d\n",  // a tab
        "a: 1\n---\nb: 2\n",  // a second document
        "",  // nothing at all
    ])
    func leavesToYamsWhatOnlyYamsDecides(_ yaml: String) {
        guard case .leftToYams = YAMLComposer.compose(yaml, resolver: .basic, constructor: .default) else {
            Issue.record("composed: \(yaml.debugDescription)")
            return
        }
    }

    /// The front matter and YAML of every fixture site, written over many sessions to trip
    /// Herald up: each the composer takes gives Yams' tree, and it takes nearly all of them.
    @Test func everyFixturesYAMLComposesAsYamsDoes() throws {
        let files = FileManager.default.enumerator(at: Fixtures.root, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }
            .filter { ["md", "markdown", "yml", "yaml"].contains($0.pathExtension) }
        var (composed, left) = (0, 0)
        for file in files {
            guard let text = try? String(contentsOf: file, encoding: .utf8), let yaml = Self.yaml(of: file, text)
            else { continue }
            guard case .composed = YAMLComposer.compose(yaml, resolver: .basic, constructor: .default) else {
                left += 1
                continue
            }
            composed += 1
            #expect(YAMLComposer.disagreement(on: yaml, resolver: .basic) == nil, "\(file.path)")
        }
        #expect(composed > 150, "composed \(composed), left \(left)")
        #expect(left * 10 < composed, "composed \(composed), left \(left)")
    }

    /// A YAML file's text, or a Markdown file's YAML front matter; nil for anything else.
    static func yaml(of file: URL, _ text: String) -> String? {
        if file.pathExtension != "md" && file.pathExtension != "markdown" { return text }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == "---", let end = lines.dropFirst().firstIndex(of: "---") else { return nil }
        return lines[1..<end].joined(separator: "\n")
    }
}
