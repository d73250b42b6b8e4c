import CCmark
import Foundation

/// The few cmark node operations the Markdown extensions share, with bytes in and out (cmark's
/// API speaks NUL-terminated C strings).
enum CmarkNodes {
    /// A node's literal (the text of a text or code node) as bytes; empty if it has none.
    static func literal(_ node: OpaquePointer) -> [UInt8] {
        guard let pointer = cmark_node_get_literal(node) else { return [] }
        return Array(
            UnsafeBufferPointer(
                start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
    }

    /// A node's literal read in place, without a copy: valid until the node's literal is changed
    /// or the node is freed. Empty if it has none.
    static func literalBytes(_ node: OpaquePointer) -> UnsafeBufferPointer<UInt8> {
        guard let pointer = cmark_node_get_literal(node) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(
            start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
    }

    /// Replaces a node's literal; cmark copies the bytes.
    static func setLiteral(_ node: OpaquePointer, _ bytes: some Collection<UInt8>) {
        var text = Array(bytes)
        text.append(0)
        text.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = cmark_node_set_literal(node, $0.baseAddress) }
        }
    }

    /// A new text node holding `bytes`.
    static func text(_ bytes: some Collection<UInt8>) -> OpaquePointer {
        let node = cmark_node_new(CMARK_NODE_TEXT)!
        setLiteral(node, bytes)
        return node
    }

    /// A custom node (`CMARK_NODE_CUSTOM_BLOCK` or `CMARK_NODE_CUSTOM_INLINE`) that writes `enter`
    /// and `exit` around its children. cmark writes these as they are in safe mode too, which is
    /// what the extensions' own tags need (and why nothing from the author goes into them).
    /// An empty one is not set: cmark keeps "" as no text at all, so that would copy a C string
    /// for nothing (every heading has three such nodes).
    static func custom(_ type: cmark_node_type, enter: String, exit: String) -> OpaquePointer {
        let node = cmark_node_new(type)!
        if !enter.isEmpty { _ = cmark_node_set_on_enter(node, enter) }
        if !exit.isEmpty { _ = cmark_node_set_on_exit(node, exit) }
        return node
    }

    /// Parses `bytes` as a whole Markdown document with cmark.
    static func parse(_ bytes: [UInt8], flags: Int32) -> OpaquePointer {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parse_document($0.baseAddress, buffer.count, flags) }
        }
    }
}
