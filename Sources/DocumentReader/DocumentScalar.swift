package import StubKit
package import Yams

extension Node.Scalar {
    /// The scalar as JSON reads it, by YAML 1.2's core schema, for every
    /// reader of ours: quoted and block (`|`, `>`) scalars are text; a plain
    /// one is null (`null`, `Null`, `NULL`, `~`, nothing), a boolean (`true`,
    /// `True`, `TRUE`, and `false` likewise) or a finite number when it reads
    /// as one, and text otherwise, so `Nan` and `infinity` stay names.
    package var json: JSONValue {
        switch style {
        case .singleQuoted, .doubleQuoted, .literal, .folded:
            return .string(string)
        default:
            break
        }
        switch string {
        case "null", "Null", "NULL", "~", "": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default:
            guard let number = Double(string), number.isFinite else { return .string(string) }
            return .number(number)
        }
    }
}
