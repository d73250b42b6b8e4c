import CHeraldSystem
import CVips
import Foundation
import Synchronization

/// Makes the files of every image in a catalog that the cache does not have, one image per core
/// (each decoded once, at the widest size it needs), and keeps them in the cache, or in memory
/// when there is none. Returns where to read each made file from.
struct ImageProcessing {
    var fileSystem: FileSystem
    var cache: ImageCache
    /// Told how many images are done, of how many.
    var progress: (@Sendable (BuildProgress) -> Void)?

    /// Makes what is missing, into `made`; a failure is reported at the image's source file.
    /// Returns how many images were processed.
    func run(_ catalog: ImageCatalog, into made: ProcessedImages) throws -> Int {
        let all = catalog.outputs
        // Grouped by source image, so that one decode makes all of an image's files.
        var bySource: [String: (image: SiteImage, outputs: [ImageOutput])] = [:]
        for (output, image) in all where !cache.has(output) {
            bySource[image.source, default: (image, [])].outputs.append(output)
        }
        let work = bySource.keys.sorted().map { bySource[$0]! }
        let missingCards = catalog.socialCards.values.filter { !cache.has($0.key, SocialCard.format) }.sorted {
            $0.path < $1.path
        }
        if !work.isEmpty || !missingCards.isEmpty { Self.returnLargeBuffersWhenFreed() }
        let done = Atomic<Int>(0)
        let (progress, total) = (self.progress, work.count)
        let keepInMemory = cache.folder == nil
        let results = work.parallelMap { job -> Result<[(String, Data)], Diagnostic> in
            defer {
                let count = done.add(1, ordering: .relaxed).newValue
                progress?(BuildProgress(step: nil, done: count, total: total))
            }
            do {
                let data = try fileSystem.readFile(job.image.source)
                let made = try ImageCodec.make(job.outputs, from: data, header: job.image.header)
                var kept: [(String, Data)] = []
                for (output, bytes) in zip(job.outputs, made) {
                    cache.store(output, bytes)
                    if keepInMemory || !cache.has(output) { kept.append((output.path, bytes)) }
                }
                return .success(kept)
            } catch {
                // Reported where the content names the image, as a problem found by its header is.
                let use = job.image.firstUse
                let reason =
                    (error as? ImageProblem)?.message ?? (error as? FileSystemProblem)?.message
                    ?? error.localizedDescription
                return .failure(
                    Diagnostic(
                        path: use.path, line: use.line, "\(use.what) \(job.image.source) cannot be read: \(reason)"))
            }
        }
        var inMemory: [String: Data] = [:]
        var problems: [Diagnostic] = []
        for result in results + drawCards(missingCards, catalog: catalog) {
            switch result {
            case .success(let files): for (path, data) in files { inMemory[path] = data }
            case .failure(let problem): problems.append(problem)
            }
        }
        if !problems.isEmpty { throw BuildFailure(step: .processImages, diagnostics: problems) }
        var files = Dictionary(
            all.map { ($0.output.path, ($0.output.key, $0.output.format)) }, uniquingKeysWith: { a, _ in a })
        for card in catalog.socialCards.values { files[card.path] = (card.key, SocialCard.format) }
        made.fill(inMemory: inMemory, cache: cache, files: files)
        return work.count
    }

    /// Keeps every allocation over 1 MB (decoded pixels) mapped on its own, so that it goes back
    /// to the system when freed. Why: glibc raises its mmap threshold after each large free, up
    /// to 32 MB, so later pixel buffers came from its per-thread heaps, which keep freed memory;
    /// on a real site's 574 images (ropensci/roweb3) the peak was 607 MB, and 257 MB with the
    /// threshold fixed, in the same time. Set only when pixels are about to be decoded: a build
    /// from the cache is left as it was. For the same reason the heaps go back to growing in
    /// glibc's small steps (see `herald_grow_heaps_in_large_steps`).
    private static func returnLargeBuffersWhenFreed() {
        herald_map_large_allocations_alone()
        herald_grow_heaps_in_small_steps()
    }

    /// Draws the social cards the cache lacks (`missing`), on all cores.
    private func drawCards(_ missing: [SocialCard], catalog: ImageCatalog) -> [Result<[(String, Data)], Diagnostic>] {
        let keepInMemory = cache.folder == nil
        return missing.parallelMap { card in
            do {
                let cover = try card.cover.map { try fileSystem.readFile($0.source) }
                let bytes = try SocialCardRenderer.render(
                    card, layout: catalog.socialCardLayout, cover: cover, fontFile: catalog.fontFile)
                cache.store(card.key, SocialCard.format, bytes)
                return .success(keepInMemory || !cache.has(card.key, SocialCard.format) ? [(card.path, bytes)] : [])
            } catch {
                let reason =
                    (error as? ImageProblem)?.message ?? (error as? FileSystemProblem)?.message
                    ?? error.localizedDescription
                // Told at what the card shows (the item's title, the category), or at the layout.
                let origin = card.origin ?? Diagnostic(path: SocialCardLayout.path, line: 1, "")
                return .failure(
                    Diagnostic(
                        path: origin.path, line: origin.line, "the social card \(card.path) cannot be drawn: \(reason)")
                )
            }
        }
    }
}

/// The bytes of each processed image's files, once `ImageProcessing` has run: the output plan is
/// made before the images are, so the copies read from here when they are written.
final class ProcessedImages: @unchecked Sendable {
    private let lock = NSLock()
    private var inMemory: [String: Data] = [:]
    private var cache: ImageCache? = nil
    private var files: [String: (key: String, format: ImageFormat)] = [:]

    fileprivate func fill(
        inMemory: [String: Data], cache: ImageCache, files: [String: (key: String, format: ImageFormat)]
    ) {
        lock.withLock {
            self.inMemory = inMemory
            self.cache = cache
            self.files = files
        }
    }

    /// The cache's file of an output path, to share rather than copy; nil for one held in memory.
    func kept(_ path: String) -> KeptFile? {
        let (data, file, cache) = lock.withLock { (inMemory[path], files[path], self.cache) }
        guard data == nil, let file else { return nil }
        return cache?.kept(file.key, file.format)
    }

    /// The bytes of the file at an output path.
    func contents(_ path: String) throws -> Data {
        let (data, file, cache) = lock.withLock { (inMemory[path], files[path], self.cache) }
        if let data { return data }
        guard let file, let bytes = cache?.read(file.key, file.format) else {
            throw ImageProblem("the processed image \(path) is missing from the image cache")
        }
        return bytes
    }
}
