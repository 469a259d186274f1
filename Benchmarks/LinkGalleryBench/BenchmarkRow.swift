/// One line of the results table: what the app took, what a reference took on the same input
/// in the same run, and their ratio (lower is better for the app).
struct BenchmarkRow {
    let name: String
    let app: String
    let reference: String
    let ratio: String
    let note: String

    init(name: String, app: String, reference: String, ratio: String, note: String = "") {
        self.name = name
        self.app = app
        self.reference = reference
        self.ratio = ratio
        self.note = note
    }

    /// A timing compared with a reference timing.
    init(name: String, app: Timing, reference: Timing, referenceName: String, note: String = "") {
        self.init(name: name, app: app.description, reference: "\(referenceName): \(reference.description)",
                  ratio: String(format: "%.2f×", app.medianMilliseconds / reference.medianMilliseconds), note: note)
    }

    /// A row that could not be measured here (tool missing, command failed, needs the app).
    static func unavailable(_ name: String, because reason: String) -> BenchmarkRow {
        BenchmarkRow(name: name, app: "—", reference: "—", ratio: "—", note: reason)
    }

    /// Runs a row's measurement; a failure becomes a row that says what went wrong.
    static func attempt(_ name: String, _ measure: () throws -> BenchmarkRow) -> BenchmarkRow {
        do {
            return try measure()
        } catch {
            return .unavailable(name, because: "not measured: \(error)")
        }
    }
}
