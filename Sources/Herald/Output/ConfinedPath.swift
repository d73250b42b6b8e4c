import Foundation

/// The rule every path below a root must keep before Herald creates, links or reads a file by it:
/// it names something *under* the root, and only there.
///
/// This is the last line of defence, under every layer that makes paths (URLLayout, permalinks,
/// aliases, bundles, imports, publishing): whatever those layers let through, a path that could
/// leave its root is refused here, so no input can make Herald write outside its output. The
/// layers above give the editor the good message (`content/news/a.md:3: url …`); this one only
/// guarantees. The rule is lexical; `ConfinedFolder` adds the kernel's own check, which also
/// refuses symbolic links.
public enum ConfinedPath {
    /// Why a path was refused.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        case empty
        /// Starts with `/`: it would name a place from the system's root.
        case absolute
        /// Holds an empty segment (`a//b`, a trailing `/`): the writer takes file and folder paths only.
        case emptySegment
        /// Holds a `.` or `..` segment, which leads to the same folder or out of it.
        case dotSegment
        /// Holds `\`, a folder separator on Windows, where the output may be served or unpacked.
        case backslash
        /// Holds a NUL, which would cut the path short in every system call.
        case nul
        /// Holds another control character (C0 or DEL).
        case controlCharacter
        /// A segment longer than one folder entry may be (NAME_MAX).
        case segmentTooLong(bytes: Int)
        /// The whole path is longer than the system takes (PATH_MAX).
        case pathTooLong(bytes: Int)

        public var description: String {
            switch self {
            case .empty: return "the path is empty"
            case .absolute: return "the path starts with '/', so it would lead out of the folder"
            case .emptySegment: return "the path has an empty segment ('//' or a '/' at its end)"
            case .dotSegment: return "the path has a '.' or '..' segment, which would lead out of the folder"
            case .backslash: return "the path has a '\\'"
            case .nul: return "the path has a NUL byte"
            case .controlCharacter: return "the path has a control character"
            case .segmentTooLong(let bytes):
                return
                    "a name in the path is \(bytes) bytes long; file names may be at most \(ConfinedPath.longestName) bytes"
            case .pathTooLong(let bytes):
                return "the path is \(bytes) bytes long; paths may be at most \(ConfinedPath.longestPath) bytes"
            }
        }
    }

    /// The longest name of one folder entry on Linux's file systems (NAME_MAX), in bytes.
    public static let longestName = 255
    /// The longest path the system takes (PATH_MAX, less its NUL), in bytes.
    public static let longestPath = 4095

    /// Why `path` cannot name a file or folder under a root, or nil when it can. Answered on the
    /// UTF-8 bytes in one pass: every file of a build comes through here.
    public static func refusal(_ path: String) -> Refusal? {
        let utf8 = path.utf8
        if utf8.isEmpty { return .empty }
        if utf8.first == UInt8(ascii: "/") { return .absolute }
        if utf8.count > longestPath { return .pathTooLong(bytes: utf8.count) }
        if let found = utf8.withContiguousStorageIfAvailable({ scan($0) }) { return found }
        return Array(utf8).withUnsafeBufferPointer { scan($0) }
    }

    /// The byte scan behind `refusal`: each segment's length and whether it is `.` or `..`.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Refusal? {
        var segmentLength = 0
        var onlyDots = true
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "/"):
                if let problem = endOfSegment(length: segmentLength, onlyDots: onlyDots) { return problem }
                segmentLength = 0
                onlyDots = true
                continue
            case 0: return .nul
            case UInt8(ascii: "\\"): return .backslash
            case 1..<0x20, 0x7F: return .controlCharacter
            default: break
            }
            segmentLength += 1
            if byte != UInt8(ascii: ".") { onlyDots = false }
        }
        return endOfSegment(length: segmentLength, onlyDots: onlyDots)
    }

    /// The problem with a segment of `length` bytes, when it is empty, `.`, `..` or too long.
    private static func endOfSegment(length: Int, onlyDots: Bool) -> Refusal? {
        if length == 0 { return .emptySegment }
        if onlyDots && length <= 2 { return .dotSegment }
        if length > longestName { return .segmentTooLong(bytes: length) }
        return nil
    }
}
