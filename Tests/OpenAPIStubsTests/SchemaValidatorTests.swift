import Foundation
import OpenAPIStubs
import StubKit
import Testing

/// Our schema validator on documents of our own: recursion, discriminators,
/// direction, the 3.0 dialect, and where each violation points.
@Suite struct SchemaValidatorTests {
    static let document = """
        openapi: 3.1.0
        info: {title: pets, version: "1"}
        paths: {}
        components:
          schemas:
            Node:
              type: object
              required: [name]
              properties:
                name:
                  type: string
                  minLength: 1
                children:
                  type: array
                  items: {$ref: '#/components/schemas/Node'}
            Loop:
              $ref: '#/components/schemas/Loop'
            Knot:
              anyOf: [{$ref: '#/components/schemas/Knot'}, {$ref: '#/components/schemas/Knot'}]
            Pet:
              oneOf: [{$ref: '#/components/schemas/Cat'}, {$ref: '#/components/schemas/Dog'}]
              discriminator: {propertyName: kind}
            Cat:
              type: object
              required: [kind, lives]
              properties: {kind: {const: Cat}, lives: {type: integer, maximum: 9}}
            Dog:
              type: object
              required: [kind, good]
              properties: {kind: {const: Dog}, good: {type: boolean}}
            User:
              type: object
              required: [id, password, name]
              properties:
                id: {type: integer, readOnly: true}
                password: {type: string, writeOnly: true}
                name: {type: [string, "null"]}
              additionalProperties: false
        """

    static func validator(_ text: String = document) throws -> SchemaValidator {
        SchemaValidator(try OpenAPISource(data: Data(text.utf8), file: "pets.yaml"))
    }

    static func json(_ text: String) throws -> JSONValue { try #require(JSONValue(json: text)) }

    @Test func aRecursiveSchemaValidatesATreeAndPointsAtTheKeyword() throws {
        let validator = try Self.validator()
        let tree = try Self.json(#"{"name":"root","children":[{"name":"a","children":[{"name":""}]},{"name":"b"}]}"#)
        let found = try validator.violations(of: tree, againstSchemaAt: "#/components/schemas/Node", direction: .response)
        #expect(found.count == 1)
        let violation = try #require(found.first)
        #expect(violation.instancePath == "/children/0/children/0/name")
        #expect(violation.keyword == "minLength")
        #expect(violation.schemaLocation.line == 12 && violation.schemaLocation.column == 22, "the minLength line: \(violation)")
        #expect(violation.description.hasPrefix("pets.yaml:12:22: /children/0/children/0/name: expected at least 1 characters, got 0"))
        #expect(try validator.violations(of: Self.json(#"{"name":"x","children":[]}"#), againstSchemaAt: "#/components/schemas/Node",
                                         direction: .response).isEmpty)
    }

    @Test func referenceLoopsThatConsumeNothingEndQuietly() throws {
        let validator = try Self.validator()
        #expect(try validator.violations(of: .number(1), againstSchemaAt: "#/components/schemas/Loop", direction: .response).isEmpty)
        #expect(try validator.violations(of: .number(1), againstSchemaAt: "#/components/schemas/Knot", direction: .response).isEmpty)
    }

    @Test func theDiscriminatorPicksTheSchemaAndOnlyItsViolationsAreReported() throws {
        let validator = try Self.validator()
        let dog = try validator.violations(of: Self.json(#"{"kind":"Dog","good":"very"}"#), againstSchemaAt: "#/components/schemas/Pet", direction: .response)
        #expect(dog.map(\.keyword) == ["type"])
        #expect(dog.first?.instancePath == "/good")
        let cow = try validator.violations(of: Self.json(#"{"kind":"Cow"}"#), againstSchemaAt: "#/components/schemas/Pet", direction: .response)
        #expect(cow.first?.message.contains("names none of the schemas of oneOf") == true, "\(cow)")
    }

    @Test func readOnlyAndWriteOnlyAreJudgedByDirection() throws {
        let validator = try Self.validator()
        let request = try validator.violations(of: Self.json(#"{"id":1,"password":"p","name":null}"#), againstSchemaAt: "#/components/schemas/User",
                                               direction: .request)
        #expect(request.map(\.keyword) == ["readOnly"])
        #expect(try validator.violations(of: Self.json(#"{"password":"p","name":"a"}"#), againstSchemaAt: "#/components/schemas/User",
                                         direction: .request).isEmpty, "a request need not send the readOnly id")
        let response = try validator.violations(of: Self.json(#"{"id":1,"password":"p","name":"a","extra":1}"#),
                                                againstSchemaAt: "#/components/schemas/User", direction: .response)
        #expect(Set(response.map(\.keyword)) == ["writeOnly", "additionalProperties"])
    }

    @Test func theOpenAPI30DialectHasNullableAndBooleanExclusiveBounds() throws {
        let validator = try Self.validator("""
            openapi: 3.0.3
            info: {title: t, version: "1"}
            paths: {}
            components:
              schemas:
                Count: {type: integer, nullable: true, minimum: 0, exclusiveMinimum: true}
                Ref:
                  $ref: '#/components/schemas/Count'
                  maximum: 1
            """)
        #expect(try validator.violations(of: .null, againstSchemaAt: "#/components/schemas/Count", direction: .response).isEmpty)
        #expect(try validator.violations(of: .number(0), againstSchemaAt: "#/components/schemas/Count", direction: .response).map(\.keyword) == ["minimum"])
        #expect(try validator.violations(of: .number(5), againstSchemaAt: "#/components/schemas/Ref", direction: .response).isEmpty,
                "3.0 ignores a $ref's siblings")
    }

    @Test(arguments: [
        ("- just\n- a list\n", "pets.yaml:1:1: error: an OpenAPI document is a mapping"),
        ("swagger: '2.0'\n", "pets.yaml:1:1: error: openapi: no `openapi` version (Swagger 2.0 is not read"),
        ("openapi: 4.0.0\n", "pets.yaml:1:10: error: openapi: OpenAPI 4.0.0 is not read"),
        ("openapi: 3.1.0\npaths: {a: [}\n", "pets.yaml:2:"),
    ])
    func aDocumentThatCannotBeReadNamesItsPlace(_ text: String, _ expected: String) {
        do {
            _ = try OpenAPISource(data: Data(text.utf8), file: "pets.yaml")
            Issue.record("read \(text)")
        } catch {
            #expect(error.description.hasPrefix(expected), "\(error)")
        }
    }
}

/// References the document cannot follow are refused when it loads, at their place.
@Suite struct OpenAPIReferenceTests {
    static func load(_ ref: String) -> String {
        let text = """
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths:
              /a:
                get:
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: {$ref: '\(ref)'}
                          example: {$ref: 'not a reference, just data'}
            components:
              schemas:
                A: {type: string}
            """
        do {
            _ = try OpenAPIDocument(data: Data(text.utf8), file: "refs.yaml")
            return "ok"
        } catch {
            return error.description
        }
    }

    @Test func anExternalOrDanglingReferenceIsRefusedWithItsPlace() {
        #expect(Self.load("#/components/schemas/A") == "ok", "an example may hold a $ref key as data")
        #expect(Self.load("other.yaml#/components/schemas/A").hasPrefix("refs.yaml:11:30: error: #/paths/~1a/get/responses/200/content/application~1json/schema/$ref: the reference other.yaml#/components/schemas/A points outside the document"), "\(Self.load("other.yaml#/components/schemas/A"))")
        #expect(Self.load("#/components/schemas/B").contains("the reference #/components/schemas/B names nothing in the document"))
    }

    @Test func readingReportsEveryBadReferenceAndParameterNotOnlyTheFirst() throws {
        let text = """
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths:
              /a:
                get:
                  parameters:
                    - {$ref: '#/components/parameters/Limit'}
                    - {in: query, name: q, schema: {type: string}}
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/Missing'}
                    "404": {$ref: 'errors.yaml#/NotFound'}
            components:
              schemas:
                A: {type: string}
            """
        let error = try #require(throws: StubValidationError.self) { try OpenAPIDocument.read(Data(text.utf8), file: "many.yaml") }
        let lines = error.problems.map(\.description)
        #expect(lines == [
            "many.yaml:7:18: error: #/paths/~1a/get/parameters/0/$ref: the reference #/components/parameters/Limit names nothing in the document",
            "many.yaml:14:30: error: #/paths/~1a/get/responses/200/content/application~1json/schema/$ref: the reference #/components/schemas/Missing names nothing in the document",
            "many.yaml:15:23: error: #/paths/~1a/get/responses/404/$ref: the reference errors.yaml#/NotFound points outside the document, which is not read; bundle it into one document first",
        ], "\(lines)")
        #expect(throws: StubProblem.self, "the initializer still throws the first alone") { try OpenAPIDocument(data: Data(text.utf8), file: "many.yaml") }
    }
}
