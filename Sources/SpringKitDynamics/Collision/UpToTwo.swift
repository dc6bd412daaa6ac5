/// At most two values held inline, as Box2D's fixed arrays of `b2_maxManifoldPoints` hold them:
/// a manifold's points, a clipped segment's ends, a world manifold's points and separations.
/// Unlike an array it never allocates, so a manifold is plain data, copied without reference
/// counting. Appending a third value is a programming error (it traps).
struct UpToTwo<Element>: RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral {
    private var first: Element?, second: Element?

    init() {}

    init(arrayLiteral elements: Element...) {
        for e in elements { append(e) }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { first == nil ? 0 : second == nil ? 1 : 2 }

    subscript(n: Int) -> Element {
        @inline(__always) get { n == 0 ? first! : second! }
        @inline(__always) set {
            precondition(n < endIndex, "UpToTwo: index \(n) out of range")
            if n == 0 { first = newValue } else { second = newValue }
        }
    }

    /// Adds `e` after the values held.
    @inline(__always) mutating func append(_ e: Element) {
        if first == nil { first = e } else { precondition(second == nil, "UpToTwo holds at most two values"); second = e }
    }
}

extension UpToTwo: Equatable where Element: Equatable {
    static func == (a: UpToTwo, b: UpToTwo) -> Bool { a.elementsEqual(b) }
}
