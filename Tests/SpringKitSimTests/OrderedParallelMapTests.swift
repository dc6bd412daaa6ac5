import XCTest
@testable import SpringKitSupport

final class OrderedParallelMapTests: XCTestCase {
    /// Results arrive in index order, once each, on the calling thread, whatever order the
    /// jobs finish in (later jobs here are made to finish first).
    func testDeliversInOrderOnTheCallingThread() {
        for jobs in [1, 2, 3, 8] {
            var delivered: [Int] = []
            let caller = Thread.current
            OrderedParallelMap.run(count: 40, jobs: jobs, { k -> Int in
                usleep(UInt32((40 - k) % 7) * 300)
                return k * k
            }, deliver: { k, value in
                XCTAssertTrue(Thread.current == caller)
                XCTAssertEqual(value, k * k)
                delivered.append(k)
            })
            XCTAssertEqual(delivered, Array(0..<40), "jobs \(jobs)")
        }
        var none = 0
        OrderedParallelMap.run(count: 0, jobs: 2, { $0 }, deliver: { _, _ in none += 1 })
        XCTAssertEqual(none, 0)
    }
}
