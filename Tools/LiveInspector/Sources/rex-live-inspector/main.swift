import Foundation
import Hummingbird
import LiveInspectorServer

// rex-live-inspector [--host 127.0.0.1] [--port 7420] [--token TOKEN]
var host = "127.0.0.1"
var port = 7420
var token = LiveInspectorServer.makeToken()
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--host": host = arguments.next() ?? host
    case "--port": port = arguments.next().flatMap { Int($0) } ?? port
    case "--token": token = arguments.next() ?? token
    default:
        FileHandle.standardError.write(Data("usage: rex-live-inspector [--host 127.0.0.1] [--port 7420] [--token TOKEN]\n".utf8))
        exit(2)
    }
}
// Written at once, not buffered: a script reading the token from a pipe must see it.
FileHandle.standardOutput.write(Data("""
    Live inspector on http://\(host):\(port)
    Open http://\(host):\(port)/?token=\(token)
    Connect an app with the token \(token)

    """.utf8))
try await LiveInspectorServer.application(token: token, host: host, port: port).runService()
