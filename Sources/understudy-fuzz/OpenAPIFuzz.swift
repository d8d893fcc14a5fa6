import Foundation
import OpenAPIStubs
import StubKit

/// The OpenAPI reader and our schema validator on arbitrary bytes. The
/// document either reads or fails with an ``StubProblem`` naming the file,
/// a line and a column; when it reads, every component schema judges
/// a few instances (the input's own JSON among them) without trapping or
/// hanging, in both directions.
enum OpenAPIFuzz {
    static func run(_ bytes: [UInt8]) {
        let data = Data(bytes)
        do {
            let source = try OpenAPISource(data: data, file: "fuzz.yaml")
            let validator = SchemaValidator(source)
            var instances: [JSONValue] = [.null, .number(1), .string("a"), .array([.number(1)]), .object(["a": .bool(true)])]
            if let own = JSONValue(data: data) { instances.append(own) }
            for name in componentSchemaNames(data) {
                for instance in instances {
                    for direction in [SchemaValidator.Direction.request, .response] {
                        _ = try? validator.violations(of: instance, againstSchemaAt: "#/components/schemas/\(name)", direction: direction)
                    }
                }
            }
        } catch {
            // Yams counts every Unicode line break (NEL, LS, PS, CR), so only the lower bounds hold for any input.
            precondition(error.location.fileID == "fuzz.yaml" && error.location.line >= 1 && error.location.column >= 1, "an OpenAPI error without its place: \(error)")
        }
    }

    /// The names under `components.schemas`, read loosely from the JSON form when there is one.
    private static func componentSchemaNames(_ data: Data) -> [String] {
        guard case .object(let root)? = JSONValue(data: data), case .object(let components)? = root["components"],
              case .object(let schemas)? = components["schemas"] else { return ["T"] }
        return Array(schemas.keys.sorted().prefix(16))
    }
}
