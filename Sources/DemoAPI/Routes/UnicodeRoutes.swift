import Foundation
import Hummingbird

/// `GET /unicode.json`: text whose width on a terminal is hard to get right: emoji sequences
/// joined by zero-width joiners, skin-tone modifiers, variation selectors, flags, East Asian wide
/// characters, combining marks and Thai tone marks. Each value ends in a marker so a reader can
/// see whether the columns after it stayed in place.
struct UnicodeRoutes {
    /// The body of `GET /unicode.json`, as sent (keys in this order).
    static let json = """
        {
          "family": "👩‍👩‍👧‍👦 family|",
          "thumbs": "👍🏽 ok|",
          "heart": "❤️ heart|",
          "text heart": "❤ plain|",
          "flag": "🇩🇪 flag|",
          "coder": "🧑‍💻 coder|",
          "cjk": "中文 日本語 한국어|",
          "fullwidth": "ＡＢＣ|",
          "combining": "e\u{301}te\u{301}|",
          "thai": "ภาษาไทย ก่|",
          "keycap": "1️⃣ one|"
        }
        """

    /// Adds the route to `router`.
    func register(on router: Router<BasicRequestContext>) {
        router.get("unicode.json") { request, _ in
            ResponseBuilder.bytes(Data(Self.json.utf8), contentType: ContentType.json, for: request)
        }
    }
}
