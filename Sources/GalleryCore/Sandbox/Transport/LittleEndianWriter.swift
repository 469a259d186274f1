import Foundation

/// Little-endian integers into a byte buffer.
struct LittleEndianWriter {
    private(set) var data = Data()

    mutating func put32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
    mutating func put64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
    mutating func put(_ bytes: Data) { data.append(bytes) }
    mutating func pad(to size: Int) { if data.count < size { data.append(Data(count: size - data.count)) } }
}
