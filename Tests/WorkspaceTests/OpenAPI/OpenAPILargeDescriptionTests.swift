import Foundation
import TestSupport
import Testing

@testable import Workspace

@Suite("A 10 MB description")
struct OpenAPILargeDescriptionTests {
    /// About 10 MB of OpenAPI 3.1: `paths` paths with a GET and a PUT each, sharing component
    /// parameters and responses, and `paths` component schemas.
    static func description(paths: Int) -> String {
        var text =
            ##"{"openapi":"3.1.0","info":{"title":"Large","version":"1"},"servers":[{"url":"https://api.example.com/v1"}],"paths":{"##
        let blurb =
            "Returns the resource with every field filled in, as stored at the time of the request. Fields that"
            + " the caller may not read are left out rather than emptied, and the ETag header tells the version,"
            + " so that a later PUT can be made conditional on nothing having changed in between."
        text.reserveCapacity(paths * 2_100)
        for index in 0..<paths {
            if index > 0 { text += "," }
            let name = "resource\(index)"
            text += ##""/\##(name)/{id}":{"parameters":[{"$ref":"#/components/parameters/Id"}],"##
            text +=
                ##""get":{"operationId":"get\##(name)","summary":"Read one \##(name) by its id, with every field","description":"\##(blurb)","tags":["group\##(index % 50)"],"##
            text +=
                ##""parameters":[{"$ref":"#/components/parameters/Fields"},{"name":"expand","in":"query","schema":{"type":"boolean"}}],"##
            text +=
                ##""responses":{"200":{"description":"The \##(name)","content":{"application/json":{"schema":{"$ref":"#/components/schemas/\##(name)"}}}},"##
            text +=
                ##""404":{"$ref":"#/components/responses/NotFound"},"default":{"$ref":"#/components/responses/Problem"}}},"##
            text +=
                ##""put":{"operationId":"put\##(name)","description":"\##(blurb)","requestBody":{"required":true,"content":{"application/json":{"schema":{"$ref":"#/components/schemas/\##(name)"}}}},"##
            text +=
                ##""responses":{"200":{"description":"Replaced","content":{"application/json":{"schema":{"$ref":"#/components/schemas/\##(name)"}}}},"##
            text += ##""default":{"$ref":"#/components/responses/Problem"}},"security":[{"bearer":[]}]}}"##
        }
        text +=
            ##"},"components":{"parameters":{"Id":{"name":"id","in":"path","required":true,"schema":{"type":"string"}},"##
        text += ##""Fields":{"name":"fields","in":"query","schema":{"type":"array","items":{"type":"string"}}}},"##
        text += ##""responses":{"NotFound":{"description":"Not found"},"Problem":{"description":"Failed"}},"##
        text += ##""securitySchemes":{"bearer":{"type":"http","scheme":"bearer"}},"schemas":{"##
        for index in 0..<paths {
            if index > 0 { text += "," }
            text +=
                ##""resource\##(index)":{"type":"object","description":"\##(blurb)","required":["id","name"],"properties":{"id":{"type":"string","format":"uuid","readOnly":true},"##
            text +=
                ##""name":{"type":"string","minLength":1},"size":{"type":"integer","minimum":0},"created":{"type":"string","format":"date-time"},"##
            text +=
                ##""owner":{"$ref":"#/components/schemas/resource\##((index + 1) % paths)"},"notes":{"type":"array","items":{"type":"string"}}}}"##
        }
        return text + "}}}"
    }

    @Test("5,000 paths with two operations each are read whole, and an operation is found by URL")
    func large() async throws {
        // Seconds of CPU in a debug build: on a thread of its own, so the other tests go on.
        let (size, description) = try await OffPool.run {
            let text = Self.description(paths: 5_000)
            return (
                text.utf8.count,
                try APIDescription.parse(Data(text.utf8), sourceURL: nil, load: OpenAPIFixtures.noFiles)
            )
        }
        #expect(size > 10_000_000)
        #expect(description.operations.count == 10_000)
        #expect(description.warnings.isEmpty)
        let last = try #require(description.operations.last)
        #expect(last.id == "putresource4999")
        #expect(
            last.requestBody?.contents[0].schema?.pointer
                == "/paths/~1resource4999~1{id}/put/requestBody/content/application~1json/schema")
        let get = description.operations[9_998]
        #expect(get.parameters.map(\.name) == ["id", "fields", "expand"])
        #expect(get.responses.map(\.description) == ["The resource4999", "Not found", "Failed"])
        let match = description.operation(
            method: "GET", url: URL(string: "https://api.example.com/v1/resource4321/abc")!)
        #expect(match?.operation.id == "getresource4321")
        #expect(match?.pathParameters == ["id": "abc"])
        let body = SchemaExample.body(for: try #require(get.responses[0].contents[0].schema), in: description)
        #expect(body?.hasPrefix("{\n  \"name\": \"string\",\n  \"size\": 0,") == true)
    }
}
