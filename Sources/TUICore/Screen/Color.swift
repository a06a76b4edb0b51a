/// A colour as themes describe it, independent of any terminal library.
///
/// `.default` means "the terminal's own colour" (what `use_default_colors` calls -1).
/// `.indexed` is one of the 256 xterm palette entries (0–7 normal, 8–15 bright).
/// `.rgb` is a true colour; a terminal with fewer colours maps it to the nearest palette entry.
public enum Color: Hashable, Sendable {
    /// The terminal's own foreground or background colour.
    case `default`
    /// An xterm palette index, 0...255.
    case indexed(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)

    /// The eight ANSI colour names, in palette order, used by themes.
    public static let ansiNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// Parses a theme value: `default`, an ANSI name (`red`, `bright-red`, `gray`), `#rrggbb`, or a
    /// palette index `0`…`255`. Returns nil for anything else (the caller reports the error).
    public init?(themeValue raw: String) {
        let value = raw.trimmingSpacesAndTabs.lowercased()
        if value == "default" || value == "none" {
            self = .default
            return
        }
        if let index = Color.ansiNames.firstIndex(of: value) {
            self = .indexed(UInt8(index))
            return
        }
        if value.hasPrefix("bright-"), let index = Color.ansiNames.firstIndex(of: String(value.dropFirst(7))) {
            self = .indexed(UInt8(index + 8))
            return
        }
        if value == "gray" || value == "grey" {
            self = .indexed(8)
            return
        }
        if value.hasPrefix("#"), value.count == 7, let number = UInt32(value.dropFirst(), radix: 16) {
            self = .rgb(UInt8((number >> 16) & 0xFF), UInt8((number >> 8) & 0xFF), UInt8(number & 0xFF))
            return
        }
        if let index = Int(value), (0...255).contains(index) {
            self = .indexed(UInt8(index))
            return
        }
        return nil
    }

    /// The colour as CSS (`#rrggbb`), for SVG export; nil for `.default`.
    public var cssHex: String? {
        switch self {
        case .default:
            return nil
        case .rgb(let red, let green, let blue):
            return Color.hex(red, green, blue)
        case .indexed(let index):
            let (red, green, blue) = Color.paletteRGB(index)
            return Color.hex(red, green, blue)
        }
    }

    /// The nearest xterm-256 palette index of this colour (`.default` gives nil).
    public var nearestPaletteIndex: Int? {
        switch self {
        case .default:
            return nil
        case .indexed(let index):
            return Int(index)
        case .rgb(let red, let green, let blue):
            func level(_ component: UInt8) -> Int {
                let value = Int(component)
                return value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40
            }
            let cube = 16 + 36 * level(red) + 6 * level(green) + level(blue)
            let average = (Int(red) + Int(green) + Int(blue)) / 3
            let grey = average > 238 ? 255 : 232 + max(0, (average - 3) / 10)
            let cubeRGB = Color.paletteRGB(UInt8(cube))
            let greyRGB = Color.paletteRGB(UInt8(min(grey, 255)))
            func distance(_ other: (UInt8, UInt8, UInt8)) -> Int {
                let dr = Int(other.0) - Int(red)
                let dg = Int(other.1) - Int(green)
                let db = Int(other.2) - Int(blue)
                return dr * dr + dg * dg + db * db
            }
            return distance(greyRGB) < distance(cubeRGB) ? min(grey, 255) : cube
        }
    }

    /// The nearest of the 8 basic colours, for terminals with only 8 or 16 colours.
    public var nearestBasicIndex: Int? {
        guard let index = nearestPaletteIndex else { return nil }
        if index < 16 { return index % 8 }
        let (red, green, blue) = Color.paletteRGB(UInt8(index))
        let bits = (red > 127 ? 1 : 0) | (green > 127 ? 2 : 0) | (blue > 127 ? 4 : 0)
        return bits
    }

    /// The RGB value of an xterm palette entry.
    public static func paletteRGB(_ index: UInt8) -> (UInt8, UInt8, UInt8) {
        let basic: [(UInt8, UInt8, UInt8)] = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
            (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
            (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]
        let value = Int(index)
        if value < 16 { return basic[value] }
        if value >= 232 {
            let grey = UInt8(8 + (value - 232) * 10)
            return (grey, grey, grey)
        }
        let cube = value - 16
        func component(_ level: Int) -> UInt8 { level == 0 ? 0 : UInt8(55 + level * 40) }
        return (component(cube / 36), component((cube / 6) % 6), component(cube % 6))
    }

    private static func hex(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for component in [red, green, blue] {
            text.append(digits[Int(component >> 4)])
            text.append(digits[Int(component & 0xF)])
        }
        return text
    }
}
