import Foundation

/// Runs `count` independent jobs on up to `jobs` threads and hands each result to the caller
/// in index order, on the calling thread, as soon as it and every one before it are done:
/// output stays in order whatever finishes first. When the system refuses a thread, the
/// jobs run on the threads it did create, or on the calling thread. When `deliver` throws,
/// no further job starts; the running ones finish before the error propagates. `progress(done,
/// count)`, when given, is called as each job finishes (in the order they finish), one call at
/// a time, on the thread that ran the job.
package enum OrderedParallelMap {
    package static func run<T>(count: Int, jobs: Int, _ work: @escaping (Int) -> T, progress: ((Int, Int) -> Void)? = nil,
                               deliver: (Int, T) throws -> Void) rethrows {
        guard count > 0 else { return }
        let state = State<T>(count: count, progress: progress)
        let body = {
            while let k = state.take() { state.finish(k, work(k)) }
        }
        var workers: [WorkerThread] = []
        for _ in 0..<max(1, min(jobs, count)) {
            guard let worker = WorkerThread(body) else { break }
            workers.append(worker)
        }
        defer {
            state.cancel()
            for worker in workers { worker.join() }
        }
        if workers.isEmpty { body() }
        for k in 0..<count { try deliver(k, state.wait(for: k)) }
    }

    private final class State<T>: @unchecked Sendable {
        private let condition = NSCondition()
        private let count: Int
        private var next = 0, done = 0
        private var results: [T?]
        private let progress: ((Int, Int) -> Void)?

        init(count: Int, progress: ((Int, Int) -> Void)?) {
            self.count = count
            self.progress = progress
            results = .init(repeating: nil, count: count)
        }

        func take() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            guard next < count else { return nil }
            next += 1
            return next - 1
        }

        /// No job is handed out after this.
        func cancel() {
            condition.lock()
            next = count
            condition.unlock()
        }

        func finish(_ k: Int, _ result: T) {
            condition.lock()
            results[k] = result
            done += 1
            progress?(done, count)
            condition.broadcast()
            condition.unlock()
        }

        /// Blocks until result `k` is in, then takes it out.
        func wait(for k: Int) -> T {
            condition.lock()
            defer { condition.unlock() }
            while results[k] == nil { condition.wait() }
            let result = results[k]!
            results[k] = nil
            return result
        }
    }
}
