import Foundation
import NIOHTTP1
import Testing

/// The demo API's OpenAPI description against the routes it describes.
@Suite("the demo API's own description")
struct DescriptionRouteTests {
    @Test("GET / names /openapi.json in a Link header (rel service-desc), and it is an OpenAPI 3.1 description")
    func discovery() async throws {
        try await DemoHarness.run { harness in
            let index = try await harness.get("/")
            let link = try #require(index.header("Link"))
            #expect(link.hasPrefix("</openapi.json>;") && link.contains(#"rel="service-desc""#), "\(link)")
            let links = try #require(try index.object()["links"] as? [String: String])
            #expect(links["openapi"] == "/openapi.json" && links["inventory"] == "/inventory")
            let description = try await harness.get("/openapi.json")
            #expect(description.status == 200)
            #expect(description.header("Content-Type")?.hasPrefix("application/json") == true)
            let object = try description.object()
            #expect(object["openapi"] as? String == "3.1.0")
            #expect((object["info"] as? [String: Any])?["title"] as? String == "hammock demo API")
        }
    }

    @Test("every described operation answers with a status it describes, path parameters from their examples")
    func operationsAnswerAsDescribed() async throws {
        try await DemoHarness.run { harness in
            let object = try await harness.get("/openapi.json").object()
            let paths = try #require(object["paths"] as? [String: [String: Any]])
            let components = try #require(object["components"] as? [String: Any])
            let parameters = components["parameters"] as? [String: [String: Any]] ?? [:]
            func resolved(_ parameter: [String: Any]) -> [String: Any] {
                guard let ref = parameter["$ref"] as? String else { return parameter }
                return parameters[String(ref.split(separator: "/").last ?? "")] ?? [:]
            }
            var checked = 0
            for (template, item) in paths {
                let shared = (item["parameters"] as? [[String: Any]] ?? []).map(resolved)
                for method in ["get", "post", "put", "patch", "delete"] {
                    guard let operation = item[method] as? [String: Any] else { continue }
                    // The event stream never ends; its route is covered by its own tests.
                    if template == "/events" { continue }
                    var path = template
                    let own = (operation["parameters"] as? [[String: Any]] ?? []).map(resolved)
                    for parameter in shared + own where parameter["in"] as? String == "path" {
                        let name = try #require(parameter["name"] as? String)
                        let example = try #require(parameter["example"], "\(template) \(name) has an example")
                        path = path.replacingOccurrences(of: "{\(name)}", with: "\(example)")
                    }
                    var body: String?
                    if let content = (operation["requestBody"] as? [String: Any])?["content"] as? [String: Any],
                        let json = content["application/json"] as? [String: Any]
                    {
                        let example = json["example"] ?? ["userId": 1, "title": "t", "body": "b"]
                        body = String(decoding: try JSONSerialization.data(withJSONObject: example), as: UTF8.self)
                    }
                    let reply =
                        if let body {
                            try await harness.send(HTTPMethod(rawValue: method.uppercased()), path, json: body)
                        } else {
                            try await harness.send(HTTPMethod(rawValue: method.uppercased()), path)
                        }
                    let described = Set((operation["responses"] as? [String: Any] ?? [:]).keys)
                    #expect(
                        described.contains(String(reply.status)) || described.contains("default"),
                        "\(method.uppercased()) \(path) answered \(reply.status), described: \(described.sorted())")
                    checked += 1
                }
            }
            #expect(checked >= 25, "the description covers the browsable routes: \(checked) operations")
        }
    }
}
