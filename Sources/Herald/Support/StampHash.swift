import Foundation

/// The hash of entries' paths and stamps: stable across runs and machines (Swift's `Hasher` is
/// seeded per process, so it cannot fingerprint anything kept between builds), and taken eight
/// bytes at a time. Why not FNV-1a, byte by byte, as before: a no-op rebuild hashes the path
/// and stamp of 40,000 files and folders, and that was 8% of its CPU.
///
/// Each step is a bijection of the state for a given word (xor, then a multiply by an odd
/// number, then an xor-shift), so two entries whose words differ in one place always hash
/// apart: a changed time or size always changes a file's value.
struct StampHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Adds the bytes of `text`, then their count, so that ("ab", "c") and ("a", "bc") differ.
    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(bytes: UnsafeRawBufferPointer($0)) }
    }

    mutating func add(bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset + 8 <= bytes.count {
            add(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        var tail: UInt64 = 0
        for index in offset..<bytes.count { tail |= UInt64(bytes[index]) << UInt64(8 * (index - offset)) }
        add(tail)
        add(UInt64(bytes.count))
    }

    mutating func add(_ number: UInt64) {
        value = (value ^ number) &* 0x9e37_79b9_7f4a_7c15
        value ^= value >> 29
    }

    /// Adds a stamp's modification and change times.
    mutating func add(times info: stat) {
        add(UInt64(bitPattern: Int64(info.st_mtim.tv_sec)))
        add(UInt64(bitPattern: Int64(info.st_mtim.tv_nsec)))
        add(UInt64(bitPattern: Int64(info.st_ctim.tv_sec)))
        add(UInt64(bitPattern: Int64(info.st_ctim.tv_nsec)))
    }

    /// The hash with its bits spread (the finaliser of SplitMix64), so that sums of the hashes of
    /// similar entries (paths that differ in one character) do not cancel out.
    var mixed: UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
