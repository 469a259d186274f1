import Glibc

/// Takes a worker's address space, under its `RLIMIT_AS`, until `leaving` bytes are left: the
/// `starved` fault's computer out of memory. The mappings are inaccessible and reserve nothing
/// (no memory is used, only addresses), and are kept for the worker's life.
enum AddressSpaceFiller {
    nonisolated(unsafe) private static var filled = false

    /// Once per worker; a worker decodes on one thread.
    static func fill(leaving bytes: Int) {
        guard !filled else { return }
        filled = true
        var chunk = 256 << 20
        var smallest: [UnsafeMutableRawPointer] = []
        while chunk >= 1 << 20 {
            while let mapping = map(chunk) {
                if chunk == 1 << 20 { smallest.append(mapping) }
            }
            chunk /= 16
        }
        // Give back what is to be left, from the last megabytes taken.
        for mapping in smallest.suffix(bytes >> 20) { munmap(mapping, 1 << 20) }
    }

    private static func map(_ length: Int) -> UnsafeMutableRawPointer? {
        let mapping = mmap(nil, length, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        return mapping == MAP_FAILED ? nil : mapping
    }
}
