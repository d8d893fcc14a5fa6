import Foundation
import OpenAPIStubs
import StubKit
import Testing
import UnderstudyTestSupport

/// Our schema validator against openapi-schema-validator (jsonschema with
/// OpenAPI's dialects) on a corpus of schemas per keyword, each with valid
/// and invalid instances: the same verdict for every instance, in 3.0 and 3.1.
@Suite(.enabled("openapi-schema-validator is not installed (scripts/test installs it; under CI its absence fails)") {
    await SchemaOracle.installed() || ProcessInfo.processInfo.environment["CI"] != nil
})
struct SchemaOracleTests {

    /// One schema (as JSON text) and instances to judge, for the dialects it is meant for.
    struct Case {
        var schema: String
        var instances: [String]
        var dialects: [String] = ["3.0", "3.1"]
    }

    /// The corpus: every keyword with values on both sides of it.
    static let corpus: [Case] = [
        Case(schema: #"{"type":"integer"}"#, instances: ["1", "1.0", "1.5", #""1""#, "null", "true"]),
        Case(schema: #"{"type":"number"}"#, instances: ["1", "-2.5", #""x""#, "[]"]),
        Case(schema: #"{"type":"string"}"#, instances: [#""""#, #""a""#, "0", "{}"]),
        Case(schema: #"{"type":"boolean"}"#, instances: ["true", "false", "0", #""true""#]),
        Case(schema: #"{"type":"array"}"#, instances: ["[]", "[1,\"a\"]", "{}"]),
        Case(schema: #"{"type":"object"}"#, instances: ["{}", #"{"a":1}"#, "[]", "null"]),
        Case(schema: #"{"type":"string","nullable":true}"#, instances: ["null", #""a""#, "1"], dialects: ["3.0"]),
        Case(schema: #"{"type":["string","null"]}"#, instances: ["null", #""a""#, "1"], dialects: ["3.1"]),
        Case(schema: #"{"type":["integer","boolean"]}"#, instances: ["1", "true", #""a""#, "1.5"], dialects: ["3.1"]),
        Case(schema: #"{"enum":["a","b",1]}"#, instances: [#""a""#, "1", "1.0", #""c""#, "null"]),
        Case(schema: #"{"const":{"a":[1,2]}}"#, instances: [#"{"a":[1,2]}"#, #"{"a":[2,1]}"#, #"{"a":[1,2],"b":0}"#], dialects: ["3.1"]),
        Case(schema: #"{"minimum":2,"maximum":5}"#, instances: ["2", "5", "1.99", "5.01", #""9""#]),
        Case(schema: #"{"minimum":2,"exclusiveMinimum":true,"maximum":5,"exclusiveMaximum":true}"#, instances: ["2", "3", "5", "4.99"], dialects: ["3.0"]),
        Case(schema: #"{"exclusiveMinimum":2,"exclusiveMaximum":5}"#, instances: ["2", "3", "5", "4.99"], dialects: ["3.1"]),
        Case(schema: #"{"multipleOf":0.5}"#, instances: ["1", "1.5", "1.25", "0"]),
        Case(schema: #"{"multipleOf":3}"#, instances: ["9", "10", "-3"]),
        Case(schema: #"{"minLength":2,"maxLength":3}"#, instances: [#""ab""#, #""abc""#, #""a""#, #""abcd""#, #""éé""#, "5"]),
        Case(schema: #"{"pattern":"^[a-z]+-\\d{2}$"}"#, instances: [#""ab-12""#, #""AB-12""#, #""ab-123""#, "7"]),
        Case(schema: #"{"pattern":"o+"}"#, instances: [#""foo""#, #""bar""#]),
        Case(schema: #"{"format":"date"}"#, instances: [#""2024-02-29""#, #""2023-02-29""#, #""2024-13-01""#, #""24-01-01""#, "5"]),
        Case(schema: #"{"format":"date-time"}"#, instances: [#""2024-01-01T10:00:00Z""#, #""2024-01-01T10:00:00.5+02:00""#,
                                                               #""2024-01-01 10:00:00""#, #""2024-01-01T25:00:00Z""#, #""nope""#]),
        Case(schema: #"{"format":"uuid"}"#, instances: [#""123e4567-e89b-12d3-a456-426614174000""#, #""123e4567e89b12d3a456426614174000""#, #""nope""#]),
        Case(schema: #"{"format":"email"}"#, instances: [#""a@b.c""#, #""ab.c""#]),
        Case(schema: #"{"type":"integer","format":"int32"}"#, instances: ["2147483647", "2147483648", "-2147483648", "-2147483649"]),
        Case(schema: #"{"type":"integer","format":"int64"}"#, instances: ["9007199254740991", "-5"]),
        Case(schema: #"{"items":{"type":"integer"},"minItems":1,"maxItems":3}"#, instances: ["[1]", "[1,2,3]", "[]", "[1,2,3,4]", #"[1,"a"]"#]),
        Case(schema: #"{"uniqueItems":true}"#, instances: ["[1,2]", "[1,1]", #"[{"a":1},{"a":1}]"#, "[1,\"1\"]"]),
        Case(schema: #"{"prefixItems":[{"type":"string"},{"type":"integer"}],"items":{"type":"boolean"}}"#,
             instances: [#"["a",1]"#, #"["a",1,true]"#, #"[1,"a"]"#, #"["a",1,2]"#, #"["a"]"#], dialects: ["3.1"]),
        Case(schema: #"{"contains":{"type":"integer"}}"#, instances: ["[1]", #"["a",2]"#, #"["a"]"#, "[]"], dialects: ["3.1"]),
        Case(schema: #"{"contains":{"type":"integer"},"minContains":2,"maxContains":3}"#, instances: ["[1,2]", "[1]", "[1,2,3,4]"], dialects: ["3.1"]),
        Case(schema: #"{"required":["a","b"],"properties":{"a":{"type":"string"}}}"#, instances: [#"{"a":"x","b":1}"#, #"{"a":1,"b":1}"#, #"{"a":"x"}"#, "{}"]),
        Case(schema: #"{"properties":{"a":{"type":"integer"}},"additionalProperties":false}"#, instances: [#"{"a":1}"#, #"{"a":1,"b":2}"#, "{}"]),
        Case(schema: #"{"additionalProperties":{"type":"string"}}"#, instances: [#"{"a":"x"}"#, #"{"a":1}"#]),
        Case(schema: #"{"patternProperties":{"^x-":{"type":"integer"}},"additionalProperties":false}"#,
             instances: [#"{"x-a":1}"#, #"{"x-a":"1"}"#, #"{"y":1}"#], dialects: ["3.1"]), // not an OpenAPI 3.0 keyword
        Case(schema: #"{"propertyNames":{"maxLength":3}}"#, instances: [#"{"abc":1}"#, #"{"abcd":1}"#], dialects: ["3.1"]),
        Case(schema: #"{"minProperties":1,"maxProperties":2}"#, instances: ["{}", #"{"a":1}"#, #"{"a":1,"b":2,"c":3}"#]),
        Case(schema: #"{"dependentRequired":{"card":["cvv"]}}"#, instances: [#"{"card":1,"cvv":2}"#, #"{"card":1}"#, #"{"cvv":2}"#], dialects: ["3.1"]),
        Case(schema: #"{"allOf":[{"type":"integer"},{"minimum":3}]}"#, instances: ["3", "2", "3.5"]),
        Case(schema: #"{"anyOf":[{"type":"string"},{"type":"integer"}]}"#, instances: [#""a""#, "1", "1.5"]),
        Case(schema: #"{"oneOf":[{"type":"integer"},{"minimum":2}]}"#, instances: ["1", "2.5", "3"]),
        Case(schema: #"{"not":{"type":"string"}}"#, instances: ["1", #""a""#]),
        Case(schema: #"{"if":{"minimum":10},"then":{"multipleOf":10},"else":{"maximum":5}}"#, instances: ["20", "25", "3", "7"], dialects: ["3.1"]),
        Case(schema: ##"{"$ref":"#/components/schemas/Node"}"##, instances: [#"{"v":1,"next":{"v":2}}"#, #"{"v":1,"next":{"v":"2"}}"#, #"{"next":{"v":2}}"#]),
        Case(schema: #"{"type":"object","properties":{"tags":{"type":"array","items":{"enum":["a","b"]}}}}"#,
             instances: [#"{"tags":["a","b"]}"#, #"{"tags":["c"]}"#]),
    ]

    /// The document a case's schema lives in, as the `T` schema beside a recursive `Node`.
    static func document(_ schema: String, dialect: String) -> String {
        #"{"openapi":"\#(dialect == "3.0" ? "3.0.3" : "3.1.0")","info":{"title":"oracle","version":"1"},"paths":{},"components":{"schemas":{"T":\#(schema),"#
            + ##""Node":{"type":"object","required":["v"],"properties":{"v":{"type":"integer"},"next":{"$ref":"#/components/schemas/Node"}}}}}}"##
    }

    @Test func ourVerdictsEqualOpenAPISchemaValidatorsOnEveryInstance() async throws {
        var cases: [[String: Any]] = []
        var ours: [[Bool]] = []
        var labels: [[String]] = []
        for item in Self.corpus {
            for dialect in item.dialects {
                let document = Self.document(item.schema, dialect: dialect)
                let validator = SchemaValidator(try OpenAPISource(data: Data(document.utf8), file: "oracle.json"))
                let instances = try item.instances.map { try #require(JSONValue(json: $0), "\($0) is not JSON") }
                ours.append(try instances.map { try validator.violations(of: $0, againstSchemaAt: "#/components/schemas/T", direction: .response).isEmpty })
                labels.append(item.instances.map { "\(dialect) \(item.schema) ← \($0)" })
                cases.append(["dialect": dialect, "schema": "#/components/schemas/T",
                              "document": try JSONSerialization.jsonObject(with: Data(document.utf8)),
                              "instances": item.instances])
            }
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("schema-oracle-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try JSONSerialization.data(withJSONObject: cases).write(to: file)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("python/schema_oracle.py")
        let run = try await ChildProcess.finished(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, file.path])
        #expect(run.status == 0, "the oracle failed: \(run.errors)")
        let theirs = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[Bool]])
        #expect(theirs.count == ours.count)
        var agreed = 0, total = 0, invalid = 0, diverged = 0
        for (index, verdicts) in theirs.enumerated() {
            for (position, verdict) in verdicts.enumerated() {
                if OracleDivergence.known(labels[index][position]) != nil, verdict != ours[index][position] {
                    diverged += 1
                    continue
                }
                total += 1
                if !verdict { invalid += 1 }
                if verdict == ours[index][position] { agreed += 1 }
                #expect(verdict == ours[index][position], "\(labels[index][position]): openapi-schema-validator says \(verdict ? "valid" : "invalid"), we say \(ours[index][position] ? "valid" : "invalid")")
            }
        }
        print("schema oracle: \(agreed) of \(total) verdicts agreed with openapi-schema-validator (\(invalid) invalid, \(total - invalid) valid instances; "
              + "\(diverged) known divergences skipped)")
    }
}

/// Where we differ from an oracle on purpose, each with the reason. A
/// divergence is skipped only while the oracle still disagrees; the tests
/// print how many there were.
enum OracleDivergence {
    static let reasons: [(label: String, reason: String)] = [
        ("3.0 {\"type\":\"integer\"} ← 1.0",
         "OpenAPI 3.0's validators apply JSON Schema draft 4, where a number written with a fraction is not an integer; "
            + "we read JSON numbers by value, as draft 6 and later (and OpenAPI 3.1) do, since encoders write 1.0 and 1 alike"),
        ("3.1 {\"prefixItems\":[{\"type\":\"string\"},{\"type\":\"integer\"}],\"items\":{\"type\":\"boolean\"}} ← [\"a\"",
         "openapi-core's unmarshaller applies `items` to every element and ignores `prefixItems`; jsonschema (and openapi-schema-validator) agree with us"),
    ]

    /// The reason `label` (a case's label) differs on purpose, if it does.
    static func known(_ label: String) -> String? { reasons.first { label.hasPrefix($0.label) }?.reason }
}

/// Whether the oracle (openapi-schema-validator with rfc3339-validator) is importable.
enum SchemaOracle {
    private static let checked = Task {
        let run = try? await ChildProcess.finished(URL(fileURLWithPath: "/usr/bin/env"),
                                                   ["python3", "-c", "import openapi_schema_validator, rfc3339_validator"])
        return run?.status == 0
    }

    /// Whether the import succeeds (asked once, off the cooperative pool).
    static func installed() async -> Bool { await checked.value }
}
