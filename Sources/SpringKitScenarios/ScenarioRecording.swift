extension World {
    /// Configured frames a gesture of `seconds` takes (at least 1); throws when they would
    /// not fit a whole number (the work itself is bounded by the budget).
    func frames(in seconds: Double) throws -> Int {
        let frames = (seconds / configuration.frameDuration).rounded()
        guard frames.isFinite, frames < 9e15 else {
            throw DynamicsError.invalidParameter("\(NumberFormat.shortest(seconds)) s is more frames than can be counted")
        }
        return max(1, Int(frames))
    }

    /// Charges a scenario's recording of one frame to the world's budget: `rows` trace rows
    /// of `values` numbers (plus the frame's id, t and frame columns), and as many report
    /// cells unless `reportCells` is false. Throws, recording nothing, when the budget or
    /// memory cap cannot take it.
    func chargeRecording(rows: Int, values: Int, reportCells: Bool = true) throws {
        let numbers = values == 0 ? 0 : values + 3
        try charge(rows, unitsEach: numbers + (reportCells ? 1 : 0))
        try reserve(rows, bytesEach: numbers * MemoryLayout<Double>.stride + (reportCells ? MemoryLayout<ReportData.Cell>.stride : 0))
    }
}
