import Foundation

/// What each helper does to a value: swift-mustache's transforms, with the same results, so
/// themes written for it keep working. A helper that does not apply to a value gives nothing.
enum TemplateHelpers {
    /// Applies `helpers` in order (innermost first); nil as soon as one does not apply.
    static func apply(_ helpers: some Collection<TemplateHelper>, to value: TemplateValue) -> TemplateValue? {
        var value = value
        for helper in helpers {
            guard let next = apply(helper, to: value) else { return nil }
            value = next
        }
        return value
    }

    /// `{{index()}}`, `{{#first()}}`…: about the element of the list being iterated.
    static func apply(
        _ helpers: some Collection<TemplateHelper>, toIteration iteration: (index: Int, count: Int)
    ) -> TemplateValue? {
        guard let helper = helpers.first else { return nil }
        let value: TemplateValue
        switch helper {
        case .first: value = .bool(iteration.index == 0)
        case .last: value = .bool(iteration.index == iteration.count - 1)
        case .index: value = .number(iteration.index)
        case .even: value = .bool(iteration.index & 1 == 0)
        case .odd: value = .bool(iteration.index & 1 == 1)
        default: return nil
        }
        return apply(helpers.dropFirst(), to: value)
    }

    private static func apply(_ helper: TemplateHelper, to value: TemplateValue) -> TemplateValue? {
        switch value {
        case .list(let list):
            let count = list.count
            switch helper {
            case .empty: return .bool(count == 0)
            case .count: return .number(count)
            case .first: return count > 0 ? list.element(0) : nil
            case .last: return count > 0 ? list.element(count - 1) : nil
            case .reversed: return .list((0..<count).reversed().map { list.element($0) })
            case .sorted:
                // Only lists of text or of numbers have an order.
                let elements = (0..<count).map { list.element($0) }
                let texts = elements.compactMap { element -> String? in
                    if case .text(let text) = element { return text } else { return nil }
                }
                if texts.count == count { return .list(texts.sorted()) }
                let numbers = elements.compactMap { element -> Int? in
                    if case .number(let number) = element { return number } else { return nil }
                }
                if numbers.count == count { return .list(numbers.sorted()) }
                return nil
            default: return nil
            }
        case .text(let text):
            switch helper {
            case .empty: return .bool(text.isEmpty)
            case .uppercased: return .text(text.uppercased())
            case .lowercased: return .text(text.lowercased())
            case .capitalized: return .text(text.capitalized)
            case .reversed: return .text(String(text.reversed()))
            default: return nil
            }
        case .number(let number):
            switch helper {
            case .equalzero: return .bool(number == 0)
            case .plusone: return .number(number + 1)
            case .minusone: return .number(number - 1)
            case .even: return .bool(number & 1 == 0)
            case .odd: return .bool(number & 1 == 1)
            default: return nil
            }
        case .bool, .absent, .view:
            return nil
        }
    }
}
