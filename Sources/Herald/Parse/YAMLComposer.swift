import CYaml
import Foundation
import Yams

/// Composes a YAML document into Yams' nodes straight from libyaml's events, for the documents
/// that need nothing but scalars, lists and mappings: every front matter of a typical site.
///
/// Yams' own composer (`Yams.compose`) makes the same nodes, but it wraps each libyaml event in a
/// class, decodes each scalar through Foundation, and finds repeated keys by grouping every
/// mapping's keys in a dictionary of nodes, resolving each key's tag on the way. On the
/// 10,000-item corpus that was 7% of a build's CPU, against 3% for libyaml's own parsing (perf).
///
/// Anything else is left to Yams, so that its behaviour stays the one the rest of Herald knows:
/// a document libyaml refuses (Yams words the error), anchors and aliases, a key given twice or
/// a key that is not text (Yams decides which keys are the same), and a second document.
enum YAMLComposer {
    /// What composing gave: a document's root (nil for an empty stream), or nothing, when the
    /// document is one to leave to Yams.
    enum Outcome {
        case composed(Node?)
        case leftToYams
    }

    /// Composes `yaml` with Yams' resolver and constructor, as `Yams.compose` would.
    static func compose(_ yaml: String, resolver: Resolver, constructor: Constructor) -> Outcome {
        guard marksCanBeMade, !yaml.utf8.isEmpty else { return .leftToYams }
        var text = yaml
        return text.withUTF8 { bytes in
            // On the heap, where its address stays put: libyaml keeps a pointer to the parser
            // in the parser (its string reader's data), and a Swift local may move.
            let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
            parser.initialize(to: yaml_parser_t())
            defer {
                parser.deinitialize(count: 1)
                parser.deallocate()
            }
            guard yaml_parser_initialize(parser) == 1 else { return .leftToYams }
            defer { yaml_parser_delete(parser) }
            yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(parser, bytes.baseAddress, bytes.count)
            let events = Events(parser: parser, tags: Tags(resolver: resolver, constructor: constructor))
            guard let root = events.document() else { return .leftToYams }
            return .composed(root)
        }
    }

    /// The tags of the nodes made: each node has its own, since Yams resolves a tag in place
    /// the first time it is read.
    struct Tags {
        let resolver: Resolver
        let constructor: Constructor

        func tag(_ name: UnsafePointer<UInt8>?) -> Yams.Tag {
            Yams.Tag(name.map { Yams.Tag.Name(rawValue: String(cString: $0)) } ?? .implicit, resolver, constructor)
        }

        func tag(_ name: Yams.Tag.Name) -> Yams.Tag { Yams.Tag(name, resolver, constructor) }
    }

    /// libyaml's events, read one at a time and freed once read.
    struct Events {
        let parser: UnsafeMutablePointer<yaml_parser_t>
        let tags: Tags

        /// The next event, or nil where libyaml refused the text.
        func next() -> yaml_event_t? {
            var event = yaml_event_t()
            guard yaml_parser_parse(parser, &event) == 1 else { return nil }
            return event
        }

        /// The stream's only document: `.some(nil)` for an empty stream, nil to leave it to Yams.
        func document() -> Node?? {
            guard var start = next() else { return nil }
            yaml_event_delete(&start)
            guard var first = next() else { return nil }
            defer { yaml_event_delete(&first) }
            if first.type == YAML_STREAM_END_EVENT { return .some(nil) }
            guard first.type == YAML_DOCUMENT_START_EVENT, var event = next() else { return nil }
            let root = node(from: &event)
            guard let root, end(YAML_DOCUMENT_END_EVENT), end(YAML_STREAM_END_EVENT) else { return nil }
            return .some(root)
        }

        /// Whether the next event is of `type` (and frees it).
        func end(_ type: yaml_event_type_t) -> Bool {
            guard var event = next() else { return false }
            defer { yaml_event_delete(&event) }
            return event.type == type
        }

        /// The node that begins with `event` (which it frees), or nil to leave the document to Yams.
        func node(from event: inout yaml_event_t) -> Node? {
            defer { yaml_event_delete(&event) }
            switch event.type {
            case YAML_SCALAR_EVENT: return scalar(event)
            case YAML_SEQUENCE_START_EVENT: return sequence(from: event)
            case YAML_MAPPING_START_EVENT: return mapping(from: event)
            default: return nil  // an alias
            }
        }

        func scalar(_ event: yaml_event_t) -> Node? {
            let data = event.data.scalar
            guard data.anchor == nil else { return nil }
            let bytes = UnsafeBufferPointer(start: data.value, count: data.length)
            // Yams decodes through Foundation, which drops a byte-order mark that begins a value;
            // such a value is decoded as Yams does.
            let value =
                bytes.starts(with: [0xEF, 0xBB, 0xBF])
                ? String(bytes: bytes, encoding: .utf8) ?? "" : String(decoding: bytes, as: UTF8.self)
            // A quoted scalar is text whatever it spells, as in Yams.
            let tag = data.quoted_implicit == 1 ? tags.tag(.str) : tags.tag(data.tag)
            guard let style = Node.Scalar.Style(rawValue: numericCast(data.style.rawValue)) else { return nil }
            return .scalar(Node.Scalar(value, tag, style, YAMLComposer.mark(event.start_mark)))
        }

        func sequence(from start: yaml_event_t) -> Node? {
            let data = start.data.sequence_start
            guard data.anchor == nil else { return nil }
            var nodes: [Node] = []
            while true {
                guard var event = next() else { return nil }
                if event.type == YAML_SEQUENCE_END_EVENT {
                    yaml_event_delete(&event)
                    break
                }
                guard let node = node(from: &event) else { return nil }
                nodes.append(node)
            }
            // Yams gives a collection the style it reads off the end event, which libyaml leaves
            // zero: "any".
            let tag = data.implicit != 0 ? tags.tag(.implicit) : tags.tag(data.tag)
            return .sequence(Node.Sequence(nodes, tag, .any, YAMLComposer.mark(start.start_mark)))
        }

        func mapping(from start: yaml_event_t) -> Node? {
            let data = start.data.mapping_start
            guard data.anchor == nil else { return nil }
            var pairs: [(Node, Node)] = []
            var keys: Set<String> = []
            while true {
                guard var event = next() else { return nil }
                if event.type == YAML_MAPPING_END_EVENT {
                    yaml_event_delete(&event)
                    break
                }
                // A key given twice, or one that is not text, is for Yams to judge.
                guard let key = node(from: &event), case .scalar(let text) = key, keys.insert(text.string).inserted,
                    var valueEvent = next(), let value = node(from: &valueEvent)
                else { return nil }
                pairs.append((key, value))
            }
            let tag = data.implicit != 0 ? tags.tag(.implicit) : tags.tag(data.tag)
            return .mapping(Node.Mapping(pairs, tag, .any, YAMLComposer.mark(start.start_mark)))
        }
    }

    /// A node's place as Yams gives it: line and column from 1.
    ///
    /// Yams makes its `Mark`s itself and gives no initialiser, so one is made from the two
    /// integers it is declared as; `marksCanBeMade` checks the layout first.
    static func mark(_ mark: yaml_mark_t) -> Mark {
        unsafeBitCast((line: Int(mark.line) + 1, column: Int(mark.column) + 1), to: Mark.self)
    }

    /// Whether `Mark` is still the pair of integers `mark(_:)` makes: checked once, on a mark
    /// Yams made itself; where it is not, every document is left to Yams.
    static let marksCanBeMade: Bool = {
        guard MemoryLayout<Mark>.size == MemoryLayout<(Int, Int)>.size,
            let made = (try? Yams.compose(yaml: "\n  a: b"))?.mapping?.first?.key.mark
        else { return false }
        let ours = unsafeBitCast((line: 2, column: 3), to: Mark.self)
        return made.line == 2 && made.column == 3 && ours.line == made.line && ours.column == made.column
    }()
}

extension YAMLComposer {
    /// Composes `yaml` both ways and names the first difference; nil where the trees agree, or
    /// where the composer left the document to Yams.
    static func disagreement(on yaml: String, resolver: Resolver) -> String? {
        guard case .composed(let ours) = compose(yaml, resolver: resolver, constructor: .default) else { return nil }
        let theirs: Node?
        do {
            theirs = try Yams.compose(yaml: yaml, resolver, .default, .utf8)
        } catch {
            return "Yams refused a document the composer took: \(error)"
        }
        switch (ours, theirs) {
        case (nil, nil): return nil
        case (let ours?, let theirs?): return difference(ours, theirs)
        default: return "only one of the two found a document"
        }
    }

    /// The first place where two composed trees differ in anything Herald reads (shape, text, tag
    /// as written, style, line and column), or nil where they agree: the tests and the front
    /// matter fuzz target hold this composer's trees to Yams' with it.
    static func difference(_ ours: Node, _ theirs: Node, at place: String = "root") -> String? {
        guard ours.mark?.line == theirs.mark?.line, ours.mark?.column == theirs.mark?.column else {
            return "\(place): mark \(String(describing: ours.mark)) is not \(String(describing: theirs.mark))"
        }
        guard ours.tag.description == theirs.tag.description else {
            return "\(place): tag \(ours.tag) is not \(theirs.tag)"
        }
        switch (ours, theirs) {
        case (.scalar(let mine), .scalar(let yams)):
            guard mine.string == yams.string, mine.style == yams.style else {
                return "\(place): \(mine.string.debugDescription) (\(mine.style)) is not "
                    + "\(yams.string.debugDescription) (\(yams.style))"
            }
            return nil
        case (.sequence(let mine), .sequence(let yams)):
            guard mine.count == yams.count, mine.style == yams.style else {
                return "\(place): a list of \(mine.count) (\(mine.style)) is not one of \(yams.count) (\(yams.style))"
            }
            return zip(mine, yams).enumerated().lazy.compactMap { index, pair in
                difference(pair.0, pair.1, at: "\(place)[\(index)]")
            }.first
        case (.mapping(let mine), .mapping(let yams)):
            guard mine.count == yams.count, mine.style == yams.style else {
                return
                    "\(place): a mapping of \(mine.count) (\(mine.style)) is not one of \(yams.count) (\(yams.style))"
            }
            return zip(mine, yams).enumerated().lazy.compactMap { index, pair in
                difference(pair.0.key, pair.1.key, at: "\(place) key \(index)")
                    ?? difference(pair.0.value, pair.1.value, at: "\(place).\(pair.1.key.string ?? "\(index)")")
            }.first
        default:
            return "\(place): \(ours) is not \(theirs)"
        }
    }
}
