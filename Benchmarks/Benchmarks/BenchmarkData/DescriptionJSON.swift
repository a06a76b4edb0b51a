import Foundation

/// An OpenAPI 3.1 description of about `byteCount` bytes, shaped like a large real one: many
/// paths with a GET and a POST each, parameters, request and response bodies referring to
/// component schemas with a dozen properties.
public enum DescriptionJSON {
    /// The item schema of ``ListEndpointJSON``'s items, as JSON text.
    public static let listItemSchema = #"""
        {"type":"object","required":["id","name","url","price","active","tags","owner"],
         "additionalProperties":false,
         "properties":{"id":{"type":"integer","minimum":0},"name":{"type":"string","minLength":1},
           "url":{"type":"string","pattern":"^/items/[0-9]+$"},"price":{"type":"number","multipleOf":0.01},
           "active":{"type":"boolean"},"tags":{"type":"array","items":{"enum":["alpha","beta","gamma"]}},
           "owner":{"type":"object","required":["id","name"],
             "properties":{"id":{"type":"integer"},"name":{"type":"string"}}}}}
        """#

    /// One component schema; `INDEX` and `PREVIOUS` are replaced.
    static let schemaTemplate = ##"""
        "ThingINDEX":{"type":"object","required":["id","name"],"properties":{"id":{"type":"integer"},\##
        "name":{"type":"string","minLength":1},"kind":{"enum":["a","b","c"]},\##
        "createdAt":{"type":"string","format":"date-time"},"tags":{"type":"array","items":{"type":"string"}},\##
        "owner":{"$ref":"#/components/schemas/ThingPREVIOUS"},"price":{"type":"number"},\##
        "note":{"type":["string","null"]}}}
        """##

    /// One path with a GET and a POST; `INDEX` and `GROUP` are replaced.
    static let pathTemplate = ##"""
        "/thingsINDEX/{id}":{"parameters":[{"name":"id","in":"path","required":true,"schema":{"type":"integer"},\##
        "example":1}],"get":{"operationId":"getThingINDEX","tags":["groupGROUP"],"summary":"Get thing INDEX",\##
        "parameters":[{"name":"expand","in":"query","schema":{"type":"boolean"}}],"responses":{"200":{\##
        "description":"ok","content":{"application/json":{"schema":{"$ref":"#/components/schemas/ThingINDEX"}}}},\##
        "404":{"description":"missing"}}},"post":{"operationId":"updateThingINDEX","tags":["groupGROUP"],\##
        "requestBody":{"required":true,"content":{"application/json":{"schema":{\##
        "$ref":"#/components/schemas/ThingINDEX"}}}},"responses":{"200":{"description":"ok","content":{\##
        "application/json":{"schema":{"$ref":"#/components/schemas/ThingINDEX"}}}}}}}
        """##

    /// About `byteCount` bytes of description.
    public static func bytes(count byteCount: Int) -> Data {
        var paths: [String] = []
        var schemas: [String] = []
        var size = 0
        var index = 0
        while size < byteCount {
            let schema = schemaTemplate.replacingOccurrences(of: "INDEX", with: String(index))
                .replacingOccurrences(of: "PREVIOUS", with: String(max(0, index - 1)))
            let path = pathTemplate.replacingOccurrences(of: "INDEX", with: String(index))
                .replacingOccurrences(of: "GROUP", with: String(index % 50))
            schemas.append(schema)
            paths.append(path)
            size += schema.utf8.count + path.utf8.count + 2
            index += 1
        }
        let head =
            ##"{"openapi":"3.1.0","info":{"title":"large","version":"1"},"##
            + ##""servers":[{"url":"https://api.example.com/v1"}],"paths":{"##
        let text =
            head + paths.joined(separator: ",") + ##"},"components":{"schemas":{"##
            + schemas.joined(separator: ",") + "}}}"
        return Data(text.utf8)
    }
}
