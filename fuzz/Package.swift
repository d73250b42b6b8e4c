// swift-tools-version: 6.0
// Fuzz targets for Herald's parsers (libFuzzer). Not part of the main package: they only link
// with `-sanitize=fuzzer`, which supplies the fuzzing engine. Build and run them with `fuzz/run.sh`.
import PackageDescription

let herald: Target.Dependency = .product(name: "Herald", package: "Herald")

let package = Package(
    name: "HeraldFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Herald", path: "..")],
    targets: [
        // Declares libFuzzer's driver, which each target's main.swift hands its callback to.
        .target(name: "CFuzzerDriver"),
        // The Markdown targets' checks, by bytes.
        .target(name: "FuzzSupport"),
        // The front-matter splitter and the YAML reader, on any bytes.
        .executableTarget(name: "FuzzFrontMatter", dependencies: [herald, "CFuzzerDriver"]),
        // The date parser, on any text, in a few zones.
        .executableTarget(name: "FuzzDates", dependencies: [herald, "CFuzzerDriver"]),
        // A whole build of a one-item site: parse, model, render every page and feed, in memory.
        .executableTarget(name: "FuzzItemPipeline", dependencies: [herald, "CFuzzerDriver"]),
        // `herald import`'s shortcode and Liquid scanner and the conversions built on it, on any text.
        .executableTarget(
            name: "FuzzMarkupScanner",
            dependencies: [.product(name: "HeraldImport", package: "Herald"), "CFuzzerDriver"]),
        // The image reader and recipe (libvips): headers, the pixel limit, decode, resize, crops, encoders.
        .executableTarget(name: "FuzzImages", dependencies: [herald, "CFuzzerDriver"]),
        // Output paths and editors' addresses: the writer's rule, the address rule, and files
        // created below a confined folder (issue 35: nothing is written outside the output).
        .executableTarget(name: "FuzzPaths", dependencies: [herald, "CFuzzerDriver"]),
        // The Markdown extensions of issue 36, each on any text: footnotes, heading `{#id}`s and
        // IDs, alerts (with task lists and autolinks), and fence options.
        .executableTarget(name: "FuzzFootnotes", dependencies: [herald, "CFuzzerDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzHeadingAttributes", dependencies: [herald, "CFuzzerDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzAlerts", dependencies: [herald, "CFuzzerDriver", "FuzzSupport"]),
        .executableTarget(name: "FuzzFenceOptions", dependencies: [herald, "CFuzzerDriver", "FuzzSupport"]),
        // The template engine: parser, linker (partials, parents, loops) and renderer, on any bytes.
        .executableTarget(
            name: "FuzzTemplates",
            dependencies: [.product(name: "HeraldTemplates", package: "Herald"), "CFuzzerDriver"]),
    ]
)
