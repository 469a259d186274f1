import Foundation
import FuzzSupport
@testable import GalleryCore

/// Arbitrary bytes as a decode worker's reply — a worker a hostile picture took over says what it
/// likes — read by the app as it reads replies: the header (`DecodeReply.decodeHeader`), the
/// pixels and frames after it held to what was asked (`SandboxedDecoding.picture`), a turned
/// copy's file (`TurnedCopyReply`), a picture's metadata (`MetadataText`); and as a request, read
/// by the worker (`DecodeRequest(header:)`). Nothing may crash or trap, and what is taken stays
/// within what was asked.
private let maxStillPixels = 1 << 16
private let maxPixels = 1 << 20
private let maxAnimationBytes = 1 << 22

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplies(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let headerBytes = data.prefix(DecodeReply.headerSize)
    if headerBytes.count == DecodeReply.headerSize, let header = DecodeReply.decodeHeader(Data(headerBytes)) {
        FuzzInvariant.check(DecodeReply.decodeHeader(DecodeReply.encode(header)) == header, "a header that does not read back")
        let body = ReplyBody(Data(data.dropFirst(DecodeReply.headerSize)))
        if let picture = try? SandboxedDecoding.picture(from: (header, body), maxStillPixels: maxStillPixels, maxPixels: maxPixels,
                                                        maxAnimationBytes: maxAnimationBytes) {
            let size = FullDetailImage(pixbuf: picture.pixbuf).pixelSize, width = size.width, height = size.height
            FuzzInvariant.check(width * height <= maxStillPixels, "a still past what was asked")
            FuzzInvariant.check(picture.declaredWidth * picture.declaredHeight <= maxPixels, "a declared size past the limit")
            let frames = picture.framePixels ?? []
            FuzzInvariant.check(frames.count * width * height * 4 <= maxAnimationBytes, "frames past the animation bytes")
        }
    }
    if let file = TurnedCopyReply.decode(data) {
        FuzzInvariant.check(file.data.count + TurnedCopyReply.headerBytes <= data.count, "a copy longer than the reply")
        FuzzInvariant.check([.jpeg, .png, .tiff].contains(file.format), "a copy in a format no copy is written as")
    }
    let metadata = MetadataText.decode(data)
    for text in [metadata.colorProfile, metadata.cameraMake, metadata.cameraModel, metadata.lens, metadata.taken] {
        FuzzInvariant.check((text?.count ?? 0) <= MetadataText.maxValueLength, "a value past its length")
    }
    if let orientation = metadata.orientation { FuzzInvariant.check((1...8).contains(orientation), "orientation \(orientation)") }
    let requestBytes = data.prefix(DecodeRequest.headerSize)
    if requestBytes.count == DecodeRequest.headerSize,
       let request = DecodeRequest(header: Data(requestBytes), maxDataLength: DecodeWorker.maxInputBytes) {
        FuzzInvariant.check(request.dataLength <= DecodeWorker.maxInputBytes, "bytes past the worker's limit")
        FuzzInvariant.check(request.closes.count <= DecodeRequest.maxCloses && request.dataOffset <= DecodeRequest.maxDataOffset,
                            "closes or offset past their bounds")
        FuzzInvariant.check(DecodeRequest(header: request.header(), maxDataLength: DecodeWorker.maxInputBytes) == request,
                            "a request that does not read back")
    }
    return 0
}

/// The process entry under SwiftPM's renamed `main` (see `FuzzDriver`).
@_cdecl("fuzz_replies_main")
public func fuzzRepliesMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc: argc, argv: argv, test: fuzzReplies)
}
