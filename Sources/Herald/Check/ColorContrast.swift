import Foundation

/// WCAG 2 contrast of a category colour as the default theme uses it: text in that colour on a
/// light tint of it (badges and chips), and in dark mode, the colour mixed with white on a dark tint.
enum ColorContrast {
    /// An sRGB colour, each channel 0…1.
    struct RGB: Equatable {
        var red: Double, green: Double, blue: Double

        /// `self` laid over `other` at `amount` (0…1), as CSS `color-mix(in srgb, …)` does.
        func mixed(with other: RGB, _ amount: Double) -> RGB {
            RGB(
                red: red * amount + other.red * (1 - amount), green: green * amount + other.green * (1 - amount),
                blue: blue * amount + other.blue * (1 - amount))
        }

        /// Relative luminance (WCAG 2.x).
        var luminance: Double {
            func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
            return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        }
    }

    /// `#rgb` or `#rrggbb`; other CSS colour forms are not checked.
    static func parse(_ text: String) -> RGB? {
        var hex = text.trimmingCharacters(in: .whitespaces)
        guard hex.hasPrefix("#") else { return nil }
        hex.removeFirst()
        if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
        guard hex.count == 6, let value = Int(hex, radix: 16) else { return nil }
        return RGB(
            red: Double(value >> 16 & 0xFF) / 255, green: Double(value >> 8 & 0xFF) / 255,
            blue: Double(value & 0xFF) / 255)
    }

    /// The contrast ratio of two colours, 1…21.
    static func ratio(_ a: RGB, _ b: RGB) -> Double {
        let (light, dark) = a.luminance > b.luminance ? (a.luminance, b.luminance) : (b.luminance, a.luminance)
        return (light + 0.05) / (dark + 0.05)
    }

    /// The themes' surfaces (herald.css `--surface`) and how badges mix the colour.
    static let lightSurface = RGB(red: 1, green: 1, blue: 1)
    static let darkSurface = parse("#1b2029")!
    static let white = RGB(red: 1, green: 1, blue: 1)
    /// Badge backgrounds are the colour at 12% over the surface; dark-mode badge text is the colour at 60% with white.
    static let tint = 0.12, darkText = 0.60
    /// WCAG AA for text under 18.66px bold: badges are 0.8rem.
    static let minimum = 4.5

    /// The badge contrast in light and dark mode.
    static func badgeRatios(_ color: RGB) -> (light: Double, dark: Double) {
        let light = ratio(color, color.mixed(with: lightSurface, tint))
        let darkForeground = color.mixed(with: white, darkText)
        return (light, ratio(darkForeground, color.mixed(with: darkSurface, tint)))
    }
}
