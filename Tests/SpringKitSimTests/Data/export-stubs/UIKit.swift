// Stub declarations of the UIKit types the exports use, for SpringExportTests.
@_exported import QuartzCore
open class NSObject { public init() {} }
public struct IndexPath { public init() {} }
public protocol UIDynamicItem: AnyObject {
    var center: CGPoint { get set }
    var bounds: CGRect { get }
    var transform: CGAffineTransform { get set } }
open class UIView: NSObject { open var bounds: CGRect = .zero }
open class UIScrollView: UIView { open var contentOffset: CGPoint = .zero; open var contentSize: CGSize = .zero }
open class UIGestureRecognizer: NSObject { open func location(in view: UIView?) -> CGPoint { .zero } }
open class UIPanGestureRecognizer: UIGestureRecognizer {}
open class UICollectionView: UIScrollView { open var panGestureRecognizer = UIPanGestureRecognizer() }
open class UICollectionViewLayoutAttributes: NSObject, UIDynamicItem {
    open var center: CGPoint = .zero
    open var bounds: CGRect = .zero
    open var transform: CGAffineTransform = .identity }
open class UICollectionViewLayout: NSObject {
    open var collectionView: UICollectionView? { nil }
    open func prepare() {}
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false } }
open class UICollectionViewFlowLayout: UICollectionViewLayout {}
open class UIDynamicBehavior: NSObject { open var action: (() -> Void)? }
open class UIAttachmentBehavior: UIDynamicBehavior {
    public init(item: UIDynamicItem, attachedToAnchor point: CGPoint) { items = [item]; anchorPoint = point }
    open var items: [UIDynamicItem]
    open var anchorPoint: CGPoint
    open var length: CGFloat = 0
    open var damping: CGFloat = 0
    open var frequency: CGFloat = 0 }
open class UIDynamicItemBehavior: UIDynamicBehavior {
    public init(items: [UIDynamicItem]) {}
    open func addLinearVelocity(_ velocity: CGPoint, for item: UIDynamicItem) {} }
open class UIDynamicAnimator: NSObject {
    public init(referenceView view: UIView) {}
    public init(collectionViewLayout layout: UICollectionViewLayout) {}
    open var behaviors: [UIDynamicBehavior] { [] }
    open func addBehavior(_ behavior: UIDynamicBehavior) {}
    open func items(in rect: CGRect) -> [UIDynamicItem] { [] }
    open func layoutAttributesForCell(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    open func updateItem(usingCurrentState item: UIDynamicItem) {} }
public protocol UITimingCurveProvider: AnyObject {}
open class UISpringTimingParameters: NSObject, UITimingCurveProvider {
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {}
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector = .zero) {} }
open class UIViewPropertyAnimator: NSObject {
    public init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {} }
