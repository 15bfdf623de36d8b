import Foundation
import Testing

@testable import AttachmentKit

/// The memory defaults scale with the device's memory and the kind of process.
@Suite("Memory budgets by device and process", .inTurn)
struct MemoryBudgetTests {
    /// A device's memory and kind of process, and the budget they get.
    struct Case: Sendable, CustomTestStringConvertible {
        let kind: MemoryBudget.ProcessKind
        let mebibytes: UInt64
        let tierMebibytes: Int64
        let bufferMebibytes: Int

        var testDescription: String { "\(kind) with \(mebibytes) MiB" }
    }

    static let cases: [Case] = [
        Case(kind: .app, mebibytes: 6144, tierMebibytes: 64, bufferMebibytes: 16),
        Case(kind: .app, mebibytes: 2048, tierMebibytes: 32, bufferMebibytes: 16),
        Case(kind: .app, mebibytes: 1024, tierMebibytes: 16, bufferMebibytes: 8),
        Case(kind: .app, mebibytes: 512, tierMebibytes: 16, bufferMebibytes: 8),
        Case(kind: .appExtension, mebibytes: 6144, tierMebibytes: 8, bufferMebibytes: 4),
        Case(kind: .appExtension, mebibytes: 3072, tierMebibytes: 6, bufferMebibytes: 4),
        Case(kind: .appExtension, mebibytes: 1024, tierMebibytes: 4, bufferMebibytes: 4),
        Case(kind: .watch, mebibytes: 1024, tierMebibytes: 16, bufferMebibytes: 4),
        Case(kind: .watch, mebibytes: 512, tierMebibytes: 8, bufferMebibytes: 4),
        Case(kind: .watch, mebibytes: 128, tierMebibytes: 4, bufferMebibytes: 4),
    ]

    @Test(
        "an app gets 1/64 of memory from 16 to 64 MiB, an extension 1/512 from 4 to 8 MiB, a watch 1/64 from 4 to 16 MiB",
        arguments: cases)
    func scaled(_ example: Case) {
        let budget = MemoryBudget(physicalMemory: example.mebibytes << 20, kind: example.kind)
        #expect(budget.memoryTierCostLimit == example.tierMebibytes << 20)
        #expect(budget.transferBufferLimit == example.bufferMebibytes << 20)
    }

    @Test("this process's defaults are the budget's: DefaultContentStore and URLSessionTransport use them")
    func defaultsUseTheBudget() {
        let budget = MemoryBudget.current
        #expect(DefaultContentStore.MemoryPolicy.recommended.costLimit == budget.memoryTierCostLimit)
        #expect(
            DefaultContentStore.MemoryPolicy.recommended.maximumEntryByteCount
                == min(1 << 20, budget.memoryTierCostLimit / 8))
        #expect(DefaultContentStore(directory: FileManager.default.temporaryDirectory).memoryPolicy == .recommended)
        #expect(URLSessionTransport.recommendedBufferLimit == budget.transferBufferLimit)
        // A test process is no app extension and no watch app.
        #expect(budget.kind == .app)
    }
}
