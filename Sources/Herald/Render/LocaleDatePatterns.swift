import Foundation

/// A language's own way of writing dates, from the Unicode CLDR data that Foundation carries
/// (`d MMM y` and `sáb` in Spanish, `d. MMM y` in German, `y年M月d日` in Japanese): the patterns
/// and names are looked up once, and dates are then written from them without a formatter, so
/// that a date is the same text on every thread and in every zone (a civil date has no zone).
struct LocaleDatePatterns: Sendable {
    /// `d MMM y`: a date.
    let date: [Token]
    /// `EEE, d MMM y`: a date with its weekday.
    let dateWithWeekday: [Token]
    /// `MMMM 'de' y`: a month of a year, a calendar's heading.
    let month: [Token]
    /// January first, as a date is written (`nov`) and on its own (`noviembre`).
    let shortMonths: [String]
    let months: [String]
    let standaloneShortMonths: [String]
    let standaloneMonths: [String]
    /// Sunday first.
    let shortWeekdays: [String]
    let weekdays: [String]
    /// Monday first, for a calendar's columns.
    let weekdayHeaders: [String]

    /// One piece of a pattern: literal text, or a field written `width` letters wide.
    enum Token: Sendable, Equatable {
        case text(String)
        case field(Character, width: Int)
    }

    /// The patterns of the language with this code (`es`, `pt-BR`), or of English for a code
    /// CLDR does not know.
    init(language: String) {
        let locale = Locale(identifier: language)
        func pattern(_ template: String, otherwise: String) -> [Token] {
            Self.tokens(DateFormatter.dateFormat(fromTemplate: template, options: 0, locale: locale) ?? otherwise)
        }
        date = pattern("dMMMy", otherwise: "d MMM y")
        dateWithWeekday = pattern("EEEdMMMy", otherwise: "EEE d MMM y")
        month = pattern("MMMMy", otherwise: "MMMM y")
        let formatter = DateFormatter()
        formatter.locale = locale
        shortMonths = formatter.shortMonthSymbols
        months = formatter.monthSymbols
        standaloneShortMonths = formatter.shortStandaloneMonthSymbols
        standaloneMonths = formatter.standaloneMonthSymbols
        shortWeekdays = formatter.shortWeekdaySymbols
        weekdays = formatter.weekdaySymbols
        let headers: [String] = formatter.shortStandaloneWeekdaySymbols
        weekdayHeaders =
            headers.count == 7
            ? Array(headers[1...] + headers[..<1]) : ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    }

    /// A pattern split into its fields and its literal text (`'de'` quoted, `''` an apostrophe).
    static func tokens(_ pattern: String) -> [Token] {
        var tokens: [Token] = []
        var literal = ""
        var characters = Array(pattern)[...]
        while let character = characters.first {
            if character == "'" {
                characters.removeFirst()
                if characters.first == "'" {
                    literal.append("'")
                    characters.removeFirst()
                    continue
                }
                while let quoted = characters.popFirst() {
                    if quoted == "'" {
                        if characters.first == "'" {
                            literal.append("'")
                            characters.removeFirst()
                        } else {
                            break
                        }
                    } else {
                        literal.append(quoted)
                    }
                }
            } else if character.isASCII && character.isLetter {
                let width = characters.prefix { $0 == character }.count
                characters.removeFirst(width)
                if !literal.isEmpty {
                    tokens.append(.text(literal))
                    literal = ""
                }
                tokens.append(.field(character, width: width))
            } else {
                literal.append(character)
                characters.removeFirst()
            }
        }
        if !literal.isEmpty { tokens.append(.text(literal)) }
        return tokens
    }

    /// A civil date written by a pattern. Fields other than the year, month, day and weekday
    /// (an era, say) are left out: the templates asked for none.
    func write(_ pattern: [Token], year: Int, month: Int, day: Int, weekday: Int) -> String {
        var text = ""
        for token in pattern {
            switch token {
            case .text(let literal): text += literal
            case .field("y", let width): text += width == 2 ? String(format: "%02d", year % 100) : String(year)
            case .field("M", let width), .field("L", let width):
                let standalone = { if case .field("L", _) = token { true } else { false } }()
                switch width {
                case 1: text += String(month)
                case 2: text += String(format: "%02d", month)
                case 3: text += (standalone ? standaloneShortMonths : shortMonths)[month - 1]
                default: text += (standalone ? standaloneMonths : months)[month - 1]
                }
            case .field("d", let width): text += width == 2 ? String(format: "%02d", day) : String(day)
            case .field("E", let width), .field("c", let width), .field("e", let width):
                text += width >= 4 ? weekdays[weekday] : shortWeekdays[weekday]
            case .field: break
            }
        }
        return text.trimmingCharacters(in: .whitespaces)
    }
}
