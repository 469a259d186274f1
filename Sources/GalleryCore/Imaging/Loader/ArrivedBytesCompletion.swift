/// What a format with no decoder of partial bytes can still draw of a download still
/// arriving: its arrived bytes completed into a whole file (a JPEG's, with an end-of-image
/// marker after the rows received), which the format's whole decoders then read as any other
/// (`PicturePipeline.arrived`). The one adapter between arriving bytes and the registry: the
/// decoders never see bytes that are not whole, and nothing decodes on the adapter's behalf.
protocol ArrivedBytesCompletion {
    /// The arrived bytes as a whole picture, and how much of it is final; nil before any of
    /// it can be drawn.
    static func completed(_ picture: OpenedPicture) -> CompletedArrival?
}

/// Arrived bytes made whole, and how many of the stored picture's rows are really there.
struct CompletedArrival {
    let picture: OpenedPicture
    /// Stored rows received, out of all of them.
    let receivedRows: Int
    let totalRows: Int
    /// Rows a scaler may blend from the row below, left out at the edge of what arrived.
    let edgeRows: Int

    /// The rows of a decoded picture `height` high that are final; nil when all of them are.
    func rowsFinal(height: Int) -> Int? {
        guard receivedRows < totalRows, totalRows > 0 else { return nil }
        let (scaled, overflow) = receivedRows.multipliedReportingOverflow(by: height)
        return overflow ? 0 : max(0, scaled / totalRows - edgeRows)
    }
}
