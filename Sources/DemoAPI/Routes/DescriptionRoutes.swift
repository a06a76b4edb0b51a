import Foundation
import Hummingbird

/// `GET /openapi.json`: the demo API's OpenAPI 3.1 description (``DemoDescription``), and
/// `GET /inventory`, the one route that answers outside it on purpose.
struct DescriptionRoutes {
    /// The inventory's body: the second item's `quantity` is a string and the third has no
    /// `sku`, where the description asks for an integer and a required `sku`.
    static let inventory = #"""
        {
          "items": [
            { "sku": "HMK-0001", "name": "hammock", "quantity": 12 },
            { "sku": "HMK-0002", "name": "rope", "quantity": "40" },
            { "name": "pillow", "quantity": 3 }
          ]
        }
        """#

    /// Adds the routes to `router`.
    func register(on router: Router<BasicRequestContext>) {
        router.get(RouterPath(stringLiteral: DemoDescription.path)) { request, _ in
            ResponseBuilder.bytes(Data(DemoDescription.json.utf8), contentType: ContentType.json, for: request)
        }
        router.get("inventory") { request, _ in
            ResponseBuilder.bytes(Data(Self.inventory.utf8), contentType: ContentType.json, for: request)
        }
    }
}
