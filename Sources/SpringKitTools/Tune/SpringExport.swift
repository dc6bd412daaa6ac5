import SpringKitSupport
import SpringKitMath

/// Copy-ready code for a script's spring (its `damping` and `frequency` parameters, with
/// `length`, `resistance` and `max_stretch` when it declares them) in the APIs people use:
/// UIKit Dynamics, SwiftUI, Core Animation, UIKit property animators, Android, react-spring
/// and Framer Motion. Every number comes from `SpringConvention`; where an API cannot express
/// the effect the snippet says so instead of guessing.
package enum SpringExport {
    package struct Snippet: Equatable, Sendable {
        /// Stable identifier (`uikit`, `swiftui`, …).
        package var id: String
        package var title: String
        package var code: String
    }

    /// The snippets for `values` (parameter name → value) of the script at `script`.
    package static func snippets(script: String, values: [(name: String, value: Double)]) -> [Snippet] {
        func value(_ name: String) -> Double? { values.last { $0.name == name }?.value }
        guard let damping = value("damping"), let frequency = value("frequency") else {
            return [Snippet(id: "none", title: "Export",
                            code: "// cannot express: \(script) declares no 'damping' and 'frequency' parameters, so it names no spring to export")]
        }
        let length = value("length"), resistance = value("resistance"), maxStretch = value("max_stretch")
        var snippets = [uikit(script: script, damping: damping, frequency: frequency, length: length,
                              resistance: resistance, maxStretch: maxStretch)]
        guard frequency > 0, damping >= 0,
              let model = try? SpringConvention.uikit.model(["frequency": frequency, "damping": damping]) else {
            let reason = "// cannot express: frequency \(n(frequency)) Hz is a rigid attachment in UIKit (no spring), which these APIs have no setting for"
            for (id, title) in others { snippets.append(Snippet(id: id, title: title, code: reason)) }
            return snippets
        }
        let effectNote = resistance != nil || maxStretch != nil
            ? "// cannot express: the scroll-resistance rule (resistance\(maxStretch != nil ? ", max stretch" : "")) belongs to UIKit Dynamics;\n// this API animates one value on one spring: drive each cell's offset with it yourself.\n"
            : ""
        let k = model.stiffness, c = model.damping, zeta = model.dampingRatio
        let swiftui = SpringConvention.swiftui.values(model)!, duration = SpringConvention.swiftuiDuration.values(model)!
        snippets.append(Snippet(id: "swiftui", title: "SwiftUI", code: """
            \(effectNote)// SwiftUI (iOS 17+): the same spring, two ways
            withAnimation(.spring(response: \(n(swiftui["response"]!)), dampingFraction: \(n(swiftui["dampingFraction"]!)))) { offset = target }
            let spring = Spring(duration: \(n(duration["duration"]!)), bounce: \(n(duration["bounce"]!)))   // mass 1, stiffness \(n(k)), damping \(n(c))
            """))
        snippets.append(Snippet(id: "caspring", title: "CASpringAnimation", code: """
            \(effectNote)let animation = CASpringAnimation(keyPath: "position.y")
            animation.mass = 1
            animation.stiffness = \(n(k))
            animation.damping = \(n(c))
            animation.duration = animation.settlingDuration
            """))
        snippets.append(Snippet(id: "uispring", title: "UISpringTimingParameters", code: """
            \(effectNote)let timing = UISpringTimingParameters(mass: 1, stiffness: \(n(k)), damping: \(n(c)), initialVelocity: .zero)
            let animator = UIViewPropertyAnimator(duration: 0, timingParameters: timing)   // a spring's own duration
            // UISpringTimingParameters(dampingRatio: \(n(zeta))) alone cannot express the frequency: it takes the duration from the animator.
            """))
        snippets.append(Snippet(id: "android", title: "Android SpringForce", code: """
            \(effectNote)val spring = SpringForce(finalPosition).apply {
                stiffness = \(n(k))f
                dampingRatio = \(n(zeta))f
            }
            SpringAnimation(view, DynamicAnimation.TRANSLATION_Y).setSpring(spring).start()
            """))
        snippets.append(Snippet(id: "react-spring", title: "react-spring", code: """
            \(effectNote)const config = { mass: 1, tension: \(n(k)), friction: \(n(c)) };
            """))
        snippets.append(Snippet(id: "framer", title: "Framer Motion", code: """
            \(effectNote)const transition = { type: "spring", mass: 1, stiffness: \(n(k)), damping: \(n(c)) };
            """))
        if let origami = SpringConvention.origami.values(model), let tension = origami["tension"], let friction = origami["friction"] {
            let code = SpringConvention.origami.accepts(origami)
                ? "\(effectNote)// Origami tension \(n(tension)), friction \(n(friction)) (Rebound: tension \(n(k)), friction \(n(c)))"
                : "// cannot express: Origami would need tension \(n(tension)), friction \(n(friction)); it has no negative values.\n"
                    + "// Rebound itself takes tension \(n(k)), friction \(n(c))."
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

    private static func n(_ value: Double) -> String { NumberFormat.human(value, decimals: 4) }

    private static func uikit(script: String, damping: Double, frequency: Double, length: Double?,
                              resistance: Double?, maxStretch: Double?) -> Snippet {
        var code = """
            // UIKit Dynamics, from \(script): one UIAttachmentBehavior per visible cell, anchored at its layout centre.
            let springLength: CGFloat = \(n(length ?? 0))
            let springDamping: CGFloat = \(n(damping))
            let springFrequency: CGFloat = \(n(frequency))   // Hz
            """
        if let resistance { code += "\nlet scrollResistance: CGFloat = \(n(resistance))   // points" }
        if let maxStretch { code += "\nlet maxStretch: CGFloat = \(n(maxStretch))   // points" }
        code += """


            // prepare(): for each newly visible item
            let spring = UIAttachmentBehavior(item: attributes, attachedToAnchor: attributes.center)
            spring.length = springLength
            spring.damping = springDamping
            spring.frequency = springFrequency
            animator.addBehavior(spring)
            """
        if resistance != nil {
            let clamp = maxStretch != nil ? "min(max(d * r, -maxStretch), maxStretch)" : "d * r"
            code += """


                // shouldInvalidateLayout(forBoundsChange:): the cells lag by their distance from the finger.
                let delta = newBounds.origin.y - collectionView!.bounds.origin.y
                let touchY = collectionView!.panGestureRecognizer.location(in: collectionView).y
                func lag(_ d: CGFloat, _ r: CGFloat) -> CGFloat { \(clamp) }
                for case let spring as UIAttachmentBehavior in animator.behaviors {
                    guard let item = spring.items.first as? UICollectionViewLayoutAttributes else { continue }
                    let r = abs(touchY - spring.anchorPoint.y) / scrollResistance
                    item.center.y += delta < 0 ? max(lag(delta, 1), lag(delta, r)) : min(lag(delta, 1), lag(delta, r))
                    animator.updateItem(usingCurrentState: item)
                }
                return false
                """
        }
        return Snippet(id: "uikit", title: "UIKit (UIAttachmentBehavior)", code: code)
    }
}
