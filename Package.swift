// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "LinkGallery",
    products: [
        .executable(name: "link-gallery", targets: ["link-gallery"]),
        // For the fuzz package in Fuzz/, which depends on this one by path (and is not part of
        // this build).
        .library(name: "GalleryCore", targets: ["GalleryCore"]),
    ],
    targets: [
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // zlib for CRC-32 (the cache files' checksum); already loaded by gdk-pixbuf's PNG loader.
        .target(name: "CShims", dependencies: ["CGtk", "CCurl"], linkerSettings: [.linkedLibrary("z")]),
        // libpng for decoding large PNGs row by row (`PNGRowScaling`); gdk-pixbuf loads it anyway.
        .target(name: "CPNGScale", linkerSettings: [.linkedLibrary("png16")]),
        // libjpeg-turbo for decoding one region of a JPEG (`JPEGRegionDecoding`): full detail of a
        // camera photo costs what is on screen. gdk-pixbuf's JPEG loader links it anyway.
        .target(name: "CJPEGRegion", linkerSettings: [.linkedLibrary("jpeg")]),
        // lcms2 for colour management (`ColorProfileConversion`): pictures tagged with an ICC
        // profile are converted to sRGB. zlib inflates the profiles PNG files carry.
        .target(name: "CColorManagement", linkerSettings: [.linkedLibrary("lcms2"), .linkedLibrary("z")]),
        // libavif for the first frame of an animated AVIF (`AVIFSequenceDecoding`), which neither
        // gdk-pixbuf loader reads; its loader links it anyway.
        .target(name: "CAVIFSequence", linkerSettings: [.linkedLibrary("avif")]),
        // libwebp's animation decoder for the frames of an animated WebP (`AnimatedWebPDecoding`):
        // gdk-pixbuf's loader hands over its first frame only.
        .target(name: "CWebPAnimation", linkerSettings: [.linkedLibrary("webpdemux"), .linkedLibrary("webp")]),
        // libseccomp for the sandboxed decoders' system-call filter (`DecodeWorker`).
        .target(name: "CSandbox", linkerSettings: [.linkedLibrary("seccomp")]),
        // gexiv2 (Exiv2) for what a picture says about itself (`PictureMetadata`): read in the
        // sandboxed decode worker, where hostile files are parsed.
        .systemLibrary(name: "CGExiv2", pkgConfig: "gexiv2", providers: [.apt(["libgexiv2-dev"])]),
        .target(name: "CPictureMetadata", dependencies: ["CGExiv2"]),
        // What a picture says about itself (size, colour profile, orientation), read by the
        // libraries that decode it (`PictureFacts`), in the sandboxed worker. libheif for HEIF
        // and AVIF, libwebp's demuxer, libtiff: the gdk-pixbuf loaders load them anyway.
        .target(name: "CPictureFacts", dependencies: ["CGExiv2"],
                linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png16"), .linkedLibrary("heif"),
                                 .linkedLibrary("webpdemux"), .linkedLibrary("webp"), .linkedLibrary("tiff")]),
        // libjxl for JPEG XL (`JXLDecoding`) and what its files say about themselves, which no
        // gdk-pixbuf loader on Debian 12 reads; its thread runner decodes a frame's groups in
        // parallel.
        .target(name: "CJXLDecode", dependencies: ["CPictureFacts"],
                linkerSettings: [.linkedLibrary("jxl"), .linkedLibrary("jxl_threads")]),
        // LibRaw for camera RAW files (`RAWDecoding`): DNG and the TIFF-based camera formats.
        .target(name: "CRAW", linkerSettings: [.linkedLibrary("raw")]),
        .target(name: "GObjectSupport", dependencies: ["CGtk", "CShims"]),
        // A clipboard or drag offer whose bytes are made when a paste or a drop asks for them.
        .target(name: "CDeferredContent", dependencies: ["CGtk"]),
        // A list model of positions whose items are made as a view asks (the viewer's filmstrip).
        .target(name: "CIndexListModel", dependencies: ["CGtk"]),
        .target(
            name: "GalleryCore",
            dependencies: ["CGtk", "CCurl", "CShims", "CPNGScale", "CJPEGRegion", "CColorManagement", "CSandbox", "CAVIFSequence",
                           "CPictureMetadata", "CPictureFacts", "CJXLDecode", "CWebPAnimation", "CRAW", "GObjectSupport"]
        ),
        .target(
            name: "GalleryUI",
            dependencies: ["CGtk", "CShims", "CDeferredContent", "CIndexListModel", "GObjectSupport", "GalleryCore"]
        ),
        .executableTarget(name: "link-gallery", dependencies: ["GalleryUI"]),
        // Test helpers shared by the test targets: the fixture HTTP server and its client.
        .target(name: "GalleryTestSupport", path: "Tests/Support"),
        // What a test needs from the machine: skipped on a developer's, a failure in CI.
        .target(name: "TestRequirements", path: "Tests/Requirements"),
        // Measures GalleryCore against vips/gdk-pixbuf tools; run through tools/bench (release).
        .executableTarget(
            name: "link-gallery-bench", dependencies: ["GalleryCore", "CGtk", "CShims", "GalleryTestSupport"], path: "Benchmarks/LinkGalleryBench"
        ),
        // The warm-start reference: an empty GTK 4 window's first frame (see tools/bench).
        .executableTarget(name: "bare-window", dependencies: ["CGtk", "GObjectSupport", "BenchReferenceSupport"], path: "Benchmarks/BareWindow"),
        // The scrolling reference: GTK's own GtkGridView of 10,000 pictures, nothing loading.
        .executableTarget(name: "bare-grid", dependencies: ["CGtk", "GObjectSupport", "BenchReferenceSupport"], path: "Benchmarks/BareGrid"),
        // The page turn's floor: pictures decoded beforehand, a texture swap on Right (viewer bench).
        .executableTarget(name: "bare-page", dependencies: ["CGtk", "GObjectSupport", "BenchReferenceSupport"], path: "Benchmarks/BarePage"),
        // What both references share: their window, its milestones, and the clock and output
        // format the benchmark driver reads.
        .target(name: "BenchReferenceSupport", dependencies: ["CGtk", "GObjectSupport"], path: "Benchmarks/ReferenceSupport"),
        .testTarget(
            name: "GalleryCoreTests",
            dependencies: ["GalleryCore", "GObjectSupport", "CGtk", "GalleryTestSupport", "TestRequirements"]
        ),
        .testTarget(
            name: "GalleryUITests",
            dependencies: ["GalleryUI", "GalleryCore", "GObjectSupport", "CGtk", "CShims", "GalleryTestSupport", "TestRequirements"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
