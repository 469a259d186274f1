import CCurl

/// libcurl's C callbacks. Each userdata pointer is the `CurlTransfer` that owns the easy handle.
enum CurlTransferCallbacks {
    static func write(
        _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ userdata: UnsafeMutableRawPointer?
    ) -> Int {
        guard let userdata else { return 0 }
        let length = size * count
        let bytes = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : length)
        // Returning anything but `length` makes libcurl stop with CURLE_WRITE_ERROR.
        return CurlTransfer.from(opaque: userdata).receiveBody(bytes) ? length : 0
    }

    static func header(
        _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ userdata: UnsafeMutableRawPointer?
    ) -> Int {
        guard let userdata else { return 0 }
        let length = size * count
        let bytes = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : length)
        CurlTransfer.from(opaque: userdata).receiveHeaderLine(bytes)
        return length
    }
}
