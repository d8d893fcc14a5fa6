import Foundation
import Testing
import WireClient

/// ``WireResponse/parse(_:method:ended:)`` on the framings a server may use,
/// and on what is not a response: every failure is an error, never a hang.
@Suite struct WireResponseParsingTests {
    static func parse(_ text: String, method: String = "GET", ended: Bool = true) throws(WireClientError) -> WireResponse? {
        try WireResponse.parse(Array(text.utf8), method: method, ended: ended)
    }

    @Test func contentLengthChunkedAndCloseDelimitedBodies() throws {
        let sized = try #require(try Self.parse("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nX-A: 1\r\nx-a: 2\r\n\r\nhelloEXTRA"))
        #expect(sized.status == 200 && sized.reason == "OK" && sized.body == Data("hello".utf8))
        #expect(sized.values(for: "X-A") == ["1", "2"] && sized.headers.map(\.name) == ["Content-Length", "X-A", "x-a"])

        let chunked = try #require(try Self.parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nTrailer: x\r\n\r\n"))
        #expect(String(decoding: chunked.body, as: UTF8.self) == "hello world")

        let closed = try #require(try Self.parse("HTTP/1.0 200 OK\r\n\r\nuntil the end"))
        #expect(String(decoding: closed.body, as: UTF8.self) == "until the end")
        #expect(try Self.parse("HTTP/1.0 200 OK\r\n\r\nuntil", ended: false) == nil, "a body without a length waits for the close")
    }

    @Test func interimAnswersHeadAndEmptyStatusesHaveNoBody() throws {
        let afterContinue = try #require(try Self.parse("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok"))
        #expect(afterContinue.status == 201 && afterContinue.body == Data("ok".utf8))
        let head = try #require(try Self.parse("HTTP/1.1 200 OK\r\nContent-Length: 99\r\n\r\n", method: "HEAD", ended: false))
        #expect(head.body.isEmpty)
        let noContent = try #require(try Self.parse("HTTP/1.1 204 No Content\r\n\r\n", ended: false))
        #expect(noContent.status == 204 && noContent.reason == "No Content")
    }

    @Test func incompleteAnswersWaitAndCutOffOnesAreErrors() throws {
        #expect(try Self.parse("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhal", ended: false) == nil)
        #expect(try Self.parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel", ended: false) == nil)
        #expect(try Self.parse("HTTP/1.1 200 OK\r\nContent-", ended: false) == nil)
        for cut in ["HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhal", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel",
                    "HTTP/1.1 200 OK\r\nContent-", ""] {
            #expect(throws: WireClientError.self, "cut off: \(cut.debugDescription)") { _ = try Self.parse(cut) }
        }
    }

    @Test func whatIsNotAResponseIsRefusedWithWhatIsWrong() {
        let cases: [(String, String)] = [
            ("SSH-2.0-OpenSSH\r\n\r\n", "status line"),
            ("HTTP/1.1 abc OK\r\n\r\n", "status line"),
            ("HTTP/1.1 200 OK\r\nno colon here\r\n\r\n", "has no name"),
            ("HTTP/1.1 200 OK\r\nContent-Length: 3, 4\r\n\r\nabcd", "not one length"),
            ("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", "not one length"),
            ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "not hexadecimal"),
            ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n+2\r\nab\r\n0\r\n\r\n", "not hexadecimal"),
            ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabcd", "not followed by CRLF"),
        ]
        for (text, why) in cases {
            #expect {
                _ = try Self.parse(text)
            } throws: { error in
                guard case .malformedResponse(let message) = error as? WireClientError else { return false }
                return message.contains(why)
            }
        }
    }

    /// The fields that frame a response are found whatever their case and
    /// form: one length in any spelling, repeated equal lengths, the token
    /// `close` among others, and a name that only looks like one is not one.
    @Test func framingFieldsAreReadWhateverTheirCaseAndForm() throws {
        func framed(_ text: String, method: String = "GET") throws -> (body: String, reuse: Bool)? {
            try WireResponse.frame(Array(text.utf8), method: method, ended: false).map { (String(decoding: $0.response.body, as: UTF8.self), $0.allowsReuse) }
        }
        #expect(try framed("HTTP/1.1 200 OK\r\ncontent-LENGTH: 3\r\n\r\nabcdef")! == ("abc", true))
        #expect(try framed("HTTP/1.1 200 OK\r\nContent-Length: +3\r\n\r\nabc")! == ("abc", true), "read as a number, as before")
        #expect(try framed("HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc")! == ("abc", true))
        #expect(try framed("HTTP/1.1 200 OK\r\nContent-Length: 3, 3\r\n\r\nabc")! == ("abc", true))
        #expect(try framed("HTTP/1.1 200 OK\r\nContent-Length: 3\r\nConnection: keep-alive, CLOSE\r\n\r\nabc")! == ("abc", false))
        #expect(try framed("HTTP/1.1 200 OK\r\nContent-Length: 3\r\nConnection: closed\r\n\r\nabc")! == ("abc", true))
        #expect(try framed("HTTP/1.0 200 OK\r\nContent-Length: 3\r\n\r\nabc")! == ("abc", false), "HTTP/1.0 closes")
        #expect(try framed("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\n", method: "head")! == ("", true))
        #expect(try framed("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, Chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n")! == ("abc", true))
        #expect(try framed("HTTP/1.1 200 OK\r\nContent\rLength: 3\r\n\r\nabc") == nil, "not a length field: the body runs to the close")
        let status = try #require(try WireResponse.parse(Array("HTTP/1.1 404\r\nContent-Length: 0\r\n\r\n".utf8), method: "GET", ended: false))
        #expect(status.status == 404 && status.reason.isEmpty)
        for line in ["HTTP/1.1 099 Low", "HTTP/1.1 20 OK", "HTTP/2 200 OK", "HTTP/1.1 2x0 OK", "HTTP/1.1"] {
            #expect(throws: WireClientError.self, "\(line)") { _ = try WireResponse.parse(Array("\(line)\r\n\r\n".utf8), method: "GET", ended: true) }
        }
    }
}
