import Foundation

/// Numbers as messages write them.
enum NumberText {
    /// `999980` as `999,980`, whatever the locale, so that a message reads the same everywhere.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
