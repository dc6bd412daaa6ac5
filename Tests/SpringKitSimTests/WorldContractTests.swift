import XCTest
@testable import SpringKitDynamics
@testable import SpringKitMotion

/// Calls whose documented behaviour once differed from the code.
final class WorldContractTests: XCTestCase {
    func testASpringBetweenTwoItemsHasNoAnchor() throws {
        let world = try World()
        let a = try world.addItem(center: .zero), b = try world.addItem(center: SIMD2(10, 0))
        let link = try world.connect(a, b, SpringParameters(length: 10, damping: 0.5, frequency: 1))
        XCTAssertThrowsError(try world.anchor(link)) { XCTAssertEqual($0 as? DynamicsError, .noAnchor(link)) }
        XCTAssertThrowsError(try world.setAnchor(link, SIMD2(1, 1))) { XCTAssertEqual($0 as? DynamicsError, .noAnchor(link)) }
        let hung = try world.attach(a, to: SIMD2(3, 4), SpringParameters(damping: 0.5, frequency: 1))
        XCTAssertEqual(try world.anchor(hung), SIMD2(3, 4))
    }

    func testAnInfiniteRestSpeedIsRefusedWithTheWayToTurnRestingOff() throws {
        var configuration = WorldConfiguration()
        configuration.restSpeed = .infinity
        XCTAssertThrowsError(try World(configuration: configuration)) { error in
            XCTAssertTrue("\(error)".contains("an infinite rest time turns resting off"), "\(error)")
        }
        configuration.restSpeed = 1
        configuration.restTime = .infinity
        let world = try World(configuration: configuration)
        let animator = try DynamicAnimator(world: world)
        let item = try world.addItem(center: SIMD2(1, 0))
        try world.attach(item, to: .zero, SpringParameters(damping: 1, frequency: 4))
        try animator.wait(seconds: 30)
        XCTAssertFalse(try world.isResting(item), "an infinite rest time turns resting off")
    }
}
