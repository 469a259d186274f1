/// The seven passes of an interlaced PNG: each is the picture on its own regular grid.
enum Adam7 {
    /// (first column, column step, first row, row step) of each pass.
    private static let grids = [(0, 8, 0, 8), (4, 8, 0, 8), (0, 4, 4, 8), (2, 4, 0, 4), (0, 2, 2, 4), (1, 2, 0, 2), (0, 1, 1, 2)]

    static func passSize(_ pass: Int, width: Int, height: Int) -> PixelSize {
        let (column, columnStep, row, rowStep) = grids[pass]
        func count(_ length: Int, _ start: Int, _ step: Int) -> Int { length > start ? (length - start + step - 1) / step : 0 }
        return PixelSize(width: count(width, column, columnStep), height: count(height, row, rowStep))
    }
}
