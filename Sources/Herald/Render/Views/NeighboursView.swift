import HeraldTemplates

/// An item's links to the item before it and the one after (`Neighbours`): absent from templates
/// when it has neither, so a theme's `{{#neighbours}}<nav>…</nav>{{/neighbours}}` makes no empty
/// navigation.
struct NeighboursView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var previous: LinkView?
    var next: LinkView?

    func templateValue(_ key: TemplateKey) -> TemplateValue? { Self.fields.value(key, of: self) }

    static let fields = TemplateFields<NeighboursView>(
        "neighbours", about: "an item's neighbours in date order",
        [
            TemplateField("previous", .view { LinkView.fields.description }, "an older article, or an earlier event") {
                present($0.previous)
            },
            TemplateField("next", .view { LinkView.fields.description }, "a newer article, or a later event") {
                present($0.next)
            },
        ])
}

extension NeighboursView: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(previous)
        output.write(next)
    }

    init(from input: SnapshotReader) throws {
        self.init(previous: try input.next(), next: try input.next())
    }
}
