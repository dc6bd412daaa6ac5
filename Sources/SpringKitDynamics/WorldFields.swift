import SpringKitSupport

/// Fields in the world (UIKit's `UIFieldBehavior` over PhysicsKit, charon `UIFieldBehavior.md`
/// §0, §10): at most 32, each acting only on its own items, evaluated once per sub-step inside
/// the step. An item in a field gets a body record (it leaves the anchored-spring fast path);
/// a static (anchored) item is not moved.
extension World {
    /// Adds `field` acting on `items`; returns its handle (UIKit's category allocation: the
    /// highest free of 32 indexes). Throws past 32 fields or for an unknown item.
    /// - Complexity: O(items).
    @discardableResult
    public func addField(_ field: Field, items fieldItems: [ItemID] = []) throws -> FieldSet.Handle {
        for item in fieldItems { _ = try index(item) }
        let handle = try fields.add(field)
        self.fieldItems[handle.index] = []
        for item in fieldItems { try addItem(item, toField: handle) }
        return handle
    }

    /// Removes a field; its items no longer feel it.
    /// - Complexity: O(the field's items).
    public func removeField(_ handle: FieldSet.Handle) throws {
        _ = try fields.remove(handle)
        for item in fieldItems[handle.index] { try setFieldBit(item, handle, on: false) }
        fieldItems[handle.index] = []
    }

    /// The field behind `handle`.
    public func field(_ handle: FieldSet.Handle) throws -> Field {
        guard let field = fields[handle] else { throw FieldError.unknownField(handle) }
        return field
    }

    /// Replaces the field behind `handle` (its properties changed) and wakes its items.
    public func setField(_ handle: FieldSet.Handle, _ field: Field) throws {
        try fields.replace(handle, with: field)
        for item in fieldItems[handle.index] { if let i = items.table.denseIndex(item.rawValue) { wake(i) } }
    }

    /// The items a field acts on, in the order added.
    public func items(ofField handle: FieldSet.Handle) throws -> [ItemID] {
        _ = try field(handle)
        return fieldItems[handle.index]
    }

    /// Lets the field act on `item` too (nothing if it does already) and wakes the item.
    /// Membership is the field's bit in the item's body record (set here, cleared on removal),
    /// so adding 100,000 items one by one is not quadratic.
    /// - Complexity: amortized O(1).
    public func addItem(_ item: ItemID, toField handle: FieldSet.Handle) throws {
        _ = try field(handle)
        let i = try index(item)
        if let b = bodyOfItem[items.table.identifierAt[i]], bodies.fieldMask[b] & handle.category != 0 { return }
        try setFieldBit(item, handle, on: true)
        fieldItems[handle.index].append(item)
    }

    /// Stops the field acting on `item`.
    /// - Complexity: O(the field's items).
    public func removeItem(_ item: ItemID, fromField handle: FieldSet.Handle) throws {
        _ = try field(handle)
        guard let k = fieldItems[handle.index].firstIndex(of: item) else { return }
        fieldItems[handle.index].remove(at: k)
        if contains(item) { try setFieldBit(item, handle, on: false) }
    }

    private func setFieldBit(_ item: ItemID, _ handle: FieldSet.Handle, on: Bool) throws {
        let i = try index(item)
        if !on && bodyOfItem[item.rawValue] == nil { return }
        let b = try body(i)
        bodies.fieldMask[b] = on ? bodies.fieldMask[b] | handle.category : bodies.fieldMask[b] & ~handle.category
        wake(i)
    }

    /// Drops a removed item from every field's list.
    /// - Complexity: O(fields' items).
    func forgetFieldItem(_ item: ItemID) {
        guard fields.count > 0 else { return }
        for k in fieldItems.indices where !fieldItems[k].isEmpty { fieldItems[k].removeAll { $0 == item } }
    }
}
