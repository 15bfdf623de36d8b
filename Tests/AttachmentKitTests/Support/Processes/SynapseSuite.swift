#if os(macOS) || os(Linux)
import Foundation
import Testing

@testable import AttachmentKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One Synapse for a whole suite, with two users, Alice and Bob, in one room: started before the
/// suite's first test and stopped after its last, also after a failure (``SynapseSuite/Trait``).
/// After the suite, Synapse's log must show no `access_token` in any URL and no download
/// through the deprecated `/_matrix/media/v3/download`.
final class SynapseSuite: Sendable {
    let server: SynapseServer
    let alice: String
    let bob: String
    let roomID: String

    /// The running suite's Synapse, or why it could not be started.
    @TaskLocal static var current: Result<SynapseSuite, any Error>?

    /// The suite's Synapse; skips (cancels) the test with the reason when it could not start.
    static func running() throws -> SynapseSuite {
        switch current {
        case .success(let suite)?: return suite
        case .failure(let error)?: try skip("Synapse could not be started: \(error)")
        case nil: try skip("Synapse is started by the suite's SynapseSuite.Trait (Swift 6.1 or later)")
        }
    }

    private static func skip(_ reason: String) throws -> Never {
        #if compiler(>=6.3)
        try Test.cancel(Comment(rawValue: reason))
        #else
        throw SkipError(reason: reason)
        #endif
    }

    struct SkipError: Error { let reason: String }

    private init(server: SynapseServer) async throws {
        self.server = server
        alice = try await Self.register("alice", on: server)
        bob = try await Self.register("bob", on: server)
        let room = try await Self.request(
            "POST", "createRoom", on: server, token: alice, json: ["preset": "private_chat"])
        roomID = try #require(room["room_id"] as? String)
        let room64 = roomID.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? roomID
        _ = try await Self.request(
            "POST", "rooms/\(room64)/invite", on: server, token: alice, json: ["user_id": "@bob:localhost"])
        _ = try await Self.request("POST", "rooms/\(room64)/join", on: server, token: bob, json: [:])
    }

    /// Sends `content` to the room as Alice's `m.room.message`; returns the event's ID.
    func post(_ content: Data) async throws -> String {
        let json = try #require(try JSONSerialization.jsonObject(with: content) as? [String: Any])
        let answer = try await Self.request(
            "PUT", "rooms/\(escapedRoom)/send/m.room.message/\(UUID().uuidString)", on: server, token: alice,
            json: json)
        return try #require(answer["event_id"] as? String)
    }

    /// The content of event `eventID` as Bob reads it back from the room.
    func contentAsBob(of eventID: String) async throws -> Data {
        let event = eventID.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? eventID
        let answer = try await Self.request("GET", "rooms/\(escapedRoom)/event/\(event)", on: server, token: bob)
        return try JSONSerialization.data(withJSONObject: try #require(answer["content"] as? [String: Any]))
    }

    private var escapedRoom: String { roomID.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? roomID }

    /// Registers `user` with the shared secret (`/_synapse/admin/v1/register`): its access token.
    private static func register(_ user: String, on server: SynapseServer) async throws -> String {
        let nonce = try #require(
            try await request("GET", "/_synapse/admin/v1/register", on: server)["nonce"] as? String)
        let message = Array("\(nonce)\0\(user)\0password\0notadmin".utf8)
        let mac = hmacSHA1(key: Array(SynapseServer.sharedSecret.utf8), message: message)
        let answer = try await request(
            "POST", "/_synapse/admin/v1/register", on: server,
            json: [
                "nonce": nonce, "username": user, "password": "password", "admin": false,
                "mac": mac.map { String(format: "%02x", $0) }.joined(),
            ])
        return try #require(answer["access_token"] as? String)
    }

    /// HMAC-SHA1 (RFC 2104), as the shared-secret registration asks.
    static func hmacSHA1(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var block = key.count > 64 ? SHA1.hash(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        let inner = SHA1.hash(block.map { $0 ^ 0x36 } + message)
        return SHA1.hash(block.map { $0 ^ 0x5c } + inner)
    }

    /// A client-server request: `path` under `/_matrix/client/v3/` unless it starts with `/`.
    static func request(
        _ method: String, _ path: String, on server: SynapseServer, token: String? = nil, json: [String: Any]? = nil
    ) async throws -> [String: Any] {
        let full = path.hasPrefix("/") ? path : "/_matrix/client/v3/" + path
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)\(full)")!)
        request.httpMethod = method
        request.timeoutInterval = 60
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            throw RequestError(status: status, body: String(decoding: data, as: UTF8.self))
        }
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }

    struct RequestError: Error { let status: Int, body: String }

    /// What the log shows against the rules: a URL with `access_token`, a v3 download.
    var logViolations: [String] {
        server.requestLines.filter { $0.contains("access_token") || $0.contains("/_matrix/media/v3/download") }
    }

    #if compiler(>=6.1)
    /// Starts Synapse before the suite, stops it after, and fails the suite when the log breaks
    /// the rules.
    struct Trait: SuiteTrait, TestScoping {
        func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
            test.isSuite && testCase == nil ? self : nil
        }

        func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            let started: Result<SynapseSuite, any Error>
            do {
                let server = try await SynapseServer()
                do {
                    started = .success(try await SynapseSuite(server: server))
                } catch {
                    server.stop()
                    throw error
                }
            } catch {
                started = .failure(error)
            }
            defer { if case .success(let suite) = started { suite.server.stop() } }
            try await $current.withValue(started) { try await function() }
            if case .success(let suite) = started {
                for line in suite.logViolations { Issue.record("Synapse's log: \(line)") }
            }
        }
    }
    #endif
}
#endif

#if os(macOS) || os(Linux)
#if !compiler(>=6.1)
extension SynapseSuite {
    /// Without scoping traits (before Swift 6.1) no Synapse is started: the tests skip.
    struct Trait: SuiteTrait {}
}
#endif

extension Testing.Trait where Self == SynapseSuite.Trait {
    /// Starts one Synapse for the suite (``SynapseSuite``).
    static var synapse: Self { Self() }
}
#endif
