import HeraldTemplates

// The names Herald's own code needs apart from their views' declarations (each view declares its
// values, with their names, in its `fields`): the roots every page and partial shares, which the
// theme fixes once per build, and the one whose values a site writes.
extension TemplateKey {
    static let site: TemplateKey = "site"
    static let t: TemplateKey = "t"
    static let params: TemplateKey = "params"
}
