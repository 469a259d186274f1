import Foundation

/// Little-endian integers out of a fixed-size header (the caller checked its length).
struct LittleEndianReader {
    let data: Data

    init(_ data: Data) { self.data = Data(data) } // indices from 0

    func u32(_ offset: Int) -> UInt32 {
        data.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
    }

    func u64(_ offset: Int) -> UInt64 {
        data.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
    }
}
