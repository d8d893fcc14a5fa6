import ArgumentParser
import Foundation
import StubServer

/// `serve`'s HTTPS options: a generated throwaway authority, or a
/// certificate and key; optionally client certificates required.
struct TLSOptions: ParsableArguments {
    @Flag(help: "Serve HTTPS with a throwaway CA made at start (a leaf for 127.0.0.1, ::1 and localhost); the CA's file is printed in the ready line.")
    var tls = false

    @Option(help: ArgumentHelp("Serve HTTPS with this certificate chain (PEM); needs --tls-key.", valueName: "pem"))
    var tlsCert: String?

    @Option(help: ArgumentHelp("The private key of --tls-cert (PEM).", valueName: "pem"))
    var tlsKey: String?

    @Option(help: ArgumentHelp("Require client certificates signed by these CAs (PEM): mutual TLS; others get 403.", valueName: "pem"))
    var tlsClientCa: String?

    func check() throws {
        if (tlsCert == nil) != (tlsKey == nil) { throw ValidationError("--tls-cert and --tls-key go together") }
        if tls, tlsCert != nil { throw ValidationError("--tls generates a certificate; --tls-cert brings one: pass one of them") }
        if tlsClientCa != nil, !tls, tlsCert == nil { throw ValidationError("--tls-client-ca needs HTTPS: add --tls or --tls-cert and --tls-key") }
    }

    /// The server's TLS setting, files read; `nil` for plain HTTP.
    func setting() throws -> ServerTLS? {
        var setting: ServerTLS
        if let tlsCert, let tlsKey {
            setting = .certificate(try Self.read(tlsCert, "--tls-cert"), key: try Self.read(tlsKey, "--tls-key"))
        } else if tls {
            setting = .generated
        } else {
            return nil
        }
        if let tlsClientCa { setting = setting.requiringClientCertificates(signedBy: try Self.read(tlsClientCa, "--tls-client-ca")) }
        return setting
    }

    static func read(_ path: String, _ option: String) throws -> String {
        do {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            guard text.contains("-----BEGIN ") else { throw TLSFileError("\(option) \(path): not PEM (no -----BEGIN line)") }
            return text
        } catch let error as TLSFileError {
            throw error
        } catch {
            throw TLSFileError("\(option) \(path): \((error as NSError).localizedDescription)")
        }
    }

    /// Writes a generated authority's certificate next to the other temporary files; its path.
    static func writeAuthority(of server: StubServer) throws -> URL? {
        guard let pem = server.certificateAuthorityPEM else { return nil }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-\(getpid())-\(server.port)-ca.pem")
        try pem.write(to: file, atomically: true, encoding: .utf8)
        return file
    }
}

/// A TLS file that cannot be used, named with its option.
struct TLSFileError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
