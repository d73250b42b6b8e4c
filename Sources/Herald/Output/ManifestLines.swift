import Foundation

/// An output manifest's file as read (`OutputManifest`), each line ended by a NUL in place of its
/// line break, so that each path is given to `fstatat` and hashed where it lies.
///
/// Why: the no-op check stamps every path of the manifest (38,000 at 10,000 items) and needs
/// nothing else from it. Made into strings, the paths were 38,000 allocations when read, and a
/// copy, a retain and a release each when stamped.
struct ManifestLines: Sendable {
    /// The file's bytes after its header line, each line ended by a NUL.
    private let bytes: [UInt8]
    /// Where each line starts in `bytes`: at its kind (`d` or `f`), then a space, then the path.
    private let starts: [Int]

    /// The lines of the manifest beside `output`, or nil when there is none, it is of another
    /// format, or it is larger than any output's (what it lists is only looked at, never written).
    static func load(forOutput output: String) -> ManifestLines? {
        let handle = FileHandle(forReadingAtPath: OutputManifest.path(forOutput: output))
        defer { try? handle?.close() }
        guard let data = try? handle?.read(upToCount: 1 << 28), (try? handle?.read(upToCount: 1))??.isEmpty ?? true
        else { return nil }
        return ManifestLines(data)
    }

    /// The lines of a manifest's bytes, or nil when it is not a manifest: a first line other than
    /// the header, or a line that is not a kind, a space and a path. Lines are found with memchr
    /// (splitting the 1.5 MB of a 10,000-item output's manifest as a collection took a third of a
    /// no-op rebuild's CPU).
    init?(_ data: Data) {
        let header = Array((OutputManifest.header + "\n").utf8)
        guard data.count >= header.count, data.prefix(header.count).elementsEqual(header) else { return nil }
        var bytes = [UInt8](data.dropFirst(header.count))
        if let last = bytes.last, last != 0x0A { bytes.append(0x0A) }
        var starts: [Int] = []
        let valid = bytes.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            var start = 0
            while start < buffer.count {
                let end = base.distance(
                    to: memchr(base + start, 0x0A, buffer.count - start)!.assumingMemoryBound(to: UInt8.self))
                guard end - start > 2, base[start + 1] == UInt8(ascii: " "),
                    base[start] == UInt8(ascii: "d") || base[start] == UInt8(ascii: "f")
                else { return false }
                base[end] = 0
                starts.append(start)
                start = end + 1
            }
            return true
        }
        guard valid else { return nil }
        (self.bytes, self.starts) = (bytes, starts)
    }

    /// The manifest the lines list.
    var manifest: OutputManifest {
        var manifest = OutputManifest(files: [], folders: [])
        bytes.withUnsafeBufferPointer { buffer in
            for line in starts.indices {
                let path = String(decoding: UnsafeBufferPointer(rebasing: buffer[pathRange(line)]), as: UTF8.self)
                if buffer[starts[line]] == UInt8(ascii: "d") {
                    manifest.folders.append(path)
                } else {
                    manifest.files.append(path)
                }
            }
        }
        return manifest
    }

    /// Where line `line`'s path is in `bytes`, without its NUL.
    private func pathRange(_ line: Int) -> Range<Int> {
        starts[line] + 2..<(line + 1 < starts.count ? starts[line + 1] : bytes.count) - 1
    }

    /// The fingerprint of the output at `root` as it is now: the same as
    /// `OutputManifest.fingerprint(root:)` gives for `manifest`, or nil when `stop` is raised
    /// before it is done. Parts of 1,024 lines are stamped on all cores.
    func fingerprint(root: String, until stop: StopSignal) -> String? {
        let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return "no \(root)" }
        defer { close(descriptor) }
        var total = OutputManifest.folderSum(["."], in: descriptor)
        let parts = stride(from: 0, to: starts.count, by: 1024).map { $0..<min($0 + 1024, starts.count) }
        for part in parts.parallelMap({ lines in stop.isRaised ? FingerprintSum() : sum(lines, in: descriptor) }) {
            total.add(part)
        }
        return stop.isRaised ? nil : total.text
    }

    /// The sum of the values of `lines`, each path stamped with `fstatat` below `descriptor`
    /// (links followed): a folder's stamp for a `d` line that is still a folder, else a file's.
    private func sum(_ lines: Range<Int>, in descriptor: Int32) -> FingerprintSum {
        var sum = FingerprintSum()
        var info = stat()
        bytes.withUnsafeBufferPointer { buffer in
            let base = UnsafeRawPointer(buffer.baseAddress!)
            for line in lines {
                let range = pathRange(line)
                let path = UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count)
                guard fstatat(descriptor, path.baseAddress!.assumingMemoryBound(to: CChar.self), &info, 0) == 0 else {
                    sum.add(FileStamps.missingValue(path: path))
                    continue
                }
                let isFolderLine = buffer[starts[line]] == UInt8(ascii: "d")
                sum.add(
                    isFolderLine && info.st_mode & S_IFMT == S_IFDIR
                        ? FileStamps.folderStampValue(path: path, info) : FileStamps.fileValue(path: path, info))
            }
        }
        return sum
    }
}
