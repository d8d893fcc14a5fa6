import Foundation
import StubKit
import Testing
import UnderstudyTestSupport

/// Handlebars as WireMock 2.35.1 renders it: the reference corpus (outputs
/// observed on the jar), the template window, parse errors at their line
/// and column, render failures where the jar answers 500.
@Suite struct TemplateTests {
    /// The port these renders name: written into the requests' Host header
    /// and given as the model's fallback port. Nothing binds it: these tests
    /// render values with no server (the jar-backed differential test uses
    /// the jar's own port 0 address).
    static let renderedPort = 8080

    static func render(_ template: String, _ request: RecordedRequest, now: Date = Date()) throws -> String {
        var environment = TemplateEnvironment(now: now, seed: 1, hostname: "vm")
        return try ResponseTemplate(template).render(for: request, environment: &environment, serverPort: Self.renderedPort)
    }

    @Test(arguments: TemplateCorpus.cases.map(\.id))
    func theCorpusRendersAsTheJarRenderedIt(_ id: String) throws {
        let item = try #require(TemplateCorpus.cases.first { $0.id == id })
        let request = TemplateCorpus.request(item, port: Self.renderedPort)
        if let expected = item.expected {
            let actual = try Self.render(item.template, request)
            #expect(actual == expected, "\(item.template)")
        } else {
            #expect(throws: TemplateRenderError.self, "the jar answers 500") { try Self.render(item.template, request) }
        }
    }

    @Test func theRequestModelHasTheServersPlaceAndTheParameters() throws {
        let request = TemplateCorpus.request(TemplateCorpus.Case(id: "C09", template: "", target: "/t/C09", expected: nil), port: Self.renderedPort)
        #expect(try Self.render("{{request.scheme}} {{request.host}} {{request.baseUrl}} {{request.requestLine.path}} {{request.port}}", request)
                == "http 127.0.0.1 http://127.0.0.1:8080 /t/C09 8080")
        var environment = TemplateEnvironment(seed: 1)
        let parameters: JSONValue = ["greeting": "hi", "n": 3, "o": ["k": "v"]]
        #expect(try ResponseTemplate("{{parameters.greeting}} {{parameters.n}} {{parameters.o.k}}")
                    .render(for: request, parameters: parameters, environment: &environment) == "hi 3 v")
    }

    @Test func nowReadsTheGivenClockInItsZoneAndFormat() throws {
        let now = Date(timeIntervalSince1970: 1_764_078_279.414) // 2025-11-25T13:44:39.414Z
        let request = RecordedRequest(method: "GET", target: "/")
        #expect(try Self.render("{{now}}", request, now: now) == "2025-11-25T13:44:39Z")
        #expect(try Self.render("{{now format='yyyy-MM-dd HH:mm:ss.SSSZ'}}", request, now: now) == "2025-11-25 13:44:39.414+0000")
        #expect(try Self.render("{{now format='epoch'}}|{{now format='unix'}}", request, now: now) == "1764078279414|1764078279")
        #expect(try Self.render("{{now timezone='Australia/Sydney'}}", request, now: now) == "2025-11-26T00:44:39+11:00")
        #expect(try Self.render("{{now offset='3 days' format='yyyy-MM-dd'}}", request, now: now) == "2025-11-28")
        #expect(throws: TemplateRenderError.self) { try Self.render("{{now timezone='Mars/Base'}}", request, now: now) }
    }

    @Test func randomValuesHaveTheirShapeAndRepeatWithTheSeed() throws {
        let request = RecordedRequest(method: "GET", target: "/")
        let template = "{{randomValue length=10 type='ALPHANUMERIC'}} {{randomValue type='UUID' uppercase=true}} {{randomInt lower=5 upper=9}} {{randomValue length=0}}|"
        let first = try Self.render(template, request), again = try Self.render(template, request)
        #expect(first == again, "the same seed makes the same values")
        let parts = first.split(separator: " ")
        #expect(parts[0].count == 10 && parts[0].allSatisfy { $0.isLowercase || $0.isNumber })
        #expect(UUID(uuidString: String(parts[1])) != nil && parts[1] == parts[1].uppercased())
        #expect((5...8).contains(Int(parts[2]) ?? 0))
        #expect(parts[3] == "|")
    }

    @Test(arguments: [
        ("{{#if true}}open", "1:1", "{{#if}} is not closed"),
        ("x\n  {{#if a}}{{/each}}", "2:12", "{{/each}} closes {{#if}}"),
        ("{{}}", "1:3", "an empty tag"),
        ("{{x 'it''s'}}", "1:8", "a doubled quote"),
        ("{{#each list}}{{else}}{{else}}{{/each}}", "1:23", "a second {{else}}"),
    ])
    func aTemplateThatDoesNotParseNamesItsLineAndColumn(_ source: String, _ place: String, _ message: String) {
        #expect {
            _ = try ResponseTemplate(source)
        } throws: { error in
            "\(error)".hasPrefix("template \(place): ") && "\(error)".contains(message)
        }
    }

    @Test func unknownHelpersAndPartialsFailWhenRendered() throws {
        let request = RecordedRequest(method: "GET", target: "/")
        for source in ["{{nosuchhelper 1}}", "{{toJson request.query}}", "{{> p}}", "{{range 5 3}}", "{{math 1 '/' 0}}"] {
            #expect(throws: TemplateRenderError.self, "\(source)") { try Self.render(source, request) }
        }
        #expect(try Self.render("{{math 1 '^' 2}}", request) == "[ERROR: ^ is not a valid mathematical operator]")
    }

    /// Found by the fuzzer (fuzz/regressions/template): Foundation's
    /// DateFormatter trapped on a date with non-ASCII bytes.
    @Test func parseDateOfTextThatIsNoDateRendersNothing() throws {
        let request = RecordedRequest(method: "GET", target: "/")
        #expect(try Self.render("[{{parseDate '6023-03-15T10:20:3\u{0345}\u{FFFD}'}}][{{parseDate 'x\u{0}y' format='dd'}}]", request) == "[][]")
    }

    /// Found by the fuzzer (fuzz/regressions/template): `{{range 1e40 6}}`
    /// trapped converting the number. Numbers beyond an integer are clamped,
    /// integer math that overflows answers the decimal, and no helper makes
    /// more than a mebi of characters or items.
    @Test func hugeNumbersNeverTrapAndSizesAreBounded() throws {
        let request = RecordedRequest(method: "GET", target: "/")
        let huge = "1" + String(repeating: "0", count: 40)
        for source in ["{{range \(huge) 6}}", "{{range 0 \(huge)}}", "{{range -\(huge) \(huge)}}"] {
            #expect(throws: TemplateRenderError.self, "\(source)") { try Self.render(source, request) }
        }
        #expect(try Self.render("{{math 9223372036854775807 '+' 1}}", request) == "9.223372036854776E18")
        for source in ["{{math -9223372036854775808 '%' -1}}", "{{math \(huge) '/' 1}}", "{{math \(huge) '*' \(huge)}}",
                       "{{randomInt lower=-\(huge) upper=\(huge)}}", "{{isEven \(huge)}}", "{{isOdd -\(huge)}}"] {
            #expect(throws: Never.self, "\(source)") { _ = try Self.render(source, request) }
        }
        #expect(try Self.render("{{randomValue length=\(huge) type='NUMERIC'}}", request).count == 1 << 20)
        #expect(try Self.render("{{center 'x' size=\(huge)}}", request).count == 1 << 20)
        #expect(try Self.render("{{abbreviate 'abcdef' \(huge)}}", request) == "abcdef")
        #expect(try Self.render("{{substring 'abcdef' -\(huge) \(huge)}}", request) == "abcdef")
        #expect(try Self.render("{{stringFormat '%099999999999d|%-99999999999s|%.99999999999f' 5 'a' 1.5}}", request).count < 4 << 20)
        #expect(try Self.render("{{stringFormat '%03d' 5}}", request) == "005")
    }

    @Test func textWithoutTagsAndEscapedMustachesStayAsWritten() throws {
        let request = RecordedRequest(method: "GET", target: "/")
        #expect(try Self.render("x={{request.url", request) == "x={{request.url")
        // Before the window (the first `{{`) a backslash is text; inside it, it escapes the mustache (both seen on the jar).
        #expect(try Self.render("\\{{request.method}} {{request.method}}", request) == "\\GET GET")
        #expect(try Self.render("{{request.method}} \\{{request.method}} {{request.method}}", request) == "GET {{request.method}} GET")
        #expect(try Self.render("a{{{{raw}}}}{{x}}{{{{/raw}}}}b {{request.method}}", request) == "ab GET")
        #expect(try ResponseTemplate("plain").isLiteral)
    }
}
