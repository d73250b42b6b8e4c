/// The entry whose key is a slip or two away from a string an editor wrote, for "did you mean …?":
/// a broken link's nearest item path, a missing Markdown file's nearest content file. Only keys of
/// about the right length are compared, on bytes, and each is given up as soon as it is further
/// than the closest so far, so a site of 10,000 items answers many such questions at once.
struct NearestMatch {
    private let entries: [(key: [UInt8], value: String)]

    /// Keys to compare against, each with the value to answer (the same key may come twice).
    init(_ entries: [(key: String, value: String)]) {
        self.entries = entries.map { (Array($0.key.utf8), $0.value) }
    }

    /// The value of the closest key within `limit` edits, the first by value among equally close
    /// ones, and its distance (0 when the key is there as written).
    func nearest(to wanted: String, within limit: Int) -> (value: String, distance: Int)? {
        let wanted = Array(wanted.utf8)
        var best: (value: String, distance: Int)?
        for entry in entries {
            let bound = best?.distance ?? limit
            guard abs(entry.key.count - wanted.count) <= bound,
                let distance = Self.distance(entry.key, wanted, atMost: bound)
            else { continue }
            if best == nil || distance < best!.distance || entry.value < best!.value { best = (entry.value, distance) }
        }
        return best
    }

    /// The edit distance of two byte strings, or nil as soon as it must exceed `limit`.
    static func distance(_ a: [UInt8], _ b: [UInt8], atMost limit: Int) -> Int? {
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...max(a.count, 1) where !a.isEmpty {
            current[0] = i
            var rowMinimum = i
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
        }
        let distance = a.isEmpty ? b.count : previous[b.count]
        return distance <= limit ? distance : nil
    }
}
