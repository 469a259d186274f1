import Foundation
@testable import GalleryCore
import TestRequirements
import XCTest

/// What a picture says about itself, read in the sandboxed worker from files tagged at test
/// time by exiftool (Debian's libimage-exiftool-perl), including missing, huge and broken
/// metadata.
final class PictureMetadataTests: XCTestCase {
    private var folder: TemporaryDirectory!

    override func setUpWithError() throws {
        folder = try TemporaryDirectory()
    }

    /// A JPEG written by gdk-pixbuf and tagged with `arguments` by exiftool.
    private func tagged(_ name: String, _ arguments: [String]) throws -> Data {
        let path = folder.url.appendingPathComponent(name).path
        try TestImages.encoded(width: 64, height: 48, as: "jpeg").write(to: URL(fileURLWithPath: path))
        guard ExternalTool.succeeds("/usr/bin/exiftool", ["-q", "-overwrite_original"] + arguments + [path]) else {
            throw TestRequirement.missing("needs exiftool (libimage-exiftool-perl)")
        }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    private static let camera = [
        "-Make=Canon", "-Model=Canon EOS R6", "-LensModel=RF24-105mm F4 L IS USM", "-DateTimeOriginal=2024:05:01 12:30:15",
        "-ExposureTime=1/250", "-FNumber=5.6", "-ISO=400", "-FocalLength=50", "-Orientation#=6",
        "-GPSLatitude=48.8584", "-GPSLatitudeRef=N", "-GPSLongitude=2.2945", "-GPSLongitudeRef=E",
    ]

    func testACameraPhotosEXIFIsReadInTheSandbox() throws {
        let bytes = try tagged("camera.jpg", Self.camera)
        XCTAssertEqual(DecoderIsolation.current, .sandboxed)
        XCTAssertNotNil(DecodeWorkerLaunch.current, "a worker can start here")
        let metadata = try XCTUnwrap(SandboxedPictureLoader().open(PictureBytes(oneOff: bytes)))
        XCTAssertGreaterThan(DecodeWorkerPool.shared.startedCount, 0, "read by a worker")
        XCTAssertEqual(metadata.format, .jpeg)
        XCTAssertEqual(metadata.cameraMake, "Canon")
        XCTAssertEqual(metadata.cameraModel, "Canon EOS R6")
        XCTAssertEqual(metadata.lens, "RF24-105mm F4 L IS USM")
        XCTAssertEqual(metadata.taken, "2024:05:01 12:30:15")
        XCTAssertEqual(metadata.exposure?.numerator, 1)
        XCTAssertEqual(metadata.exposure?.denominator, 250)
        XCTAssertEqual(metadata.fNumber ?? 0, 5.6, accuracy: 0.01)
        XCTAssertEqual(metadata.iso, 400)
        XCTAssertEqual(metadata.focalLength ?? 0, 50, accuracy: 0.01)
        XCTAssertEqual(metadata.orientation, 6)
        XCTAssertEqual(metadata.position?.latitude ?? 0, 48.8584, accuracy: 0.0001)
        XCTAssertEqual(metadata.position?.longitude ?? 0, 2.2945, accuracy: 0.0001)
    }

    func testXMPOnlyAndAColourProfileAreReadToo() throws {
        let profile = "/usr/share/color/icc/ghostscript/a98.icc"
        guard FileManager.default.fileExists(atPath: profile) else { throw TestRequirement.missing("needs libgs-common's a98.icc") }
        let bytes = try tagged("xmp.jpg", ["-XMP-tiff:Make=Fujifilm", "-XMP-tiff:Model=X-T5", "-ICC_Profile<=" + profile])
        let metadata = try XCTUnwrap(SandboxedPictureLoader().open(PictureBytes(oneOff: bytes)))
        XCTAssertEqual(metadata.cameraMake, "Fujifilm")
        XCTAssertEqual(metadata.cameraModel, "X-T5")
        XCTAssertEqual(metadata.colorProfile, "Artifex Software A98 ICC Profile", "the profile's own description")
    }

    func testAPictureWithoutMetadataSaysOnlyItsFormat() throws {
        let png = TestImages.encoded(width: 32, height: 32, as: "png")
        var expected = PictureMetadata()
        expected.format = .png
        XCTAssertEqual(SandboxedPictureLoader().open(PictureBytes(oneOff: png)), expected)
    }

    func testHugeAndBrokenMetadataSayNothingWrong() throws {
        // 60 KB of comment and a 30 KB model name: kept to one short line.
        let huge = try tagged("huge.jpg", ["-Comment=" + String(repeating: "x", count: 60_000),
                                           "-Model=" + String(repeating: "M", count: 30_000), "-Make=Nikon"])
        let read = try XCTUnwrap(SandboxedPictureLoader().open(PictureBytes(oneOff: huge)))
        XCTAssertEqual(read.cameraMake, "Nikon")
        XCTAssertLessThanOrEqual(read.cameraModel?.count ?? 0, MetadataText.maxValueLength)

        // The EXIF block's bytes scrambled after its header: nothing trustworthy, nothing wrong.
        var broken = try tagged("broken.jpg", Self.camera)
        let exif = try XCTUnwrap(broken.range(of: Data("Exif\0\0".utf8)))
        for offset in stride(from: exif.upperBound + 16, to: min(broken.count - 2, exif.upperBound + 400), by: 3) {
            broken[offset] = UInt8(truncatingIfNeeded: offset &* 131)
        }
        let scrambled = SandboxedPictureLoader().open(PictureBytes(oneOff: broken))
        XCTAssertEqual(scrambled?.format, .jpeg, "the picture is still a JPEG")
        if let position = scrambled?.position {
            XCTAssertTrue((-90...90).contains(position.latitude) && (-180...180).contains(position.longitude))
        }
    }

    func testTheReadingSideKeepsOnlyWhatIsInRange() {
        let hostile = Data("iso\t-5\nfnumber\tnan\norientation\t9\nposition\t91,10\nformat\t999\nmake\tA\u{7}B\t\nunknown\tx\n".utf8)
        let metadata = MetadataText.decode(hostile)
        XCTAssertNil(metadata.iso)
        XCTAssertNil(metadata.fNumber)
        XCTAssertNil(metadata.orientation)
        XCTAssertNil(metadata.position)
        XCTAssertNil(metadata.format)
        XCTAssertEqual(metadata.cameraMake, "A B")
    }

    /// An animation's frames and canvas cross from the worker as counted, and only a count the
    /// app plays on a canvas within bounds is taken: a worker that lies asks for no frames.
    func testAnAnimationsExtentCrossesOnlyWithinBounds() {
        var told = PictureMetadata()
        told.animation = AnimationExtent(frameCount: 24, canvas: PixelSize(width: 480, height: 270))
        XCTAssertEqual(MetadataText.decode(MetadataText.encode(told)).animation, told.animation)
        for lie in ["1,10,10", "1001,10,10", "2,0,10", "2,10,-1", "2,16777217,1", "3,10", "a,b,c", "2,10,10,4"] {
            XCTAssertNil(MetadataText.decode(Data("frames\t\(lie)\n".utf8)).animation, lie)
        }
    }
}
