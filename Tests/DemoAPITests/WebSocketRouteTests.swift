import Foundation
import Testing

@Suite("WebSocket routes over plain HTTP")
struct WebSocketRouteTests {
    @Test("a plain GET of a WebSocket path is 426 Upgrade Required, naming the ws URL")
    func plainGet() async throws {
        try await DemoHarness.run { harness in
            for path in ["/ws/echo", "/ws/ticks", "/ws/close"] {
                let reply = try await harness.get(path)
                #expect(reply.status == 426)
                #expect(reply.header("Upgrade") == "websocket")
                #expect(
                    try reply.object()["error"] as? String == "This is a WebSocket endpoint: open ws://HOST:PORT\(path)"
                )
            }
        }
    }

    @Test("bytes that are not HTTP get a bare 400 and a closed connection, and HTTP keeps working")
    func notHTTP() async throws {
        try await DemoHarness.run { harness in
            let port = try #require(URL(string: harness.url("/"))?.port)
            let answer = try rawExchange(port: port, bytes: [0x16, 0x03, 0x01, 0x00, 0x05, 1, 2, 3, 4, 5])
            #expect(answer.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
            #expect(try await harness.get("/users/1").status == 200)
        }
    }

    /// Sends `bytes` on a new TCP connection to 127.0.0.1 and reads until the server closes it.
    private func rawExchange(port: Int, bytes: [UInt8]) throws -> String {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        try #require(connected == 0)
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else {
                break
            }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }
}
