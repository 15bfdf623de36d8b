import Testing

/// Thrown by ``waitUntil(_:sourceLocation:_:)`` when the test was cancelled (its time limit)
/// before the condition held.
struct ConditionNeverHeld: Error, CustomStringConvertible {
    let what: String
    var description: String { "gave up waiting for \(what): the test was cancelled" }
}

/// Waits until `condition` holds, checking it every 10 ms, with no deadline of its own: only
/// the test's time limit (which cancels the test) ends the wait, so a loaded machine makes it
/// slower, never wrong. For conditions nothing announces (a file another process writes, a
/// store's partial download).
func waitUntil(
    _ what: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation, _ condition: () async -> Bool
) async throws {
    while await !condition() {
        do {
            try await Task.sleep(nanoseconds: 10_000_000)
        } catch {
            Issue.record("Gave up waiting for \(what()): the test was cancelled", sourceLocation: sourceLocation)
            throw ConditionNeverHeld(what: what())
        }
    }
}
