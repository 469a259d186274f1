import CShims

/// Keeps glibc from holding on to the memory of large buffers once they are freed.
///
/// By default glibc raises its mmap threshold to the size of the largest mapped block freed so
/// far (up to 32 MB): after the first 20 MB camera photo or decoded page is freed, the next ones
/// come from the heap arenas, where freed memory stays resident and `malloc_trim` cannot give
/// back what is fragmented. Measured with 14 camera photos in the grid, settled: 297–337 MiB
/// resident, against 233 MiB with the threshold held at 1 MiB, the same as a grid of one tiny
/// image; the grid's peak went from 321–349 to 280 MiB. The cost is a fresh mapping (zeroed
/// pages) for every buffer of a megabyte or more: decoded pages and originals, never tiles.
public enum LargeAllocations {
    public static let mappedFromBytes = 1 << 20

    /// Call once, first thing in `main`.
    public static func returnToTheSystemWhenFreed() {
        _ = shim_set_mmap_threshold(Int32(mappedFromBytes))
    }
}
