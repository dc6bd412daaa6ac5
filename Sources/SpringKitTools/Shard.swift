import SpringKitSupport

/// `--shard i/n`: which part of a deterministic split this process runs (i from 1 to n).
/// Work items are split into n contiguous blocks in their usual order, so the shards'
/// outputs, taken in shard order, are the one run's output.
package struct Shard: Equatable {
    package var index: Int
    package var count: Int

    package static let maximumCount = 100_000

    package init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses `i/n` (1 ≤ i ≤ n).
    package init(parsing text: String, flag: String = "--shard") throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= Self.maximumCount, i >= 1, i <= n else {
            throw ShardError(description: "\(flag): '\(text)' is not i/n with 1 ≤ i ≤ n ≤ \(Self.maximumCount) (for example 1/3)")
        }
        index = i
        count = n
    }

    /// The items of `0..<total` this shard runs: block `index` of `count` near-equal blocks.
    package func range(of total: Int) -> Range<Int> {
        (total * (index - 1) / count)..<(total * index / count)
    }

    package var isLast: Bool { index == count }
    package var text: String { "\(index)/\(count)" }
}

/// A `--shard` value that is not `i/n` with 1 ≤ i ≤ n.
package struct ShardError: SpringKitError, Equatable {
    package var description: String
    package var blamesArguments: Bool { true }
}
