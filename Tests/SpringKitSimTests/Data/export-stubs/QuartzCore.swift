// Stub declarations of QuartzCore (Core Animation) for SpringExportTests.
@_exported import CoreGraphics
open class CAAnimation { public init() {}
    open var duration: CFTimeInterval = 0 }
open class CAPropertyAnimation: CAAnimation { public init(keyPath path: String?) { super.init() } }
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any?
    open var toValue: Any? }
open class CASpringAnimation: CABasicAnimation {
    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    open var initialVelocity: CGFloat = 0
    open var settlingDuration: CFTimeInterval { 0 } }
