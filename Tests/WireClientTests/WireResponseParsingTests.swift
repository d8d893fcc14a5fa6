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
}
