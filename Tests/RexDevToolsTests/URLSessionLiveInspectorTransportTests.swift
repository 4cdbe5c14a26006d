import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RexDevTools
import Testing

@Suite("URLSessionLiveInspectorTransport")
struct URLSessionLiveInspectorTransportTests {
    let transport = URLSessionLiveInspectorTransport(sessionID: "shop run/1", token: "s3cret")

    @Test("A batch is posted to /apps/<session-id>/steps on this machine, with the token and the JSON body")
    func sendRequest() {
        let body = Data(#"{"formatVersion":1,"steps":[]}"#.utf8)
        let request = transport.request(sendingBatch: body)
        #expect(request.url?.absoluteString == "http://127.0.0.1:7420/apps/shop%20run%2F1/steps")
        #expect(request.httpMethod == "POST")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer s3cret")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(request.httpBody == body)
    }

    @Test("Commands are long-polled with GET /apps/<session-id>/commands?after=<n>, with the token, waiting longer than the server holds")
    func commandsRequest() {
        let request = transport.request(forCommandsAfter: 7)
        #expect(request.url?.absoluteString == "http://127.0.0.1:7420/apps/shop%20run%2F1/commands?after=7")
        #expect(request.httpMethod == "GET")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer s3cret")
        #expect(request.httpBody == nil)
        #expect(request.timeoutInterval == 30)
    }

    @Test("Another server's address is used as given")
    func otherServer() throws {
        let transport = URLSessionLiveInspectorTransport(server: try #require(URL(string: "http://10.0.0.5:9000")), sessionID: "a", token: "t")
        #expect(transport.request(forCommandsAfter: 0).url?.absoluteString == "http://10.0.0.5:9000/apps/a/commands?after=0")
    }
}
