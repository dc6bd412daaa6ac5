import XCTest
@testable import SpringKitSupport
@testable import SpringKitMotion
@testable import SpringKitScenarios
@testable import SpringKitReport

final class GalleryTests: XCTestCase {
    /// 10,000 seeded sequences of taps and moves: after every move the selected item is the
    /// same item as before, and the order equals a plain list model.
    func testSelectionFollowsItsItemThroughRandomMoves() throws {
        var random = SeededGenerator(seed: 2024)
        for _ in 0..<10_000 {
            let count = 1 + Int(random.next() % 30)
            var model = GallerySelection(count: count)
            var plain = Array(0..<count)
            for _ in 0..<20 {
                if random.next() % 3 == 0 {
                    let index = Int(random.next() % UInt64(count))
                    let before = model.selectedItem
                    try model.tap(index)
                    XCTAssertEqual(model.selectedItem, before == plain[index] ? nil : plain[index])
                } else {
                    let source = Int(random.next() % UInt64(count)), destination = Int(random.next() % UInt64(count))
                    let before = model.selectedItem
                    try model.move(from: source, to: destination)
                    plain.insert(plain.remove(at: source), at: destination)
                    XCTAssertEqual(model.items, plain)
                    XCTAssertEqual(model.selectedItem, before, "identity, not index")
                    if let s = model.selected { XCTAssertEqual(plain[s], before) }
                }
            }
        }
    }

    func testTheFourCasesOfTheRule() {
        XCTAssertEqual(GallerySelection.selectionAfterMove(selected: 4, source: 4, destination: 9), 9)
        XCTAssertEqual(GallerySelection.selectionAfterMove(selected: 6, source: 2, destination: 8), 5)
        XCTAssertEqual(GallerySelection.selectionAfterMove(selected: 8, source: 2, destination: 8), 7)
        XCTAssertEqual(GallerySelection.selectionAfterMove(selected: 3, source: 9, destination: 3), 4)
        XCTAssertEqual(GallerySelection.selectionAfterMove(selected: 5, source: 9, destination: 1), 6)
        XCTAssertEqual(GallerySelection.selectionAfterMove(selected: 5, source: 1, destination: 3), 5)
        XCTAssertEqual(GallerySelection.selectionAfterMove(selected: 5, source: 7, destination: 9), 5)
    }

    private func makeGallery() throws -> Gallery {
        var configuration = Gallery.Configuration()
        configuration.record = false
        return try Gallery(configuration: configuration, observer: ScenarioRecorder())
    }

    func testSelectedMiddleCellsEndCentred() throws {
        for index in [6, 9, 11, 14] {
            let gallery = try makeGallery()
            try gallery.tap(index)
            XCTAssertTrue(try gallery.waitUntilRest(limit: 10))
            let id = gallery.selection.items[index]
            let cell = try gallery.cellFrame(of: id)
            XCTAssertEqual(cell.center.y - gallery.scrollView.offset.y, 568 / 2, accuracy: 0.5, "index \(index)")
        }
    }

    func testFirstAndLastRowsEndAtTheClampedOffset() throws {
        for index in [0, 1, 2, 21, 22, 23] {
            let gallery = try makeGallery()
            try gallery.tap(index)
            XCTAssertTrue(try gallery.waitUntilRest(limit: 10))
            let expected = index < 3 ? 0 : gallery.scrollView.maximumOffset
            XCTAssertEqual(gallery.scrollView.offset.y, expected, accuracy: 0.5, "index \(index)")
            XCTAssertGreaterThan(gallery.scrollView.maximumOffset, 100)
        }
    }

    func testAtRestNoCellsOverlapAndAtMostOneIsEnlarged() throws {
        var random = SeededGenerator(seed: 77)
        for _ in 0..<6 {
            let gallery = try makeGallery()
            for _ in 0..<4 {
                switch random.next() % 3 {
                case 0: try gallery.tap(Int(random.next() % 24))
                case 1: try gallery.drag(from: Int(random.next() % 24), to: Int(random.next() % 24), seconds: 0.3)
                default: try gallery.move(from: Int(random.next() % 24), to: Int(random.next() % 24))
                }
            }
            XCTAssertTrue(try gallery.waitUntilRest(limit: 20))
            let cells = try (0..<24).map { try gallery.cellFrame(of: $0) }
            let enlarged = cells.filter { $0.width > gallery.layout.itemSize.x + 1e-9 }
            XCTAssertLessThanOrEqual(enlarged.count, 1)
            XCTAssertEqual(enlarged.count, gallery.selection.selected == nil ? 0 : 1)
            for a in 0..<24 {
                for b in (a + 1)..<24 {
                    // Frames may touch (spacing 10, 0.5 pt rounding) but must not overlap.
                    let shrunk = Rect(x: cells[a].x + 0.5, y: cells[a].y + 0.5, width: cells[a].width - 1, height: cells[a].height - 1)
                    XCTAssertFalse(shrunk.intersects(cells[b]), "cells \(a) and \(b) overlap: \(cells[a]) \(cells[b])")
                }
            }
            // Every cell sits at its layout frame: within the spring's 0.5 pt dead zone (Box2D's
            // linear slop in metres), plus a quarter point of pixel rounding at scale 2.
            for (index, id) in gallery.selection.items.enumerated() {
                XCTAssertEqual(try gallery.cellFrame(of: id).center.y, gallery.frames[index].center.y, accuracy: 0.75)
            }
        }
    }

    func testInteractiveDragKeepsTheSelectionOnItsImage() throws {
        let gallery = try makeGallery()
        try gallery.tap(10)
        let image = gallery.selection.selectedItem
        try gallery.drag(from: 2, to: 13, seconds: 0.5)
        XCTAssertEqual(gallery.selection.selectedItem, image)
        XCTAssertEqual(gallery.selection.selected, 9)
        try gallery.drag(from: 9, to: 4, seconds: 0.5)
        XCTAssertEqual(gallery.selection.selected, 4)
        XCTAssertEqual(gallery.selection.selectedItem, image)
    }

    /// The seed's example: with the fourth cell selected, dragging the first to the fifth
    /// puts it at the fifth (display positions from 1; indices here from 0).
    func testADragWithACellEnlargedLandsAtItsDestination() throws {
        let gallery = try makeGallery()
        try gallery.tap(3)
        XCTAssertTrue(try gallery.waitUntilRest(limit: 10))
        let dragged = gallery.selection.items[0], selected = gallery.selection.selectedItem
        try gallery.drag(from: 0, to: 4, seconds: 0.6)
        XCTAssertEqual(gallery.selection.items[4], dragged)
        XCTAssertEqual(gallery.selection.selectedItem, selected)
        XCTAssertEqual(gallery.selection.selected, 2, "source < selected ≤ destination → selected − 1")
    }

    /// Seeded sequences of taps, moves and drags, with and without a selection: every drop
    /// lands at its destination (in the order and, at rest, on screen), the order equals a
    /// plain list model and the selection stays on its image.
    func testEveryDropLandsAtItsDestination() throws {
        var random = SeededGenerator(seed: 913)
        var drops = 0, dropsWithSelection = 0
        for _ in 0..<8 {
            let gallery = try makeGallery()
            var plain = Array(0..<24)
            var selectedImage: Int?
            for _ in 0..<12 {
                let source = Int(random.next() % 24), destination = Int(random.next() % 24)
                switch random.next() % 4 {
                case 0:
                    let image = plain[source]
                    try gallery.tap(source)
                    selectedImage = selectedImage == image ? nil : image
                    if random.next() % 2 == 0 { XCTAssertTrue(try gallery.waitUntilRest(limit: 10)) }
                case 1:
                    try gallery.move(from: source, to: destination)
                    plain.insert(plain.remove(at: source), at: destination)
                default:
                    let image = plain[source]
                    try gallery.drag(from: source, to: destination, seconds: 0.2 + 0.1 * Double(random.next() % 6))
                    plain.insert(plain.remove(at: source), at: destination)
                    XCTAssertEqual(gallery.selection.items[destination], image, "drag \(source) → \(destination)")
                    drops += 1
                    if selectedImage != nil { dropsWithSelection += 1 }
                }
                XCTAssertEqual(gallery.selection.items, plain)
                XCTAssertEqual(gallery.selection.selectedItem, selectedImage, "the selection stays on its image")
            }
            XCTAssertTrue(try gallery.waitUntilRest(limit: 20))
            for (index, id) in plain.enumerated() {
                let cell = try gallery.cellFrame(of: id)
                // The 0.5 pt dead zone plus a quarter point of pixel rounding (scale 2).
                XCTAssertEqual(cell.center.x, gallery.frames[index].center.x, accuracy: 0.75)
                XCTAssertEqual(cell.center.y, gallery.frames[index].center.y, accuracy: 0.75)
            }
        }
        XCTAssertGreaterThan(drops, 30)
        XCTAssertGreaterThan(dropsWithSelection, 10)
    }
}
