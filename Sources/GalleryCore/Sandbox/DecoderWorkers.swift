/// The app's decode workers, as its windows see them.
public enum DecoderWorkers {
    /// Another list was opened: its list and its pictures are read by workers that never read
    /// the last one's (issue 53: a decoder an exploited picture took over would otherwise read
    /// the next site's pictures and the next list).
    public static func retireForAnotherList() {
        DecodeWorkerPool.shared.retireEveryWorker()
    }
}
