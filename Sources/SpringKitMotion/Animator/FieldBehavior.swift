import SpringKitDynamics

/// `UIFieldBehavior`: a field (`Field`, every kind UIKit has) acting on its items, evaluated
/// once per sub-step inside the world's step (charon `UIFieldBehavior.md` §0, §10). At most 32
/// fields act in one animator; the 33rd is refused.
public final class FieldBehavior: ItemListBehavior {
    public private(set) var field: Field
    private var handle: FieldSet.Handle?

    public init(field: Field, items: [ItemID] = []) throws {
        try field.validate()
        self.field = field
        super.init(items: items)
    }

    /// Replaces the field's properties (kind and all); takes effect at the next sub-step.
    public func setField(_ new: Field) throws {
        try new.validate()
        field = new
        if let animator, let handle { try animator.world.setField(handle, new) }
    }

    override func associate(with animator: DynamicAnimator) throws {
        for item in items { _ = try animator.world.position(item) }
        handle = try animator.world.addField(field, items: items)
    }

    override func dissociate(from animator: DynamicAnimator) throws {
        if let handle { try animator.world.removeField(handle) }
        handle = nil
    }

    override func itemAdded(_ item: ItemID, _ animator: DynamicAnimator) throws {
        if let handle { try animator.world.addItem(item, toField: handle) }
    }

    override func itemRemoved(_ item: ItemID, _ animator: DynamicAnimator) throws {
        if let handle { try animator.world.removeItem(item, fromField: handle) }
    }
}
