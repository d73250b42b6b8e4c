import HeraldTemplates

/// An item's terms in one of the site's own taxonomies (`item.taxonomies`): the taxonomy's name,
/// title and page, and the terms, all of them on the item's own page and the first few wherever a
/// list shows the item (`ItemView.showsAllTerms`).
struct ItemTermsView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    /// The taxonomy's name in site.yml and front matter (`topics`).
    var name: String
    /// Its title in the page's language (`Topics`, `专题`).
    var title: String
    /// Its list of terms.
    var url: String
    var terms: [TermView]
    /// The terms a list leaves out, when there are more than it shows.
    var more: MoreTermsView? = nil

    /// The view as the item's own page shows it (`all`: every term) or as a list does: the first
    /// `LimitOptions.termsShownInLists` terms, and `more`.
    func shown(all: Bool) -> ItemTermsView {
        var view = self
        if all {
            view.more = nil
        } else if terms.count > LimitOptions.termsShownInLists {
            view.terms = Array(terms.prefix(LimitOptions.termsShownInLists))
        }
        return view
    }

    func templateValue(_ key: TemplateKey) -> TemplateValue? { Self.fields.value(key, of: self) }

    static let fields = TemplateFields<ItemTermsView>(
        "item terms", about: "an item's terms in one of the site's own taxonomies",
        [
            TemplateField("name", .text, "the taxonomy's name in site.yml and front matter (`topics`)") {
                .text($0.name)
            },
            TemplateField("title", .text, "the taxonomy's title in the page's language (`Topics`, `专题`)") {
                .text($0.title)
            },
            TemplateField("url", .text, "the taxonomy's list of terms") { .text($0.url) },
            TemplateField(
                "terms", .list(.view { TermView.fields.description }),
                "on the item's own page all of them; wherever a list shows the item, the first \(LimitOptions.termsShownInLists)"
            ) { $0.terms.templateValue },
            TemplateField("more", .view { MoreTermsView.fields.description }, "in a list, when `terms` leaves some out")
            { present($0.more) },
        ])
}

extension ItemTermsView: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(name)
        output.write(title)
        output.write(url)
        output.write(terms)
        output.write(more)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            name: try input.next(), title: try input.next(), url: try input.next(), terms: try input.next(),
            more: try input.next())
    }
}
