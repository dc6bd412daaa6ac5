/// The contacts of a world and its contact events: the broad phase finds the pairs, the narrow
/// phase their manifolds, in Box2D's `b2ContactManager` roles (`FindNewContacts`, `Collide`).
/// Contacts live in slots of an array; a contact that ends frees its slot (reused last freed
/// first). A touching contact also holds a slot of `touches` (its manifold and events), freed
/// when it stops touching. Nothing depends on hashing order.
struct ContactManager {
    private(set) var contacts: [Contact] = []
    /// The touching contacts' manifolds and event state (`Contact.touch`).
    private(set) var touches: [ContactTouch] = []
    private var freeSlots: [Int] = []
    private var freeTouches: [Int32] = []
    private var made: Int64 = 0
    /// Events since the last `takeEvents`, in the order recorded.
    var events: [ContactEvent] = []
    /// Solver bodies of the contacts that began or stopped touching in the last `update`:
    /// Box2D wakes both (`b2Contact::Update`), so a stack left without support falls.
    private(set) var touchingChanged: [Int] = []
    // Kept from step to step for their order or their capacity.
    private var broadPhase = BroadPhase()
    private var index = ContactIndex()
    private var seen: [Bool] = []
    private var newPairs: [NewPair] = []

    /// A pair the sweep found with no contact yet: its ends (A, B) and its sweep positions.
    private struct NewPair {
        var later: Int32, earlier: Int32
        var a: Int32, b: Int32
    }

    /// The touching contact `k`'s manifold and event state.
    func touch(_ k: Int) -> ContactTouch { touches[Int(contacts[k].touch)] }

    /// Finds the pairs among this step's `proxies`, keeps the contacts still overlapping, makes
    /// the new ones and updates the manifolds of those with an awake body; records began and
    /// ended events. `connected(a, b)` says whether two solver bodies are joined by a joint that
    /// keeps them from colliding.
    /// - Complexity: O(n + pairs overlapping in x) for n proxies (`BroadPhase`), plus the
    ///   narrow phase of every contact with an awake body. A pair's contact is found among its
    ///   proxies' contacts (`ContactIndex`), after the contacts' proxies are refreshed:
    ///   O(contacts), with one dictionary of the proxies' keys when the proxies were renumbered
    ///   (a new classification).
    mutating func update(_ proxies: [ShapeProxy], linearSlop: Double, connected: (Int, Int) -> Bool) {
        touchingChanged.removeAll(keepingCapacity: true)
        refreshProxies(proxies)
        findNewContacts(proxies, connected: connected)
        collide(proxies, linearSlop: linearSlop)
    }

    /// Box2D's `FindNewContacts` with the end of the parted ones: the broad phase's pairs that
    /// pass the filter keep their contact or get a new one in a free slot; a contact whose boxes
    /// parted ends (an event if it touched) and frees its slot. New contacts are made in the
    /// order of a classic sweep (by the later sweep position, then the earlier), which sets
    /// their stamps and slots.
    private mutating func findNewContacts(_ proxies: [ShapeProxy], connected: (Int, Int) -> Bool) {
        index.build(contacts, proxyCount: proxies.count)
        seen.removeAll(keepingCapacity: true)
        seen.append(contentsOf: repeatElement(false, count: contacts.count))
        newPairs.removeAll(keepingCapacity: true)
        var sweep = BroadPhase()
        swap(&sweep, &broadPhase)
        sweep.sweep(proxies) { i, j, p, q in
            guard ContactManager.accept(proxies, i, j, connected) else { return }
            // End A is the shape of lower rank (then of lower key), as the pair functions take them.
            let ri = Collide.rank(proxies[i].shape), rj = Collide.rank(proxies[j].shape)
            let (a, b) = ri < rj || (ri == rj && proxies[i].key < proxies[j].key) ? (i, j) : (j, i)
            // The sweep meets proxy i's pairs in one run: its row is marked once.
            if index.markedRow != i { index.mark(i) }
            if let k = index.markedSlot(i, j, iIsA: a == i) {
                seen[k] = true
            } else {
                newPairs.append(NewPair(later: Int32(q), earlier: Int32(p), a: Int32(a), b: Int32(b)))
            }
        }
        swap(&sweep, &broadPhase)
        newPairs.sort { $0.later != $1.later ? $0.later < $1.later : $0.earlier < $1.earlier }
        // The contacts of a pile are its largest array: grown by a quarter, not doubled.
        let needed = contacts.count + newPairs.count - freeSlots.count
        if needed > contacts.capacity { contacts.reserveCapacity(max(needed, contacts.capacity + contacts.capacity / 4)) }
        for pair in newPairs {
            let a = Int(pair.a), b = Int(pair.b)
            var contact = Contact(keyA: proxies[a].key, keyB: proxies[b].key, proxyA: a, proxyB: b)
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
        // Contacts whose boxes parted end; their slots are freed.
        for k in contacts.indices where !seen[k] && contacts[k].stamp >= 0 { end(k) }
        // A world's first step makes every pair: that capacity is not kept.
        if newPairs.capacity > 4096 && 4 * newPairs.count < newPairs.capacity { newPairs = [] }
    }

    /// Whether proxies `i` and `j` may be in contact: boundaries (body −1) never meet each
    /// other, nor do two static items, two shapes of one body or two joined bodies; then the
    /// filter decides.
    @inline(__always) private static func accept(_ proxies: [ShapeProxy], _ i: Int, _ j: Int, _ connected: (Int, Int) -> Bool) -> Bool {
        let bodyA = proxies[i].body, bodyB = proxies[j].body
        if proxies[i].isStatic && proxies[j].isStatic { return false }
        if bodyA >= 0 && bodyA == bodyB { return false }
        if bodyA >= 0 && bodyB >= 0 && connected(bodyA, bodyB) { return false }
        return ContactFilter.exists(proxies[i].filter, proxies[j].filter)
    }

    /// Ends contact `k`: its ended event if it touched, its touch and slot freed.
    private mutating func end(_ k: Int) {
        if contacts[k].isTouching { stopTouching(k) }
        contacts[k] = Contact(keyA: contacts[k].keyA, keyB: contacts[k].keyB)
        freeSlots.append(k)
    }

    /// Records contact `k`'s ended event and frees its touch.
    private mutating func stopTouching(_ k: Int) {
        let t = Int(contacts[k].touch)
        recordEnd(contacts[k], touches[t].lastPoint)
        freeTouches.append(contacts[k].touch)
        contacts[k].touch = -1
    }

    private mutating func recordEnd(_ c: Contact, _ point: SIMD2<Double>) {
        events.append(ContactEvent(began: false, a: c.keyA.party, b: c.keyB.party, point: point))
    }

    /// Box2D's `Collide`: the manifolds of the contacts with an awake body, warm started by
    /// feature, their mixed friction and restitution, and began and ended events.
    private mutating func collide(_ proxies: [ShapeProxy], linearSlop: Double) {
        // Proxies and contacts are read and written in place (a copy of a proxy retains the
        // arrays inside its shape).
        for k in contacts.indices where contacts[k].stamp >= 0 {
            let a = contacts[k].proxyA, b = contacts[k].proxyB
            // Box2D's Collide: only contacts with an awake (non-static) body are updated.
            guard (proxies[a].isAwake && !proxies[a].isStatic) || (proxies[b].isAwake && !proxies[b].isStatic) else { continue }
            contacts[k].respondsA = !proxies[a].isStatic && ContactFilter.responds(proxies[a].filter, to: proxies[b].filter)
            contacts[k].respondsB = !proxies[b].isStatic && ContactFilter.responds(proxies[b].filter, to: proxies[a].filter)
            let wasTouching = contacts[k].isTouching
            // Shapes whose tight boxes (radii included) are apart cannot touch: no narrow phase.
            guard proxies[a].aabb.overlaps(proxies[b].aabb) else {
                if wasTouching {
                    stopTouching(k)
                    touchingChanged.append(proxies[a].body); touchingChanged.append(proxies[b].body)
                }
                continue
            }
            let manifold = Collide.manifold(proxies[a].shape, proxies[a].transform, proxies[b].shape, proxies[b].transform, linearSlop: linearSlop)
            if manifold.pointCount > 0 || wasTouching { place(manifold, k, proxies) }
            if (manifold.pointCount > 0) != wasTouching {
                touchingChanged.append(proxies[a].body); touchingChanged.append(proxies[b].body)
            }
        }
    }

    /// Contact `k`'s new manifold (no points: it stopped touching): warm started from the old
    /// one (a point keeps the impulses of the old point with its features), the material mixed;
    /// a began or ended event when it starts or stops touching.
    private mutating func place(_ new: Manifold, _ k: Int, _ proxies: [ShapeProxy]) {
        let a = contacts[k].proxyA, b = contacts[k].proxyB
        guard new.pointCount > 0 else { return stopTouching(k) }
        var manifold = new
        let friction = (proxies[a].friction * proxies[b].friction).squareRoot()
        let restitution = max(proxies[a].restitution, proxies[b].restitution)
        let t = Int(contacts[k].touch)
        guard t < 0 else {
            let old = touches[t].manifold.points
            for n in manifold.points.indices {
                if let o = old.first(where: { $0.id.key == manifold.points[n].id.key }) {
                    manifold.points[n].normalImpulse = o.normalImpulse
                    manifold.points[n].tangentImpulse = o.tangentImpulse
                }
            }
            touches[t].manifold = manifold
            touches[t].friction = friction; touches[t].restitution = restitution
            return
        }
        let world = WorldManifold(manifold, proxies[a].transform, proxies[a].shape.radius, proxies[b].transform, proxies[b].shape.radius)
        let touch = ContactTouch(manifold: manifold, friction: friction, restitution: restitution, beganEvent: events.count,
                                 largestImpulse: -1, lastPoint: world.points[0])
        if let free = freeTouches.popLast() {
            touches[Int(free)] = touch
            contacts[k].touch = free
        } else {
            contacts[k].touch = Int32(touches.count)
            touches.append(touch)
        }
        events.append(ContactEvent(began: true, a: contacts[k].keyA.party, b: contacts[k].keyB.party, point: world.points[0]))
    }

    /// Box2D's `PostSolve` as UIKit's listener uses it: the manifold point of the largest normal
    /// impulse (first on ties) becomes the contact's point and, while its began event has not
    /// been taken, the event's point when it beats every earlier sub-step's.
    mutating func postSolve(_ k: Int, points: UpToTwo<SIMD2<Double>>, impulses: UpToTwo<Double>) {
        guard !points.isEmpty, contacts[k].isTouching else { return }
        var best = 0
        for n in impulses.indices.dropFirst() where impulses[n] > impulses[best] { best = n }
        let t = Int(contacts[k].touch)
        touches[t].lastPoint = points[best]
        let e = touches[t].beganEvent
        if e >= 0 && e < events.count && impulses[best] > touches[t].largestImpulse {
            touches[t].largestImpulse = impulses[best]
            events[e].point = points[best]
        }
    }

    /// Writes the impulses solved this step back into the manifolds (`StoreImpulses`).
    mutating func storeImpulses(_ k: Int, normal: PointPair<Double>, tangent: PointPair<Double>, count: Int) {
        guard contacts[k].isTouching else { return }
        let t = Int(contacts[k].touch)
        for n in 0..<count where n < touches[t].manifold.points.count {
            touches[t].manifold.points[n].normalImpulse = normal[n]
            touches[t].manifold.points[n].tangentImpulse = tangent[n]
        }
    }

    /// The events since the last call; began events taken stop following their contact.
    mutating func takeEvents() -> [ContactEvent] {
        let taken = events
        events.removeAll()
        for t in touches.indices { touches[t].beganEvent = -1 }
        return taken
    }

    /// Forgets every contact (ending the touching ones).
    mutating func removeAll() {
        for c in contacts where c.isTouching { recordEnd(c, touches[Int(c.touch)].lastPoint) }
        contacts.removeAll(); freeSlots.removeAll()
        touches.removeAll(); freeTouches.removeAll()
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
                end(k)
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
