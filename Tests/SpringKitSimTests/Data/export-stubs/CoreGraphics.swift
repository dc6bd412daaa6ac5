// Stub declarations of the CoreGraphics types the exports use, for `swiftc -typecheck` on
// Linux (SpringExportTests). Only signatures: the snippets are type-checked, not run.
public typealias CGFloat = Double
public struct CGPoint { public var x: CGFloat; public var y: CGFloat
    public init(x: CGFloat, y: CGFloat) { self.x = x; self.y = y }
    public static var zero: CGPoint { CGPoint(x: 0, y: 0) } }
public struct CGSize { public var width: CGFloat; public var height: CGFloat
    public init(width: CGFloat, height: CGFloat) { self.width = width; self.height = height }
    public static var zero: CGSize { CGSize(width: 0, height: 0) } }
public struct CGVector { public var dx: CGFloat; public var dy: CGFloat
    public init(dx: CGFloat, dy: CGFloat) { self.dx = dx; self.dy = dy }
    public static var zero: CGVector { CGVector(dx: 0, dy: 0) } }
public struct CGRect { public var origin: CGPoint; public var size: CGSize
    public init(origin: CGPoint, size: CGSize) { self.origin = origin; self.size = size }
    public init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) { self.init(origin: CGPoint(x: x, y: y), size: CGSize(width: width, height: height)) }
    public func insetBy(dx: CGFloat, dy: CGFloat) -> CGRect { self }
    public static var zero: CGRect { CGRect(x: 0, y: 0, width: 0, height: 0) } }
public struct CGAffineTransform { public init() {}
    public static var identity: CGAffineTransform { CGAffineTransform() } }
public typealias CFTimeInterval = Double
public typealias TimeInterval = Double
