import SpringKitSim

enum DotArtBench {
    static func run() throws {
        for threads in BenchThreads.settings {
            var configuration = DotArt.Configuration()
            configuration.columns = 256
            configuration.rows = 256
            configuration.recordEvery = 0
            configuration.reportEvery = 0
            configuration.world.threads = threads
            let art = try DotArt(configuration: configuration, seed: 1)
            var whole = false
            let seconds = try Stopwatch.seconds {
                try art.change(to: DotImage.blank(width: 256, height: 256))
                whole = try art.waitUntilWhole(limit: 30)
            }
            let label = threads == 0 ? "default (\(BenchThreads.count(art.world.anchoredStepThreads)))" : "1 thread"
            print("65,536 dots, \(label): \(art.frame) frames to rest (whole: \(whole)) in \(NumberFormat.fixed(seconds, 3)) s wall: \(NumberFormat.fixed(Double(art.frame) / seconds, 1)) simulated frames per second (target ≥ 60)")
        }
    }
}
