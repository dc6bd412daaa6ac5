// Stub declarations of the SwiftUI API the exports use, for SpringExportTests.
@_exported import CoreGraphics
public struct Animation {
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0) -> Animation { Animation() } }
public func withAnimation<Result>(_ animation: Animation? = nil, _ body: () throws -> Result) rethrows -> Result { try body() }
public struct Spring {
    public init(duration: TimeInterval = 0.5, bounce: Double = 0) {}
    public init(mass: Double = 1, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {}
    public func value(target: Double, initialVelocity: Double = 0, time: TimeInterval) -> Double { target } }
