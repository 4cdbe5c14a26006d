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
print("Live inspector on http://\(host):\(port)")
print("Open http://\(host):\(port)/?token=\(token)")
print("Connect an app with the token \(token)")
try await LiveInspectorServer.application(token: token, host: host, port: port).runService()
