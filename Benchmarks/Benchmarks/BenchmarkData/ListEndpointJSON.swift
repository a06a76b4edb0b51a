import Foundation

/// JSON shaped like a typical list endpoint, as the bytes a server sends: objects with numbers,
/// strings, booleans, a small array and a nested object.
public enum ListEndpointJSON {
    /// About `byteCount` bytes of such a list (a little more: the last item is whole).
    public static func bytes(count byteCount: Int) -> Data {
        var text = "["
        var index = 0
        while text.utf8.count < byteCount {
            if index > 0 { text += "," }
            text += item(index)
            index += 1
        }
        return Data((text + "]").utf8)
    }

    /// The list's item at `index`.
    public static func item(_ index: Int) -> String {
        #"{"id":\#(index),"name":"item \#(index)","url":"/items/\#(index)","price":\#(index).25,"#
            + #""active":\#(index % 2 == 0),"tags":["alpha","beta","gamma"],"#
            + #""owner":{"id":\#(index % 97),"name":"owner \#(index % 97)"}}"#
    }
}
