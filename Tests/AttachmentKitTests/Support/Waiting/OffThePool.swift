import Foundation

/// Runs `body`, a call that blocks its thread (reading a child's pipe, `waitpid`, polling a
/// port), on a thread of its own instead of one of Swift concurrency's, and returns its result.
///
/// The concurrency pool has one thread per core, two on the CI machine, and Swift Testing runs
/// every test at once on it: a test that blocks a pool thread for the second a child process
/// takes to start stalls every other test meanwhile, while their time limits run on. `body`
/// must end by itself (a bounded wait, a child that is killed): a cancelled test still waits
/// for it.
func offThePool<Value: Sendable, Failure: Error>(_ body: @escaping @Sendable () throws(Failure) -> Value)
    async throws(Failure) -> Value
{
    let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, Failure>, Never>) in
        let thread = Thread { continuation.resume(returning: Result(catching: body)) }
        thread.start()
    }
    return try result.get()
}
