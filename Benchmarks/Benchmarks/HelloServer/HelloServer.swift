import Foundation
import Hummingbird
import Logging

/// A bare Hummingbird 2 server, the ceiling `Benchmarks/live/run.sh` measures the live server
/// against in the same run: one route, `GET /health`, answering the body and headers
/// `racekit serve` answers there (but the `Server` name), with Hummingbird's default request
/// context, no middleware and no logging per request.
///
///     hello-server [PORT]    (0, the default, for any free port)
///
/// Prints `listening port=N` on standard error once it accepts connections; runs until SIGTERM
/// or SIGINT.
@main
struct HelloServer {
    static func main() async throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count <= 1, let port = Int(arguments.first ?? "0"), (0...65_535).contains(port) else {
            printError("usage: hello-server [PORT]   (a TCP port on 127.0.0.1; 0 for any free one)")
            exit(64)
        }
        var logger = Logger(label: "hello-server")
        logger.logLevel = .warning
        let router = Router()
        router.get("/health") { _, _ in
            // What `racekit serve` answers, headers included.
            Response(
                status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "{\"status\":\"ok\"}\n")))
        }
        let app = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: "hello"),
            onServerRunning: { channel in
                printError("listening port=\(channel.localAddress?.port ?? port)")
            },
            logger: logger)
        try await app.runService()
    }
}

/// Writes `line` and a line feed to standard error.
private func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
