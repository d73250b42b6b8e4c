// swift-tools-version: 6.0
import PackageDescription

/// The machine's Debian multiarch prefix, where GLib keeps its architecture's header (CVips).
#if arch(arm64)
    let debianArchitecture = "aarch64"
#else
    let debianArchitecture = "x86_64"
#endif

let package = Package(
    name: "Herald",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "herald", targets: ["HeraldCLI"]),
        .library(name: "Herald", targets: ["Herald"]),
        .library(name: "HeraldImport", targets: ["HeraldImport"]),
        .library(name: "HeraldTemplates", targets: ["HeraldTemplates"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        // Already under Hummingbird; named so `herald serve` can stop its watcher and live-reload
        // connections in the same graceful shutdown as the server (SIGINT, SIGTERM).
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // Already under Hummingbird; named for SHA-256, by which `herald publish` decides what changed.
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
        // Hugo's TOML front matter (between `+++` lines): TOML is a real grammar (dotted keys,
        // tables, arrays of tables, four kinds of date, multi-line strings) that we should not
        // hand-write; TOMLKit wraps toml++, a complete and conformance-tested parser.
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // The C Markdown library, from Debian's libcmark-dev (found with pkg-config).
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        // The C image library, Debian's libvips (libvips-dev to build): covers and body images
        // resized, cropped and encoded to WebP, JPEG, PNG and AVIF, and social cards drawn. It is
        // loaded when the first image is read, not linked (see Sources/CVips/include/CVips.h), so
        // its headers are found here rather than through pkg-config, which would link it: libvips'
        // own, and GLib's, whose glibconfig.h is in the architecture's library folder.
        .target(
            name: "CVips",
            cSettings: [
                .unsafeFlags([
                    "-I/usr/include/glib-2.0", "-I/usr/lib/\(debianArchitecture)-linux-gnu/glib-2.0/include",
                ])
            ]
        ),
        // Linux system calls Swift cannot call itself (openat2, through which every file below a
        // site or an output folder is opened), and mallopt(): a header of inline functions, no library.
        .systemLibrary(name: "CHeraldSystem"),
        // RE2, from Debian's libre2-dev, behind a small C face (extern "C", so Swift calls it without
        // C++ interoperability): `herald import` matches Hugo's `ignoreFiles`, which are Go regular
        // expressions, in RE2's syntax (Go's own) and in time linear in the text, so a hostile
        // pattern such as `(a+)+$` cannot make it backtrack for minutes.
        .target(
            name: "CRE2",
            linkerSettings: [.linkedLibrary("re2")]
        ),
        // Herald's Mustache engine: templates parsed once, partials and parents linked when loaded,
        // rendered into bytes through one small view protocol (see docs/templates.md).
        .target(name: "HeraldTemplates"),
        // The whole build: discover → parse → model → render → write.
        .target(
            name: "Herald",
            dependencies: [
                "CCmark",
                "CVips",
                "CHeraldSystem",
                "HeraldTemplates",
                .product(name: "Yams", package: "Yams"),
                .product(name: "TOMLKit", package: "TOMLKit"),
                // SHA-256 of image files, which key the processed-image cache (already built for
                // `herald publish`, so Herald's build gains no dependency).
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            plugins: ["EmbedDefaultTheme", "EmbedVersion"]
        ),
        // The content type of each file, shared by `herald serve` and `herald publish`.
        .target(
            name: "HeraldMediaTypes",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")]
        ),
        // `herald serve`: the preview server, the folder watcher and incremental rebuilds.
        .target(
            name: "HeraldServe",
            dependencies: [
                "Herald",
                "HeraldMediaTypes",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // `herald publish`: a built site onto a folder, rsync, a git branch or an S3 bucket.
        .target(
            name: "HeraldPublish",
            dependencies: [
                "Herald",
                "HeraldMediaTypes",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // `herald import`: a Hugo or Jekyll site moved to Herald, with every old address kept.
        .target(
            name: "HeraldImport",
            dependencies: [
                "Herald",
                "CRE2",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // The `herald` command line.
        .executableTarget(
            name: "HeraldCLI",
            dependencies: [
                "Herald",
                "CHeraldSystem",
                "HeraldServe",
                "HeraldPublish",
                "HeraldImport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // mimalloc (Debian's libmimalloc2.0) replaces glibc's malloc in the release binary: Swift
            // allocates a small object for almost every value it boxes, and a build of the
            // 10,000-item benchmark spent 8% of its CPU in glibc's malloc and free (perf). With
            // mimalloc it takes about 4% less wall time and CPU (bench/RESULTS.md, issue 39).
            // Linked ahead of libc, its malloc is the one every library calls (make test-dist checks
            // the installed binary's). Debug builds (the tests, and the thread sanitizer's, which
            // brings its own allocator) keep glibc's.
            // The release binary is linked by the toolchain's lld rather than gold: the same
            // relocations and output, but the process starts about 2 ms sooner (13%, 200 alternated
            // starts), which is 5% of a no-op build (bench/RESULTS.md, issue 39). Its glibc needs
            // stay those of gold's binary (packed RELR relocations would need glibc 2.36).
            linkerSettings: [
                .linkedLibrary("mimalloc", .when(platforms: [.linux], configuration: .release)),
                .unsafeFlags(["-use-ld=lld"], .when(platforms: [.linux], configuration: .release)),
            ]
        ),
        // Build-time tool: turns the repository's templates/ folder into Swift source,
        // so the default theme is compiled into herald from its one copy.
        .executableTarget(name: "ThemeEmbedder"),
        .plugin(
            name: "EmbedDefaultTheme",
            capability: .buildTool(),
            dependencies: ["ThemeEmbedder"]
        ),
        // Build-time tool: turns the repository's VERSION file into Swift source, so the version
        // is written in one place and `herald --version` prints it.
        .executableTarget(name: "VersionEmbedder"),
        .plugin(
            name: "EmbedVersion",
            capability: .buildTool(),
            dependencies: ["VersionEmbedder"]
        ),
        .testTarget(
            name: "HeraldTests",
            dependencies: [
                "Herald", "HeraldTemplates", "HeraldServe", "HeraldPublish", "HeraldMediaTypes", "HeraldImport",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
    ]
)
