/// One value a view offers templates, declared once: its name, its shape, what it means, and how
/// it is read. From this one declaration come the view's look-up (`TemplateFields.value`), the
/// sample `herald check` walks templates with (`TemplateSample`) and the reference table of
/// docs/templates.md, so a value cannot be added to one of them and forgotten in another.
public struct TemplateField<View>: Sendable {
    public let key: TemplateKey
    public let shape: TemplateShape
    /// What it is, in a phrase, for the reference (Markdown).
    public let about: String
    /// Its value in a view; nil for a name the view lets the look-up climb past (a link's
    /// `language`, which stands for the page's own when the link has none).
    public let read: @Sendable (View) -> TemplateValue?

    public init(
        _ key: TemplateKey, _ shape: TemplateShape, _ about: String,
        _ read: @escaping @Sendable (View) -> TemplateValue?
    ) {
        self.key = key
        self.shape = shape
        self.about = about
        self.read = read
    }
}

/// The values one kind of view offers templates, looked up by the key's number.
///
/// A class, so the views that hold their table (`TemplateValues`) hold one reference. A table, not
/// a `switch`: a `switch` over a struct's cases compares the key with each case in
/// turn (through each constant's lazy accessor), where the table reads one slot of an array.
public final class TemplateFields<View>: Sendable {
    public let fields: [TemplateField<View>]
    /// What the reference and `herald check` know of the view.
    public let description: TemplateViewDescription
    /// The index into `fields` of each key's number, or -1; as long as the largest number among
    /// the view's keys, since a key numbered later (a name only a template uses) is none of them.
    @usableFromInline let slots: [Int32]
    /// Each field's `read`, apart: taking it out of `fields` copied the whole field (its name,
    /// shape and documentation, a reference count each) on every look-up.
    @usableFromInline let reads: [@Sendable (View) -> TemplateValue?]

    /// `name` is how the reference names the view (`item`, `event`); `includes` are views whose
    /// names the view also answers, by its own code (a card answers every name of its item).
    public init(
        _ name: String, about: String, includes: [@Sendable () -> TemplateViewDescription] = [],
        _ fields: [TemplateField<View>]
    ) {
        self.fields = fields
        var slots = [Int32](repeating: -1, count: (fields.map(\.key.serial).max() ?? -1) + 1)
        for (index, field) in fields.enumerated() {
            precondition(slots[field.key.serial] == -1, "\(name) declares '\(field.key.written)' twice")
            slots[field.key.serial] = Int32(index)
        }
        self.slots = slots
        reads = fields.map(\.read)
        description = TemplateViewDescription(
            name: name, about: about, includes: includes,
            fields: fields.map { TemplateFieldDescription(key: $0.key, shape: $0.shape, about: $0.about) })
    }

    /// The keys, in the order declared.
    public var keys: [TemplateKey] { fields.map(\.key) }

    // Inlinable, so each view's look-up is specialised for it in the module that declares it: a
    // generic look-up called across modules went through the type's metadata at every step,
    // and rendering the 10,000-item corpus's pages took 70% more CPU than with a `switch`.

    /// The position in `fields` of `key`, or nil when the view does not declare it.
    @inlinable public func index(of key: TemplateKey) -> Int? {
        let serial = key.serial
        guard serial < slots.count else { return nil }
        let slot = Int(slots[serial])
        return slot < 0 ? nil : slot
    }

    /// The value of `key` in `view`, or nil when the view has no such name.
    @inlinable public func value(_ key: TemplateKey, of view: View) -> TemplateValue? {
        guard let index = index(of: key) else { return nil }
        return reads[index](view)
    }

    /// Every field's value in `view`, in the order declared, for a view read many times over
    /// (see `TemplateValues`).
    public func values(of view: View) -> [TemplateValue?] { reads.map { $0(view) } }
}

/// A view's values read once, answered from an array: a page's root context is looked up some
/// twenty times per page, and its views are boxed into template values once here instead.
public struct TemplateValues<View>: TemplateView {
    @usableFromInline let fields: TemplateFields<View>
    @usableFromInline let values: [TemplateValue?]

    public init(_ view: View, fields: TemplateFields<View>) {
        self.fields = fields
        values = fields.values(of: view)
    }

    @inlinable public func templateValue(_ key: TemplateKey) -> TemplateValue? {
        guard let index = fields.index(of: key) else { return nil }
        return values[index]
    }
}
