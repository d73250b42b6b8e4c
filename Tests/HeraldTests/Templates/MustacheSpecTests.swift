import Foundation
import HeraldTemplates
import Testing

/// The official Mustache specification's test suites (a copy of ../shared/standards/mustache-spec,
/// with its MIT licence, kept in Tests/Fixtures so the tests run without ../shared), rendered by
/// HeraldTemplates and compared byte for byte.
@Suite struct MustacheSpecTests {
    /// The suites the engine implements; every test in each must pass.
    static let suites = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~inheritance"]
    /// The optional modules Herald leaves out, as docs/templates.md says: lambdas (code in the
    /// data, which Herald's views never carry) and dynamic partial names (`{{>*name}}`).
    static let notSupported = ["~lambdas", "~dynamic-names"]

    struct SpecCase: CustomStringConvertible, Sendable {
        var suite: String
        var name: String
        var template: String
        var partials: [String: String]
        var data: SpecData
        var expected: String
        var description: String { "\(suite): \(name)" }
    }

    static func cases(_ suite: String) -> [SpecCase] {
        struct File: Decodable {
            struct Test: Decodable {
                var name: String
                var template: String
                var partials: [String: String]?
                var data: SpecData
                var expected: String
            }
            var tests: [Test]
        }
        let url = Fixtures.root.appendingPathComponent("mustache-spec/\(suite).json")
        guard let data = try? Data(contentsOf: url), let file = try? JSONDecoder().decode(File.self, from: data) else {
            return []
        }
        return file.tests.map {
            SpecCase(
                suite: suite, name: $0.name, template: $0.template, partials: $0.partials ?? [:], data: $0.data,
                expected: $0.expected)
        }
    }

    static let allCases = suites.flatMap(cases)

    @Test func everySuiteIsThere() {
        for suite in Self.suites + Self.notSupported {
            #expect(!Self.cases(suite).isEmpty, "\(suite).json has tests")
        }
        #expect(Self.allCases.count >= 130)
    }

    @Test(arguments: allCases)
    func specCase(_ spec: SpecCase) throws {
        var sources = spec.partials
        sources["(template)"] = spec.template
        let library = try TemplateLibrary.load(sources, missingPartials: .renderNothing).get()
        let output = String(decoding: library.render("(template)", spec.data.value), as: UTF8.self)
        #expect(output == spec.expected, "\(spec.name): \(spec.template.debugDescription)")
    }

    /// The modules left out are refused when a template is loaded, never misrendered: every
    /// dynamic-names test's template fails to load with the message saying so.
    @Test func dynamicNamesAreRefusedAtLoadTime() {
        for spec in Self.cases("~dynamic-names")
        where spec.template.contains("{{>*") || spec.template.contains("{{<*") || spec.template.contains("{{> *") {
            var sources = spec.partials
            sources["(template)"] = spec.template
            guard case .failure(let failure) = TemplateLibrary.load(sources, missingPartials: .renderNothing) else {
                Issue.record("\(spec.name) loaded")
                continue
            }
            #expect(failure.errors.contains { $0.message.contains("not supported") }, "\(spec.name)")
        }
    }
}

/// JSON test data as a template value: objects are views, arrays lists, other numbers text as written.
struct SpecData: Sendable, Decodable, TemplateView {
    let value: TemplateValue
    private let object: [String: TemplateValue]

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        object = [:]
        if container.decodeNil() {
            value = .absent
        } else if let flag = try? container.decode(Bool.self) {
            value = .bool(flag)
        } else if let number = try? container.decode(Int.self) {
            value = .number(number)
        } else if let number = try? container.decode(Double.self) {
            value = .text("\(number)")
        } else if let text = try? container.decode(String.self) {
            value = .text(text)
        } else if let list = try? container.decode([SpecData].self) {
            value = .list(list.map(\.value))
        } else {
            let dictionary = try container.decode([String: SpecData].self)
            value = .view(SpecData(object: dictionary.mapValues(\.value)))
        }
    }

    private init(object: [String: TemplateValue]) {
        self.object = object
        value = .absent
    }

    func templateValue(_ key: TemplateKey) -> TemplateValue? { object[key.written] }
}
