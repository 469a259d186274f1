// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for GalleryCore's parsers. Deliberately a separate package, so the normal
// `swift build`/`swift test` never sees the sanitizer flags. Build and run through tools/fuzz:
//
//   swift build --package-path Fuzz -c release \
//       -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -enable-testing
//
// `-parse-as-library` because libFuzzer supplies `main`; `-enable-testing` because the header
// size reader is internal to GalleryCore.
let package = Package(
    name: "LinkGalleryFuzz",
    dependencies: [.package(name: "LinkGallery", path: "..")],
    targets: [
        .target(name: "CFuzzerDriver", path: "Sources/CFuzzerDriver"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzerDriver"], path: "Sources/FuzzSupport"),
        .executableTarget(
            name: "fuzz-links",
            dependencies: ["FuzzSupport", .product(name: "GalleryCore", package: "LinkGallery")],
            path: "Sources/FuzzLinks"
        ),
        .executableTarget(
            name: "fuzz-readers",
            dependencies: ["FuzzSupport", .product(name: "GalleryCore", package: "LinkGallery")],
            path: "Sources/FuzzReaders"
        ),
        .executableTarget(
            name: "fuzz-replies",
            dependencies: ["FuzzSupport", .product(name: "GalleryCore", package: "LinkGallery")],
            path: "Sources/FuzzReplies"
        ),
        .executableTarget(
            name: "fuzz-sniffer",
            dependencies: ["FuzzSupport", .product(name: "GalleryCore", package: "LinkGallery")],
            path: "Sources/FuzzSniffer"
        ),
    ],
    swiftLanguageModes: [.v6]
)
