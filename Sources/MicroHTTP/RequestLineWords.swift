#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The method and version of a request line as Strings, the common ones
/// without decoding: nearly every request carries one of a handful, and
/// checking and copying their UTF-8 (`String(cString:)`) for each request
/// cost ten times a comparison with a C literal. Any other word is decoded
/// as it came.
enum RequestLineWords {
    /// The request's method.
    static func method(_ word: UnsafePointer<CChar>) -> String {
        if strcmp(word, "GET") == 0 { return "GET" }
        if strcmp(word, "POST") == 0 { return "POST" }
        if strcmp(word, "PUT") == 0 { return "PUT" }
        if strcmp(word, "DELETE") == 0 { return "DELETE" }
        if strcmp(word, "PATCH") == 0 { return "PATCH" }
        if strcmp(word, "HEAD") == 0 { return "HEAD" }
        if strcmp(word, "OPTIONS") == 0 { return "OPTIONS" }
        return String(cString: word)
    }

    /// Whether an answer to `method` carries no body whatever its status
    /// (HEAD; CONNECT, whose 2xx libmicrohttpd sends without one).
    static func answerHasNoBody(_ method: UnsafePointer<CChar>) -> Bool {
        strcmp(method, "HEAD") == 0 || strcmp(method, "CONNECT") == 0
    }

    /// The request's HTTP version.
    static func version(_ word: UnsafePointer<CChar>) -> String {
        if strcmp(word, "HTTP/1.1") == 0 { return "HTTP/1.1" }
        if strcmp(word, "HTTP/1.0") == 0 { return "HTTP/1.0" }
        return String(cString: word)
    }
}
