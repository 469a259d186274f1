import Foundation

/// A turned copy as a worker sends it back (`TurnedCopy`): the file's length and format, then
/// its bytes, in a blob reply (`WorkerReply.blob`, rows padded). The app checks both numbers
/// against the body before it takes a byte.
enum TurnedCopyReply {
    static let headerBytes = 12

    static func encode(_ file: TurnedCopy.File) -> Data {
        var writer = LittleEndianWriter()
        writer.put64(UInt64(file.data.count))
        writer.put32(UInt32(ImageFormat.allCases.firstIndex(of: file.format) ?? 0))
        writer.put(file.data)
        return writer.data
    }

    /// The file, or nil when the numbers do not fit the bytes (a confused or hostile worker).
    static func decode(_ body: Data) -> (data: Data, format: ImageFormat)? {
        let body = Data(body)
        guard body.count >= headerBytes else { return nil }
        let reader = LittleEndianReader(body.prefix(headerBytes))
        let length = reader.u64(0), formatIndex = Int(reader.u32(8))
        guard length <= UInt64(body.count - headerBytes), formatIndex < ImageFormat.allCases.count else { return nil }
        let format = ImageFormat.allCases[formatIndex]
        guard [.jpeg, .png, .tiff].contains(format) else { return nil } // the only files a copy is written as
        return (body.subdata(in: headerBytes..<headerBytes + Int(length)), format)
    }
}
