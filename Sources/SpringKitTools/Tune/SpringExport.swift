import SpringKitSupport
import SpringKitMath

/// Copy-ready code for a script's spring (its `damping` and `frequency` parameters, with
/// `length`, `resistance` and `max_stretch` when it declares them) in the APIs people use:
/// UIKit Dynamics, SwiftUI, Core Animation, UIKit property animators, Android, react-spring
/// and Framer Motion. Every number comes from `SpringConvention`; where an API cannot express
/// the effect the snippet says so instead of guessing. Every Swift snippet is a whole file that
/// compiles as pasted (`SpringExportTests` type-checks them against stub declarations of UIKit,
/// SwiftUI and QuartzCore with `swiftc -typecheck`).
package enum SpringExport {
    package struct Snippet: Equatable, Sendable {
        /// Stable identifier (`uikit`, `swiftui`, …).
        package var id: String
        package var title: String
        package var code: String
        /// True when the code is Swift (type-checked as a whole file).
        package var isSwift: Bool = false
    }

    /// What the effect springs: one spring per cell (the lists, the gallery, dot art), or one
    /// spring on the scroll offset (the card carousel, pull to refresh).
    package enum Effect: Equatable, Sendable {
        case cellSprings
        case offsetSpring
    }

    /// What the run says beyond the parameters: what springs, and the fling's initial velocity
    /// (points/s) when the run has one.
    package struct Context: Equatable, Sendable {
        package var effect: Effect = .cellSprings
        package var initialVelocity: Double?
        package init(effect: Effect = .cellSprings, initialVelocity: Double? = nil) {
            self.effect = effect; self.initialVelocity = initialVelocity
        }
    }

    /// The snippets for `values` (parameter name → value) of the script at `script`; numbers to
    /// 4 decimals, or in shortest round-trip form (every digit) when `fullPrecision`.
    package static func snippets(script: String, values: [(name: String, value: Double)], context: Context = Context(),
                                 fullPrecision: Bool = false) -> [Snippet] {
        let n: (Double) -> String = fullPrecision ? { NumberFormat.shortest($0) } : { NumberFormat.human($0, decimals: 4) }
        func value(_ name: String) -> Double? { values.last { $0.name == name }?.value }
        guard let damping = value("damping"), let frequency = value("frequency") else {
            return [Snippet(id: "none", title: "Export",
                            code: "// cannot express: \(script) declares no 'damping' and 'frequency' parameters, so it names no spring to export")]
        }
        let length = value("length"), resistance = value("resistance"), maxStretch = value("max_stretch")
        let effect = resistance != nil ? .cellSprings : context.effect
        let v0 = context.initialVelocity ?? 0
        var snippets = [uikit(script: script, damping: damping, frequency: frequency, length: length,
                              resistance: resistance, maxStretch: maxStretch, effect: effect, velocity: context.initialVelocity, n: n)]
        guard frequency > 0, damping >= 0,
              let model = try? SpringConvention.uikit.model(["frequency": frequency, "damping": damping]) else {
            let reason = "// cannot express: frequency \(n(frequency)) Hz is a rigid attachment in UIKit (no spring), which these APIs have no setting for"
            for (id, title) in others { snippets.append(Snippet(id: id, title: title, code: reason)) }
            return snippets
        }
        let effectNote = resistance != nil || maxStretch != nil
            ? "// cannot express: the scroll-resistance rule (resistance\(maxStretch != nil ? ", max stretch" : "")) belongs to UIKit Dynamics;\n// this API animates one value on one spring: drive each cell's offset with it yourself.\n"
            : (effect == .offsetSpring ? "// The effect: one spring on the scroll offset, from where the finger lifts to the target, starting at the fling's velocity.\n"
                                       : "// The effect: one spring per cell, from where it is to its layout position.\n")
        let what = effect == .offsetSpring ? "scroll offset" : "cell's offset"
        let velocityNote = context.initialVelocity.map { "   // the fling's \(n($0)) pt/s" } ?? ""
        let terms = Terms(effectNote: effectNote, what: what, velocityNote: velocityNote, v0: v0, n: n)
        snippets += appleSnippets(model, terms)
        snippets += otherSnippets(model, terms, notesRule: resistance != nil || maxStretch != nil)
        return snippets
    }

    /// What every snippet of one export says alike: the note on the effect, what the spring moves,
    /// the fling's velocity and how numbers are written.
    private struct Terms {
        let effectNote: String, what: String, velocityNote: String
        let v0: Double
        let n: (Double) -> String
    }

    /// SwiftUI, CASpringAnimation and UISpringTimingParameters.
    private static func appleSnippets(_ model: SpringModel, _ t: Terms) -> [Snippet] {
        let effectNote = t.effectNote, what = t.what, velocityNote = t.velocityNote, v0 = t.v0, n = t.n
        var snippets: [Snippet] = []
        let k = model.stiffness, c = model.damping, zeta = model.dampingRatio
        let swiftui = SpringConvention.swiftuiDuration.values(model)!, response = SpringConvention.swiftui.values(model)!
        snippets.append(Snippet(id: "swiftui", title: "SwiftUI", code: """
            \(effectNote)// SwiftUI (iOS 17+): the same spring, two ways. The velocity is in units of the value per second.
            import SwiftUI

            func springs(offset: inout CGFloat, target: CGFloat) {
                withAnimation(.spring(response: \(n(response["response"]!)), dampingFraction: \(n(response["dampingFraction"]!)))) { offset = target }
                let spring = Spring(duration: \(n(swiftui["duration"]!)), bounce: \(n(swiftui["bounce"]!)))   // mass 1, stiffness \(n(k)), damping \(n(c))
                let initialVelocity: Double = \(n(v0))\(velocityNote)
                _ = spring.value(target: Double(target), initialVelocity: initialVelocity, time: 0.1)
            }
            """, isSwift: true))
        snippets.append(Snippet(id: "caspring", title: "CASpringAnimation", code: """
            \(effectNote)import QuartzCore

            func springAnimation(from: CGFloat, to: CGFloat) -> CASpringAnimation {
                let animation = CASpringAnimation(keyPath: "position.y")   // the \(what)
                animation.mass = 1
                animation.stiffness = \(n(k))
                animation.damping = \(n(c))
                // initialVelocity is in units of the whole distance per second: the fling's speed / distance.
                animation.initialVelocity = to == from ? 0 : \(n(v0)) / (to - from)\(velocityNote)
                animation.fromValue = from
                animation.toValue = to
                animation.duration = animation.settlingDuration
                return animation
            }
            """, isSwift: true))
        snippets.append(Snippet(id: "uispring", title: "UISpringTimingParameters", code: """
            \(effectNote)import UIKit

            func springAnimator(distance: CGFloat) -> UIViewPropertyAnimator {
                // initialVelocity is in units of the whole distance per second: the fling's speed / distance.
                let velocity = CGVector(dx: 0, dy: distance == 0 ? 0 : \(n(v0)) / distance)\(velocityNote)
                let timing = UISpringTimingParameters(mass: 1, stiffness: \(n(k)), damping: \(n(c)), initialVelocity: velocity)
                // UISpringTimingParameters(dampingRatio: \(n(zeta))) alone cannot express the frequency: it takes the duration from the animator.
                return UIViewPropertyAnimator(duration: 0, timingParameters: timing)   // a spring's own duration
            }
            """, isSwift: true))
        return snippets
    }

    /// Android's SpringForce, react-spring, Framer Motion, Origami / Rebound.
    private static func otherSnippets(_ model: SpringModel, _ t: Terms, notesRule: Bool) -> [Snippet] {
        let effectNote = t.effectNote, v0 = t.v0, n = t.n
        let k = model.stiffness, c = model.damping, zeta = model.dampingRatio
        var snippets: [Snippet] = []
        snippets.append(Snippet(id: "android", title: "Android SpringForce", code: """
            \(effectNote)val spring = SpringForce(finalPosition).apply {
                stiffness = \(n(k))f
                dampingRatio = \(n(zeta))f
            }
            SpringAnimation(view, DynamicAnimation.TRANSLATION_Y).setSpring(spring).setStartVelocity(\(n(v0))f).start()   // pixels/s
            """))
        snippets.append(Snippet(id: "react-spring", title: "react-spring", code: """
            \(effectNote)const config = { mass: 1, tension: \(n(k)), friction: \(n(c)), velocity: \(n(v0)) };   // velocity: units/s
            """))
        snippets.append(Snippet(id: "framer", title: "Framer Motion", code: """
            \(effectNote)const transition = { type: "spring", mass: 1, stiffness: \(n(k)), damping: \(n(c)), velocity: \(n(v0)) };
            """))
        if let origami = SpringConvention.origami.values(model), let tension = origami["tension"], let friction = origami["friction"] {
            let code = SpringConvention.origami.accepts(origami)
                ? "\(notesRule ? effectNote : "")// Origami tension \(n(tension)), friction \(n(friction)) (Rebound: tension \(n(k)), friction \(n(c)))\n// cannot express: an initial velocity (Origami's spring takes none; Rebound's setVelocity(\(n(v0))) does)"
                : "// cannot express: Origami would need tension \(n(tension)), friction \(n(friction)); it has no negative values.\n"
                    + "// Rebound itself takes tension \(n(k)), friction \(n(c)), and setVelocity(\(n(v0)))."
            snippets.append(Snippet(id: "origami", title: "Origami / Rebound", code: code))
        } else {
            snippets.append(Snippet(id: "origami", title: "Origami / Rebound",
                                    code: "// cannot express: Origami's values are out of a number's range; Rebound takes tension \(n(k)), friction \(n(c))."))
        }
        return snippets
    }

    private static let others = [("swiftui", "SwiftUI"), ("caspring", "CASpringAnimation"), ("uispring", "UISpringTimingParameters"),
                                 ("android", "Android SpringForce"), ("react-spring", "react-spring"), ("framer", "Framer Motion"),
                                 ("origami", "Origami / Rebound")]

    private static func uikit(script: String, damping: Double, frequency: Double, length: Double?,
                              resistance: Double?, maxStretch: Double?, effect: Effect, velocity: Double?,
                              n: (Double) -> String) -> Snippet {
        if effect == .offsetSpring {
            return uikitOffsetSpring(script: script, damping: damping, frequency: frequency, length: length, velocity: velocity, n: n)
        }
        var constants = """
                let springLength: CGFloat = \(n(length ?? 0))
                let springDamping: CGFloat = \(n(damping))
                let springFrequency: CGFloat = \(n(frequency))
            """
        if let resistance { constants += "\n    let scrollResistance: CGFloat = \(n(resistance))   // points" }
        if let maxStretch { constants += "\n    let maxStretch: CGFloat = \(n(maxStretch))   // points" }
        var code = """
            // UIKit Dynamics, from \(script): one UIAttachmentBehavior per visible cell, anchored at its layout centre.
            import UIKit

            final class SpringyFlowLayout: UICollectionViewFlowLayout {
            \(constants)
                lazy var animator = UIDynamicAnimator(collectionViewLayout: self)

                override func prepare() {
                    super.prepare()
                    guard let collectionView, animator.behaviors.isEmpty else { return }
                    let visible = CGRect(origin: .zero, size: collectionView.contentSize).insetBy(dx: -100, dy: -100)
                    for attributes in super.layoutAttributesForElements(in: visible) ?? [] {
                        let spring = UIAttachmentBehavior(item: attributes, attachedToAnchor: attributes.center)
                        spring.length = springLength
                        spring.damping = springDamping
                        spring.frequency = springFrequency
                        animator.addBehavior(spring)
                    }
                }

                override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                    animator.items(in: rect) as? [UICollectionViewLayoutAttributes]
                }

                override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
                    animator.layoutAttributesForCell(at: indexPath) ?? super.layoutAttributesForItem(at: indexPath)
                }
            """
        if resistance != nil { code += uikitResistanceRule(maxStretch: maxStretch) }
        code += "\n}"
        return Snippet(id: "uikit", title: "UIKit (UIAttachmentBehavior)", code: code, isSwift: true)
    }

    /// The UIKit export of an offset spring: a UIDynamicItem standing for the scroll offset.
    private static func uikitOffsetSpring(script: String, damping: Double, frequency: Double, length: Double?, velocity: Double?,
                                          n: (Double) -> String) -> Snippet {
        // One spring on the scroll offset: a UIDynamicItem standing for the offset, attached
        // to the target with the fling's velocity; its action writes the offset back.
        let code = """
            // UIKit Dynamics, from \(script): one spring on the scroll offset, from where the finger lifts to the target,
            // starting at the fling's velocity (a UIDynamicItem stands for the offset).
            import UIKit

            final class OffsetItem: NSObject, UIDynamicItem {
                var center: CGPoint = .zero
                var bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
                var transform: CGAffineTransform = .identity
            }

            final class OffsetSpring {
                let springLength: CGFloat = \(n(length ?? 0))
                let springDamping: CGFloat = \(n(damping))
                let springFrequency: CGFloat = \(n(frequency))
                let flingVelocity: CGFloat = \(n(velocity ?? 0))   // points/s, the fling's
                let animator: UIDynamicAnimator
                let item = OffsetItem()

                init(scrollView: UIScrollView, target: CGPoint) {
                    animator = UIDynamicAnimator(referenceView: scrollView)
                    item.center = scrollView.contentOffset
                    let spring = UIAttachmentBehavior(item: item, attachedToAnchor: target)
                    spring.length = springLength
                    spring.damping = springDamping
                    spring.frequency = springFrequency
                    spring.action = { [weak scrollView, item] in scrollView?.contentOffset = item.center }
                    let start = UIDynamicItemBehavior(items: [item])
                    start.addLinearVelocity(CGPoint(x: 0, y: -flingVelocity), for: item)   // the offset moves against the finger
                    animator.addBehavior(start)
                    animator.addBehavior(spring)
                }
            }
            """
        return Snippet(id: "uikit", title: "UIKit (UIAttachmentBehavior)", code: code, isSwift: true)
    }

    /// The scroll-resistance rule of the cell-springs export: the cells lag by their distance from the finger.
    private static func uikitResistanceRule(maxStretch: Double?) -> String {
        let clamp = maxStretch != nil ? "min(max(d * r, -maxStretch), maxStretch)" : "d * r"
        return """


                // The cells lag by their distance from the finger.
                override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
                    guard let collectionView else { return false }
                    let delta = newBounds.origin.y - collectionView.bounds.origin.y
                    let touchY = collectionView.panGestureRecognizer.location(in: collectionView).y
                    func lag(_ d: CGFloat, _ r: CGFloat) -> CGFloat { \(clamp) }
                    for case let spring as UIAttachmentBehavior in animator.behaviors {
                        guard let item = spring.items.first as? UICollectionViewLayoutAttributes else { continue }
                        let r = abs(touchY - spring.anchorPoint.y) / scrollResistance
                        item.center.y += delta < 0 ? max(lag(delta, 1), lag(delta, r)) : min(lag(delta, 1), lag(delta, r))
                        animator.updateItem(usingCurrentState: item)
                    }
                    return false
                }
            """
    }
}
