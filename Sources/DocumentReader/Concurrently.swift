import Dispatch
import Foundation
import Locking

/// Runs parts of one piece of work at once, each on a thread of its own
/// (the first on the calling thread), and returns when every part is done.
///
/// Not `DispatchQueue.concurrentPerform`: called inside another of its
/// parts, libdispatch runs the inner parts one after another, and reading a
/// document splits work at two levels (an OpenAPI document's structure check
/// beside the walk for operations, then each large map of the check).
package enum Concurrently {
    /// Runs `body(0)` … `body(count - 1)` at once; `body` must only read
    /// what no part changes and write only its own part's result.
    ///
    /// `body` escapes: a thread may still hold it, finished, when this returns.
    package static func run(_ count: Int, _ body: @escaping (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { body(0) }
            return
        }
        let part = Part(run: body)
        let done = DispatchGroup()
        for index in 1..<count {
            done.enter()
            let thread = Thread {
                part.run(index)
                done.leave()
            }
            thread.stackSize = 8 << 20 // as a main thread has: a deep document nests deep decodes
            thread.start()
        }
        part.run(0)
        done.wait()
    }

    /// Runs `first` on the calling thread and `second` on a thread of its
    /// own, at once, and returns both results when both are done.
    package static func both<First, Second>(_ first: @escaping () -> First, _ second: @escaping () -> Second) -> (First, Second) {
        let firstResult = Box<First>(), secondResult = Box<Second>()
        run(2) { part in
            if part == 0 { firstResult.value = first() } else { secondResult.value = second() }
        }
        // Each set by its own part, before `run` returned.
        return (firstResult.value!, secondResult.value!)
    }

    /// Lets go of `object` on another thread, so freeing a large tree of
    /// objects (a document's nodes, one at a time) does not hold up the
    /// caller; the caller keeps no other reference to it.
    package static func release<Object: AnyObject & Sendable>(_ object: consuming Object) {
        DispatchQueue.global(qos: .utility).async { [object] in _ = object }
    }

    /// The cores this process may use: how many parts are worth starting.
    package static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// `body` applied to `items` cut into `pieces` runs of neighbours
    /// (`parts` times 4 unless given; fewer when there are fewer items), on
    /// `parts` threads that each take the next piece nobody has taken as
    /// they finish one: a thread that shares its core with other work takes
    /// fewer pieces, so no part is left running alone at the end. The
    /// results in the items' order, so putting them together gives what one
    /// pass over `items` gives.
    package static func runs<Item, Result>(of items: [Item], parts: Int, pieces: Int? = nil,
                                           _ body: @escaping (ArraySlice<Item>) -> Result) -> [Result] {
        guard parts > 1, items.count > 1 else { return [body(items[...])] }
        let wanted = min(items.count, max(parts, pieces ?? parts * 4))
        let size = (items.count + wanted - 1) / wanted
        let starts = Array(stride(from: 0, to: items.count, by: size))
        let results = starts.map { _ in Box<Result>() }
        let next = Locked(0)
        run(min(parts, starts.count)) { _ in
            while true {
                let piece = next.withLock { taken in
                    defer { taken += 1 }
                    return taken
                }
                guard piece < starts.count else { return }
                results[piece].value = body(items[starts[piece]..<min(starts[piece] + size, items.count)])
            }
        }
        // Each set by the part that took it, before `run` returned.
        return results.map { $0.value! }
    }

    /// A part's result, written by that part before `run` returns, read
    /// after; hence `@unchecked`.
    private final class Box<Value>: @unchecked Sendable {
        var value: Value?
    }

    /// One part's work, handed to its thread. The caller waits for every
    /// part before it goes on, and the parts share nothing they change;
    /// hence `@unchecked`.
    private struct Part: @unchecked Sendable {
        let run: (Int) -> Void
    }
}
