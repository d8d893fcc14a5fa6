import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Whether the pieces a protocol hands its client one at a time reach the
/// task's caller as pieces.
///
/// On Apple platforms they do, always: a completion handler gets them joined.
/// swift-corelibs-foundation keeps only the last piece for a completion
/// handler (and for `data(for:)`, built on one), and passes each piece on to
/// a data delegate; it says which a task has only in internal state, read
/// here by reflection. When that cannot be read, the answer is "no": the
/// whole body is then handed over in one piece, which every caller reads right.
enum PieceDelivery {
    static func reachesCaller(of task: URLSessionTask?) -> Bool {
        #if canImport(FoundationNetworking)
        guard let task, let session = unwrapped(member("session", of: task)),
              let registry = member("taskRegistry", of: session),
              let behaviours = member("behaviours", of: registry) as? [Int: Any],
              let behaviour = behaviours[task.taskIdentifier]
        else { return false }
        // `_Behaviour.callDelegate`: no completion handler, the session's delegate is told.
        return "\(behaviour)" == "callDelegate"
        #else
        return true
        #endif
    }

    private static func member(_ label: String, of value: Any) -> Any? {
        var mirror: Mirror? = Mirror(reflecting: value)
        while let current = mirror {
            if let child = current.children.first(where: { $0.label == label }) { return child.value }
            mirror = current.superclassMirror
        }
        return nil
    }

    private static func unwrapped(_ value: Any?) -> Any? {
        guard let value else { return nil }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.map(\.value)
    }
}
