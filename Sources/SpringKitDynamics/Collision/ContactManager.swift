/// Names a collision shape across steps: an item's (by its identifier) or one segment of a
/// boundary (by the boundary's identifier and the segment's index). Items sort before boundaries.
struct ShapeKey: Hashable, Comparable {
    let raw: Int64
    static func item(_ id: Int32) -> ShapeKey { ShapeKey(raw: Int64(id)) }
    static func boundary(_ id: Int64, segment: Int) -> ShapeKey { ShapeKey(raw: Int64.max - (id << 24 | Int64(segment))) }
    static func < (a: ShapeKey, b: ShapeKey) -> Bool { a.raw < b.raw }
    var isItem: Bool { raw <= Int64(Int32.max) }
    var party: CollisionParty {
        isItem ? .item(ItemID(rawValue: Int32(raw))) : .boundary(BoundaryID(rawValue: (Int64.max - raw) >> 24))
    }
}

/// One shape as the step sees it: where it is, which solver body carries it (−1: a boundary,
/// which sits at the origin), its filter and material.
struct ShapeProxy {
    var key: ShapeKey
    var body: Int
    var shape: Shape
    var transform: Transform
    var filter: ContactFilter
    var isStatic: Bool
    var isAwake: Bool
    var friction: Double
    var restitution: Double
    var aabb: AABB
}

/// A pair of shapes whose fattened boxes overlap (Box2D's `b2Contact`), kept from step to step
/// while they do, so the impulses of its manifold points warm start the next step.
struct Contact {
    var keyA: ShapeKey, keyB: ShapeKey
    /// Indices of the two proxies in the current step.
    var proxyA = 0, proxyB = 0
    var manifold = Manifold()
    var isTouching = false
    var respondsA = false, respondsB = false
    /// `b2MixFriction` (√(fa·fb)) and `b2MixRestitution` (max).
    var friction = 0.0, restitution = 0.0
    /// The began event recorded for it since the events were last taken (−1: none), and the
    /// largest normal impulse its point came from.
    var beganEvent = -1
    var largestImpulse = -1.0
    /// The manifold point of the largest normal impulse at the last solve, world points.
    var lastPoint = SIMD2<Double>.zero
    /// When it was made (a count of contacts made before it), for Box2D's newest-first order;
    /// −1: the slot is free.
    var stamp: Int64 = -1

    /// Solved only while touching and some body responds.
    var isSolved: Bool { isTouching && (respondsA || respondsB) }
}

/// The contacts of a world and its contact events: the broad phase finds the pairs, the narrow
/// phase their manifolds, in Box2D's `b2ContactManager` roles (`FindNewContacts`, `Collide`).
/// Contacts live in slots of an array; a contact that ends frees its slot (reused last freed
/// first). Nothing depends on hashing order.
struct ContactManager {
    private(set) var contacts: [Contact] = []
    private var freeSlots: [Int] = []
    private var made: Int64 = 0
    /// Events since the last `takeEvents`, in the order recorded.
    var events: [ContactEvent] = []
    /// Solver bodies of the contacts that began or stopped touching in the last `update`:
    /// Box2D wakes both (`b2Contact::Update`), so a stack left without support falls.
    private(set) var touchingChanged: [Int] = []

    /// Finds the pairs among this step's `proxies`, keeps the contacts still overlapping, makes
    /// the new ones and updates the manifolds of those with an awake body; records began and
    /// ended events. `connected(a, b)` says whether two solver bodies are joined by a joint that
    /// keeps them from colliding.
    /// - Complexity: O(n log n + pairs) for n proxies (`BroadPhase`), plus the narrow phase of
    ///   every contact with an awake body. A pair's contact is found among its first proxy's
    ///   contacts (no hashing), after the contacts' proxies are refreshed: O(contacts), with one
    ///   dictionary of the proxies' keys when the proxies were renumbered (a new classification).
    mutating func update(_ proxies: [ShapeProxy], linearSlop: Double, connected: (Int, Int) -> Bool) {
        touchingChanged.removeAll(keepingCapacity: true)
        refreshProxies(proxies)
        findNewContacts(proxies, connected: connected)
        collide(proxies, linearSlop: linearSlop)
    }

    /// Box2D's `FindNewContacts` with the end of the parted ones: the broad phase's pairs that
    /// pass the filter keep their contact or get a new one in a free slot; a contact whose boxes
    /// parted ends (an event if it touched) and frees its slot.
    private mutating func findNewContacts(_ proxies: [ShapeProxy], connected: (Int, Int) -> Bool) {
        // Each proxy's contacts (slots), as offsets into one array.
        var start = [Int](repeating: 0, count: proxies.count + 1)
        for c in contacts where c.stamp >= 0 { start[c.proxyA + 1] += 1; start[c.proxyB + 1] += 1 }
        for k in proxies.indices { start[k + 1] += start[k] }
        var fill = start, slotsOf = [Int](repeating: 0, count: start[proxies.count])
        for (k, c) in contacts.enumerated() where c.stamp >= 0 {
            slotsOf[fill[c.proxyA]] = k; fill[c.proxyA] += 1
            slotsOf[fill[c.proxyB]] = k; fill[c.proxyB] += 1
        }
        let boxes = proxies.map { $0.aabb.expanded(by: BroadPhase.margin) }
        let ranks = proxies.map { Collide.rank($0.shape) }
        let pairs = BroadPhase.pairs(boxes, keys: proxies.map { $0.key }) { i, j in
            // Boundaries (body −1) never meet each other; nor do two static items.
            let bodyA = proxies[i].body, bodyB = proxies[j].body
            if proxies[i].isStatic && proxies[j].isStatic { return false }
            if bodyA >= 0 && bodyA == bodyB { return false }
            if bodyA >= 0 && bodyB >= 0 && connected(bodyA, bodyB) { return false }
            return ContactFilter.exists(proxies[i].filter, proxies[j].filter)
        }
        var seen = [Bool](repeating: false, count: contacts.count)
        for (i, j) in pairs {
            // End A is the shape of lower rank (then of lower key), as the pair functions take them.
            let (p, q) = ranks[i] < ranks[j] || (ranks[i] == ranks[j] && proxies[i].key < proxies[j].key) ? (i, j) : (j, i)
            // Searched among the contacts of whichever proxy has fewer (a boundary has hundreds).
            let owner = fill[p] - start[p] <= fill[q] - start[q] ? p : q
            if let k = slotsOf[start[owner]..<fill[owner]].first(where: { contacts[$0].proxyA == p && contacts[$0].proxyB == q }) {
                seen[k] = true
            } else {
                var contact = Contact(keyA: proxies[p].key, keyB: proxies[q].key, proxyA: p, proxyB: q)
                contact.stamp = made
                made += 1
                if let k = freeSlots.popLast() {
                    contacts[k] = contact
                    seen[k] = true
                } else {
                    contacts.append(contact)
                    seen.append(true)
                }
            }
        }
        // Contacts whose boxes parted end; their slots are freed.
        for k in contacts.indices where !seen[k] && contacts[k].stamp >= 0 {
            if contacts[k].isTouching { recordEnd(contacts[k]) }
            contacts[k] = Contact(keyA: contacts[k].keyA, keyB: contacts[k].keyB)
            freeSlots.append(k)
        }
    }

    /// Box2D's `Collide`: the manifolds of the contacts with an awake body, warm started by
    /// feature, their mixed friction and restitution, and began and ended events.
    private mutating func collide(_ proxies: [ShapeProxy], linearSlop: Double) {
        // Proxies and contacts are read and written in place (a copy of either retains the
        // arrays inside its shape or manifold).
        for k in contacts.indices where contacts[k].stamp >= 0 {
            let a = contacts[k].proxyA, b = contacts[k].proxyB
            // Box2D's Collide: only contacts with an awake (non-static) body are updated.
            guard (proxies[a].isAwake && !proxies[a].isStatic) || (proxies[b].isAwake && !proxies[b].isStatic) else { continue }
            contacts[k].respondsA = !proxies[a].isStatic && ContactFilter.responds(proxies[a].filter, to: proxies[b].filter)
            contacts[k].respondsB = !proxies[b].isStatic && ContactFilter.responds(proxies[b].filter, to: proxies[a].filter)
            contacts[k].friction = (proxies[a].friction * proxies[b].friction).squareRoot()
            contacts[k].restitution = max(proxies[a].restitution, proxies[b].restitution)
            // Shapes whose tight boxes (radii included) are apart cannot touch: no narrow phase.
            var manifold = proxies[a].aabb.overlaps(proxies[b].aabb)
                ? Collide.manifold(proxies[a].shape, proxies[a].transform, proxies[b].shape, proxies[b].transform, linearSlop: linearSlop)
                : Manifold()
            // Warm starting: a point keeps the impulses of the old point with its features.
            for n in manifold.points.indices {
                if let old = contacts[k].manifold.points.first(where: { $0.id.key == manifold.points[n].id.key }) {
                    manifold.points[n].normalImpulse = old.normalImpulse
                    manifold.points[n].tangentImpulse = old.tangentImpulse
                }
            }
            let touching = manifold.pointCount > 0, wasTouching = contacts[k].isTouching
            if touching && !wasTouching {
                let world = WorldManifold(manifold, proxies[a].transform, proxies[a].shape.radius, proxies[b].transform, proxies[b].shape.radius)
                contacts[k].lastPoint = world.points[0]
                contacts[k].beganEvent = events.count
                contacts[k].largestImpulse = -1
                events.append(ContactEvent(began: true, a: contacts[k].keyA.party, b: contacts[k].keyB.party, point: world.points[0]))
            } else if !touching && wasTouching {
                recordEnd(contacts[k])
                contacts[k].beganEvent = -1
            }
            if touching != wasTouching { touchingChanged += [proxies[a].body, proxies[b].body] }
            contacts[k].manifold = manifold
            contacts[k].isTouching = touching
        }
    }

    private mutating func recordEnd(_ c: Contact) {
        events.append(ContactEvent(began: false, a: c.keyA.party, b: c.keyB.party, point: c.lastPoint))
    }

    /// Box2D's `PostSolve` as UIKit's listener uses it: the manifold point of the largest normal
    /// impulse (first on ties) becomes the contact's point and, while its began event has not
    /// been taken, the event's point when it beats every earlier sub-step's.
    mutating func postSolve(_ k: Int, points: [SIMD2<Double>], impulses: [Double]) {
        guard !points.isEmpty else { return }
        var best = 0
        for n in impulses.indices.dropFirst() where impulses[n] > impulses[best] { best = n }
        contacts[k].lastPoint = points[best]
        let e = contacts[k].beganEvent
        if e >= 0 && e < events.count && impulses[best] > contacts[k].largestImpulse {
            contacts[k].largestImpulse = impulses[best]
            events[e].point = points[best]
        }
    }

    /// Writes the impulses solved this step back into the manifolds (`StoreImpulses`).
    mutating func storeImpulses(_ k: Int, normal: PointPair<Double>, tangent: PointPair<Double>, count: Int) {
        for n in 0..<count where n < contacts[k].manifold.points.count {
            contacts[k].manifold.points[n].normalImpulse = normal[n]
            contacts[k].manifold.points[n].tangentImpulse = tangent[n]
        }
    }

    /// The events since the last call; began events taken stop following their contact.
    mutating func takeEvents() -> [ContactEvent] {
        let taken = events
        events.removeAll()
        for k in contacts.indices { contacts[k].beganEvent = -1 }
        return taken
    }

    /// Forgets every contact (ending the touching ones).
    mutating func removeAll() {
        for c in contacts where c.isTouching { recordEnd(c) }
        contacts.removeAll(); freeSlots.removeAll()
    }

    /// Points every live contact at this step's proxies of its two shapes. The proxies keep
    /// their order from step to step until the world is classified again; only then are they
    /// found by key. A contact whose shape is gone ends.
    private mutating func refreshProxies(_ proxies: [ShapeProxy]) {
        func valid(_ c: Contact) -> Bool {
            c.proxyA < proxies.count && c.proxyB < proxies.count && proxies[c.proxyA].key == c.keyA && proxies[c.proxyB].key == c.keyB
        }
        guard contacts.contains(where: { $0.stamp >= 0 && !valid($0) }) else { return }
        var proxyOfKey: [ShapeKey: Int] = [:]
        for (k, p) in proxies.enumerated() { proxyOfKey[p.key] = k }
        for k in contacts.indices where contacts[k].stamp >= 0 && !valid(contacts[k]) {
            if let a = proxyOfKey[contacts[k].keyA], let b = proxyOfKey[contacts[k].keyB] {
                contacts[k].proxyA = a; contacts[k].proxyB = b
            } else {
                if contacts[k].isTouching { recordEnd(contacts[k]) }
                contacts[k] = Contact(keyA: contacts[k].keyA, keyB: contacts[k].keyB)
                freeSlots.append(k)
            }
        }
    }
}

extension ContactManager {
    /// A time of impact against a static shape: began and ended events at `point`, unless the
    /// pair's contact is already touching (its own events stand).
    mutating func recordImpact(_ a: ShapeKey, _ b: ShapeKey, point: SIMD2<Double>) {
        if contacts.contains(where: { $0.stamp >= 0 && $0.keyA == a && $0.keyB == b && $0.isTouching }) { return }
        events.append(ContactEvent(began: true, a: a.party, b: b.party, point: point))
        events.append(ContactEvent(began: false, a: a.party, b: b.party, point: point))
    }
}
