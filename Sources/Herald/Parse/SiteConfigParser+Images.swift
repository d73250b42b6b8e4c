import Foundation
import Yams

/// The keys of site.yml's `images:` section, each declared once; the defaults are `ImageOptions`'.
extension SiteConfigParser {
    /// `images:`: widths, qualities, formats, the card crop and the originals.
    static var imageKeys: [SiteConfigKey<ImageOptions>] {
        let cardRatio = SiteConfigKey<ImageOptions>("cardRatio") { section, place, options in
            guard let ratio = section.text(place.name) else { return }
            let parts = ratio.split(whereSeparator: { $0 == ":" || $0 == "x" || $0 == "/" }).compactMap {
                Int($0.trimmingCharacters(in: .whitespaces))
            }
            if parts.count == 2, parts.allSatisfy({ (1...10_000).contains($0) }) {
                options.cardRatio = (parts[0], parts[1])
            } else {
                section.problems.error(
                    section.path, section.line(of: section.node(place.name)),
                    "images cardRatio must be a width and a height such as \"1200:630\" or \"16:9\", not '\(ratio)'")
            }
        }
        let thumbnailSize = SiteConfigKey<ImageOptions>("thumbnailSize") { section, place, options in
            guard let size = section.int(place.name) else { return }
            if (16...2048).contains(size) {
                options.thumbnailSize = size
            } else {
                section.problems.error(
                    section.path, section.line(of: section.node(place.name)),
                    "images thumbnailSize must be from 16 to 2048 pixels, not \(size)")
            }
        }
        let maxPixels = SiteConfigKey<ImageOptions>("maxPixels") { section, place, options in
            guard let pixels = section.int(place.name) else { return }
            if pixels >= 1 {
                options.maxPixels = pixels
            } else {
                section.problems.error(
                    section.path, section.line(of: section.node(place.name)), "images maxPixels must be at least 1")
            }
        }
        return [
            .flag("process", \.process), widths("widths", \.widths), widths("cardWidths", \.cardWidths), cardRatio,
            thumbnailSize,
            .section("quality", \.self, qualityKeys), .flag("avif", \.avif),
            .count("maxOriginalBytes", \.maxOriginalBytes),
            .flag("keepOriginal", \.keepOriginal), maxPixels,
        ]
    }

    /// `images: {quality: {jpeg: 80, webp: 78, avif: 55}}`.
    private static var qualityKeys: [SiteConfigKey<ImageOptions>] {
        [("jpeg", \ImageOptions.jpegQuality), ("webp", \ImageOptions.webpQuality), ("avif", \ImageOptions.avifQuality)]
            .map { key, field in
                SiteConfigKey(key) { quality, place, options in
                    guard let number = quality.int(place.name) else { return }
                    if (1...100).contains(number) {
                        options[keyPath: field] = number
                    } else {
                        quality.problems.error(
                            quality.path, quality.line(of: quality.node(place.name)),
                            "images quality \(place.name) must be from 1 to 100, not \(number)")
                    }
                }
            }
    }

    /// A list of widths in pixels that sets `field`, sorted and without repeats.
    private static func widths(
        _ name: String, _ field: WritableKeyPath<ImageOptions, [Int]>
    ) -> SiteConfigKey<ImageOptions> {
        SiteConfigKey(name) { section, place, options in
            guard let list = section.stringList(place.name) else { return }
            var found: [Int] = []
            for (text, line) in list {
                guard let width = Int(text), (16...8192).contains(width) else {
                    section.problems.error(
                        section.path, line,
                        "images \(place.name) must be whole numbers of pixels from 16 to 8192, not '\(text)'")
                    continue
                }
                found.append(width)
            }
            if list.isEmpty {
                section.problems.error(
                    section.path, section.line(of: section.node(place.name)),
                    "images \(place.name) needs at least one width")
            }
            options[keyPath: field] = Array(Set(found)).sorted()
        }
    }
}
